import Dispatch
import Synchronization

/// A ``ResponseDownloader`` that downloads in the client's own process, with the system's
/// libcurl (the library the toolchain's own HTTP client is made on, decision 0049), loaded the
/// first time a download starts: an app reads a URL without the `txreport-fetch` helper.
///
/// Every limit of the ``DownloadRequest`` holds as it does in the helper, which runs the same
/// download: the deadline of the whole fetch, the body's size (as declared and as received),
/// the redirects (credentials left behind on another origin), the count and the bytes of each
/// answer's header lines; an answer that is not the whole data (`202`, `206`) is a failure.
/// Cancelling the task stops the download within a second, however slow the service.
///
/// The command line keeps ``HelperProcessDownloader``: a download that hangs where libcurl
/// cannot be interrupted (a resolver that never answers) ends there with its process, at the
/// deadline.
///
/// ```swift
/// let source = HTTPTransactionSource(
///   request: DownloadRequest(url: "https://bank.example/transactions.json", timeout: 10),
///   downloader: InProcessDownloader())
/// ```
public struct InProcessDownloader: ResponseDownloader {
  /// Creates a downloader.
  public init() {}

  /// Downloads on a thread of its own, until the body is whole, the download fails, the
  /// deadline passes or the task is cancelled.
  ///
  /// - Parameters:
  ///   - request: What to fetch, and the limits.
  ///   - file: An open, empty file to write the body to.
  ///   - progress: Called as bytes arrive.
  /// - Returns: The answer's description, or why there is none.
  public func download(
    _ request: DownloadRequest, into file: Int32, progress: @escaping @Sendable (Int, Int?) -> Void
  ) async -> DownloadOutcome {
    guard URLOrigin(url: request.url) != nil else {
      return .failed(.other("not an http:// or https:// URL"))
    }
    let cancelled = Atomic(false)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          let deadline = monotonicNow() + request.timeout
          var expected: Int?
          let event = CurlDownload(
            request: request, deadline: deadline, body: file,
            say: { event in
              switch event {
              case .length(let length): expected = length
              case .progress(let bytes): progress(bytes, expected)
              case .done, .failed: break
              }
            },
            isCancelled: { cancelled.load(ordering: .relaxed) }
          ).run()
          switch event {
          case .done(let length, let contentType):
            continuation.resume(returning: .completed(length: length, contentType: contentType))
          case .failed(let problem):
            continuation.resume(returning: .failed(problem))
          case .length, .progress:
            continuation.resume(returning: .failed(.other("the download ended without an answer")))
          }
        }
      }
    } onCancel: {
      cancelled.store(true, ordering: .relaxed)
    }
  }
}
