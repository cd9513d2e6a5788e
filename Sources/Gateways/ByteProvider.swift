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
  /// Reading failed; the text is the reason, such as the operating system's.
  case failure(String)
}
