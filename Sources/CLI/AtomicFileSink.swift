import Presenters
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sink that writes a file all at once or not at all.
///
/// The text goes to a temporary file beside the destination. ``commit()`` flushes it to disk
/// and renames it over the destination in one step; ``discard()`` (or dropping the sink without
/// committing) deletes it. Whatever happens, the destination holds either its previous content
/// or the complete new report, and no temporary file is left behind: every signal that ends a
/// program removes it too, and one that SIGKILL left is removed by the next run
/// (``TemporaryFileCleanup``).
package final class AtomicFileSink: OutputFileSink {
  /// The destination path, as the user gave it.
  package let path: String
  /// The file that is replaced: `path`, or the file a symbolic link at `path` points to.
  private let target: String
  private let temporaryPath: String
  private let sink: FileDescriptorSink
  /// The temporary file's descriptor (-1 once closed) and whether the sink is committed or
  /// discarded, reached only through the mutex.
  private let state: Mutex<(descriptor: Int32, finished: Bool)>
  private let left = Mutex<String?>(nil)

  /// The temporary file, emptied, when the folder did not let it be removed.
  package var leftBehind: String? { left.withLock { $0 } }

  /// Creates the temporary file beside the file to replace.
  ///
  /// - Parameters:
  ///   - path: The destination path, as the user gave it; errors name it.
  ///   - target: The file to replace, when it differs from `path` (the file a symbolic link
  ///     points to, so the link stays a link).
  /// - Throws: ``OutputError`` when the temporary file cannot be created (a missing folder, no
  ///   permission, a read-only file system).
  package init(path: String, writingTo target: String? = nil) throws(OutputError) {
    self.path = path
    let target = target ?? path
    self.target = target
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    TemporaryFileCleanup.removeStale(in: folder, base: base)
    // The signal handlers know the name before the file exists: mkstemp(3) writes the name
    // into this very buffer, then creates the file, so no signal finds a file whose name they
    // do not know yet.
    let template = strdup(folder + TemporaryFileCleanup.temporaryPrefix(for: base) + "XXXXXX")
    guard let template else { throw OutputError(path: path, reason: String(cString: strerror(ENOMEM))) }
    TemporaryFileCleanup.register(template)
    let descriptor = mkstemp(template)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      TemporaryFileCleanup.unregister(String(cString: template))
      throw OutputError(path: path, reason: reason)
    }
    // No process this one starts (the network helper) may hold the report: it would keep the
    // temporary file open, and could write into it. (Swift's Glibc has no mkostemp.)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    self.state = Mutex((descriptor, false))
    self.temporaryPath = String(cString: template)
    self.sink = FileDescriptorSink(descriptor: descriptor)
    fchmod(descriptor, Self.permissions(for: target))
    // Held until the descriptor closes, or the process dies: a later run can tell a temporary
    // that a killed run left from one that is still being written.
    flock(descriptor, LOCK_EX | LOCK_NB)
  }

  deinit {
    if !state.withLock({ $0.finished }) { discard() }
  }

  /// Buffers text for the temporary file.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    sink.write(text)
  }

  /// Buffers bytes for the temporary file.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    sink.write(utf8: bytes)
  }

  /// Writes out what is buffered to the temporary file.
  package func flush() {
    sink.flush()
  }

  /// Always `false`: a regular file is not a terminal.
  package var isTerminal: Bool { false }

  /// The first write error, naming the destination.
  package var failure: String? {
    sink.failure.map { "'\(path)': \($0)" }
  }

  /// Makes the report the destination's content: flush, sync to disk, rename over it.
  ///
  /// - Throws: ``OutputError`` when any step fails; the destination is then untouched and the
  ///   temporary file is gone.
  package func commit() throws(OutputError) {
    sink.flush()
    if let failure = sink.failure {
      discard()
      throw OutputError(path: path, reason: failure)
    }
    let closed = state.withLock { state in
      let descriptor = state.descriptor
      state.descriptor = -1
      return fsync(descriptor) == 0 && close(descriptor) == 0
    }
    guard closed else {
      let reason = String(cString: strerror(errno))
      discard()
      throw OutputError(path: path, reason: reason)
    }
    guard rename(temporaryPath, target) == 0 else {
      let reason = String(cString: strerror(errno))
      discard()
      throw OutputError(path: path, reason: reason)
    }
    TemporaryFileCleanup.unregister(temporaryPath)
    state.withLock { $0.finished = true }
  }

  /// `true`: the destination changes only on ``commit()``.
  package var canRewind: Bool { true }

  /// Empties the temporary file, to write the report again from its start.
  package func rewind() {
    sink.discardBuffered()
    state.withLock { state in
      guard state.descriptor >= 0 else { return }
      if ftruncate(state.descriptor, 0) != 0 || lseek(state.descriptor, 0, SEEK_SET) != 0 {
        sink.fail(String(cString: strerror(errno)))
      }
    }
  }

  /// Deletes the temporary file and leaves the destination as it was.
  package func discard() {
    sink.discardBuffered()
    state.withLock { state in
      if state.descriptor >= 0 { close(state.descriptor) }
      state = (-1, true)
    }
    if unlink(temporaryPath) != 0 && errno != ENOENT {
      // An append-only folder lets a file be made but not removed: empty it, so no partial
      // report stays, and say so.
      truncate(temporaryPath, 0)
      left.withLock { $0 = temporaryPath }
    }
    TemporaryFileCleanup.unregister(temporaryPath)
  }

  /// The mode of the existing destination, or the usual mode for a new file (0666 less umask).
  private static func permissions(for path: String) -> mode_t {
    var status = stat()
    if stat(path, &status) == 0 { return status.st_mode & 0o7777 }
    let mask = umask(0o022)
    umask(mask)
    return 0o666 & ~mask
  }
}

/// An output file that could not be written, and why.
package struct OutputError: Error, Equatable, Sendable {
  /// The destination path.
  package var path: String
  /// The operating system's reason.
  package var reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - path: The destination path.
  ///   - reason: Why it could not be written.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error as one line: `cannot write 'report.txt': No space left on device`, or for
  /// standard output (`-`), `cannot write to standard output: …`.
  package var message: String {
    path == "-"
      ? "cannot write to standard output: \(reason)" : "cannot write '\(ReportText.visible(path))': \(reason)"
  }
}
