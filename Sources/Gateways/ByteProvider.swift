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
