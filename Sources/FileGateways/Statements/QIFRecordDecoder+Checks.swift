import BankFormats
import BankReading
import Entities
import UseCases

/// What a QIF record proves of itself beyond its values (issue 48: prove it or ask): its amount,
/// written twice (`T` and `U`) and split (`$` lines), must agree with itself; and an account's
/// opening balance is no transaction.
extension QIFRecordDecoder {
  /// A record as read: its raw record (whose amount is its `T`, or without it its `U`), and the
  /// lines its checks need.
  struct Record {
    /// The record the validator reads.
    var raw: RawRecord
    /// Its payee (`P`), the first one.
    var payee: RawValue?
    /// Its category (`L`: a category, or `[Savings]`, a transfer's account), the first one.
    var category: RawValue?
    /// Its `T` amount, the first one.
    var total: RawValue?
    /// Its `U` amount, the first one: the same amount, which Quicken 2005 writes besides `T`.
    var other: RawValue?
    /// The amounts of its splits (`$`), in order.
    var splits: [RawValue] = []
  }

  /// The record with its amount decided and checked, and any disagreement noted as its issue.
  ///
  /// - **`T` and `U`.** Quicken writes a transaction's amount in both (GnuCash's QIF reader:
  ///   "U: total amount (handle larger amount than T; present in Quicken 2005 exports)"). The
  ///   same amount, in any of the ways an amount is written (`-1,000.00` and `-1000.00`), is
  ///   read once, from `T`. A `T` that is `U` cut to 32 bits (a whole number of cents wrapped
  ///   around as a signed 32-bit integer: `T-21449672.96` for `U21,500,000.00`, GnuCash's bug
  ///   798085) proves `U`, which is read. Any other disagreement is an issue at `U`: nothing
  ///   says which is right. An amount that does not read is left to the validator, which
  ///   names `T`'s problem; `U` then is not compared.
  /// - **Splits.** A record with splits (`$` lines) is one transaction whose amount is shared
  ///   among categories: the splits add up to its amount, which alone is read (they are never
  ///   added to it). When every split reads and their sum is not the amount, the record is an
  ///   issue at its first split.
  ///
  /// - Parameters:
  ///   - record: The record as read.
  ///   - decimalMark: The file's decimal mark.
  /// - Returns: The record for the validator.
  mutating func checked(_ record: Record, decimalMark: DecimalMark) -> RawRecord {
    var raw = record.raw
    let signed = { (value: RawValue) in Self.signedAmount(value.text, decimalMark: decimalMark) }
    if let total = record.total, let other = record.other, let t = signed(total), let u = signed(other) {
      if t == u {
        amountChecks.agreed += 1
      } else if Int64(Int32(truncatingIfNeeded: u.minorUnits)) == t.minorUnits {
        amountChecks.wrapped += 1
        raw.amount = other
      } else {
        raw.note(
          RawProblem(
            position: other.position, field: .amount,
            problem: .amountsDisagree(total: total.text, at: total.position),
            value: other.text))
        return raw
      }
    }
    guard let first = record.splits.first, let amountValue = raw.amount, let amount = signed(amountValue)
    else {
      return raw
    }
    let parts = record.splits.compactMap(signed)
    guard parts.count == record.splits.count, let sum = try? Money.sum(parts) else { return raw }
    guard sum != amount else {
      amountChecks.splitsAgreed += 1
      return raw
    }
    raw.note(
      RawProblem(
        position: first.position, field: .amount,
        problem: .splitsDisagree(sum: sum, amount: amountValue.text, at: amountValue.position), value: nil))
    return raw
  }

  /// An amount as a bank writes it, with its sign, or `nil` when it does not read.
  private static func signedAmount(_ text: String, decimalMark: DecimalMark) -> Money? {
    guard let written = try? WrittenAmount(parsing: text, decimalMark: decimalMark) else { return nil }
    return written.isNegative ? written.magnitude.negated : written.magnitude
  }

  /// Whether a record is its account's opening balance, which Quicken writes as the account's
  /// first record, a transfer from the account to itself (GnuCash's QIF reader,
  /// `qif-file:process-opening-balance-xtn`: "If the first transaction after a !Type: tag has a
  /// payee of 'Opening Balance' … ms-money and some others use this transaction instead of an
  /// Account record to specify 'this' account … If we DO know the account already, and this is
  /// a transfer to it, it's also an opening balance regardless of the payee").
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - accountName: Its account's name (`!Account`'s `N`), if the file names it so.
  ///   - isFirst: Whether it is its account's first record.
  /// - Returns: `true` for the account's first record whose category is a transfer (`[X]`) to
  ///   the account itself: `X` its name; or, for an account without a name, any `X` with the
  ///   payee `Opening Balance` (in any case), which is all the file says of it.
  static func isOpeningBalance(_ record: Record, accountName: String?, isFirst: Bool) -> Bool {
    guard isFirst, let category = record.category, let account = transferAccount(in: category.text) else {
      return false
    }
    if let accountName { return account == accountName.trimmingSpaces }
    return record.payee.map { $0.text.trimmingSpaces.lowercased() == "opening balance" } ?? false
  }

  /// The account a category transfers to: `[Savings]` or `[Savings]/Class` is `Savings`; `nil`
  /// for a category that is no transfer.
  static func transferAccount(in category: String) -> String? {
    let text = category.trimmingSpaces
    guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
    let rest = text[text.index(after: close)...]
    guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
    return String(text[text.index(after: text.startIndex)..<close].trimmingSpaces)
  }

  /// What the checks of a file's amounts found, for what a reading explains.
  struct AmountChecks {
    /// Records whose `T` and `U` are the same amount.
    var agreed = 0
    /// Records whose `T` is their `U` cut to 32 bits, read from `U`.
    var wrapped = 0
    /// Records whose splits add up to their amount.
    var splitsAgreed = 0

    /// The decision of how a record's amount is read.
    var amountsDecision: ReadingDecision {
      ReadingDecision(
        "amounts",
        "T, or U without it"
          + (agreed > 0 ? "; T and U agree in \(agreed) record\(agreed == 1 ? "" : "s")" : "")
          + (wrapped > 0 ? "; U read in \(wrapped) whose T is U cut to 32 bits" : ""),
        Evidence(
          .format,
          "Quicken writes one amount in T and U (U holds larger ones, where its 2005 version cut T to 32 bits);"
            + " any other disagreement is an error"))
    }

    /// The decision of how splits are read.
    var splitsDecision: ReadingDecision {
      ReadingDecision(
        "splits",
        splitsAgreed > 0
          ? "\(splitsAgreed) record\(splitsAgreed == 1 ? "'s" : "s'") splits add up to the amount"
          : "none checked",
        Evidence(
          .format,
          "a record's splits ($ lines) share its amount among categories and must add up to it; the amount alone is read"
        ))
    }
  }
}
