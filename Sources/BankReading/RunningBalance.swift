import Entities
import UseCases

/// A running balance column checked against the amounts, row after row, in file order.
///
/// A bank that writes the balance after each transaction lets a file check itself: the
/// balance of a row is the balance before it plus the row's amount (a credit adds, a debit
/// takes away). Oldest first, the balance before a row is the previous row's; newest first,
/// it is the next row's. Rows with no balance written (a pending transaction, a bank that
/// writes one balance a day) are carried to the next balance. So the check proves the sign of
/// every amount, and catches a row dropped or split and a fee that is part of what left the
/// account but not of the amount.
package struct RunningBalance: Sendable {
  /// The order of a file's rows.
  package enum Order: Sendable, Hashable, CaseIterable {
    /// The oldest transaction first: each balance follows from the row before it.
    case oldestFirst
    /// The newest transaction first, as many banks export: each balance follows from the row
    /// after it.
    case newestFirst
  }

  /// One row as the check reads it.
  package struct Row: Sendable, Hashable {
    /// What the row adds to the account, in minor units: a credit positive, a debit negative.
    package var change: Int64
    /// The balance written on the row, in minor units, or `nil` when it has none.
    package var balance: Int64?
    /// Where the balance is written, or the row when it has none.
    package var position: TextPosition
    /// The balance as written.
    package var written: String

    /// Creates a row.
    package init(change: Int64, balance: Int64?, position: TextPosition, written: String) {
      self.change = change
      self.balance = balance
      self.position = position
      self.written = written
    }
  }

  /// A balance that does not follow from the one before it and the amounts between.
  package struct Disagreement: Sendable, Hashable {
    /// Where the balance is, and how it is written.
    package var position: TextPosition
    package var written: String
    /// The balance it follows from, where it is, and how it is written.
    package var previousPosition: TextPosition
    package var previousWritten: String
    /// What the balance would be, in minor units.
    package var expected: Int64
    /// How far it is from that, in minor units (the balance written minus the expected one).
    package var difference: Int64
  }

  /// The order the rows are checked in.
  package let order: Order
  /// The last balance read, where it is and as written.
  private var anchor: (balance: Int64, position: TextPosition, written: String)?
  /// The changes since the last balance that it does not hold yet: oldest first, the rows
  /// after it; newest first, its own row's and the rows after it, which the next balance
  /// holds none of.
  private var pending: Int64 = 0
  /// How many balances have been checked and agreed.
  package private(set) var agreed = 0

  /// Creates a check of rows in the given order.
  package init(order: Order) {
    self.order = order
  }

  /// Checks the next row in file order.
  ///
  /// - Returns: The disagreement, when the row's balance does not follow from the balance
  ///   before it; then the check goes on from this row's balance.
  package mutating func check(_ row: Row) -> Disagreement? {
    guard let balance = row.balance else {
      let (sum, overflow) = pending.addingReportingOverflow(row.change)
      pending = overflow ? .max : sum
      return nil
    }
    defer {
      anchor = (balance, row.position, row.written)
      pending = order == .oldestFirst ? 0 : row.change
    }
    guard let anchor else { return nil }
    let expected: Int64
    switch order {
    case .oldestFirst:
      let (withPending, first) = anchor.balance.addingReportingOverflow(pending)
      let (sum, second) = withPending.addingReportingOverflow(row.change)
      guard !first, !second else { return nil }
      expected = sum
    case .newestFirst:
      let (difference, overflow) = anchor.balance.subtractingReportingOverflow(pending)
      guard !overflow else { return nil }
      expected = difference
    }
    guard balance != expected else {
      agreed += 1
      return nil
    }
    return Disagreement(
      position: row.position, written: row.written, previousPosition: anchor.position,
      previousWritten: anchor.written, expected: expected, difference: balance &- expected)
  }

  /// The first disagreement of rows in an order, or `nil` when every balance follows, and how
  /// many balances were checked.
  package static func check(_ rows: [Row], order: Order) -> (disagreement: Disagreement?, agreed: Int) {
    var check = RunningBalance(order: order)
    for row in rows {
      if let disagreement = check.check(row) { return (disagreement, check.agreed) }
    }
    return (nil, check.agreed)
  }
}
