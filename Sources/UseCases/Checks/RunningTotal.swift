import Entities

/// An exact running total whose result does not depend on the order of the additions.
///
/// The sum is kept in 128 bits, so no number of `Money` amounts can overflow it; only the
/// final total must fit in ``Money``. The survey adds amounts in input order and the report in
/// report order: both get the same answer, and an input that a survey accepts never overflows
/// while its rows are being presented. When the final total does not fit, the issue points at
/// the record from which the running total stayed out of range.
package struct RunningTotal {
  private var wide = WideSum()
  /// How many amounts were added.
  private var count = 0
  private var leftRangeAt: (transaction: Transaction, origin: RecordOrigin?, source: String)?
  package let total: ReportTotal

  package init(_ total: ReportTotal) {
    self.total = total
  }

  /// Adds a signed amount, remembering the record at which the total leaves `Money`'s range.
  ///
  /// - Parameters:
  ///   - transaction: The transaction whose signed amount is added.
  ///   - origin: Where it was read, if known.
  ///   - source: The name of its source, for a record without an origin.
  package mutating func add(_ transaction: Transaction, origin: RecordOrigin?, source: String) {
    let wasInRange = wide.money != nil
    count += 1
    wide.add(transaction.signedAmount.minorUnits)
    if wasInRange && wide.money == nil { leftRangeAt = (transaction, origin, source) }
  }

  /// Adds an amount that has no record behind it, such as a group total.
  package mutating func add(_ amount: Money) {
    count += 1
    wide.add(amount.minorUnits)
  }

  /// Adds the amounts of a total summed after this one, as if they had been added here.
  ///
  /// The sum is exact whatever the order. The record an out-of-range issue names is not: it is
  /// where the running total left the range for good, which depends on what came before. So
  /// when both totals hold amounts and the sum ends out of range, the result is not the one of
  /// adding one by one.
  ///
  /// - Returns: `false` when the result may differ from adding the amounts one by one.
  package mutating func append(_ later: RunningTotal) -> Bool {
    guard later.count > 0 else { return true }
    guard count > 0 else {
      self = later
      return true
    }
    count += later.count
    wide.add(later.wide)
    return wide.money != nil
  }

  /// The sum, or `nil` when it does not fit in ``Money``.
  package var sum: Money? { wide.money }

  /// The issue of a total that does not fit, located at the record from which it stayed out of
  /// range.
  ///
  /// - Returns: The issue, or `nil` when the total fits.
  package func overflowIssue() -> RecordIssue? {
    guard wide.money == nil, let culprit = leftRangeAt else { return nil }
    return RecordIssue(
      source: culprit.origin?.source ?? culprit.source,
      position: culprit.origin?.amount,
      field: .amount,
      problem: .totalOverflow(total, amount: culprit.transaction.amount),
      recordStart: culprit.origin?.start
    )
  }
}

/// A signed 128-bit sum of 64-bit values: wide enough that no realistic count of additions
/// overflows it (it would take more than 2^63 of them).
package struct WideSum {
  private var high: Int64 = 0
  private var low: UInt64 = 0

  package mutating func add(_ other: WideSum) {
    let (newLow, carry) = low.addingReportingOverflow(other.low)
    high = high &+ other.high &+ (carry ? 1 : 0)
    low = newLow
  }

  package mutating func add(_ value: Int64) {
    let (newLow, carry) = low.addingReportingOverflow(UInt64(bitPattern: value))
    high = high &+ (value < 0 ? -1 : 0) &+ (carry ? 1 : 0)
    low = newLow
  }

  /// The sum as `Money`, or `nil` when it is outside `Money`'s range.
  package var money: Money? {
    let value = Int64(bitPattern: low)
    let fits = (high == 0 && value >= 0) || (high == -1 && value < 0)
    return fits ? Money(minorUnits: value) : nil
  }
}
