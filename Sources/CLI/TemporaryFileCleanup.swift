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
/// string, and SIGINT, SIGTERM and SIGHUP are caught: the handler unlinks that path, restores
/// the signal's default action and raises the signal again, so `txreport` still ends the way
/// that signal ends a program (a shell shows 130, 143 or 129). The handler does nothing else:
/// `unlink(2)`, `signal(2)` and `raise(3)` are safe in a handler, and the path is read with an
/// atomic load, without a lock or an allocation.
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
  /// The signals that remove the temporary file before they end the process.
  package static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Keeps `path` for the signal handlers, installing them the first time.
  ///
  /// - Parameter path: The temporary file's path.
  package static func register(_ path: String) {
    // Never freed: a handler on another thread may be reading it, and a run opens one file.
    current.store(Int(bitPattern: strdup(path)), ordering: .sequentiallyConsistent)
    guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    for number in signals { signal(number) { TemporaryFileCleanup.handle($0) } }
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

  /// Removes the temporary file, then lets the signal end the process as it would have.
  private static func handle(_ number: Int32) {
    if let path = UnsafePointer<CChar>(bitPattern: current.load(ordering: .sequentiallyConsistent)) {
      unlink(path)
    }
    signal(number, SIG_DFL)
    raise(number)
  }
}
