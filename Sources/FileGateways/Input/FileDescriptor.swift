import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file, read with POSIX `read(2)` and closed when the last reference goes away.
///
/// A class, so exactly one object owns the descriptor: whoever drops the last reference (the
/// stream at its end, or the stream's deinitialisation) closes it, exactly once. Standard input
/// is the exception: it belongs to the process and is never closed.
final class FileDescriptor: ByteProvider, PositionalBytes {
  /// What opening a path gave: the open file, or why it cannot be read.
  enum Opening {
    /// The path names a file that is now open for reading.
    case file(FileDescriptor)
    /// The path cannot be opened: why, for the source to say.
    case failure(UnavailableReason)
  }

  /// What creating an anonymous temporary file gave.
  enum TemporaryOpening {
    /// The file, open for reading and writing, with no name, and the folder it is in.
    case file(FileDescriptor, folder: String)
    /// Why it could not be made.
    case failure(TemporaryFileFailure)
  }

  /// What writing gave.
  enum WriteResult: Equatable {
    /// Every byte was written.
    case written
    /// The operating system wrote none and gave no error.
    case nothingWritten
    /// The operating system's reason.
    case failed(String)
  }

  /// What kind of file a descriptor is open on, which decides how it can be read twice.
  enum Kind: Equatable {
    /// A regular file (or a block device): it can be opened and read again.
    case regular
    /// A directory: it opens, but holds no bytes to read.
    case directory
    /// A character device, such as `/dev/null`, `/dev/zero` or a terminal.
    case characterDevice
    /// A pipe or a socket: its bytes can be read only once.
    case stream
  }

  /// The number of the open file.
  let descriptor: Int32
  private let isOwned: Bool

  /// Takes an open descriptor, which it closes when it goes away.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor.
  ///   - isOwned: Whether to close it; standard input is not.
  init(descriptor: Int32, isOwned: Bool = true) {
    self.descriptor = descriptor
    self.isOwned = isOwned
  }

  deinit {
    // A failed close(2) loses nothing: these descriptors are only read, or are temporary files
    // that are already unlinked.
    if isOwned { close(descriptor) }
  }

  /// Standard input, descriptor 0, which is never closed.
  static func standardInput() -> FileDescriptor {
    FileDescriptor(descriptor: 0, isOwned: false)
  }

  /// Opens a file for reading.
  ///
  /// - Parameter path: The path, as given.
  /// - Returns: The open file, or why not: for a file that does not exist, with a similar name
  ///   that does; else with the reason from `strerror(errno)`.
  static func open(path: String) -> Opening {
    guard !path.utf8.contains(0) else { return .failure(.pathContainsNUL(path: path)) }
    let descriptor = retryingInterrupts { openReadOnly(path) }
    guard descriptor >= 0 else {
      guard errno == ENOENT else { return .failure(.cannotOpen(path: path, systemError: reasonForErrno())) }
      return .failure(.noSuchFile(path: path, similarPath: SimilarFileName.near(path)))
    }
    return .file(FileDescriptor(descriptor: descriptor))
  }

  /// Creates a file for reading and writing in `$TMPDIR` (else `/tmp`) and unlinks it at once,
  /// so that it has no name and goes away with its descriptor, however the process ends.
  ///
  /// - Returns: The open file, or why it cannot be created.
  static func anonymousTemporaryFile() -> TemporaryOpening {
    var directory = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
    if directory.isEmpty || directory.utf8.contains(0) { directory = "/tmp" }
    var template = Array((directory + "/txreport-input-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard created >= 0 else {
      return .failure(.create(folder: directory, systemError: reasonForErrno()))
    }
    // When standard input, output or error is closed, mkstemp(3) reuses its number: move the
    // file above 2, so that nothing meant for them can ever land in it.
    let descriptor = fcntl(created, F_DUPFD_CLOEXEC, 3)
    let moveFailure = descriptor < 0 ? reasonForErrno() : nil
    close(created)
    let unlinked = template.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { unlink($0) } ?? -1
    }
    let unlinkFailure = unlinked == 0 ? nil : reasonForErrno()
    if let moveFailure { return .failure(.create(folder: directory, systemError: moveFailure)) }
    let file = FileDescriptor(descriptor: descriptor)
    if let unlinkFailure {
      return .failure(.unlink(folder: directory, systemError: unlinkFailure))
    }
    return .file(file, folder: directory)
  }

  /// Whether the descriptor is open: standard input may have been closed by whoever started
  /// the process (`txreport --all - <&-`).
  ///
  /// Standard input closed at the start does not stay free: the runtime's first descriptor (an
  /// `eventfd` or an `epoll` instance of Dispatch) takes its number before any code of ours
  /// runs, and reading it gives `EINVAL`. A descriptor the process inherited has no
  /// close-on-exec flag (`exec` would have closed it), and every one the runtime opens has it:
  /// so standard input is open only when descriptor 0 is and lacks the flag.
  var isOpen: Bool {
    let flags = fcntl(descriptor, F_GETFD)
    guard flags != -1 else { return false }
    return isOwned || flags & FD_CLOEXEC == 0
  }

  /// The kind of the open file.
  ///
  /// When `fstat(2)` fails, the file is taken for a regular one: the first read then reports
  /// the problem.
  var kind: Kind {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .regular }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFCHR: return .characterDevice
    case S_IFIFO, S_IFSOCK: return .stream
    default: return .regular
    }
  }

  /// The size in bytes of a regular file; `nil` for anything else, or when `fstat(2)` fails.
  var regularFileSize: Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Reads the next bytes of the file into a buffer, retrying when a signal interrupts, and
  /// waiting when the descriptor is non-blocking and has nothing yet.
  ///
  /// - Parameter buffer: Where the bytes go; at most its count are read.
  /// - Returns: How many bytes were read, the end of the file, or the reason reading failed.
  func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .endOfFile }
      switch errno {
      case EINTR:
        continue
      case EAGAIN, EWOULDBLOCK:
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, -1)
      default:
        return .failure(.system(Self.reasonForErrno()))
      }
    }
  }

  /// Reads bytes at an offset, without moving the file's position (`pread(2)`).
  ///
  /// - Parameters:
  ///   - buffer: Where the bytes go; at most its count are read.
  ///   - offset: Where in the file to start.
  /// - Returns: How many bytes were read, the end of the file, or the reason reading failed.
  func readChunk(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> ByteReadResult {
    let count = Self.retryingInterrupts { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    if count > 0 { return .bytes(count) }
    if count == 0 { return .endOfFile }
    return .failure(.system(Self.reasonForErrno()))
  }

  /// Writes all the bytes at an offset (`pwrite(2)`), as many calls as it takes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - offset: Where in the file to write them.
  /// - Returns: Whether every byte was written, or why not.
  func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> WriteResult {
    var written = 0
    while written < bytes.count {
      let count = Self.retryingInterrupts {
        pwrite(
          descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written, off_t(offset + written))
      }
      guard count > 0 else { return count == 0 ? .nothingWritten : .failed(Self.reasonForErrno()) }
      written += count
    }
    return .written
  }

  private static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
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
