import BankReading
import UseCases

/// Transactions decoded from bytes in memory, in any ``RecordFormat``: for clients that already
/// hold a file's contents, and for fuzzers.
///
/// It reads exactly as ``FileTransactionSource`` does, with the same decoders and the same
/// rules, so its records and issues are the same, with their lines and columns; only the bytes
/// come from an array instead of a file. Every ``open()`` starts again from the first byte, and
/// the bytes are never copied.
public struct BytesTransactionSource: TransactionSource, LendingSource, Sendable {
  /// How messages name this source, such as a file name or `upload`.
  public let name: String
  /// The bytes, as a file would hold them.
  package let bytes: [UInt8]
  /// The syntax of the bytes.
  package let format: RecordFormat
  /// How to read the bytes when they are a bank's export.
  package let options: ReadingOptions
  /// The most bytes one record may take: ``RecordFormat/maximumRecordLength``, unless a test or
  /// a fuzzer asks for less.
  package let recordLimit: Int

  /// Creates a source of the given bytes.
  ///
  /// - Parameters:
  ///   - name: How messages name this source.
  ///   - bytes: The bytes, as a file would hold them (UTF-8 text, with or without a byte order
  ///     mark).
  ///   - format: The syntax of the bytes.
  ///   - options: How to read the bytes when they are a bank's export; by default, everything
  ///     is detected and records without a group are Posted.
  public init(name: String, bytes: [UInt8], format: RecordFormat, options: ReadingOptions = .standard) {
    self.init(
      name: name, bytes: bytes, format: format, options: options,
      recordLimit: RecordFormat.maximumRecordLength)
  }

  /// Creates a source of the given bytes whose records may take at most `recordLimit` bytes.
  ///
  /// - Parameters:
  ///   - name: How messages name this source.
  ///   - bytes: The bytes, as a file would hold them.
  ///   - format: The syntax of the bytes.
  ///   - options: How to read the bytes when they are a bank's export.
  ///   - recordLimit: The most bytes one record may take, at least 1.
  package init(
    name: String, bytes: [UInt8], format: RecordFormat, options: ReadingOptions = .standard, recordLimit: Int
  ) {
    self.name = name
    self.bytes = bytes
    self.format = format
    self.options = options
    self.recordLimit = recordLimit
  }

  /// Starts decoding the bytes from the first.
  ///
  /// - Returns: Always a stream: bytes in memory are never unavailable.
  public func open() async -> SourceOpening {
    await openLending().opening
  }

  /// Starts decoding the bytes from the first, with a stream that lends its records.
  ///
  /// - Returns: Always a stream.
  package func openLending() async -> ReadingOpening {
    .available(
      format.stream(
        reading: ByteInput(bytes: bytes, recordLimit: recordLimit), source: name, options: options))
  }
}
