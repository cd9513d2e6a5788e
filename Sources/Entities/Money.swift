/// An exact amount of money, counted in minor units (cents).
///
/// `Money` never uses binary floating point: it stores a whole number of cents, and every
/// operation that could leave its range reports an overflow instead of wrapping or trapping.
/// The range is symmetric, `-Money.maximum ... Money.maximum`, so negating never overflows.
public struct Money: Hashable, Comparable, Sendable {
  /// The amount in minor units (cents): `311` is 3.11.
  public let minorUnits: Int64

  /// The largest amount a `Money` can hold: 92233720368547758.07.
  public static let maximum = Money(uncheckedMinorUnits: Int64.max)

  /// No money at all.
  public static let zero = Money(uncheckedMinorUnits: 0)

  /// Creates an amount from a number of minor units.
  ///
  /// - Parameter minorUnits: The amount in cents. `Int64.min` has no positive counterpart,
  ///   so it is outside the range and gives `nil`.
  public init?(minorUnits: Int64) {
    guard minorUnits != Int64.min else { return nil }
    self.minorUnits = minorUnits
  }

  private init(uncheckedMinorUnits: Int64) {
    self.minorUnits = uncheckedMinorUnits
  }

  /// The same amount with the opposite sign; always representable.
  public var negated: Money { Money(uncheckedMinorUnits: -minorUnits) }

  /// Whether the amount is below zero.
  public var isNegative: Bool { minorUnits < 0 }

  /// Adds two amounts exactly.
  ///
  /// - Parameter other: The amount to add.
  /// - Returns: The exact sum.
  /// - Throws: ``MoneyOverflow`` when the sum is outside the range of `Money`.
  public func adding(_ other: Money) throws(MoneyOverflow) -> Money {
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    guard !overflow, let result = Money(minorUnits: sum) else { throw MoneyOverflow() }
    return result
  }

  /// The exact sum of amounts, whatever their order: only a total outside the range of `Money`
  /// is an overflow, not a sum on the way to it (a large debit before the credit that brings
  /// the total back into range).
  ///
  /// - Parameter amounts: The amounts.
  /// - Returns: Their sum; zero when there are none.
  /// - Throws: ``MoneyOverflow`` when the sum is outside the range of `Money`.
  public static func sum(_ amounts: some Sequence<Money>) throws(MoneyOverflow) -> Money {
    // 128 bits hold the sum of more amounts than a machine can count.
    var sum: Int128 = 0
    for amount in amounts { sum += Int128(amount.minorUnits) }
    guard let minorUnits = Int64(exactly: sum), let total = Money(minorUnits: minorUnits) else {
      throw MoneyOverflow()
    }
    return total
  }

  /// Orders amounts by value.
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}

/// The error thrown when a sum of money does not fit in ``Money``.
public struct MoneyOverflow: Error, Equatable, Sendable {
  /// Creates the error.
  public init() {}
}
