/// One credit-card transaction, as the report shows it.
public struct Transaction: Hashable, Sendable {
  /// The group the transaction belongs to.
  public var group: TransactionGroup
  /// The calendar date of the transaction.
  public var date: CalendarDate
  /// The merchant or other description, any text (it may be empty).
  public var description: String
  /// The unsigned amount, as the record states it.
  public var amount: Money
  /// Whether the amount is a debit or a credit.
  public var debitCredit: DebitCredit

  /// Creates a transaction.
  ///
  /// - Parameters:
  ///   - group: The group the transaction belongs to.
  ///   - date: The calendar date of the transaction.
  ///   - description: The description.
  ///   - amount: The amount as the record states it, normally not negative.
  ///   - debitCredit: Whether the amount is a debit or a credit.
  public init(
    group: TransactionGroup,
    date: CalendarDate,
    description: String,
    amount: Money,
    debitCredit: DebitCredit
  ) {
    self.group = group
    self.date = date
    self.description = description
    self.amount = amount
    self.debitCredit = debitCredit
  }

  /// The amount with the sign the report uses: positive for a debit, negative for a credit.
  public var signedAmount: Money {
    debitCredit == .debit ? amount : amount.negated
  }
}
