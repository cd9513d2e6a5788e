import Entities

/// A client's transactions, in memory, as the transformer reads them: sorted by group and date
/// (stably, so the transactions of a date keep their input order), those outside the period left
/// out and counted.
final class SortedTransactions: ReportTransactions, @unchecked Sendable {
  // Unchecked, its `Sendable` and its exclusivity: the transformer reads it from one task, and
  // nothing else holds it.
  let notes: [AnySourceProblem]
  let outsidePeriodCount: Int
  private let transactions: [Transaction]
  @exclusivity(unchecked) private var next = 0
  /// The group and date of the current block.
  @exclusivity(unchecked) private var block: (group: TransactionGroup, date: CalendarDate)?

  /// Sorts a source's transactions; throws ``ReportTransformer/Refusal/transactionOutsideGroups(_:groups:)``
  /// for the first of a group the source does not hold, which the report could not show.
  init(
    _ transactions: [Transaction], groups: [TransactionGroup], notes: [AnySourceProblem],
    period: ReportPeriod?
  ) throws(ReportTransformer.Refusal) {
    if let stray = transactions.first(where: { !groups.contains($0.group) }) {
      throw .transactionOutsideGroups(stray, groups: groups)
    }
    let shown = transactions.filter { period?.contains($0.date) ?? true }
    // Swift's sort is stable: transactions of the same group and date keep their input order.
    self.transactions = shown.sorted { ($0.group, $0.date) < ($1.group, $1.date) }
    self.notes = notes
    outsidePeriodCount = transactions.count - shown.count
  }

  func nextDate(in group: TransactionGroup) -> CalendarDate? {
    guard next < transactions.count, transactions[next].group == group else { return nil }
    block = (group, transactions[next].date)
    return transactions[next].date
  }

  func nextDetail() -> ReportDetail? {
    guard next < transactions.count, let block, transactions[next].group == block.group,
      transactions[next].date == block.date
    else { return nil }
    defer { next += 1 }
    return (DescriptionText(transactions[next].description), transactions[next].signedAmount)
  }
}

extension ReportTransformer {
  /// Input the transformer cannot present, which it refuses rather than drop.
  public enum Refusal: Error, Hashable, Sendable {
    /// A transaction handed in with a source that does not hold its group: it would be in no
    /// group's rows and no total.
    case transactionOutsideGroups(Transaction, groups: [TransactionGroup])
  }
}
