import Entities

/// The order of the report: by group (authorized first), then by date ascending.
///
/// Transactions with equal keys keep their input order; see ``OrderedTransactions``.
package struct ReportOrder: Comparable {
  package let group: TransactionGroup
  package let date: CalendarDate

  package init(_ transaction: Transaction) {
    self.group = transaction.group
    self.date = transaction.date
  }

  package static func < (lhs: ReportOrder, rhs: ReportOrder) -> Bool {
    (lhs.group, lhs.date) < (rhs.group, rhs.date)
  }
}
