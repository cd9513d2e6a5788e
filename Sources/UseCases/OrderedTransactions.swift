import Entities

/// The second pass over a source: its transactions, in report order.
///
/// When the survey found the source already in report order, the transactions stream straight
/// through, one at a time. Otherwise they are read into memory and sorted by group and date;
/// the sort is stable, so transactions of the same group and date keep their input order.
///
/// The second pass expects exactly what the survey saw. Anything else (a bad record, a record
/// out of order, a different count) means the source changed between the passes, and
/// ``next()`` throws ``SourceChanged``.
struct OrderedTransactions {
  private enum Mode {
    case streaming(any TransactionStream, last: ReportOrder?)
    case sorted([Transaction], next: Int)
  }

  private var mode: Mode
  private var remaining: Int
  private let expectedGroup: TransactionGroup?
  /// The name of the source being read.
  let source: String

  /// Opens the source again for the second pass, unless the survey found it empty.
  init(source: any TransactionSource, survey: InputSurvey) throws(SourceChanged) {
    self.remaining = survey.count
    self.expectedGroup = survey.expectedGroup
    self.source = survey.source
    guard survey.count > 0 else {
      mode = .sorted([], next: 0)
      return
    }
    guard case .available(let stream) = source.open() else { throw SourceChanged(source: source.name) }
    if survey.isInReportOrder {
      mode = .streaming(stream, last: nil)
    } else {
      var stream = stream
      var all: [(offset: Int, transaction: Transaction)] = []
      all.reserveCapacity(survey.count)
      while let record = stream.next() {
        guard case .transaction(let transaction, _) = record,
          expectedGroup == nil || transaction.group == expectedGroup
        else { throw SourceChanged(source: survey.source) }
        all.append((all.count, transaction))
      }
      guard all.count == survey.count else { throw SourceChanged(source: survey.source) }
      all.sort { lhs, rhs in
        let (left, right) = (ReportOrder(lhs.transaction), ReportOrder(rhs.transaction))
        return left != right ? left < right : lhs.offset < rhs.offset
      }
      mode = .sorted(all.map(\.transaction), next: 0)
    }
  }

  /// The next transaction in report order, or `nil` after the last.
  mutating func next() throws(SourceChanged) -> Transaction? {
    switch mode {
    case .sorted(let transactions, let index):
      guard index < transactions.count else { return nil }
      mode = .sorted(transactions, next: index + 1)
      return transactions[index]
    case .streaming(var stream, let last):
      guard let record = stream.next() else {
        guard remaining == 0 else { throw SourceChanged(source: source) }
        return nil
      }
      guard case .transaction(let transaction, _) = record,
        expectedGroup == nil || transaction.group == expectedGroup,
        remaining > 0
      else { throw SourceChanged(source: source) }
      let order = ReportOrder(transaction)
      if let last, order < last { throw SourceChanged(source: source) }
      remaining -= 1
      mode = .streaming(stream, last: order)
      return transaction
    }
  }
}

/// The error of a source whose second reading differs from its first.
struct SourceChanged: Error {
  let source: String

  /// The issue that tells a person what happened.
  var issue: RecordIssue {
    RecordIssue(
      source: source,
      position: nil,
      field: nil,
      problem: "the source changed while the report was being made",
      hint: "run the report again once nothing is writing to the source"
    )
  }
}
