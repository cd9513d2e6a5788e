import Entities
import Presenters
import Testing
import UseCases

/// What a source yielded, as the tests name it: a ``SourceRecord`` (which compares with `==`).
typealias ReadRecord = SourceRecord

extension SourceRecord {
  /// Wraps nothing: lets tests write `stream.next().map(ReadRecord.init)`.
  init(_ record: SourceRecord) {
    self = record
  }

  /// The transaction, or `nil` for an invalid record.
  var transaction: Transaction? {
    guard case .transaction(let transaction, _) = self else { return nil }
    return transaction
  }

  /// The issue, or `nil` for a valid record.
  var issue: RecordIssue? {
    guard case .invalid(let issue) = self else { return nil }
    return issue
  }
}

/// Reads every record of a source, failing the test when it is unavailable.
func readAll(_ source: some TransactionSource, sourceLocation: SourceLocation = #_sourceLocation) async throws
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
func unavailableReason(_ source: some TransactionSource) async -> String? {
  guard case .unavailable(let reason) = await source.open() else { return nil }
  return EnglishReportWording().reason(reason)
}

/// The reason a source gives when its input is missing, in the words `txreport` prints, or
/// `nil` when it opens, or is unavailable.
func missingReason(_ source: some TransactionSource) async -> String? {
  guard case .missing(let reason) = await source.open() else { return nil }
  return EnglishReportWording().reason(reason)
}

struct SourceUnavailable: Error {}

/// Builds a transaction from literal text, failing the test if the text does not parse.
func transaction(
  _ group: TransactionGroup, _ date: String, _ description: String, _ amount: String,
  _ debitCredit: DebitCredit
) throws -> Transaction {
  Transaction(
    group: group, date: try CalendarDate(iso8601: date), description: description,
    amount: try Money(parsingUnsignedDecimal: amount), debitCredit: debitCredit)
}

/// A position, shorter to write.
func at(_ line: Int, _ column: Int) -> TextPosition {
  TextPosition(line: line, column: column)
}
