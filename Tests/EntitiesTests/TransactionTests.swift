import Entities
import Testing

@Suite struct TransactionTests {
  private func transaction(cents: Int64, _ debitCredit: DebitCredit) throws -> Transaction {
    Transaction(
      group: .posted,
      date: try CalendarDate(year: 2016, month: 4, day: 1),
      description: "Payment",
      amount: try #require(Money(minorUnits: cents)),
      debitCredit: debitCredit
    )
  }

  @Test(
    "A debit counts as positive and a credit as negative; a zero credit is zero, not negative",
    arguments: [
      (40_000, .debit, 40_000),
      (40_000, .credit, -40_000),
      (311, .debit, 311),
      (0, .credit, 0),
      (0, .debit, 0),
      (Int64.max, .credit, -Int64.max),
    ] as [(Int64, DebitCredit, Int64)])
  func signedAmount(cents: Int64, debitCredit: DebitCredit, signed: Int64) throws {
    let value = try transaction(cents: cents, debitCredit)
    #expect(value.signedAmount.minorUnits == signed)
    #expect(value.amount.minorUnits == cents)
  }

  @Test("A transaction keeps every field it was given")
  func fields() throws {
    let value = try transaction(cents: 311, .debit)
    #expect(value.group == .posted)
    #expect(value.date == (try CalendarDate(year: 2016, month: 4, day: 1)))
    #expect(value.description == "Payment")
    #expect(value.debitCredit == .debit)
  }
}
