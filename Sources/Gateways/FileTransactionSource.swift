import UseCases

/// Transactions read from a file, streamed in chunks and checked record by record.
///
/// Each ``open()`` opens the file afresh and starts from its first byte, so a use case can read
/// it twice (a survey pass, then a report pass) without holding its records in memory. Records
/// come with their positions (line and column, counting characters), and every bad record is
/// an issue naming the file, the position, the field and the value found.
public struct FileTransactionSource: TransactionSource, Sendable {
  /// The path of the file, as given.
  public let path: String
  /// The syntax of the file.
  public let format: RecordFormat

  /// Creates a source for a file; nothing is opened until ``open()``.
  ///
  /// - Parameters:
  ///   - path: The path of the file, absolute or relative to the working directory.
  ///   - format: The syntax of the file.
  public init(path: String, format: RecordFormat = .json) {
    self.path = path
    self.format = format
  }

  /// The path, as given: how messages name this source.
  public var name: String { path }

  /// Opens the file and starts reading it from its first record.
  ///
  /// - Returns: ``SourceOpening/unavailable(reason:)`` when the file cannot be opened (with the
  ///   operating system's reason, such as `cannot read 'a.json': No such file or directory`) or
  ///   is a directory; otherwise a stream of its records, which closes the file when it ends.
  public func open() -> SourceOpening {
    let file: FileDescriptor
    switch FileDescriptor.open(path: path) {
    case .failure(let reason):
      return .unavailable(reason: "cannot read '\(path)': \(reason)")
    case .file(let opened):
      file = opened
    }
    guard !file.isDirectory else { return .unavailable(reason: "'\(path)' is a directory") }
    let input = ByteInput(file: file)
    switch format {
    case .json:
      return .available(FileTransactionStream(decoder: JSONRecordDecoder(input: input), source: path))
    }
  }
}
