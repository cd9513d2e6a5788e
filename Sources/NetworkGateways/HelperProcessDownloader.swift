import Dispatch
import Synchronization
import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``ResponseDownloader`` that runs each download in a helper process, `txreport-fetch`,
/// which fetches with the system's libcurl, the library the toolchain's own HTTP client is made
/// on (decision 0049).
///
/// Why a process: the HTTP client and its TLS library take longer to load than a whole report
/// of the demo data; in a process of its own they are loaded only when a source is a URL, and a
/// download that hangs in the network stack can be ended at its deadline by ending the
/// process. The request (URL, headers, limits) goes to the helper's
/// standard input, never its arguments, so no credential shows in a process list; the body
/// goes straight to the temporary file (descriptor 3); the helper's standard output says what
/// happens, a line at a time (`HelperEvent`, a `package` type of this module).
public struct HelperProcessDownloader: ResponseDownloader {
  /// The helper's path.
  public let executablePath: String
  /// How long after the request's deadline the helper may take to say it timed out before it
  /// is ended.
  private static let grace = 0.5
  /// Held while a helper's pipes are made and the helper started.
  private static let spawning = SpawnLock()

  /// Creates a downloader that runs the helper at this path.
  ///
  /// - Parameter executablePath: The path of `txreport-fetch`.
  public init(executablePath: String) {
    self.executablePath = executablePath
  }

  /// Runs the helper and follows what it says, until the body is whole, the download fails,
  /// the deadline passes or the task is cancelled.
  ///
  /// - Parameters:
  ///   - request: What to fetch, and the limits.
  ///   - file: An open, empty file to write the body to.
  ///   - progress: Called as bytes arrive.
  /// - Returns: The answer's description, or why there is none.
  public func download(
    _ request: DownloadRequest, into file: Int32, progress: @escaping @Sendable (Int, Int?) -> Void
  ) async -> DownloadOutcome {
    guard access(executablePath, X_OK) == 0 else {
      return .failed(
        .other(
          "the network helper '\(executablePath)' cannot be run; build it with 'swift build' or install txreport with Scripts/install"
        ))
    }
    let cancelled = Atomic(false)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(
            returning: run(
              request, file: file, progress: progress, cancelled: { cancelled.load(ordering: .relaxed) }))
        }
      }
    } onCancel: {
      cancelled.store(true, ordering: .relaxed)
    }
  }

  /// The blocking part, on a thread of its own.
  private func run(
    _ request: DownloadRequest, file: Int32, progress: @Sendable (Int, Int?) -> Void, cancelled: () -> Bool
  ) -> DownloadOutcome {
    // Made and marked close-on-exec while no other download can start its helper, so that no
    // helper inherits another's pipe.
    Self.spawning.lock()
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    guard pipe(&input) == 0 else {
      Self.spawning.unlock()
      return .failed(.other(Self.systemError("pipe")))
    }
    guard pipe(&output) == 0 else {
      Self.spawning.unlock()
      close(input[0])
      close(input[1])
      return .failed(.other(Self.systemError("pipe")))
    }
    for end in input + output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // A descriptor above 3, so that moving it to 3 in the helper always clears close-on-exec.
    let body = fcntl(file, F_DUPFD_CLOEXEC, 10)
    defer {
      if body >= 0 { close(body) }
      close(output[0])
    }
    guard body >= 0 else {
      Self.spawning.unlock()
      close(input[0])
      close(input[1])
      close(output[1])
      return .failed(.other(Self.systemError("dup")))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input[0], 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, body, 3)
    var process: pid_t = 0
    let arguments = [executablePath]
    let spawned = Self.withCStrings(arguments) { argv in
      posix_spawn(&process, executablePath, &actions, nil, argv, environ)
    }
    Self.spawning.unlock()
    close(input[0])
    close(output[1])
    guard spawned == 0 else {
      close(input[1])
      return .failed(.other("cannot run '\(executablePath)': \(String(cString: strerror(spawned)))"))
    }
    Self.send(HelperEvent.requestText(request), to: input[1])
    close(input[1])

    let deadline = monotonicNow() + request.timeout + Self.grace
    var reader = LineReader(descriptor: output[0])
    var outcome: DownloadOutcome?
    var expected: Int?
    while outcome == nil {
      if cancelled() {
        outcome = .failed(.other("cancelled"))
        break
      }
      let left = deadline - monotonicNow()
      guard left > 0 else {
        outcome = .failed(.timedOut(seconds: request.timeout))
        break
      }
      switch reader.nextLine(waitingAtMost: min(left, 0.1)) {
      case .line(let line):
        switch HelperEvent(line: line) {
        case .length(let length)?: expected = length
        case .progress(let bytes)?: progress(bytes, expected)
        case .done(let length, let contentType)?:
          outcome = .completed(length: length, contentType: contentType)
        case .failed(let problem)?: outcome = .failed(problem)
        case nil: break
        }
      case .waiting:
        continue
      case .ended:
        outcome = .failed(.other("the network helper ended without an answer"))
      }
    }
    kill(process, SIGKILL)
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0, errno == EINTR {}
    return outcome ?? .failed(.other("no answer"))
  }

  private static func systemError(_ call: String) -> String {
    "\(call): \(String(cString: strerror(errno)))"
  }

  private static func send(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }

  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}

/// Lines from a pipe, read with a time limit.
private struct LineReader {
  enum Read {
    case line(String)
    case waiting
    case ended
  }

  let descriptor: Int32
  private var pending: [UInt8] = []
  private var isEnded = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  mutating func nextLine(waitingAtMost seconds: Double) -> Read {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return .line(line)
      }
      if isEnded { return .ended }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(max(1, seconds * 1000)))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return .waiting }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        isEnded = true
      } else {
        pending += chunk[..<count]
        // A helper that writes a line without end cannot make this grow without bound.
        if pending.count > 1 << 16 { pending.removeAll() }
      }
    }
  }
}

/// A plain lock, held across calls that do not fit in a closure.
private final class SpawnLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
}
