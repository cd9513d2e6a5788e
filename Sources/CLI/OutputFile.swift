import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sink for `--output FILE`: the report becomes the file's content on ``commit()``, or is
/// thrown away on ``discard()``.
package protocol OutputFileSink: TextSink {
  /// The destination path, as the user gave it.
  var path: String { get }
  /// Finishes the file: after this the report is in it.
  ///
  /// - Throws: ``OutputError`` when the last writes, the sync or the rename fail.
  func commit() throws(OutputError)
  /// Abandons the report: a regular file keeps its previous content.
  func discard()
  /// Whether ``rewind()`` can take back what was written: the report is held until
  /// ``commit()``, not written where it goes.
  var canRewind: Bool { get }
  /// Forgets everything written so far, to write the report again from its start (a draft
  /// that was not the report, decision 0030); nothing when ``canRewind`` is `false`.
  func rewind()
  /// Whether the destination is a terminal, where a progress line must not be drawn.
  var isTerminal: Bool { get }
  /// A temporary file that could not be removed after a discard (an append-only folder),
  /// emptied, for the user to remove; `nil` when nothing is left behind.
  var leftBehind: String? { get }
}

extension OutputFileSink {
  /// `nil`: nothing of this sink's is left on disk.
  package var leftBehind: String? { nil }
  /// `false`: what is written goes where it goes.
  package var canRewind: Bool { false }
  /// Nothing: what is written cannot be taken back.
  package func rewind() {}
}

/// Opens the destination of `--output` with the sink its kind of file needs.
///
/// Symbolic links are followed one by one, by hand, so that:
///
/// - a path naming a descriptor this process already has (`/dev/stdout`, `/dev/stderr`,
///   `/dev/fd/N`, `/proc/self/fd/N`, or a link to one) gets a ``SpecialFileSink`` on a
///   duplicate of that descriptor: the report goes where the shell sent it, sharing its offset,
///   so `--output /dev/stdout >> log` appends to the log rather than replacing it;
/// - a regular file, or a path that does not exist yet (even through a dangling link), gets an
///   ``AtomicFileSink``, which writes beside the file at the end of the links and renames over
///   it, so the file is either untouched or complete, and every link stays a link;
/// - a device or a named pipe (`/dev/null`, a terminal, a FIFO) gets a ``SpecialFileSink``
///   that writes to it directly, because renaming over a device would replace it with a file;
/// - a folder, or links that loop, are refused before any work is done, and so is a regular
///   file the user may not write (a read-only file): renaming over it would replace it, which
///   `cp` would refuse too.
package enum OutputFile {
  /// The sink for a destination.
  ///
  /// - Parameter path: The destination path.
  /// - Returns: The sink for the kind of file the destination is.
  /// - Throws: ``OutputError`` when the destination is a folder, its links loop, or it cannot
  ///   be opened.
  package static func open(_ path: String) throws(OutputError) -> any OutputFileSink {
    var target = path
    for _ in 0..<maximumLinks {
      if let descriptor = descriptorNamed(by: target) {
        return try SpecialFileSink(path: path, duplicating: descriptor)
      }
      var status = stat()
      guard lstat(target, &status) == 0 else {
        // Nothing there yet: a new regular file (its folder must exist, or mkstemp says so).
        return try AtomicFileSink(path: path, writingTo: target)
      }
      switch status.st_mode & S_IFMT {
      case S_IFLNK:
        guard let next = linkTarget(of: target) else { throw OutputError(path: path, reason: reason(errno)) }
        target = next
      case S_IFREG:
        // A rename would replace a file the user may not write: refuse it, as `cp` does.
        guard access(target, W_OK) == 0 else { throw OutputError(path: path, reason: reason(errno)) }
        return try AtomicFileSink(path: path, writingTo: target)
      case S_IFDIR:
        throw OutputError(path: path, reason: reason(EISDIR))
      default:
        return try SpecialFileSink(path: path)
      }
    }
    throw OutputError(path: path, reason: reason(ELOOP))
  }

  /// The input that an `--output` destination is, if it is one: the same regular file, by its
  /// device and inode, whatever links lead to either. A report written there would replace
  /// the data it is made from, the user's only copy, perhaps.
  ///
  /// - Parameters:
  ///   - inputs: The inputs' paths; `-` is standard input.
  ///   - path: The destination, as given (`/dev/stdout` and `/dev/fd/N` are what that
  ///     descriptor is).
  /// - Returns: The first input that is the same file as the destination; `nil` when none is,
  ///   or the destination does not exist yet, or is not a regular file (`/dev/null` may be
  ///   both).
  package static func input(among inputs: [String], sameAs path: String) -> String? {
    guard let destination = regularFile(at: path) else { return nil }
    return inputs.first { regularFile(at: $0) == destination }
  }

  /// The device and inode of the regular file a path leads to, through links; `-` is standard
  /// input, a descriptor's path that descriptor.
  private static func regularFile(at path: String) -> [UInt64]? {
    var status = stat()
    let found =
      if path == "-" {
        fstat(0, &status) == 0
      } else if let descriptor = descriptorNamed(by: path) {
        fstat(descriptor, &status) == 0
      } else {
        stat(path, &status) == 0
      }
    guard found, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// As many links as the system follows before it says they loop.
  private static let maximumLinks = 40

  /// The descriptor a path names, for the paths that name one of this process's descriptors.
  ///
  /// - Parameter path: A path.
  /// - Returns: 1 for `/dev/stdout`, 2 for `/dev/stderr`, N for `/dev/fd/N` and
  ///   `/proc/self/fd/N`; `nil` for any other path.
  package static func descriptorNamed(by path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default: break
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
  }

  /// Where a symbolic link points, as a path usable from here: a relative target is taken
  /// from the link's folder.
  private static func linkTarget(of link: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard !destination.hasPrefix("/"), let slash = link.lastIndex(of: "/") else { return destination }
    return String(link[...slash]) + destination
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// A sink that writes straight into a destination that is not a regular file: a device such
/// as `/dev/null` or `/dev/stdout`, or a named pipe.
///
/// Such a file cannot be replaced atomically, so it is written as the report is made, like
/// standard output. ``discard()`` stops writing but cannot take back what was written.
package final class SpecialFileSink: OutputFileSink {
  /// The destination path.
  package let path: String
  private let sink: FileDescriptorSink
  /// The destination's descriptor, -1 once closed, reached only through the mutex.
  private let descriptor: Mutex<Int32>

  /// Whether the destination is a terminal: then nothing else should draw on it meanwhile.
  package let isTerminal: Bool

  /// Opens the destination for writing.
  ///
  /// - Parameter path: The destination path.
  /// - Throws: ``OutputError`` when it cannot be opened.
  package init(path: String) throws(OutputError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    self.path = path
    self.descriptor = Mutex(descriptor)
    self.sink = FileDescriptorSink(descriptor: descriptor)
    self.isTerminal = isatty(descriptor) == 1
  }

  /// Writes to a copy of a descriptor the process already has, such as standard output for
  /// `/dev/stdout`: the copy shares the original's offset and flags, as the shell set them.
  ///
  /// - Parameters:
  ///   - path: The destination path, as the user gave it; errors name it.
  ///   - original: The descriptor the path names.
  /// - Throws: ``OutputError`` when the descriptor is not open.
  package init(path: String, duplicating original: Int32) throws(OutputError) {
    let descriptor = fcntl(original, F_DUPFD_CLOEXEC, 0)
    guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    self.path = path
    self.descriptor = Mutex(descriptor)
    self.sink = FileDescriptorSink(descriptor: descriptor)
    self.isTerminal = isatty(descriptor) == 1
  }

  deinit {
    // Dropped without a commit: abandoned, like discard().
    discard()
  }

  /// Buffers text for the destination.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    sink.write(text)
  }

  /// Buffers bytes for the destination.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    sink.write(utf8: bytes)
  }

  /// Writes out what is buffered.
  package func flush() {
    sink.flush()
  }

  /// The first write error, naming the destination.
  package var failure: String? {
    sink.failure.map { "'\(path)': \($0)" }
  }

  /// Writes out the rest and closes the destination.
  ///
  /// - Throws: ``OutputError`` when a write failed.
  package func commit() throws(OutputError) {
    sink.flush()
    let failure = sink.failure
    closeDescriptor()
    if let failure { throw OutputError(path: path, reason: failure) }
  }

  /// Closes the destination without writing what is still buffered.
  package func discard() {
    sink.discardBuffered()
    closeDescriptor()
  }

  private func closeDescriptor() {
    descriptor.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
    }
  }
}
