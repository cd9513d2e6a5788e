#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file, read with POSIX `read(2)` and closed when the last reference goes away.
///
/// A class, so exactly one object owns the descriptor: whoever drops the last reference (the
/// stream at its end, or the stream's deinitialisation) closes it, exactly once.
final class FileDescriptor {
  /// What one `read(2)` gave.
  enum ReadResult {
    /// This many bytes, at least one, were read.
    case bytes(Int)
    /// The file has no more bytes.
    case endOfFile
    /// Reading failed; the text is the operating system's reason.
    case failure(String)
  }

  /// What opening a path gave: the open file, or why it cannot be read.
  enum Opening {
    /// The path names a file that is now open for reading.
    case file(FileDescriptor)
    /// The path cannot be opened; the text is the operating system's reason.
    case failure(String)
  }

  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    // A failed close(2) of a descriptor that was only read loses nothing.
    close(descriptor)
  }

  /// Opens a file for reading.
  ///
  /// - Parameter path: The path, as given.
  /// - Returns: The open file, or the reason from `strerror(errno)`.
  static func open(path: String) -> Opening {
    guard !path.utf8.contains(0) else { return .failure("the path contains a NUL character") }
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return .failure(reasonForErrno()) }
    return .file(FileDescriptor(descriptor: descriptor))
  }

  /// Whether the open file is a directory, which opens but cannot be read as records.
  ///
  /// - Returns: `true` for a directory; `false` otherwise, and when `fstat(2)` fails (the
  ///   first read then reports the problem).
  var isDirectory: Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    return (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Reads the next bytes of the file into a buffer, retrying when a signal interrupts.
  ///
  /// - Parameter buffer: Where the bytes go; at most its count are read.
  /// - Returns: How many bytes were read, the end of the file, or the reason reading failed.
  func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .endOfFile }
      if errno != EINTR { return .failure(Self.reasonForErrno()) }
    }
  }

  private static func openForReading(_ path: String) -> Int32 {
    while true {
      let descriptor = openReadOnly(path)
      if descriptor >= 0 || errno != EINTR { return descriptor }
    }
  }

  private static func reasonForErrno() -> String {
    String(cString: strerror(errno))
  }
}

/// `open(2)` for reading, outside the class so that its name does not clash with
/// ``FileDescriptor/open(path:)``.
private func openReadOnly(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC)
}
