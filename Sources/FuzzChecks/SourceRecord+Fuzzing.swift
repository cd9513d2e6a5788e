import Entities
import UseCases

extension SourceRecord {
  /// How many issues the record stands for: none for a transaction or a note, one for an
  /// issue, and the count of issues counted but not kept.
  var issueCount: Int {
    switch self {
    case .transaction, .unavailable, .missing, .note: 0
    case .invalid: 1
    case .unlistedIssues(let count): count
    }
  }

  /// The position that places the record in the input: the issue's, or the record's start;
  /// `nil` for issues that are only counted, for a source that became unavailable or missing, and for a
  /// note.
  var anchor: TextPosition? {
    switch self {
    case .transaction(_, let origin): origin?.start
    case .invalid(let issue): issue.position
    case .unlistedIssues, .unavailable, .missing, .note: nil
    }
  }

  /// Every record of one opening of a source, checking that the stream ends and stays ended.
  ///
  /// - Parameters:
  ///   - source: The source; it must open.
  ///   - limit: The most records the stream may yield: one more means it does not end.
  ///   - lent: Whether to read the stream as a report reads it, with
  ///     `RecordLending.nextRecords(_:)`, which must lend the records `next()` gives.
  /// - Returns: The records, in order.
  static func all(of source: some LendingSource, limit: Int, lent: Bool = false) async -> [SourceRecord] {
    guard case .available(var stream) = await source.openLending() else {
      fatalError("fuzz invariant broken: \(source.name) is unavailable, but bytes in memory always open")
    }
    var records: [SourceRecord] = []
    func keep(_ record: SourceRecord) {
      records.append(record)
      require(
        records.count <= limit,
        "\(source.name): the stream yields more than \(limit) records and issues; it does not end")
    }
    if lent {
      while records.count <= limit, stream.nextRecords({ record, _ in keep(copy record) }) {}
      require(!stream.nextRecords { _, _ in }, "\(source.name): the stream lends again after its end")
    } else {
      while let record = stream.next() { keep(record) }
    }
    require(stream.next() == nil, "\(source.name): the stream yields again after its end")
    return records
  }
}
