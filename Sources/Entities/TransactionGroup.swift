/// The two kinds of credit-card transaction, in the order the report shows them.
///
/// Authorized transactions are recent and not yet due; posted transactions are due for
/// payment. `allCases` and `<` both follow report order: authorized first.
public enum TransactionGroup: String, CaseIterable, Comparable, Sendable {
  /// Recent transactions, not yet due. Code `A`.
  case authorized = "A"
  /// Transactions due for payment. Code `P`.
  case posted = "P"

  /// The one-letter code that records carry: `A` or `P`.
  public var code: String { rawValue }

  /// Orders groups as the report shows them: authorized before posted.
  public static func < (lhs: TransactionGroup, rhs: TransactionGroup) -> Bool {
    lhs == .authorized && rhs == .posted
  }
}
