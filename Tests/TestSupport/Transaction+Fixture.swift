import Entities

extension Transaction {
  /// A transaction built from short literals, with defaults for every field a test does not
  /// care about.
  ///
  /// - Parameters:
  ///   - group: The group; authorized by default.
  ///   - date: The date as `YYYY-MM-DD`.
  ///   - description: The description.
  ///   - amount: The unsigned amount as a decimal literal, such as `3.11`.
  ///   - debit: Debit (positive, the default) or credit (negative).
  /// - Returns: The transaction.
  /// - Throws: ``FixtureError`` when the date or the amount literal is invalid.
  public static func fixture(
    group: TransactionGroup = .authorized,
    date: String = "2016-04-01",
    description: String = "Starbucks",
    amount: String = "3.11",
    debit: DebitCredit = .debit
  ) throws -> Transaction {
    guard !amount.hasPrefix("-") else {
      throw FixtureError("\"\(amount)\": a transaction's amount is unsigned; pass debit: .credit instead")
    }
    return Transaction(
      group: group,
      date: try CalendarDate.fixture(date),
      description: description,
      amount: try Money.fixture(amount),
      debitCredit: debit
    )
  }
}
