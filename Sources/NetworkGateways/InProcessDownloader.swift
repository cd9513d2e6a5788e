import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``ResponseDownloader`` that downloads in the client's own process, with the system's
/// libcurl (the library the toolchain's own HTTP client is made on, decisions 0049 and 0055),
/// loaded the first time a download starts, so that a report of files never loads it.
///
/// Every limit of the ``DownloadRequest`` holds: the deadline of the whole fetch, the body's size (as declared and as received),
/// the redirects (credentials left behind on another origin), the count and the bytes of each
/// answer's header lines; an answer that is not the whole data (`202`, `206`) is a failure.
/// Cancelling the task stops the download within a second, however slow the service. `txreport`
/// uses it for every URL source.
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
    // The deadline runs from the call, whatever happens before the thread starts.
    let deadline = monotonicNow() + request.timeout
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // A thread of its own: libcurl blocks it for the whole download, and a pool's few
        // threads (one a core) may all be busy for longer than the deadline.
        let started = Self.detachThread {
          let download = CurlDownload(
            request: request, deadline: deadline, body: file, progress: progress,
            isCancelled: { cancelled.load(ordering: .relaxed) })
          continuation.resume(returning: download.run())
        }
        if !started { continuation.resume(returning: .failed(.other("cannot start a thread to download"))) }
      }
    } onCancel: {
      cancelled.store(true, ordering: .relaxed)
    }
  }

  /// Runs `body` on a new, detached thread; `false` when none can be started.
  private static func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let started = pthread_create(
      &thread, nil,
      { argument in
        // Optional on Glibc, not on Darwin: the same code for both.
        let context: UnsafeMutableRawPointer? = argument
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return false
    }
    #if canImport(Glibc)
      pthread_detach(thread)
    #else
      if let thread { pthread_detach(thread) }
    #endif
    return true
  }

  /// A closure, as a thread's argument.
  private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
