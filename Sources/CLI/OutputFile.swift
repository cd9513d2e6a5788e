#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sink for `--output FILE`: the report becomes the file's content on ``commit()``, or is
/// thrown away on ``discard()``.
public protocol OutputFileSink: TextSink {
  /// The destination path, as the user gave it.
  var path: String { get }
  /// Finishes the file: after this the report is in it.
  ///
  /// - Throws: ``OutputError`` when the last writes, the sync or the rename fail.
  func commit() throws(OutputError)
  /// Abandons the report: a regular file keeps its previous content.
  func discard()
}

/// Opens the destination of `--output` with the sink its kind of file needs.
///
/// - A regular file, or a path that does not exist yet: an ``AtomicFileSink``, which writes
///   beside it and renames over it, so the file is either untouched or complete. A symbolic
///   link is followed: the file it points to is replaced and the link stays.
/// - A device or a named pipe (`/dev/null`, `/dev/stdout`, a FIFO): a ``SpecialFileSink``,
///   which writes to it directly, because renaming over a device would replace the device
///   with a file.
/// - A folder: an error, before any work is done.
public enum OutputFile {
  /// The sink for a destination.
  ///
  /// - Parameter path: The destination path.
  /// - Returns: The sink for the kind of file the destination is.
  /// - Throws: ``OutputError`` when the destination is a folder or cannot be opened.
  public static func open(_ path: String) throws(OutputError) -> any OutputFileSink {
    var status = stat()
    guard stat(path, &status) == 0 else {
      // Does not exist yet (or a dangling link): a new regular file.
      return try AtomicFileSink(path: path)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      return try AtomicFileSink(path: path, writingTo: resolvedPath(path))
    case S_IFDIR:
      throw OutputError(path: path, reason: String(cString: strerror(EISDIR)))
    default:
      return try SpecialFileSink(path: path)
    }
  }

  /// The path with symbolic links resolved, so renaming replaces the file a link points to
  /// rather than the link; the path itself when it has none or cannot be resolved.
  private static func resolvedPath(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// A sink that writes straight into a destination that is not a regular file: a device such
/// as `/dev/null` or `/dev/stdout`, or a named pipe.
///
/// Such a file cannot be replaced atomically, so it is written as the report is made, like
/// standard output. ``discard()`` stops writing but cannot take back what was written.
public final class SpecialFileSink: OutputFileSink {
  /// The destination path.
  public let path: String
  private let sink: FileDescriptorSink
  private var descriptor: Int32

  /// Opens the destination for writing.
  ///
  /// - Parameter path: The destination path.
  /// - Throws: ``OutputError`` when it cannot be opened.
  public init(path: String) throws(OutputError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    self.path = path
    self.descriptor = descriptor
    self.sink = FileDescriptorSink(descriptor: descriptor)
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Buffers text for the destination.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    sink.write(text)
  }

  /// Writes out what is buffered.
  public func flush() {
    sink.flush()
  }

  /// The first write error, naming the destination.
  public var failure: String? {
    sink.failure.map { "'\(path)': \($0)" }
  }

  /// Writes out the rest and closes the destination.
  ///
  /// - Throws: ``OutputError`` when a write failed.
  public func commit() throws(OutputError) {
    sink.flush()
    let failure = sink.failure
    close(descriptor)
    descriptor = -1
    if let failure { throw OutputError(path: path, reason: failure) }
  }

  /// Closes the destination without writing what is still buffered.
  public func discard() {
    sink.discardBuffered()
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }
}
