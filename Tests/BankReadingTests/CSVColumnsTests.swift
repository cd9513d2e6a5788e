import BankReading
import Testing

/// Which column holds which role: proved by a header's names or by the options, each with its
/// evidence; never the first of two candidates, never one column for two roles.
@Suite struct CSVColumnsTests {
  @Test("Each role's column is proved by its name, and says so")
  func byNames() throws {
    let columns = try CSVColumns.of(
      ["Buchungstag", "Verwendungszweck", "Betrag (EUR)", "Saldo"], options: .standard
    )
    .get()

    #expect(columns[.date] == 0)
    #expect(columns[.description] == 1)
    #expect(columns[.amount] == 2)
    #expect(columns[.balance] == 3)
    #expect(columns.roles[.date]?.evidence == Evidence(.header, "\"Buchungstag\" is a name for the date"))
    #expect(columns.roles[.balance]?.evidence.kind == .header)
  }

  @Test("Of two date columns, the one ranked first wins, and the evidence names the other")
  func ranked() throws {
    let columns = try CSVColumns.of(
      ["Post Date", "Transaction Date", "Description", "Amount"], options: .standard
    )
    .get()

    #expect(columns[.date] == 1)
    #expect(
      columns.roles[.date]?.evidence.words
        == "\"Transaction Date\" is a name for the date, ranked before \"Post Date\"")
  }

  @Test("An execution date ranks before a value date, as a Belgian bank's own importer reads it")
  func executionDate() throws {
    let columns = try CSVColumns.of(
      ["Valutadatum", "Uitvoeringsdatum", "Omschrijving", "Bedrag"], options: .standard
    )
    .get()

    #expect(columns[.date] == 1)
  }

  @Test(
    "Two columns that may hold the amount are left to the rows to prove, or asked; two that may be the balance are neither checked"
  )
  func inDoubt() throws {
    let amounts = try CSVColumns.of(["Date", "Description", "Amount", "Betrag"], options: .standard).get()
    let balances = try CSVColumns.of(
      ["Date", "Description", "Amount", "Balance", "Saldo"], options: .standard
    ).get()

    #expect(amounts.amountInDoubt == [2, 3])
    #expect(amounts[.amount] == nil)
    #expect(balances[.balance] == nil)
    #expect(balances[.amount] == 2)
  }

  @Test(
    "One column the options name for two roles is refused, whatever the order of the roles",
    arguments: [
      (["1", "2", "3", "4", "5"], [CSVColumnRole.debit: "2", .credit: "2", .date: "1", .description: "5"]),
      (["Date", "Amount", "Text"], [.description: "Amount", .amount: "Amount"]),
      (["Date", "Amount", "Text"], [.amount: "Amount", .balance: "amount"]),
    ])
  func oneColumnForTwoRoles(names: [String], columns: [CSVColumnRole: String]) {
    let found = CSVColumns.of(names, options: ReadingOptions(columns: columns))

    guard case .failure(.oneColumnForRoles(let roles, _)) = found else {
      Issue.record("not refused: \(found)")
      return
    }
    #expect(roles.count == 2)
  }

  @Test("An empty name says the file has none of an optional role: no balance is taken")
  func absent() throws {
    let columns = try CSVColumns.of(
      ["Date", "Description", "Amount", "Balance"], options: ReadingOptions(columns: [.balance: ""])
    ).get()

    #expect(columns[.balance] == nil)
    #expect(columns[.amount] == 2)
  }

  @Test("A header without a date, a description or an amount says which are missing")
  func missing() {
    #expect(
      CSVColumns.of(["When", "What", "Amount"], options: .standard).failure
        == .noColumnsFor([.date, .description]))
  }
}

extension Result {
  /// The error, or `nil` on success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
