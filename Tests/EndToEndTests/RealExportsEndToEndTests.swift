import Foundation
import TestSupport
import Testing

/// Issue 46's CSV findings on a corpus of real exports, through the built binary: each was
/// refused, confusing or wrong before, and is now read as the file proves, or asked. The
/// exports of `Fixtures/banks/` are checked by `InputFormatsEndToEndTests.bankExport`; these are
/// the errors and questions around them.
@Suite(.timeLimit(.minutes(2))) struct RealExportsEndToEndTests {
  private typealias TX = TXReportProcess

  /// A run: its exit status, standard error (the file named by its name), and the report's
  /// details as `description amount`.
  struct Outcome {
    var status: Int32
    var errors: String
    var details: [String]
  }

  private func run(_ name: String, _ bytes: [UInt8], _ options: [String] = []) throws -> Outcome {
    let folder = try TemporaryDirectory("txreport-real-exports")
    let path = try folder.file(name, bytes: bytes)
    let result = try TX.run(["--all", path, "--format", "json"] + options)
    var details: [String] = []
    if result.status == 0,
      let rows = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
    {
      for row in rows where row["type"] as? String == "detail" {
        details.append("\(row["description"] as? String ?? "") \(row["amount"] as? String ?? "")")
      }
    }
    return Outcome(
      status: result.status, errors: result.standardError.replacingOccurrences(of: path, with: name),
      details: details)
  }

  private func run(_ name: String, _ text: String, _ options: [String] = []) throws -> Outcome {
    try run(name, Array(text.utf8), options)
  }

  // MARK: Lines as an editor shows them

  @Test("A CR CR LF file's error names the line an editor shows: 3, not 5")
  func carriageReturnsBeforeLineFeed() throws {
    let outcome = try run(
      "bank.csv", "Date,Description,Amount\r\r\n2024-03-01,Coffee,-12.00\r\r\n2024-03-02,Tea,-3.0x\r\r\n",
      ["--debits-negative"])

    #expect(outcome.status == 65)
    #expect(outcome.errors.hasPrefix("bank.csv:3:16: error: amount: not a decimal amount (got \"-3.0x\")"))
  }

  // MARK: Codes and kinds beside signed amounts

  @Test(
    "A signed amount beside a code that agrees is read; a row whose sign disagrees is an error at its amount")
  func codeBesideSignedAmount() throws {
    let header = "Date,Description,Amount,Currency,Transaction Type\n"
    let agrees = try run(
      "wise.csv", header + "22-04-2024,Deli,-23.60,USD,DEBIT\n15-04-2024,Salary,1250.00,USD,CREDIT\n")
    let disagrees = try run(
      "wise.csv", header + "22-04-2024,Deli,-23.60,USD,DEBIT\n15-04-2024,Salary,1250.00,USD,DEBIT\n")

    #expect(agrees.details == ["Salary -1250.00", "Deli 23.60"], "\(agrees.errors)")
    #expect(disagrees.status == 65)
    #expect(
      disagrees.errors.hasPrefix(
        "wise.csv:3:19: error: amount: the amount's sign says a credit (money in), but the \"Transaction Type\" column"
          + " says \"DEBIT\", a debit (got \"1250.00\")"))
  }

  @Test(
    "The tool's own hint for a Type column of codes (--columns code=Type) now reads the file, signed as it is"
  )
  func hintForCodeColumnKept() throws {
    let text =
      "Date,Description,Amount,Type\n22-04-2024,Deli,-23.60,DEBIT\n15-04-2024,Salary,1250.00,CREDIT\n"

    let answered = try run("wise.csv", text, ["--columns", "code=Type"])

    #expect(answered.details == ["Salary -1250.00", "Deli 23.60"], "\(answered.errors)")
  }

  @Test("A card's kinds prove its signs only with a fee among them; without one the signs are asked")
  func kindsOfTransactions() throws {
    let header = "Transaction Date,Description,Type,Amount\n"
    let rows = "03/14/2024,TACOS,Sale,-24.56\n03/12/2024,Payment Thank You,Payment,650.00\n"

    let proved = try run("chase.csv", header + rows + "03/05/2024,ANNUAL FEE,Fee,-95.00\n")
    let asked = try run("chase.csv", header + rows)

    #expect(
      proved.details == ["ANNUAL FEE 95.00", "Payment Thank You -650.00", "TACOS 24.56"], "\(proved.errors)")
    #expect(asked.status == 65)
    #expect(asked.errors.contains("--debits-negative"))
  }

  // MARK: Text in a code page

  @Test("A Czech export in Windows-1250 is read in it, proved by its header's words, with a note")
  func windows1250() throws {
    let bytes: [UInt8] =
      Array("Datum zauctovani;Nazev protiuctu;Castka\n13.06.2024;Ko".utf8) + [0xE8]
      + Array("ka a pes;-412,30\n".utf8)

    let outcome = try run("kb.csv", bytes, ["--debits-negative"])

    #expect(outcome.details == ["Kočka a pes 412.30"], "\(outcome.errors)")
    #expect(
      outcome.errors
        == "txreport: note: 'kb.csv': the text is not UTF-8: it was read as Windows-1250; if its accents read wrong, save it as UTF-8\n"
    )
  }

  @Test(
    "A byte two code pages read as two letters, in a file whose words say nothing, is asked; --encoding answers"
  )
  func codePageAsked() throws {
    let bytes: [UInt8] =
      Array("Date,Description,Amount\n2024-03-01,Ko".utf8) + [0xE8] + Array("ka,-1.00\n".utf8)

    let asked = try run("bank.csv", bytes, ["--debits-negative"])
    let answered = try run("bank.csv", bytes, ["--debits-negative", "--encoding", "windows-1250"])

    #expect(asked.status == 65)
    #expect(
      asked.errors.hasPrefix(
        "bank.csv:2:14: error: the text is not UTF-8, and the byte 0xE8 is \"è\" in Windows-1252 and \"č\" in"
          + " Windows-1250: nothing in the file says which; hint: say which with --encoding windows-1252 or"
          + " --encoding windows-1250"))
    #expect(answered.details == ["Kočka 1.00"], "\(answered.errors)")
  }

  // MARK: Rows of another shape

  @Test(
    "A row with more fields than a semicolon header, which nothing shows in place, names the semicolon in its hint"
  )
  func moreFieldsHint() throws {
    let outcome = try run(
      "bank.csv",
      "Datum;Omschrijving;Bedrag;Saldo\n13.03.2024;Koffie;-2,50;100,00\n14.03.2024;Huur;-950;00;-850,00\n",
      ["--debits-negative", "--columns", "balance="])

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.contains(
        "bank.csv:3:1: error: the row has 5 fields, but the header has 4; hint: put a field that holds a semicolon in"
          + " double quotes"))
  }

  // MARK: The amount among two columns

  @Test("A PayPal export is a bank's: Gross and Net without a balance are asked, never a mistyped group")
  func payPalAsked() throws {
    let outcome = try run(
      "paypal.csv",
      "\"Date\",\"Time\",\"Name\",\"Type\",\"Status\",\"Currency\",\"Gross\",\"Fee\",\"Net\"\n"
        + "\"2024/05/06\",\"10:00:00\",\"Jordan\",\"Website Payment\",\"Completed\",\"USD\",\"120.00\",\"-3.78\",\"116.22\"\n"
    )

    #expect(outcome.status == 65)
    #expect(!outcome.errors.contains("did you mean"))
    #expect(
      outcome.errors.hasPrefix(
        "paypal.csv:1:63: error: amount: the header has 2 columns that may hold the amount, and nothing says which does"
          + " (got \"Gross, Net\")"))
  }

  @Test(
    "A column of currency codes beside the amount is its currency: a row in another is an error, never added")
  func currencyBesideAmount() throws {
    let outcome = try run(
      "degiro.csv",
      "Datum,Omschrijving,Mutatie,,Order Id\n18-03-2024,iDEAL storting,EUR,\"250,00\",\n"
        + "16-03-2024,Dividend,USD,\"0,44\",\n",
      ["--columns", "amount=4", "--debits-negative"])

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.contains("degiro.csv:3:21: error: amount: the \"Mutatie\" column names another currency")
    )
  }

  // MARK: --explain

  @Test(
    "--explain shows the new decisions with their evidence: the header's end, longer rows, kinds of transactions",
    arguments: [
      (
        "gb_lloyds_trailing_comma", "header ends: 1 column without a name that rows may leave out (the rows: "
      ),
      (
        "at_livebank_umsatztext_fields",
        "longer rows: the fields past \"Umsatztext\", the last column, are part of it"
      ),
      (
        "us_chase_card",
        "signs: a negative amount is a debit (a charge) (the rows: \"Type\" says the kind of each row"
      ),
      (
        "us_paypal_gross_net",
        "column of the amount: \"Net\" (column 10) (the running balance: \"Balance\", the running"
      ),
      ("cz_raiffeisen_cp1250", "text: Windows-1250 (the rows: the byte 0xFA at 1:9 is not UTF-8"),
    ])
  func explained(file: String, decision: String) throws {
    let arguments =
      FileManager.default.fileExists(atPath: TX.fixture("banks/\(file).args"))
      ? try TX.fixtureText("banks/\(file).args").split(separator: "\n").map(String.init) : []

    let result = try TX.run(["--all", TX.fixture("banks/\(file).csv"), "--explain"] + arguments)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains(decision), "\(result.standardError)")
  }
}
