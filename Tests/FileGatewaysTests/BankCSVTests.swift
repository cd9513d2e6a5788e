import BankReading
import Entities
import FileGateways
import Presenters
import TestSupport
import Testing
import UseCases

/// CSV files as banks export them: column names and their synonyms, delimiters, signed and
/// split amounts, date layouts and decimal marks told from the file, and the options that say
/// what a file does not.
@Suite struct BankCSVTests {
  private func read(_ text: String, options: ReadingOptions = ReadingOptions(debitsNegative: true))
    async throws -> [ReadRecord]
  {
    try await readAll(
      BytesTransactionSource(name: "bank.csv", bytes: Array(text.utf8), format: .csv, options: options))
  }

  @Test("Date,Description,Amount: signed amounts, a negative one a debit, every record Posted")
  func signedAmounts() async throws {
    let records = try await read(
      "Date,Description,Amount\n03/15/2024,Coffee,-4.75\n03/16/2024,\"Grocery, Inc.\",\"-1,234.50\"\n03/20/2024,Payment,500.00\n"
    )

    #expect(
      records.map(\.transaction) == [
        try transaction(.posted, "2024-03-15", "Coffee", "4.75", .debit),
        try transaction(.posted, "2024-03-16", "Grocery, Inc.", "1234.50", .debit),
        try transaction(.posted, "2024-03-20", "Payment", "500.00", .credit),
      ])
  }

  @Test(
    "Header names are matched in any case, with spaces, notes and synonyms",
    arguments: [
      "Transaction Date,Payee,Amount", "POSTING DATE,Merchant,Transaction Amount",
      "booking_date,Memo,Amount (USD)",
      "Posted Date,Name,amount", "  Date , Details , Amount ",
    ])
  func synonyms(header: String) async throws {
    let records = try await read(header + "\n2024-03-15,Coffee,-4.75\n")

    #expect(records.map(\.transaction) == [try transaction(.posted, "2024-03-15", "Coffee", "4.75", .debit)])
  }

  @Test("Of two date columns, the transaction date is taken before the posting date, whatever their order")
  func firstSynonymWins() async throws {
    let records = try await read(
      "Post Date,Transaction Date,Description,Category,Type,Amount,Memo\n03/17/2024,03/15/2024,STARBUCKS,Food,Sale,-4.75,\n"
    )

    #expect(
      records.map(\.transaction) == [try transaction(.posted, "2024-03-15", "STARBUCKS", "4.75", .debit)])
  }

  @Test("The native header capitalised is read, with its codes in any case")
  func capitalisedNativeHeader() async throws {
    let records = try await read(
      "Group,Date,Description,Amount,Debit\na,2016-04-01,Coffee,3.11,d\nP,2016-04-02,Pay,400,Cr\n")

    #expect(
      records.map(\.transaction) == [
        try transaction(.authorized, "2016-04-01", "Coffee", "3.11", .debit),
        try transaction(.posted, "2016-04-02", "Pay", "400.00", .credit),
      ])
  }

  @Test("A semicolon file with a decimal comma and DD.MM.YYYY dates is told from its rows")
  func europeanFile() async throws {
    let records = try await read(
      "Datum;Text;Betrag\n15.03.2024;Bäckerei;-4,75\n16.03.2024;Miete;-1.234,00\n",
      options: ReadingOptions(
        columns: [.date: "Datum", .description: "Text", .amount: "Betrag"], debitsNegative: true))

    #expect(
      records.map(\.transaction) == [
        try transaction(.posted, "2024-03-15", "Bäckerei", "4.75", .debit),
        try transaction(.posted, "2024-03-16", "Miete", "1234.00", .debit),
      ])
  }

  @Test("A tab-separated file is read")
  func tabs() async throws {
    let records = try await read("Date\tDescription\tAmount\n20240315\tCoffee\t-4.75\n")

    #expect(records.map(\.transaction) == [try transaction(.posted, "2024-03-15", "Coffee", "4.75", .debit)])
  }

  @Test("Debit and credit columns give the sign; 0.00 in the other column counts as empty")
  func debitAndCreditColumns() async throws {
    let records = try await read(
      "Date,Description,Debit,Credit\n2024-03-15,Coffee,4.75,\n2024-03-16,Payment,0.00,500.00\n2024-03-17,Refund,,\"$12.00\"\n"
    )

    #expect(
      records.map(\.transaction) == [
        try transaction(.posted, "2024-03-15", "Coffee", "4.75", .debit),
        try transaction(.posted, "2024-03-16", "Payment", "500.00", .credit),
        try transaction(.posted, "2024-03-17", "Refund", "12.00", .credit),
      ])
  }

  @Test("A row with an amount in both columns, or in neither, is an issue located in the row")
  func debitAndCreditBothOrNeither() async throws {
    let records = try await read(
      "Date,Description,Debit,Credit\n2024-03-15,Both,4.75,1.00\n2024-03-16,Neither,,\n")

    #expect(records.map(\.issue?.readingProblem) == [.bothDebitAndCredit, .neitherDebitNorCredit])
    #expect(records.map(\.issue?.position) == [at(2, 22), at(3, 1)])
    #expect(records[0].issue?.value == "1.00")
  }

  @Test("Dates that fit two layouts in every row are one issue at the first, naming both, and the end")
  func ambiguousDates() async throws {
    let records = try await read("Date,Description,Amount\n03/04/2024,a,-1\n05/06/2024,b,-2\n")

    try #require(records.count == 1)
    let issue = try #require(records[0].issue)
    #expect(issue.readingProblem == .syntax(.asks(.datesFitLayouts([.monthDayYear, .dayMonthYear]))))
    #expect(issue.position == at(2, 1))
    #expect(issue.field == .date)
    #expect(issue.value == "03/04/2024")
    #expect(issue.hintText == "say which with --date-format MM/DD/YYYY or --date-format DD/MM/YYYY")
  }

  @Test("One day past the twelfth settles the layout for every row, before and after it")
  func laterRowSettlesTheLayout() async throws {
    let records = try await read("Date,Description,Amount\n03/04/2024,a,-1\n13/04/2024,b,-2\n")

    #expect(
      records.map(\.transaction?.date) == [
        try CalendarDate(year: 2024, month: 4, day: 3), try CalendarDate(year: 2024, month: 4, day: 13),
      ])
  }

  @Test("The date layout given is used, and a date not in it is an issue at the date naming the layout")
  func givenLayout() async throws {
    let records = try await read(
      "Date,Description,Amount\n03/04/2024,a,-1\n2024-04-05,b,-2\n",
      options: ReadingOptions(dateLayout: .monthDayYear, debitsNegative: true))

    #expect(records[0].transaction?.date == (try CalendarDate(year: 2024, month: 3, day: 4)))
    let issue = try #require(records[1].issue)
    #expect(issue.readingProblem == .badDate(.notInLayout(.monthDayYear)))
    #expect(issue.position == at(3, 1))
    #expect(issue.problemText == "not a date in the form MM/DD/YYYY")
  }

  @Test("An amount that fits only the other decimal mark says which option reads it")
  func otherDecimalMark() async throws {
    let records = try await read("Date,Description,Amount\n2024-03-15,a,-1.5\n2024-03-16,b,\"1.234\"\n")

    let issue = try #require(records[1].issue)
    #expect(issue.readingProblem == .badWrittenAmount(.tooManyFractionDigits, .point))
    #expect(issue.position == at(3, 14))
    #expect(
      issue.hintText
        == "write an amount such as 1,234.56, -12.00 or (12.00); if the file writes amounts as 1.234,56, read it with --decimal-comma"
    )
  }

  @Test(
    "With a code column, signed amounts are read when their signs agree with the codes; a row that disagrees is an error"
  )
  func signWithCode() async throws {
    let records = try await read(
      "Date,Description,Amount,Debit\n2024-03-15,a,-1.00,D\n2024-03-16,b,2.00,C\n2024-03-17,c,3.00,D\n")

    #expect(records.compactMap(\.transaction).map(\.debitCredit) == [.debit, .credit])
    #expect(
      records.compactMap(\.issue?.readingProblem) == [.signDisagrees(with: "D", column: "Debit", debit: true)]
    )
    #expect(records.compactMap(\.issue).first?.position == at(4, 14))
  }

  @Test("Records take the source's group; positive amounts are debits when the options say so")
  func groupAndSignFromOptions() async throws {
    let records = try await read(
      "Date,Description,Amount\n2024-03-15,Sale,4.75\n2024-03-16,Payment,-500\n",
      options: ReadingOptions(debitsPositive: true, group: .authorized))

    #expect(
      records.map(\.transaction) == [
        try transaction(.authorized, "2024-03-15", "Sale", "4.75", .debit),
        try transaction(.authorized, "2024-03-16", "Payment", "500.00", .credit),
      ])
  }

  @Test("A column the options name that the header lacks is one issue at the header, with the name")
  func namedColumnMissing() async throws {
    let records = try await read(
      "Date,Description,Amount\n2024-03-15,a,-1\n", options: ReadingOptions(columns: [.amount: "Betrag"]))

    try #require(records.count == 1)
    #expect(records[0].issue?.readingProblem == .syntax(.namedColumnNotFound(.amount)))
    #expect(records[0].issue?.value == "Betrag")
    #expect(records[0].issue?.position == at(1, 1))
  }

  @Test(
    "Two columns that may hold the amount are one issue at the second, whose hint names --columns amount=NAME (issue 39)",
    arguments: [
      ("Date,Description,Amount,Amount\n2024-03-15,a,-1,-2\n", at(1, 25), "Amount, Amount"),
      ("Date,Description,Betrag,Amount\n2024-03-15,a,-1,-2\n", at(1, 25), "Betrag, Amount"),
      (
        "Account statement\nDate,Amount (EUR),Description,Amount (USD)\n2024-03-15,-1,a,-2\n", at(2, 31),
        "Amount (EUR), Amount (USD)"
      ),
    ])
  func twoAmountColumns(text: String, position: TextPosition, names: String) async throws {
    // A title line before the header is noted as skipped, before the header's issue.
    let records = try await read(text).filter { if case .note = $0 { false } else { true } }

    try #require(records.count == 1)
    let issue = try #require(records[0].issue)
    guard case .syntax(.asks(.columnsInDoubt(.amount, let columns)))? = issue.readingProblem else {
      Issue.record("not a question of the amount's column: \(String(describing: issue.readingProblem))")
      return
    }
    #expect(columns.count == 2)
    #expect(issue.position == position)
    #expect(issue.field == .amount)
    #expect(issue.value == names)
    #expect(
      issue.problemText == "the header has 2 columns that may hold the amount, and nothing says which does")
    #expect(issue.hintText?.contains("--columns amount=NAME") == true)
  }

  @Test("--columns says which of two amount columns holds the amount, by its name as the header writes it")
  func twoAmountColumnsNamed() async throws {
    let text = "Date,Description,Amount (EUR),Amount (USD)\n2024-03-15,a,-1.00,-2.00\n"
    for (name, amount) in [("Amount (USD)", "2.00"), ("Amount (EUR)", "1.00"), ("amount (usd)", "1.00")] {
      let records = try await read(
        text, options: ReadingOptions(columns: [.amount: name], debitsNegative: true))
      #expect(
        records.map(\.transaction) == [try transaction(.posted, "2024-03-15", "a", amount, .debit)], "\(name)"
      )
    }
  }

  @Test("A header in a language the synonyms do not know says what is missing and how to name it")
  func noColumns() async throws {
    let records = try await read("İşlem Tarihi;Açıklama;Tutar\n15.03.2024;x;-1\n")

    try #require(records.count == 1)
    let issue = try #require(records[0].issue)
    #expect(issue.problemText == "the header has no column for the date, description and amount")
    #expect(issue.value == "İşlem Tarihi;Açıklama;Tutar")
    #expect(issue.hintText?.contains("--columns date=NAME,description=NAME,amount=NAME") == true)
  }

  @Test("A bank's column name is not taken for a mistyped native one: the bank's error, not a typo hint")
  func bankNameIsNoTypo() async throws {
    let records = try await read("Date,c1,c2\n2024-03-15,x,y\n")

    try #require(records.count == 1)
    #expect(records[0].issue?.readingProblem == .syntax(.noColumnsFor([.description, .amount])))
  }

  @Test("The native header keeps SPEC §7's strict rules: a lower-case code is still refused")
  func nativeStaysStrict() async throws {
    let records = try await read("group,date,description,amount,debit\nA,2016-04-01,x,1.00,d\n")

    #expect(records.map(\.issue?.readingProblem) == [.notADebitCreditCode])
  }

  @Test("The layout is told from the same bytes whatever the chunks: a file and the bytes agree")
  func fileAndBytesAgree() async throws {
    let text =
      "Date,Description,Amount\n" + (1...3000).map { "03/04/2024,row \($0),-1.00\n" }.joined()
      + "13/04/2024,last,-2.00\n"
    let folder = try TemporaryDirectory()
    let path = try folder.file("bank.csv", text: text)
    let options = ReadingOptions(debitsNegative: true)
    let fromFile = try await readAll(FileTransactionSource(path: path, format: .csv, options: options))
    let fromBytes = try await readAll(
      BytesTransactionSource(name: path, bytes: Array(text.utf8), format: .csv, options: options))

    #expect(fromFile == fromBytes)
    #expect(fromFile.count == 3001)
    #expect(fromFile.last?.transaction?.date == (try CalendarDate(year: 2024, month: 4, day: 13)))
  }
}
