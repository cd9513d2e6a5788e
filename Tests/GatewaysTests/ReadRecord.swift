import Entities
import Testing
import UseCases

/// A ``SourceRecord`` that tests can compare with `==`.
enum ReadRecord: Equatable, CustomStringConvertible {
  case transaction(Transaction, RecordOrigin?)
  case invalid(RecordIssue)

  init(_ record: SourceRecord) {
    switch record {
    case .transaction(let transaction, let origin): self = .transaction(transaction, origin)
    case .invalid(let issue): self = .invalid(issue)
    }
  }

  var transaction: Transaction? {
    guard case .transaction(let transaction, _) = self else { return nil }
    return transaction
  }

  var issue: RecordIssue? {
    guard case .invalid(let issue) = self else { return nil }
    return issue
  }

  var description: String {
    switch self {
    case .transaction(let transaction, let origin):
      "transaction(\(transaction), \(origin.map { "\($0)" } ?? "nil"))"
    case .invalid(let issue):
      "invalid(\(issue))"
    }
  }
}

/// Reads every record of a source, failing the test when it is unavailable.
func readAll(_ source: some TransactionSource, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> [ReadRecord]
{
  guard case .available(var stream) = source.open() else {
    Issue.record("\(source.name) is unavailable", sourceLocation: sourceLocation)
    throw SourceUnavailable()
  }
  var records: [ReadRecord] = []
  while let record = stream.next() { records.append(ReadRecord(record)) }
  return records
}

/// The reason a source gives when it is unavailable, or `nil` when it opens.
func unavailableReason(_ source: some TransactionSource) -> String? {
  guard case .unavailable(let reason) = source.open() else { return nil }
  return reason
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
