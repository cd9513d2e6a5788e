import Entities

/// The order of the report: by group (authorized first), then by date ascending.
///
/// Transactions with equal keys keep their input order (``HeldTransactions``).
struct ReportOrder: Comparable {
  let group: TransactionGroup
  let date: CalendarDate

  init(_ transaction: borrowing Transaction) {
    self.group = transaction.group
    self.date = transaction.date
  }

  static func < (lhs: ReportOrder, rhs: ReportOrder) -> Bool {
    (lhs.group, lhs.date) < (rhs.group, rhs.date)
  }
}
