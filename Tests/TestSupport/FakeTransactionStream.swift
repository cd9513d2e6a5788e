import UseCases

/// A stream that yields a fixed list of records, valid or not, then `nil`.
public struct FakeTransactionStream: TransactionStream {
  private let records: [SourceRecord]
  private var index = 0
  private let onRead: () -> Void

  /// Creates a stream.
  ///
  /// - Parameters:
  ///   - records: The records to yield, in order.
  ///   - onRead: Called each time a record (not the final `nil`) is yielded.
  public init(records: [SourceRecord], onRead: @escaping () -> Void = {}) {
    self.records = records
    self.onRead = onRead
  }

  /// Yields the next record.
  ///
  /// - Returns: The next scripted record, or `nil` after the last.
  public mutating func next() -> SourceRecord? {
    guard index < records.count else { return nil }
    defer { index += 1 }
    onRead()
    return records[index]
  }
}
