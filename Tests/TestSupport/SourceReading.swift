import Entities
import Presenters
import Testing
import UseCases

/// What a source yielded, as the tests name it: a ``SourceRecord`` (which compares with `==`).
public typealias ReadRecord = SourceRecord

extension SourceRecord {
  /// Wraps nothing: lets tests write `stream.next().map(ReadRecord.init)`.
  public init(_ record: SourceRecord) {
    self = record
  }

  /// The issue, or `nil` for a valid record.
  public var issue: RecordIssue? {
    guard case .invalid(let issue) = self else { return nil }
    return issue
  }
}

/// Reads every record of a source, failing the test when it is unavailable.
public func readAll(_ source: some TransactionSource, sourceLocation: SourceLocation = #_sourceLocation)
  async throws
  -> [ReadRecord]
{
  guard case .available(var stream) = await source.open() else {
    Issue.record("\(source.name) is unavailable", sourceLocation: sourceLocation)
    throw SourceUnavailable()
  }
  var records: [ReadRecord] = []
  while let record = stream.next() { records.append(ReadRecord(record)) }
  return records
}

/// The reason a source gives when it is unavailable, in the words `txreport` prints, or `nil`
/// when it opens, or is missing.
public func unavailableReason(_ source: some TransactionSource) async -> String? {
  guard case .unavailable(let reason) = await source.open() else { return nil }
  return EnglishReportWording().reason(reason)
}

/// The reason a source gives when its input is missing, in the words `txreport` prints, or
/// `nil` when it opens, or is unavailable.
public func missingReason(_ source: some TransactionSource) async -> String? {
  guard case .missing(let reason) = await source.open() else { return nil }
  return EnglishReportWording().reason(reason)
}

/// A source that was to open did not.
public struct SourceUnavailable: Error {
  /// Creates the error.
  public init() {}
}

/// Builds a transaction from literal text, failing the test if the text does not parse.
public func transaction(
  _ group: TransactionGroup, _ date: String, _ description: String, _ amount: String,
  _ debitCredit: DebitCredit
) throws -> Transaction {
  Transaction(
    group: group, date: try CalendarDate(iso8601: date), description: description,
    amount: try Money(parsingUnsignedDecimal: amount), debitCredit: debitCredit)
}

/// A position, shorter to write.
public func at(_ line: Int, _ column: Int) -> TextPosition {
  TextPosition(line: line, column: column)
}
