import UseCases

/// The promise a source of the package's own makes beside the port's: what its streams lend, in
/// batches (`RecordLending`), is what `TransactionStream.next()` gives, record for record.
package enum LendingContract {
  /// The first record at which a lending opening of `source` differs from a plain one (or where
  /// one of them ends early), or `nil` when both give the same records.
  ///
  /// - Parameters:
  ///   - source: The source.
  ///   - limit: How many records to read at most from each opening.
  /// - Returns: The index of the first record that differs, or `nil`.
  package static func firstDifference(in source: some LendingSource, limit: Int = 1_000_000) async -> Int? {
    var records: [SourceRecord] = []
    if case .available(var stream) = await source.open() {
      while records.count <= limit, let record = stream.next() { records.append(record) }
    }
    var lent: [SourceRecord] = []
    if case .available(let lending) = await source.openLending() {
      while lent.count <= limit, lending.nextRecords({ record, _ in lent.append(copy record) }) {}
    }
    if let index = zip(records, lent).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      return index
    }
    return records.count == lent.count ? nil : min(records.count, lent.count)
  }
}
