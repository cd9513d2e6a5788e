import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes an `--output` file's temporary file when `txreport` is interrupted, and the
/// temporaries that an earlier run killed outright left behind.
///
/// **Signals.** While an ``AtomicFileSink`` is open, its temporary path is kept here as a C
/// string, and every signal whose default action ends the process is caught (``signals``: not
/// only SIGINT, SIGTERM and SIGHUP, but SIGUSR1, SIGALRM, SIGXCPU, the real-time signals and
/// the rest; SIGKILL cannot be): the handler unlinks that path, puts back the action that was
/// there before (the default, or the runtime's crash reporter for a fault) and raises the
/// signal again, so `txreport` still ends the way that signal ends a program (a shell shows
/// 130, 143, 129, 138…). A fault the kernel raised (an invalid access) is not raised again: it
/// happens again when the handler returns, now to the action before. The handler does nothing
/// else: `unlink(2)`, `sigaction(2)` and `raise(3)` are safe in a handler, and the path is read
/// with an atomic load, without a lock or an allocation.
///
/// **SIGKILL** (and a power cut) cannot be caught, so its temporary stays. The sink holds an
/// exclusive `flock(2)` on its temporary file for as long as it writes, and the kernel drops it
/// when the process dies, however it dies. The next `txreport --output` to the same file
/// removes a temporary of its own naming (`.NAME.txreport-XXXXXX`, beside the file) only when
/// nobody holds that lock and the file is more than a minute old: a temporary of a run still
/// writing is never touched.
package enum TemporaryFileCleanup {
  /// The address of the temporary path of the open output file, a C string, or 0.
  private static let current = Atomic<Int>(0)
  /// Whether the handlers are installed.
  private static let installed = Atomic(false)
  /// The signals that remove the temporary file before they end the process: every signal
  /// whose default action ends it (signal(7)), but SIGKILL, which cannot be caught, and SIGPIPE
  /// and SIGXFSZ, which `txreport` ignores (a write then fails, and says why).
  package static let signals: [Int32] = {
    var numbers = [
      SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2, SIGALRM,
      SIGTERM, SIGXCPU, SIGVTALRM, SIGPROF, SIGSYS,
    ]
    #if os(Linux)
      numbers += [SIGSTKFLT, SIGIO, SIGPWR]
      numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
    return numbers
  }()

  /// The faults the kernel raises when an instruction cannot go on; such a fault happens again
  /// when its handler returns.
  private static let faults: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

  /// The actions that were in place before the handlers, by signal number.
  nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
  }()

  /// Keeps the temporary file's path for the signal handlers, installing them the first time.
  ///
  /// - Parameter path: The temporary file's path, a C string that is never freed (a handler on
  ///   another thread may be reading it; a run opens one file): the template `mkstemp(3)` is
  ///   given, so that the handlers know the name before the file exists.
  package static func register(_ path: UnsafeMutablePointer<CChar>) {
    current.store(Int(bitPattern: path), ordering: .sequentiallyConsistent)
    guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    for number in signals where number < 65 {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = { number, info, _ in
          TemporaryFileCleanup.handle(number, info)
        }
      #else
        action.__sigaction_u.__sa_sigaction = { number, info, _ in TemporaryFileCleanup.handle(number, info) }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO | SA_RESTART
      _ = sigaction(number, &action, previous + Int(number))
    }
  }

  /// Forgets `path`: the file was renamed into place or removed.
  ///
  /// - Parameter path: The temporary file's path.
  package static func unregister(_ path: String) {
    let kept = current.load(ordering: .sequentiallyConsistent)
    guard let pointer = UnsafePointer<CChar>(bitPattern: kept), String(cString: pointer) == path else {
      return
    }
    _ = current.compareExchange(expected: kept, desired: 0, ordering: .sequentiallyConsistent)
  }

  /// The age after which an unlocked temporary of our naming is taken for one that a killed
  /// run left behind.
  package static let staleAge: time_t = 60

  /// Removes the temporaries of our naming beside `target` that no process holds and that are
  /// older than ``staleAge``.
  ///
  /// - Parameters:
  ///   - folder: The folder of the destination, with its trailing `/`, or empty for the
  ///     current folder.
  ///   - base: The destination's name.
  package static func removeStale(in folder: String, base: String) {
    let prefix = temporaryPrefix(for: base)
    guard let directory = opendir(folder.isEmpty ? "." : folder) else { return }
    defer { closedir(directory) }
    var now = time_t()
    time(&now)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 6 else { continue }
      let path = folder + name
      // O_NOFOLLOW: a link of that name is not ours to follow.
      let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
        now - modificationTime(status) > staleAge, flock(descriptor, LOCK_EX | LOCK_NB) == 0
      else { continue }
      unlink(path)
    }
  }

  /// The name of a temporary file for `base`, without its six random characters:
  /// `.BASE.txreport-`. A name near the 255-byte limit of a file name is shortened (at a
  /// character boundary), so that any name that can be written can be written atomically.
  ///
  /// - Parameter base: The destination's name.
  /// - Returns: The prefix; with the six characters `mkstemp(3)` adds, at most 255 bytes.
  package static func temporaryPrefix(for base: String) -> String {
    let fixed = ".".utf8.count + ".txreport-".utf8.count + 6
    var kept = Substring(base)
    while kept.utf8.count + fixed > 255 { kept.removeLast() }
    return "." + kept + ".txreport-"
  }

  private static func modificationTime(_ status: stat) -> time_t {
    #if canImport(Glibc)
      status.st_mtim.tv_sec
    #else
      status.st_mtimespec.tv_sec
    #endif
  }

  /// Removes the temporary file, then lets the signal end the process as it would have: the
  /// action before is put back, and the signal raised again (it is blocked until the handler
  /// returns), unless it is a fault of the kernel's, which happens again by itself.
  private static func handle(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?) {
    if let path = UnsafePointer<CChar>(bitPattern: current.load(ordering: .sequentiallyConsistent)) {
      unlink(path)
    }
    _ = sigaction(number, previous + Int(number), nil)
    // si_code above 0: sent by the kernel; 0 or below: by a process (kill, raise, abort).
    let fromKernel = (info?.pointee.si_code ?? 0) > 0
    if !(fromKernel && faults.contains(number)) { raise(number) }
  }
}
