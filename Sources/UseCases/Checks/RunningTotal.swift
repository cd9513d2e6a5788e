import Entities

/// An exact running total whose result does not depend on the order of the additions.
///
/// The sum is kept in 128 bits, so no number of `Money` amounts can overflow it; only the
/// final total must fit in ``Money``. The survey adds amounts in input order and the report in
/// report order: both get the same answer, and an input that a survey accepts never overflows
/// while its rows are being presented. When the final total does not fit, the issue points at
/// the record from which the running total stayed out of range.
package struct RunningTotal {
  private var wide: Int128 = 0
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
    let before = wide
    count += 1
    wide += Int128(transaction.signedAmount.minorUnits)
    if Self.fits(before) && !Self.fits(wide) { noteLeftRange(transaction, origin: origin, source: source) }
  }

  /// Keeps the record at which the total left `Money`'s range: apart, so that the add of every
  /// other record (each record's, twice) does not ready the record's parts for it.
  @inline(never)
  private mutating func noteLeftRange(_ transaction: Transaction, origin: RecordOrigin?, source: String) {
    leftRangeAt = (transaction, origin, source)
  }

  /// Whether a sum is a `Money` amount: in `Int64`'s range, but for `Int64.min`
  /// (`Money(minorUnits:)`).
  @inline(__always)
  private static func fits(_ value: Int128) -> Bool {
    value > Int128(Int64.min) && value <= Int128(Int64.max)
  }

  /// Adds an amount that has no record behind it, such as a group total.
  package mutating func add(_ amount: Money) {
    count += 1
    wide += Int128(amount.minorUnits)
  }

  /// Adds the amounts of a total summed after this one, as if they had been added here: exact
  /// whatever the order, but for the record an out-of-range issue names.
  ///
  /// - Returns: `false` when both hold amounts and the sum ends out of range: the issue may then
  ///   differ from adding the amounts one by one.
  package mutating func append(_ later: RunningTotal) -> Bool {
    guard later.count > 0 else { return true }
    guard count > 0 else {
      self = later
      return true
    }
    count += later.count
    wide += later.wide
    return sum != nil
  }

  /// The sum, or `nil` when it does not fit in ``Money``.
  package var sum: Money? { Self.fits(wide) ? Money(minorUnits: Int64(wide)) : nil }

  /// The issue of a total that does not fit, located at the record from which it stayed out of
  /// range.
  ///
  /// - Returns: The issue, or `nil` when the total fits.
  package func overflowIssue() -> RecordIssue? {
    guard sum == nil, let culprit = leftRangeAt else { return nil }
    return RecordIssue(
      source: culprit.origin?.source ?? culprit.source,
      position: culprit.origin?.amount,
      field: .amount,
      problem: .totalOverflow(total, amount: culprit.transaction.amount),
      recordStart: culprit.origin?.start
    )
  }
}
