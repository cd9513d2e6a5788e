/// A copy, in an unnamed temporary file, of an input that can be read only once (standard
/// input, a pipe), so that it can be read again from its first byte.
///
/// The use cases read a source twice. A regular file is simply opened again; the bytes of a
/// pipe are gone once read. So the first reading copies each chunk to the temporary file as it
/// goes (streaming: nothing is held in memory but the chunk), and any later reading reads the
/// copy with `pread(2)`, going on to the original input, and copying, when it gets past what
/// has been copied so far. The temporary file is unlinked as soon as it is created, so it goes
/// away with the last reader, however the process ends.
///
/// Readers of one spool may run at once, and on different threads: they share the copy, each
/// with its own offset, and take turns through a lock.
///
/// When the copy cannot be written (the disk is full, a limit on a file's size is reached), the
/// reading fails with ``ReadFailureReason/unavailable(_:)``: the input is there, the machine
/// cannot hold it (decision 0026).
final class InputSpool: PositionalBytes {
  private struct State: Sendable {
    /// The input still being read, or `nil` once it has ended or failed.
    var origin: FileDescriptor?
    /// How many bytes the copy holds.
    var length = 0
    /// Why the input or the copy failed, once one has.
    var failure: ReadFailureReason?
  }

  private let copy: FileDescriptor
  private let state: Locked<State>
  /// The path of the input, or `nil` for standard input, for the reason a copy fails.
  private let path: String?
  /// The folder the copy is in, for the reason a copy fails.
  private let folder: String

  /// Creates the spool of an input, copying it to a file.
  ///
  /// - Parameters:
  ///   - origin: The input, positioned at its start, which the spool now owns.
  ///   - copy: An empty file, open for reading and writing, that the spool now owns.
  ///   - path: The path of the input, or `nil` for standard input.
  ///   - folder: The folder the copy is in.
  init(origin: FileDescriptor, copy: FileDescriptor, path: String?, folder: String) {
    self.copy = copy
    self.state = Locked(State(origin: origin))
    self.path = path
    self.folder = folder
  }

  /// The size of the whole input, once it has been read to its end without a failure.
  var completeLength: Int? {
    state.withLock { state in state.origin == nil && state.failure == nil ? state.length : nil }
  }

  /// A new reader of the spool, from the first byte of the input.
  func reader() -> PositionalReader<InputSpool> {
    PositionalReader(self)
  }

  /// Reads the bytes at an offset: from the copy where it has them, else the next bytes of the
  /// input, which are copied first.
  ///
  /// - Parameters:
  ///   - buffer: Where the bytes go; at most its count are read.
  ///   - offset: The offset of the first byte wanted; a reader asks for each byte in turn.
  /// - Returns: The bytes read, the end of the input, or why reading or copying failed.
  func readChunk(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> ByteReadResult {
    state.withLock { state in
      if offset < state.length {
        let count = min(buffer.count, state.length - offset)
        return copy.readChunk(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]), at: offset)
      }
      if let failure = state.failure { return .failure(failure) }
      guard let origin = state.origin else { return .endOfFile }
      let result = origin.readChunk(into: buffer)
      switch result {
      case .bytes(let count):
        let written = copy.write(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: state.length)
        guard written == .written else {
          var systemError: String?
          if case .failed(let reason) = written { systemError = reason }
          let failure = ReadFailureReason.unavailable(
            .cannotCopy(path: path, .write(folder: folder, systemError: systemError)))
          state.origin = nil
          state.failure = failure
          return .failure(failure)
        }
        state.length += count
      case .endOfFile:
        state.origin = nil
      case .failure(let reason):
        state.origin = nil
        state.failure = reason
      }
      return result
    }
  }
}
