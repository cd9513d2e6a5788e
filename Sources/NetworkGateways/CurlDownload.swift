internal import LibCurl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One download with the system's libcurl, redirects followed by hand: each answer is one
/// libcurl transfer, so that the download decides what a redirect may take with it, and reads
/// every header line libcurl gives it (counted, and bounded) instead of a list made again for
/// each line.
///
/// ``InProcessDownloader`` runs it on a thread of its own: the body goes to a file descriptor,
/// the progress to a closure.
package final class CurlDownload {
  let request: DownloadRequest
  /// When the download must have ended, on ``monotonicNow()``'s clock.
  let deadline: Double
  /// The descriptor the body is written to.
  let body: Int32
  /// Told the bytes received so far, and of how many when the service said, as they arrive.
  let progress: (Int, Int?) -> Void
  /// Whether the download is no longer wanted: asked while it runs, at least once a second.
  let isCancelled: () -> Bool

  /// The redirects that lead somewhere: 301, 302, 303, 307 and 308. Others of the 3xx (300,
  /// 304, 305, 306) are statuses like any that is not a success.
  static let redirects: Set<Int> = [301, 302, 303, 307, 308]

  /// The statuses of a complete answer, the whole of what was asked: 200 OK, 203 (the same,
  /// through a proxy) and 204 (nothing: no records). Any other, 2xx too (202 Accepted: not
  /// ready yet; 206 Partial Content: a part), makes the source unavailable, as it is not the
  /// source's data.
  static let complete: Set<Int> = [200, 203, 204]

  /// Creates a download.
  ///
  /// - Parameters:
  ///   - request: What to fetch, and the limits.
  ///   - deadline: When it must have ended, on ``monotonicNow()``'s clock.
  ///   - body: An open descriptor to write the body to.
  ///   - progress: Told the bytes received, and of how many.
  ///   - isCancelled: Whether to stop.
  package init(
    request: DownloadRequest, deadline: Double, body: Int32, progress: @escaping (Int, Int?) -> Void,
    isCancelled: @escaping () -> Bool
  ) {
    self.request = request
    self.deadline = deadline
    self.body = body
    self.progress = progress
    self.isCancelled = isCancelled
  }

  /// Fetches the URL, following redirects, and says how it went.
  package func run() -> DownloadOutcome {
    var reason = [CChar](repeating: 0, count: 256)
    guard lc_load(&reason, reason.count) == 0 else {
      return .failed(
        .other(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }
    let origin = URLOrigin(url: request.url)
    var url = request.url
    var headers = request.headers
    var redirects = 0
    while true {
      let transfer = CurlTransfer(download: self, url: url, headers: headers)
      switch transfer.run() {
      case .ended(let event):
        return event
      case .redirect(let status, let target):
        if isCancelled() { return .failed(.other("cancelled")) }
        guard let target, !target.isEmpty else { return .failed(.redirectWithoutTarget(status: status)) }
        redirects += 1
        guard redirects <= request.maximumRedirects else {
          return .failed(.tooManyRedirects(limit: request.maximumRedirects))
        }
        // Credentials go only where they were given for: the same scheme, host and port. Once
        // left behind, they stay behind.
        if URLOrigin(url: target) != origin { headers = [] }
        url = target
      }
    }
  }
}

/// One request and its answer, through one libcurl handle.
final class CurlTransfer {
  /// How a transfer ended.
  enum Ending {
    /// The download is over: the body is whole, or it failed.
    case ended(DownloadOutcome)
    /// The answer is a redirect (this status) to `target`, resolved against the URL, if any.
    case redirect(status: Int, target: String?)
  }

  private let download: CurlDownload
  private var request: DownloadRequest { download.request }
  private let url: String
  private let headers: [HTTPHeader]
  private var handle: UnsafeMutableRawPointer?
  /// Why a callback stopped the transfer, if one did.
  private var stopped: ServiceProblem?
  /// Whether the body was not wanted (an answer that is not a success): the write callback
  /// stopped the transfer for it, and that is no failure.
  private var bodySkipped = false
  private var bodyStarted = false
  private var received = 0
  private var expected: Int?
  private var lastProgress = 0
  private var headerLines = 0
  private var headerBytes = 0

  init(download: CurlDownload, url: String, headers: [HTTPHeader]) {
    self.download = download
    self.url = url
    self.headers = headers
  }

  // libcurl's numbers for what is used here (curl/curl.h of libcurl 7.85 and later).
  private enum Option {
    static let writeData: Int32 = 10001
    static let url: Int32 = 10002
    static let errorBuffer: Int32 = 10010
    static let writeFunction: Int32 = 20011
    static let userAgent: Int32 = 10018
    static let httpHeader: Int32 = 10023
    static let headerData: Int32 = 10029
    static let followLocation: Int32 = 52
    static let headerFunction: Int32 = 20079
    static let noSignal: Int32 = 99
    static let noProgress: Int32 = 43
    static let progressFunction: Int32 = 20219
    static let progressData: Int32 = 10057
    static let timeoutMilliseconds: Int32 = 155
    static let maximumFileSize: Int32 = 30117
    static let protocols: Int32 = 10318
    static let redirectProtocols: Int32 = 10319
  }

  private enum Info {
    static let responseCode: Int32 = 0x20_0002
    static let contentType: Int32 = 0x10_0012
    static let redirectURL: Int32 = 0x10_001F
    static let contentLength: Int32 = 0x60_000F
  }

  private enum Code {
    static let ok: Int32 = 0
    static let couldNotResolveProxy: Int32 = 5
    static let couldNotResolveHost: Int32 = 6
    static let couldNotConnect: Int32 = 7
    static let partialFile: Int32 = 18
    static let writeError: Int32 = 23
    static let timedOut: Int32 = 28
    static let recvError: Int32 = 56
    static let fileSizeExceeded: Int32 = 63
    static let abortedByCallback: Int32 = 42
    /// The codes of a secure connection that failed: a handshake, a certificate, a key.
    static let secure: Set<Int32> = [35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98]
  }

  /// Runs the request to the end of its answer.
  func run() -> Ending {
    guard let handle = lc_easy_init() else { return .ended(.failed(.other("cannot start libcurl"))) }
    self.handle = handle
    defer {
      lc_easy_cleanup(handle)
      self.handle = nil
    }
    var list: UnsafeMutableRawPointer?
    defer { if let list { lc_slist_free_all(list) } }
    for header in headers {
      guard let grown = lc_slist_append(list, "\(header.name): \(header.value)") else {
        return .ended(.failed(.other("cannot make the request's headers")))
      }
      list = grown
    }
    var errorText = [CChar](repeating: 0, count: 257)
    let left = download.deadline - monotonicNow()
    guard left > 0 else { return .ended(.failed(.timedOut(seconds: request.timeout))) }
    let context = Unmanaged.passUnretained(self).toOpaque()
    let code = errorText.withUnsafeMutableBufferPointer { buffer -> Int32 in
      lc_setopt_pointer(handle, Option.url, url)
      lc_setopt_pointer(handle, Option.protocols, "http,https")
      lc_setopt_pointer(handle, Option.redirectProtocols, "http,https")
      lc_setopt_long(handle, Option.followLocation, 0)
      lc_setopt_long(handle, Option.noSignal, 1)
      lc_setopt_long(handle, Option.timeoutMilliseconds, max(1, Int(left * 1000)))
      lc_setopt_size(handle, Option.maximumFileSize, Int64(request.maximumSize))
      lc_setopt_pointer(handle, Option.userAgent, "txreport")
      lc_setopt_pointer(handle, Option.errorBuffer, buffer.baseAddress)
      if let list { lc_setopt_pointer(handle, Option.httpHeader, list) }
      lc_setopt_callback(handle, Option.headerFunction) { data, size, count, context in
        guard let context else { return 0 }
        return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().header(data, size * count)
      }
      lc_setopt_pointer(handle, Option.headerData, context)
      lc_setopt_callback(handle, Option.writeFunction) { data, size, count, context in
        guard let context else { return 0 }
        return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().body(data, size * count)
      }
      lc_setopt_pointer(handle, Option.writeData, context)
      // Called at least once a second, bytes or none: a download no longer wanted, or past its
      // deadline, stops there, not when the next bytes come.
      lc_setopt_long(handle, Option.noProgress, 0)
      lc_setopt_progress(handle, Option.progressFunction) { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().goesOn() ? 0 : 1
      }
      lc_setopt_pointer(handle, Option.progressData, context)
      return lc_easy_perform(handle)
    }
    if let stopped { return .ended(.failed(stopped)) }
    let status = responseCode()
    let detail = Self.text(errorText) ?? lc_easy_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    switch code {
    case Code.ok:
      break
    case Code.writeError where bodySkipped,
      Code.fileSizeExceeded where !CurlDownload.complete.contains(status):
      break
    case Code.timedOut:
      return .ended(.failed(.timedOut(seconds: request.timeout)))
    case Code.couldNotConnect, Code.couldNotResolveHost, Code.couldNotResolveProxy:
      return .ended(.failed(.cannotConnect(detail: detail)))
    case Code.fileSizeExceeded:
      return .ended(.failed(.tooLarge(limit: request.maximumSize)))
    case Code.partialFile, Code.recvError:
      return .ended(.failed(.brokenOff(received: received, expected: expected)))
    case _ where Code.secure.contains(code):
      return .ended(.failed(.secureConnectionFailed(detail: detail)))
    default:
      return .ended(.failed(.other(detail)))
    }
    if CurlDownload.redirects.contains(status) {
      return .redirect(status: status, target: string(Info.redirectURL))
    }
    guard CurlDownload.complete.contains(status) else { return .ended(.failed(.status(status))) }
    if let expected, received < expected {
      return .ended(.failed(.brokenOff(received: received, expected: expected)))
    }
    return .ended(.completed(length: received, contentType: string(Info.contentType)))
  }

  /// Whether the transfer goes on: not once the download is cancelled or past its deadline.
  private func goesOn() -> Bool {
    if download.isCancelled() {
      stopped = .other("cancelled")
      return false
    }
    if monotonicNow() > download.deadline {
      stopped = .timedOut(seconds: request.timeout)
      return false
    }
    return true
  }

  /// One header line of an answer (its status line first, a blank line last), counted: a new
  /// status line starts the count of the next answer (a `100 Continue` before the real one).
  private func header(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    if let data, count >= 5, memcmp(data, "HTTP/", 5) == 0 {
      (headerLines, headerBytes) = (0, 0)
    }
    headerLines += 1
    headerBytes += count
    // The status line and the blank line are not header lines.
    if headerLines > request.maximumHeaderCount + 2 {
      stopped = .tooManyHeaders(limit: request.maximumHeaderCount)
      return 0
    }
    if headerBytes > request.maximumHeaderBytes {
      stopped = .headersTooLong(limit: request.maximumHeaderBytes)
      return 0
    }
    return count
  }

  /// Bytes of the body: written to the download's descriptor when the answer is complete, not
  /// wanted otherwise.
  private func body(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    if !bodyStarted {
      bodyStarted = true
      guard CurlDownload.complete.contains(responseCode()) else {
        bodySkipped = true
        return 0
      }
      if let handle {
        var length: Int64 = -1
        if lc_getinfo_size(handle, Info.contentLength, &length) == Code.ok, length >= 0 {
          guard length <= request.maximumSize else {
            stopped = .tooLarge(limit: request.maximumSize)
            return 0
          }
          expected = Int(length)
        }
      }
    }
    guard received + count <= request.maximumSize else {
      stopped = .tooLarge(limit: request.maximumSize)
      return 0
    }
    var offset = 0
    while offset < count, let data {
      let written = write(download.body, data + offset, count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let reason = String(cString: strerror(errno))
        stopped = .other("cannot write the answer to the temporary file: \(reason)")
        return 0
      }
      offset += written
    }
    received += count
    if received - lastProgress >= 1 << 16 {
      lastProgress = received
      download.progress(received, expected)
    }
    return count
  }

  private func responseCode() -> Int {
    guard let handle else { return 0 }
    var code = 0
    return lc_getinfo_long(handle, Info.responseCode, &code) == Code.ok ? code : 0
  }

  private func string(_ info: Int32) -> String? {
    guard let handle else { return nil }
    var value: UnsafePointer<CChar>?
    guard lc_getinfo_string(handle, info, &value) == Code.ok, let value else { return nil }
    return String(cString: value)
  }

  private static func text(_ buffer: [CChar]) -> String? {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }
}
