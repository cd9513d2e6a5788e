/// Whether a transaction takes money from the account holder or gives it back.
///
/// A debit (`D`), such as a purchase, counts as a positive amount; a credit (`C`), such as a
/// payment, counts as a negative one.
public enum DebitCredit: String, CaseIterable, Sendable {
  /// A charge to the account, code `D`; adds to the total.
  case debit = "D"
  /// A payment or refund, code `C`; subtracts from the total.
  case credit = "C"

  /// The one-letter code that records carry: `D` or `C`.
  public var code: String { rawValue }
}
