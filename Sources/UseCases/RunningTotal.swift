import Entities

/// An exact running total that names the record at which it would overflow.
struct RunningTotal {
  private(set) var value = Money.zero
  private(set) var hasOverflowed = false
  let label: String

  init(label: String) {
    self.label = label
  }

  /// Adds a transaction's signed amount, or returns the issue that the overflow is.
  ///
  /// After the first overflow the total stops counting, so one overflow is one issue.
  mutating func add(_ transaction: Transaction, origin: RecordOrigin?, source: String) -> RecordIssue? {
    guard !hasOverflowed else { return nil }
    do {
      value = try value.adding(transaction.signedAmount)
      return nil
    } catch {
      hasOverflowed = true
      return RecordIssue(
        source: origin?.source ?? source,
        position: origin?.amount,
        field: .amount,
        problem:
          "the \(label) total would overflow (it cannot exceed 92233720368547758.07 in either direction)",
        value: Self.text(of: transaction),
        hint: "check this amount; a total this large is almost certainly a data error"
      )
    }
  }

  private static func text(of transaction: Transaction) -> String {
    let cents = transaction.amount.minorUnits.magnitude
    let fraction = cents % 100
    return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
