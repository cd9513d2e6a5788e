/// How far one reading of a file source has got: what a progress display shows.
///
/// A ``FileTransactionSource`` given a progress observer reports one of these after each chunk
/// it reads (1 MiB), from every ``FileTransactionSource/open()``. The use cases read a source
/// more than once (a pass to check it, then a pass to report it), so ``reading`` says which
/// time this is.
public struct ReadProgress: Equatable, Sendable {
  /// The source's name, as messages give it: the path, or `<stdin>`.
  public var source: String
  /// Which reading of the source this is: 1 for the first ``FileTransactionSource/open()``, 2
  /// for the second, and so on.
  public var reading: Int
  /// How many bytes this reading has read so far.
  public var bytesRead: Int
  /// How many bytes there are in all, when that is known: always for a regular file; for
  /// standard input or a pipe, once a first reading has reached its end.
  public var totalBytes: Int?

  /// Creates a progress report.
  ///
  /// - Parameters:
  ///   - source: The source's name.
  ///   - reading: Which reading of the source this is, from 1.
  ///   - bytesRead: How many bytes this reading has read.
  ///   - totalBytes: How many bytes there are in all, if known.
  public init(source: String, reading: Int, bytesRead: Int, totalBytes: Int?) {
    self.source = source
    self.reading = reading
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
  }
}

/// A provider that counts the bytes another gives and reports each chunk to an observer.
struct ProgressReportingProvider<Base: ByteProvider>: ByteProvider {
  private var base: Base
  private var progress: ReadProgress
  private let observer: @Sendable (ReadProgress) -> Void

  /// Wraps a provider.
  ///
  /// - Parameters:
  ///   - base: Where the bytes come from.
  ///   - progress: The report before the first byte (`bytesRead` 0).
  ///   - observer: Called after each chunk.
  init(_ base: Base, progress: ReadProgress, observer: @escaping @Sendable (ReadProgress) -> Void) {
    self.base = base
    self.progress = progress
    self.observer = observer
  }

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    let result = base.readChunk(into: buffer)
    if case .bytes(let count) = result {
      progress.bytesRead += count
      observer(progress)
    }
    return result
  }
}
