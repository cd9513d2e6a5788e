import UseCases

/// Where a ``ByteInput`` gets its next chunk of bytes: an open file, or a copy of standard input
/// or a pipe.
///
/// Bytes already in memory need no provider: ``ByteInput/init(bytes:)`` reads the array itself.
protocol ByteProvider {
  /// Reads the next bytes into a buffer.
  ///
  /// - Parameter buffer: Where the bytes go; at most its count are read.
  /// - Returns: How many bytes were read, the end of the bytes, or why reading failed.
  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult
}

/// What one read of a ``ByteProvider`` gave.
enum ByteReadResult: Equatable {
  /// This many bytes, at least one, were read.
  case bytes(Int)
  /// There are no more bytes.
  case endOfFile
  /// Reading failed, for this reason.
  case failure(ReadFailureReason)
}

/// Why reading bytes failed.
enum ReadFailureReason: Equatable {
  /// The operating system's reason.
  case system(String)
  /// The input is there, but the machine cannot read it to its end now, for this reason: the
  /// copy of input that can be read only once could not be written. The source is unavailable,
  /// not invalid.
  case unavailable(UnavailableReason)
}

/// Bytes that can be read at any offset, by several readers at once: a file read with `pread`,
/// a copy of standard input.
protocol PositionalBytes: Sendable {
  /// Reads the bytes at an offset.
  ///
  /// - Parameters:
  ///   - buffer: Where the bytes go; at most its count are read.
  ///   - offset: The offset of the first byte wanted.
  /// - Returns: How many bytes were read, the end of the bytes, or why reading failed.
  func readChunk(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> ByteReadResult
}

extension PositionalBytes {
  /// The first bytes, up to `limit` of them, fewer only at the end of the bytes or where
  /// reading fails (the reading that follows meets the failure): what a source looks at to
  /// tell its format (``RecordFormat/sniffed(from:)``).
  ///
  /// - Parameter limit: The most bytes to read.
  /// - Returns: The bytes.
  func firstBytes(limit: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let result = bytes.withUnsafeMutableBytes { buffer in
        readChunk(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]), at: count)
      }
      guard case .bytes(let read) = result else { break }
      count += read
    }
    return Array(bytes[..<count])
  }
}

/// One reading of shared bytes, from the first: its own offset into them.
struct PositionalReader<Bytes: PositionalBytes>: ByteProvider {
  let bytes: Bytes
  private var offset = 0

  init(_ bytes: Bytes) {
    self.bytes = bytes
  }

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    let result = bytes.readChunk(into: buffer, at: offset)
    if case .bytes(let count) = result { offset += count }
    return result
  }
}
