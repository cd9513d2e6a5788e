import UseCases

/// The port through which a network source gets a service's answer: the body, written to a
/// file, or what went wrong.
///
/// ``HTTPTransactionSource`` owns the rules (which format, what a failure means for the report)
/// and a downloader only moves bytes, so a client can bring its own (`URLSession` in an app, a
/// test double in a test). `txreport` uses ``InProcessDownloader``, which loads the system's
/// libcurl only when a source is a URL.
public protocol ResponseDownloader: Sendable {
  /// Fetches the request's URL and writes the body of its answer to `file`, from offset 0.
  ///
  /// The downloader gives up at the request's deadline, and stops as soon as the body passes
  /// the size limit; it returns when its task is cancelled.
  ///
  /// - Parameters:
  ///   - request: What to fetch, and the limits.
  ///   - file: An open, empty file to write the body to.
  ///   - progress: Called as bytes arrive: how many so far, and of how many when the service
  ///     said.
  /// - Returns: The answer's description, or why there is none.
  func download(
    _ request: DownloadRequest, into file: Int32, progress: @escaping @Sendable (Int, Int?) -> Void
  ) async -> DownloadOutcome
}

/// What to fetch, and the limits on fetching it.
public struct DownloadRequest: Hashable, Sendable {
  /// The URL, `http://` or `https://`.
  public var url: String
  /// Request headers, such as `Authorization: Bearer …`, in order; never shown to anyone.
  public var headers: [HTTPHeader]
  /// The deadline of the whole fetch, from the request to the body's last byte, in seconds.
  public var timeout: Double
  /// The largest body accepted, in bytes.
  public var maximumSize: Int
  /// How many redirects are followed.
  public var maximumRedirects: Int
  /// The most header lines an answer may have (each redirect's answer on its own).
  public var maximumHeaderCount: Int
  /// The most bytes an answer's header lines may take together.
  public var maximumHeaderBytes: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - headers: Request headers.
  ///   - timeout: The deadline of the whole fetch, in seconds.
  ///   - maximumSize: The largest body accepted, in bytes.
  ///   - maximumRedirects: How many redirects are followed.
  ///   - maximumHeaderCount: The most header lines an answer may have: 1,000 by default, far
  ///     more than a service sends, and few enough that reading them costs nothing.
  ///   - maximumHeaderBytes: The most bytes an answer's header lines may take: 256 KiB by
  ///     default, as a browser allows.
  public init(
    url: String, headers: [HTTPHeader] = [], timeout: Double = 5, maximumSize: Int = 1 << 30,
    maximumRedirects: Int = 5, maximumHeaderCount: Int = 1000, maximumHeaderBytes: Int = 256 << 10
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.maximumSize = maximumSize
    self.maximumRedirects = maximumRedirects
    self.maximumHeaderCount = maximumHeaderCount
    self.maximumHeaderBytes = maximumHeaderBytes
  }
}

/// One request header.
public struct HTTPHeader: Hashable, Sendable {
  /// The name, such as `Authorization`.
  public var name: String
  /// The value; a secret, often.
  public var value: String

  /// Creates a header.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - value: The value.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// What a download gave.
public enum DownloadOutcome: Hashable, Sendable {
  /// The whole body was written: `length` bytes, with the answer's `Content-Type`, if any.
  case completed(length: Int, contentType: String?)
  /// There is no complete body, for this reason.
  case failed(ServiceProblem)
}
