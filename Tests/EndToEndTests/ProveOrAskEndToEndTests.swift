import Foundation
import TestSupport
import Testing

/// Issue 48's findings in banks' CSV exports, each from its reproducer, through the built binary:
/// each printed a wrong report with exit status 0 before the reader proved what it decides, or
/// asked. The totals expected here were worked out by hand from the rows, independently of the
/// reader.
@Suite(.timeLimit(.minutes(2))) struct ProveOrAskEndToEndTests {
  private typealias TX = TXReportProcess

  /// A run: its exit status, standard error, and the grand total of its JSON report (when it
  /// made one).
  struct Outcome {
    var status: Int32
    var errors: String
    var total: String?
    var details: [String]
  }

  private func run(_ text: String, _ options: [String] = [], name: String = "bank.csv") throws -> Outcome {
    let folder = try TemporaryDirectory("txreport-prove")
    let path = try folder.file(name, text: text)
    let result = try TX.run(["--all", path, "--format", "json"] + options)
    var total: String?
    var details: [String] = []
    if result.status == 0,
      let rows = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
    {
      for row in rows {
        if row["type"] as? String == "grandfooter" { total = row["total"] as? String }
        if row["type"] as? String == "detail", let description = row["description"] as? String,
          let amount = row["amount"] as? String
        {
          details.append("\(description) \(amount)")
        }
      }
    }
    return Outcome(
      status: result.status, errors: result.standardError.replacingOccurrences(of: path, with: name),
      total: total,
      details: details)
  }

  // MARK: 1. Signs

  @Test(
    "Signs of a small card export are asked, two positive and one negative or one alone; the answer reads it right"
  )
  func smallCardExports() throws {
    let card =
      "Date,Description,Amount\n2024-03-01,Coffee,14.25\n2024-03-02,Books,35.00\n2024-03-05,Payment,-300.00\n"
    let one = "Date,Description,Amount\n2024-03-01,Coffee shop,4.50\n"

    let asked = try run(card)
    let answered = try run(card, ["--debits-positive"])
    let alone = try run(one)

    #expect(asked.status == 65)
    #expect(asked.errors.hasPrefix("bank.csv:2:19: error: amount: 2 of the 3 amounts read are positive"))
    #expect(answered.total == "-250.75")
    #expect(alone.status == 65)
    #expect(alone.errors.contains("--debits-negative"))
  }

  // MARK: 2. Dates

  @Test(
    "Dates two layouts fit are asked: month first with dashes, a year first, day and month with dots",
    arguments: [
      ("03-04-24\n03-07-24\n03-11-24", "--date-format MM-DD-YY"),
      ("24-03-15\n24-03-16", "--date-format YY-MM-DD"),
      ("03.04.2024\n05.04.2024", "--date-format MM.DD.YYYY"),
    ])
  func ambiguousDates(dates: String, option: String) throws {
    let rows = dates.split(separator: "\n").map { "\($0),Row,-1.00\n" }.joined()

    let outcome = try run("Date,Description,Amount\n" + rows, ["--debits-negative"])
    let answered = try run(
      "Date,Description,Amount\n" + rows,
      ["--debits-negative"] + option.split(separator: " ").map(String.init))

    #expect(outcome.status == 65)
    #expect(outcome.errors.hasPrefix("bank.csv:2:1: error: date: every date read fits "))
    #expect(outcome.errors.contains(option))
    #expect(answered.status == 0, "\(answered.errors)")
  }

  @Test("--month 2024-03 of US dates written with dashes shows March, once the layout is said")
  func monthOfUSDates() throws {
    let text = "Date,Description,Amount\n03-04-24,a,-1.00\n03-07-24,b,-2.00\n03-11-24,c,-4.00\n"

    let outcome = try run(text, ["--debits-negative", "--date-format", "MM-DD-YY", "--month", "2024-03"])

    #expect(outcome.total == "7.00")
  }

  // MARK: 3. One column for two roles

  @Test("One column named for two roles is a usage error, the same on every run")
  func oneColumnTwoRoles() throws {
    let text =
      "\"08/30/2024\",\"-42.10\",\"*\",\"\",\"TRADER JOE'S\"\n\"08/23/2024\",\"3125.40\",\"*\",\"\",\"PAYROLL\"\n"
    var statuses: Set<Int32> = []
    for _ in 0..<6 {
      let outcome = try run(text, ["--columns", "date=1,description=5,debit=2,credit=2"])
      statuses.insert(outcome.status)
      #expect(outcome.errors.contains("--columns names one column for the debit and the credit"))
    }
    #expect(statuses == [64])
  }

  @Test(
    "A file without a header is never offered one column for two roles, nor a running balance as its amount")
  func headerlessHint() throws {
    let balance =
      "\"08/30/2024\",\"-42.10\",\"1000.00\",\"TRADER JOE'S\"\n\"08/31/2024\",\"-7.90\",\"992.10\",\"COFFEE\"\n"
    let oneRow = "\"08/30/2024\",\"-42.10\",\"1000.00\",\"TRADER JOE'S\"\n"

    let outcome = try run(balance)
    let alone = try run(oneRow)

    #expect(outcome.status == 65)
    #expect(outcome.errors.contains("--columns date=1,description=4,amount=2"))
    // One row cannot tell the amount from the balance: no place is offered for it.
    #expect(alone.errors.contains("--columns date=1,description=N,amount=N"))
  }

  // MARK: 4. Balance labels

  @Test(
    "A transaction whose description starts with a balance's label is read, not dropped as a balance",
    arguments: [
      "Opening Balance Fitness Club", "CLOSING BALANCE SALE - FURNITURE WORLD", "Brought Forward Books",
      "Saldo Final Outlet", "STARTING BALANCE GYM", "Carried forward: Storage Unit 12",
    ])
  func labelPrefixes(description: String) throws {
    let text = "Date,Description,Amount\n2024-01-06,Groceries,-30.00\n2024-01-07,\(description),-45.00\n"

    let outcome = try run(text, ["--debits-negative"])

    #expect(outcome.total == "75.00", "\(outcome.errors)")
  }

  @Test("Balances worded PREVIOUS BALANCE, Balance Forward and Saldovortrag are skipped, and counted")
  func balanceWords() throws {
    let text =
      "Date,Description,Amount\n2024-01-01,PREVIOUS BALANCE,1000.00\n2024-01-01,Balance Forward,1000.00\n"
      + "2024-01-01,Saldovortrag,1000.00\n2024-01-06,Groceries,-30.00\n"

    let outcome = try run(text, ["--debits-negative"])

    #expect(outcome.total == "30.00")
    #expect(outcome.errors.contains("3 balances and totals"))
  }

  @Test(
    "A dated row that says only Total, Summe or Balance is asked unless its amount sums the rows above; the answer reads it"
  )
  func summaryRows() throws {
    // The attack's dbal13 and lbl13-nb: a total that sums nothing, a payee called Balance.
    let total =
      "Date,Description,Amount\n2024-01-02,LIDL DIENSTL,-296.69\n2024-01-12,Waitrose & Partners,-173.07\n"
      + "2024-01-18,Boulangerie Paul,-223.50\n2024-01-20,Salary ACME Ltd,135.36\n2024-01-31,Total,1234.56\n"
    let shop =
      "Date,Description,Amount\n2024-03-05,Costco Whse #0117,-109.79\n2024-03-13,Deutsche Bahn,-40.02\n"
      + "2024-03-13,Balance,-40.85\n2024-03-14,Virement reçu,19.83\n2024-03-20,Carrefour Market,-11.79\n"

    let asked = try run(total, ["--debits-negative"])
    let skipped = try run(total, ["--debits-negative", "--summary-rows", "skip"])
    let shopAsked = try run(shop, ["--debits-negative"])
    let counted = try run(shop, ["--debits-negative", "--summary-rows", "count"])
    let unknown = try run(total, ["--debits-negative", "--summary-rows", "yes"])

    #expect(asked.status == 65)
    #expect(
      asked.errors.hasPrefix("bank.csv:6:12: error: description: a bank writes this word alone on a total"))
    #expect(
      asked.errors.contains(
        "(got \"Total\"); hint: if such rows are the bank's totals or balances, leave them"))
    #expect(asked.errors.contains("--summary-rows skip") && asked.errors.contains("--summary-rows count"))
    #expect(skipped.total == "557.90")
    #expect(shopAsked.status == 65)
    #expect(shopAsked.errors.hasPrefix("bank.csv:4:12: error: description: a bank writes this word alone"))
    #expect(counted.total == "182.62")
    #expect(counted.details.contains("Balance 40.85"))
    #expect(unknown.status == 64)
    #expect(unknown.errors.contains("--summary-rows must be skip or count"))
  }

  // MARK: 5. A thousands separator before an empty last column

  @Test("A row whose amount an unquoted comma cut is refused, never read with its columns shifted")
  func shiftedRow() throws {
    let text =
      "Date,Description,Amount,Balance\n2024-01-04,Coffee,-11.00,1000.00\n2024-01-05,RENT,-2,500.00,\n"

    let outcome = try run(text, ["--debits-negative"])

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.hasPrefix(
        "bank.csv:3:17: error: amount: the amount may be cut in two by a comma that is not in quotes: the field after it is three digits and cents (got \"-2\")"
      ))
  }

  @Test("Empty fields past the header's are dropped when every row has them, and that is said")
  func trailingDelimiters() throws {
    let text = "Date,Description,Amount\n2024-01-04,Coffee,-11.00,\n2024-01-05,Rent,-2500.00,\n"

    let outcome = try run(text, ["--debits-negative", "--explain"])

    #expect(outcome.total == "2511.00")
    #expect(outcome.errors.contains("row ends: 1 empty field past the header's"))
  }

  // MARK: 6. --account

  @Test("--account picks an account column's rows; the others are left out, and a note says so")
  func accountColumn() throws {
    let text =
      "Date,Description,Amount,Account\n2024-03-01,Rent,-200.00,Visa\n2024-03-02,Fuel,-30.00,Checking\n"

    let visa = try run(text, ["--debits-negative", "--account", "Visa"])
    let both = try run(text, ["--debits-negative"])

    #expect(visa.total == "200.00")
    #expect(visa.errors.contains("only Visa is shown, as --account asks"))
    #expect(both.total == "230.00")
    #expect(both.errors.contains("the rows are of 2 accounts"))
  }

  @Test("--account of a native file, which names no account, is refused, not ignored")
  func accountOfNativeFile() throws {
    let text = "group,date,description,amount,debit\nP,2024-03-01,Rent,200.00,D\n"

    let outcome = try run(text, ["--account", "Visa"])

    #expect(outcome.status == 65)
    #expect(outcome.errors.contains("--account \"Visa\" names no account: the file names none"))
  }

  // MARK: 7. Section titles

  @Test(
    "A section title with a colon, a date or another noun puts its rows in Authorized",
    arguments: [
      "PENDING TRANSACTIONS:", "Pending Charges", "Vorgemerkte Umsätze", "Authorizations",
      "Pending Transactions as of 09/15/2024",
    ])
  func sectionTitles(title: String) throws {
    let text =
      "Transaction Date,Description,Amount\n\(title)\n09/14/2024,DOORDASH,-23.40\nPosted Transactions\n"
      + "09/12/2024,COSTCO,-182.37\n"

    let folder = try TemporaryDirectory("txreport-prove")
    let path = try folder.file("card.csv", text: text)
    let result = try TX.run(["--all", path, "--debits-negative", "--format", "transactions"])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"date\":\"2024-09-14\",\"group\":\"A\""))
    #expect(result.standardOutput.contains("\"date\":\"2024-09-12\",\"group\":\"P\""))
  }

  // MARK: The file checks itself

  @Test(
    "A running balance checks the rows, never the signs: an account's balance and a card's debt agree under opposite signs"
  )
  func balanceChecksTheRows() throws {
    let oldest =
      "Date,Description,Amount,Balance\n2024-03-01,Salary,2000.00,2500.00\n2024-03-02,Rent,-950.00,1550.00\n"
    let newest =
      "Date,Description,Amount,Balance\n2024-03-02,Rent,-950.00,1550.00\n2024-03-01,Salary,2000.00,2500.00\n"
    // A card's statement: the balance is what is owed, up with each charge.
    let card =
      "Date,Description,Amount,Balance\n2024-01-02,AMAZON,50.00,1050.00\n2024-01-05,COFFEE,4.50,1054.50\n"
      + "2024-01-10,PAYMENT THANK YOU,-300.00,754.50\n2024-01-12,GROCER,20.00,774.50\n"

    let asked = try run(oldest)
    let read = try run(oldest, ["--debits-negative", "--explain"])
    let newestFirst = try run(newest, ["--debits-negative"])
    let cardAsked = try run(card)
    let cardRead = try run(card, ["--debits-positive", "--explain"])

    #expect(asked.status == 65)
    #expect(asked.errors.contains("nothing in the file says which are charges"))
    #expect(read.total == "-1050.00", "\(read.errors)")
    #expect(read.errors.contains("running balance: checked, oldest row first"))
    #expect(read.errors.contains("as an account's balance (up with credits)"))
    #expect(newestFirst.total == "-1050.00", "\(newestFirst.errors)")
    #expect(cardAsked.status == 65)
    #expect(cardRead.total == "-225.50", "\(cardRead.errors)")
    #expect(cardRead.errors.contains("as what is owed (up with charges)"))
  }

  @Test(
    "A running balance that disagrees is an error at it: a sign flipped in one row, a row dropped, a fee left out",
    arguments: [
      // Rent written positive while the balance drops by it: no reading of the signs makes every row
      // follow; the check goes on as the balance agrees longest, and names the balance that breaks.
      (
        "2024-03-01,Salary,2000.00,2500.00\n2024-03-02,Rent,950.00,1550.00\n2024-03-03,Books,-20.00,1530.00\n",
        ["--debits-negative"], "4:25", "should be 1570.00"
      ),
      // A row between the two is missing: 2500.00 - 950.00 - 30.00 is 1520.00, not 1550.00 - 30.00.
      (
        "2024-03-01,Salary,2000.00,2500.00\n2024-03-03,Fuel,-30.00,1520.00\n2024-03-04,Books,-20.00,1500.00\n",
        [], "3:24", "should be 2470.00"
      ),
      // A fee of 0.42 left the account beside the amount.
      (
        "2024-03-01,Salary,2000.00,2500.00\n2024-03-02,Exchange,-42.18,2457.40\n2024-03-03,Books,-20.00,2437.40\n",
        [], "3:28", "should be 2457.82"
      ),
    ])
  func balanceDisagrees(rows: String, options: [String], at: String, words: String) throws {
    let outcome = try run(
      "Date,Description,Amount,Balance\n" + rows, options.isEmpty ? ["--debits-negative"] : options)

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.hasPrefix("bank.csv:\(at): error: the \"Balance\" balance \(words)"), "\(outcome.errors)"
    )
    #expect(outcome.errors.contains("--columns balance="))
  }

  @Test("--columns balance= says the file has no balance to check: the rows are read by the option's signs")
  func noBalance() throws {
    let text = "Date,Description,Amount,Balance\n2024-03-01,Salary,2000.00,0\n2024-03-02,Rent,-950.00,0\n"

    let checked = try run(text, ["--debits-negative"])
    let unchecked = try run(text, ["--debits-negative", "--columns", "balance="])

    #expect(checked.status == 65)
    #expect(unchecked.total == "-1050.00")
  }

  // MARK: Hints are promises

  @Test(
    "A column whose every value is a debit or credit code is proposed for the signs, and reads them right")
  func codeColumnProposed() throws {
    let text =
      "Datum;Omschrijving;Bedrag;Richting\n20240301;Salaris;2000,00;C\n20240302;Huur;950,00;D\n20240303;Bakker;12,50;D\n"

    let asked = try run(text)
    let answered = try run(text, ["--columns", "code=Richting"])

    #expect(asked.status == 65)
    #expect(
      asked.errors.contains(
        "hint: the column \"Richting\" holds debit and credit codes: read the file with --columns code=Richting"
      ))
    #expect(!asked.errors.contains("--debits-positive"))
    #expect(answered.total == "-1037.50")
  }

  @Test("A Dutch CreditDebet column says each sign: no question")
  func creditDebet() throws {
    let text = "Datum;Omschrijving;Bedrag;CreditDebet\n20240301;Salaris;2000,00;C\n20240302;Huur;950,00;D\n"

    #expect(try run(text).total == "-1050.00")
  }

  // MARK: Currencies

  @Test("Amounts in two currencies are never added: a row of another currency is an error at its currency")
  func twoCurrencies() throws {
    let text =
      "Date,Description,Amount,Currency\n2024-03-01,Rent,-950.00,EUR\n2024-03-02,Hotel,-120.00,USD\n"
      + "2024-03-03,Bakery,-4.50,eur\n"
    let one = "Date,Description,Amount,Currency\n2024-03-01,Rent,-950.00,EUR\n2024-03-03,Bakery,-4.50,EUR\n"

    let outcome = try run(text, ["--debits-negative"])
    let read = try run(one, ["--debits-negative", "--explain"])

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.hasPrefix(
        "bank.csv:3:26: error: amount: the \"Currency\" column names another currency than EUR, the file's (got \"USD\")"
      ), "\(outcome.errors)")
    #expect(outcome.errors.contains("1 invalid record"))
    #expect(read.total == "954.50")
    #expect(read.errors.contains("currency: EUR (the rows: \"EUR\" at 2:25 names it"))
  }

  // MARK: Text

  @Test(
    "A UTF-8 file with one byte that is not UTF-8 stays UTF-8: the byte is an error, its accents are not mojibake"
  )
  func oneStrayByte() throws {
    var bytes = Array("Date,Description,Amount\n2024-03-01,Café,-3.00\n2024-03-02,Caf".utf8) + [0xE9]
    bytes += Array(",-2.00\n".utf8)
    let folder = try TemporaryDirectory("txreport-prove")
    let path = try folder.file("bank.csv", bytes: bytes)

    let result = try TX.run(["--all", path, "--debits-negative"])

    #expect(result.status == 65)
    #expect(result.standardError.contains("bank.csv:3:15: error: description: "))
    #expect(!result.standardError.contains("Windows-1252"))
  }
}
