#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes an `--output` file's temporary file when `txreport` is interrupted, and the
/// temporaries that an earlier run killed outright left behind.
///
/// **Signals.** While an ``AtomicFileSink`` is open, its temporary path is kept by
/// ``EndingSignals``, whose handler of every signal that ends the process (SIGKILL cannot be
/// caught) unlinks it before the signal ends `txreport` the way it ends a program.
///
/// **SIGKILL** (and a power cut) cannot be caught, so its temporary stays. The sink holds an
/// exclusive `flock(2)` on its temporary file for as long as it writes, and the kernel drops it
/// when the process dies, however it dies. The next `txreport --output` to the same file
/// removes a temporary of its own naming (`.NAME.txreport-XXXXXX`, beside the file) only when
/// nobody holds that lock and the file is more than a minute old: a temporary of a run still
/// writing is never touched.
package enum TemporaryFileCleanup {
  /// Keeps the temporary file's path for the signal handlers, installing them the first time.
  ///
  /// - Parameter path: The temporary file's path, a C string that is never freed: the template
  ///   `mkstemp(3)` is given, so that the handlers know the name before the file exists.
  package static func register(_ path: UnsafeMutablePointer<CChar>) {
    EndingSignals.keepTemporaryFile(path)
  }

  /// Forgets `path`: the file was renamed into place or removed.
  ///
  /// - Parameter path: The temporary file's path.
  package static func unregister(_ path: String) {
    EndingSignals.forgetTemporaryFile(path)
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
}
