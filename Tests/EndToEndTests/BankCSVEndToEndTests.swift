import Foundation
import TestSupport
import Testing

/// Banks' CSV exports as issue 37 found them, run through the built binary: each was refused,
/// or worse, read wrong with exit status 0, by the binary before it. A row of the report is
/// compared as its group, date, description and amount, read from `--format json`.
@Suite(.timeLimit(.minutes(2))) struct BankCSVEndToEndTests {
  private typealias TX = TXReportProcess

  /// One transaction as the report shows it.
  struct Row: Equatable, CustomTestStringConvertible {
    var group: Character
    var date: String
    var description: String
    var amount: String

    init(_ group: Character, _ date: String, _ description: String, _ amount: String) {
      (self.group, self.date, self.description, self.amount) = (group, date, description, amount)
    }

    var testDescription: String { "\(group) \(date) \(description) \(amount)" }
  }

  /// What a run gave: its exit status, standard error, and the rows of its report.
  struct Outcome {
    var status: Int32
    var errors: String
    var rows: [Row]
  }

  /// Runs the binary on bytes written to a file of that name, with the options.
  private func run(_ name: String, _ bytes: [UInt8], _ options: [String] = []) throws -> Outcome {
    let folder = try TemporaryDirectory("txreport-bank-csv")
    let path = try folder.file(name, bytes: bytes)
    let result = try TX.run(["--all", path, "--format", "json"] + options)
    var rows: [Row] = []
    if result.status == 0 {
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
      var group: Character = "?"
      var date = ""
      for row in json {
        switch row["type"] as? String {
        case "header": group = (row["title"] as? String)?.first ?? "?"
        case "subheader": date = row["title"] as? String ?? ""
        case "detail":
          rows.append(Row(group, date, row["description"] as? String ?? "", row["amount"] as? String ?? ""))
        default: break
        }
      }
    }
    let errors = result.standardError.replacingOccurrences(of: path, with: name)
    return Outcome(status: result.status, errors: errors, rows: rows)
  }

  private func run(_ name: String, _ text: String, _ options: [String] = []) throws -> Outcome {
    try run(name, Array(text.utf8), options)
  }

  // MARK: Text

  @Test("A CSV export whose lines end in a carriage return alone is read, its last line without one too")
  func carriageReturns() throws {
    let outcome = try run(
      "cu.csv",
      "Date,Description,Amount\r03/13/2024,Coffee,-4.50\r03/14/2024,Refund,2.00\r03/15/2024,Rent,-950.00",
      ["--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(
      outcome.rows == [
        Row("P", "Mar 13, 2024", "Coffee", "4.50"), Row("P", "Mar 14, 2024", "Refund", "-2.00"),
        Row("P", "Mar 15, 2024", "Rent", "950.00"),
      ])
  }

  @Test("A Windows-1252 export is read as such, with a note on standard error that changes no row")
  func windows1252() throws {
    var bytes = Array("Datum;Empf".utf8) + [0xE4] + Array("nger;Betrag\n02.04.2024;M".utf8)
    bytes += [0xFC] + Array("ller & S".utf8) + [0xF6] + Array("hne;-7,40\n03.04.2024;Caf".utf8) + [0xE9]
    bytes += Array(";-2,00\n".utf8)

    let outcome = try run("ing.csv", bytes, ["--date-format", "DD.MM.YYYY", "--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(
      outcome.rows == [
        Row("P", "Apr 02, 2024", "Müller & Söhne", "7.40"), Row("P", "Apr 03, 2024", "Café", "2.00"),
      ])
    #expect(
      outcome.errors
        == "txreport: note: 'ing.csv': the text is not UTF-8: it was read as Windows-1252 (Latin-1); if its accents read wrong, save it as UTF-8\n"
    )
  }

  @Test("--encoding windows-1252 reads Latin-1 text without a note")
  func encodingOption() throws {
    let bytes = Array("Date,Description,Amount\n2024-04-02,Cr".utf8) + [0xE8] + Array("me,-3.00\n".utf8)

    let outcome = try run("fr.csv", bytes, ["--encoding", "windows-1252", "--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.errors == "")
    #expect(outcome.rows == [Row("P", "Apr 02, 2024", "Crème", "3.00")])
  }

  // MARK: Dates

  @Test(
    "Dates as banks write them are told from the file: no zeros and two-digit years, month names, a time",
    arguments: [
      ("2/20/19\n2/4/19", ["Feb 20, 2019", "Feb 04, 2019"]),
      ("23-Jan-15\n2-Feb-15", ["Jan 23, 2015", "Feb 02, 2015"]),
      ("2021-02-03 13:12\n2021-02-04 09:05:59", ["Feb 03, 2021", "Feb 04, 2021"]),
      ("02 Mar 24\n13 Mar 24", ["Mar 02, 2024", "Mar 13, 2024"]),
      ("6/12/15\n6/13/15", ["Jun 12, 2015", "Jun 13, 2015"]),
    ])
  func dateLayouts(dates: String, expected: [String]) throws {
    let lines = dates.split(separator: "\n")
    let text = "Date,Description,Amount\n\(lines[0]),a,-1.00\n\(lines[1]),b,-2.00\n"

    let outcome = try run("dates.csv", text, ["--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(Set(outcome.rows.map(\.date)) == Set(expected))
  }

  @Test("--date-format takes any layout written with D, M and Y: a month's name, a two-digit year")
  func dateFormatOption() throws {
    let outcome = try run(
      "dates.csv", "Date,Description,Amount\n03-Apr-24,a,-1.00\n04-Mar-24,b,-2.00\n",
      ["--date-format", "DD-MMM-YY", "--debits-negative"])
    let numbers = try run(
      "dates.csv", "Date,Description,Amount\n3/4/24,a,-1.00\n4/3/24,b,-2.00\n",
      ["--date-format", "D/M/YY", "--debits-negative"])

    #expect(outcome.rows.map(\.date) == ["Mar 04, 2024", "Apr 03, 2024"])
    #expect(numbers.rows.map(\.date) == ["Mar 04, 2024", "Apr 03, 2024"])
  }

  @Test("Dates that fit two layouts are still asked, never guessed, with two-digit years too")
  func ambiguousTwoDigitYears() throws {
    let outcome = try run("dates.csv", "Date,Description,Amount\n2/4/19,a,-1.00\n3/8/19,b,-2.00\n")

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.hasPrefix(
        "dates.csv:2:1: error: date: every date read fits both MM/DD/YY and DD/MM/YY (got \"2/4/19\"); hint: say which with --date-format MM/DD/YY or --date-format DD/MM/YY"
      ))
  }

  // MARK: Header names

  @Test(
    "Header names of other banks and languages are read: desc, Partner Name, Merchant Name, Amount (EUR), French, German",
    arguments: [
      "date,class,desc,amount", "Booking Date,Partner Name,Amount (EUR)", "Merchant Name,Date,Amount",
      "Date de valeur;Description 1;Débit;Crédit", "Buchungstag;Verwendungszweck;Betrag",
      "Fecha Operación;Concepto;Importe EUR", "Data;Descrizione operazioni;Importo",
      "Datum;Naam / Omschrijving;Bedrag (EUR)",
    ])
  func headerNames(header: String) throws {
    let delimiter = header.contains(";") ? ";" : ","
    let names = header.split(separator: Character(delimiter)).map { $0.lowercased() }
    let values = names.map { name -> String in
      if name.contains("dat") || name.contains("fecha") || name.contains("buchungstag") {
        return "2024-03-15"
      }
      if name.contains("déb") { return "12,50" }
      if name.contains("créd") { return "" }
      if ["class"].contains(name) { return "Shops" }
      if name.contains("amount") || name.contains("betrag") || name.contains("importe")
        || name.contains("importo")
        || name.contains("bedrag")
      {
        return delimiter == ";" ? "-12,50" : "-12.50"
      }
      return "Bakery"
    }

    let outcome = try run(
      "bank.csv", header + "\n" + values.joined(separator: delimiter) + "\n", ["--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.rows == [Row("P", "Mar 15, 2024", "Bakery", "12.50")])
  }

  @Test("A header in a language the synonyms do not know is pointed to --columns, not to the native names")
  func otherLanguage() throws {
    let outcome = try run("bank.csv", "İşlem Tarihi;Açıklama;Tutar\n15.03.2024;Kira;-950,00\n")

    #expect(outcome.status == 65)
    #expect(outcome.errors.contains("--columns date=NAME,description=NAME,amount=NAME"))
    #expect(!outcome.errors.contains("did you mean"))
  }

  // MARK: Amounts

  @Test(
    "Amounts as Swiss and Indian banks write them, and zeros past the cents, are read exactly",
    arguments: [
      ("11'373.94", "-11373.94"), ("11’373.94", "-11373.94"), ("\"1,23,456.78\"", "-123456.78"),
      ("12.3400", "-12.34"), ("-00000000001500.0000", "1500.00"), ("+00000000000000.2400", "-0.24"),
    ])
  func amounts(written: String, shown: String) throws {
    let outcome = try run(
      "amounts.csv",
      "Date,Description,Amount\n2024-03-15,a,\(written)\n2024-03-16,b,-1.00\n2024-03-17,c,-2.00\n",
      ["--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.rows.first?.amount == shown)
  }

  @Test(
    "Digits past the cents that are not zeros are refused, saying nothing is rounded, and no option loops")
  func subCents() throws {
    let outcome = try run("amounts.csv", "Date,Description,Amount\n2024-03-15,a,-12.3456\n")
    let otherMark = try run(
      "amounts.csv", "Date,Description,Amount\n2024-03-15,a,-12.3456\n", ["--decimal-comma"])

    #expect(outcome.status == 65)
    #expect(
      outcome.errors.hasPrefix(
        "amounts.csv:2:14: error: amount: has a fraction of a cent: digits after the cents that are not zeros (got \"-12.3456\"); hint: the report is exact to the cent and never rounds"
      ))
    #expect(!outcome.errors.contains("--decimal-comma"))
    #expect(otherMark.status == 65)
    #expect(!otherMark.errors.contains("--decimal-point"))
  }

  // MARK: Signs

  @Test("A card export whose signs nothing proves is refused, naming both options; read with one, right")
  func chargesPositive() throws {
    let text =
      "Trans. Date,Description,Amount\n05/13/2024,SQ *BLUE HERON COFFEE,6.75\n05/14/2024,SHELL OIL 5744,48.12\n"
      + "05/16/2024,INTERNET PAYMENT - THANK YOU,-350.00\n05/21/2024,FRED MEYER #0651,86.40\n"

    let refused = try run("card.csv", text)
    let read = try run("card.csv", text, ["--debits-positive"])

    #expect(refused.status == 65)
    #expect(
      refused.errors.hasPrefix(
        "card.csv:2:34: error: amount: 3 of the 4 amounts read are positive, and nothing in the file says which are charges (got \"6.75\"); hint: if negative amounts are charges (money out, as bank accounts write them), read it with --debits-negative; if positive amounts are charges, as card issuers write them, with --debits-positive"
      ))
    #expect(read.rows.map(\.amount) == ["6.75", "48.12", "-350.00", "86.40"])
  }

  @Test("--debits-negative reads a file of money received as it is: positive amounts are credits")
  func debitsNegative() throws {
    let text =
      "Date,Description,Amount\n2024-03-01,Invoice 1,45.00\n2024-03-02,Invoice 2,45.00\n2024-03-03,Invoice 3,120.00\n"

    let outcome = try run("stripe.csv", text, ["--debits-negative"])

    #expect(outcome.rows.map(\.amount) == ["-45.00", "-45.00", "-120.00"])
  }

  @Test(
    "An unsigned amount with a type column reads the type as the sign: debit and credit, Af and Bij, S and H",
    arguments: [
      ("Date,Description,Amount,Transaction Type", "debit", "credit", ","),
      ("Datum;Naam / Omschrijving;Bedrag (EUR);Af Bij", "Af", "Bij", ";"),
      ("Buchungstag;Zahlungsempfänger;Umsatz;Soll/Haben", "S", "H", ";"),
    ])
  func typeColumn(header: String, debit: String, credit: String, delimiter: String) throws {
    let amount = { (value: String) in
      delimiter == ";" ? value.replacingOccurrences(of: ".", with: ",") : value
    }
    let rows = [
      ["2024-03-15", "Groceries", amount("54.37"), debit],
      ["2024-03-16", "Salary", amount("2145.60"), credit],
      ["2024-03-17", "Refund", amount("32.99"), credit],
    ].map { $0.joined(separator: delimiter) }

    let outcome = try run("typed.csv", ([header] + rows).joined(separator: "\n") + "\n")

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.rows.map(\.amount) == ["54.37", "-2145.60", "-32.99"])
  }

  // MARK: Pending

  @Test(
    "A Status column fills the Authorized group with the pending transactions, the Posted group with the others"
  )
  func statusColumn() throws {
    let text =
      "Date,Description,Amount,Status\n2024-09-12,Shell,-44.10,Pending\n2024-09-10,Transfer,-300.00,Posted\n"
      + "2024-09-06,Payroll,2650.00,Cleared\n"

    let outcome = try run("usaa.csv", text, ["--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(
      outcome.rows == [
        Row("A", "Sep 12, 2024", "Shell", "44.10"), Row("P", "Sep 06, 2024", "Payroll", "-2650.00"),
        Row("P", "Sep 10, 2024", "Transfer", "300.00"),
      ])
  }

  // MARK: Rows that are not transactions

  @Test(
    "Lines before the header, a section title, the header repeated and totals are skipped, counted in a note")
  func notTransactions() throws {
    let text =
      "Account Activity,Visa ending in 0000\r\n\r\nPending Transactions\r\nTransaction Date,Description,Amount\r\n"
      + "09/14/2024,DOORDASH,-23.40\r\nTotal Pending,,-23.40\r\n\r\nPosted Transactions\r\n"
      + "Transaction Date,Description,Amount\r\n09/12/2024,COSTCO,-182.37\r\n09/10/2024,PAYMENT,600.00\r\n"
      + "Total Posted,,417.63\r\n"

    let outcome = try run("card.csv", text, ["--debits-negative"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(
      outcome.rows == [
        Row("A", "Sep 14, 2024", "DOORDASH", "23.40"), Row("P", "Sep 10, 2024", "PAYMENT", "-600.00"),
        Row("P", "Sep 12, 2024", "COSTCO", "182.37"),
      ])
    #expect(
      outcome.errors
        == "txreport: note: 'card.csv': 7 rows that are not transactions were skipped (3 lines before the header, 1 header repeated, 1 section title, 2 balances and totals)\n"
    )
  }

  @Test("Opening and closing balances are not transactions, even with a date and an amount")
  func balances() throws {
    let text =
      "Data;Valuta;Addebiti;Accrediti;Descrizione operazioni\n30/04/24;;;3.120,45;SALDO INIZIALE\n"
      + "03/05/24;03/05/24;2,00;;IMPOSTA DI BOLLO\n14/05/24;14/05/24;;1.780,00;STIPENDIO\n31/05/24;;;4.898,45;SALDO FINALE\n"

    let outcome = try run("posta.csv", text, ["--date-format", "DD/MM/YY"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.rows.map(\.description) == ["IMPOSTA DI BOLLO", "STIPENDIO"])
    #expect(outcome.errors.contains("2 rows that are not transactions were skipped (2 balances and totals)"))
  }

  @Test(
    "A row that may be a transaction is never skipped: a shop called Total, and a broken date, are its own")
  func notSkippedWhenInDoubt() throws {
    let outcome = try run(
      "card.csv",
      "Date,Description,Amount\n2024-03-01,TOTAL WINE & MORE,-30.00\n2024-13-45,Total Gas,-5.00\n",
      ["--debits-negative"])

    #expect(outcome.status == 65)
    #expect(outcome.errors.hasPrefix("card.csv:3:1: error: date: "))
    #expect(outcome.errors.contains("(got \"2024-13-45\")"))
  }

  // MARK: Several accounts

  @Test("A file of several accounts is never summed silently: a note names them")
  func severalAccounts() throws {
    let text =
      "Date,Description,Amount,Account Name\n2021-10-02,Transfer to Savings,-200.00,Checking\n"
      + "2021-10-02,Transfer from Checking,200.00,Savings\n2021-10-04,Trader Joe's,-54.37,Credit Card\n"

    let outcome = try run("mint.csv", text, ["--debits-negative"])
    let one = try run("mint.csv", text, ["--debits-negative", "--account", "credit card"])
    let none = try run("mint.csv", text, ["--debits-negative", "--account", "Visa"])

    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(
      outcome.errors
        == "txreport: note: 'mint.csv': the rows are of 3 accounts (column \"Account Name\": 'Checking', 'Savings', 'Credit Card'), added into one report; to report one account, add --account with its name as the column \"Account Name\" writes it\n"
    )
    #expect(one.status == 0, "\(one.errors)")
    #expect(one.rows == [Row("P", "Oct 04, 2021", "Trader Joe's", "54.37")])
    #expect(
      one.errors
        == "txreport: note: 'mint.csv' holds 3 accounts; only Credit Card is shown, as --account asks\n")
    #expect(none.status == 65)
    #expect(none.errors.hasPrefix("mint.csv:2:"))
    #expect(none.errors.contains("--account \"Visa\" names none of the file's accounts"))
  }

  @Test("--account in a bank's CSV without an account column is refused, not ignored: a file of one account")
  func accountWithoutColumn() throws {
    let text = "Date,Description,Amount\n2024-03-01,Rent,-950.00\n"

    let outcome = try run("bank.csv", text, ["--debits-negative", "--account", "Visa"])

    #expect(outcome.status == 65)
    #expect(outcome.rows.isEmpty)
    #expect(outcome.errors.contains("--account \"Visa\" names no account: the file names none"))
  }

  // MARK: Headers

  @Test("A file without a header is refused with its columns' places; --columns by places reads it")
  func noHeader() throws {
    let text =
      "\"08/30/2024\",\"-42.10\",\"*\",\"\",\"TRADER JOE'S #123\"\n\"08/23/2024\",\"3125.40\",\"*\",\"\",\"PAYROLL\"\n"

    let refused = try run("wf.csv", text)
    let read = try run("wf.csv", text, ["--columns", "date=1,description=5,amount=2", "--debits-negative"])

    #expect(refused.status == 65)
    #expect(
      refused.errors.contains(
        "hint: name the columns by their places, such as --columns date=1,description=5,amount=2"))
    #expect(
      read.rows == [
        Row("P", "Aug 23, 2024", "PAYROLL", "-3125.40"),
        Row("P", "Aug 30, 2024", "TRADER JOE'S #123", "42.10"),
      ])
  }

  @Test(
    "A pending transaction whose date column says Pending asks for --pending-date, and with it is Authorized")
  func pendingWithoutDate() throws {
    let text = "Date,Description,Amount\nPending,GARDEN CENTRE,-34.99\n12-Jan-2024,HOMEWARE HALL,-1183.23\n"

    let refused = try run("jl.csv", text, ["--debits-negative"])
    let read = try run("jl.csv", text, ["--pending-date", "2024-01-14", "--debits-negative"])

    #expect(refused.status == 65)
    #expect(refused.errors.contains("--pending-date YYYY-MM-DD"))
    #expect(
      read.rows == [
        Row("A", "Jan 14, 2024", "GARDEN CENTRE", "34.99"),
        Row("P", "Jan 12, 2024", "HOMEWARE HALL", "1183.23"),
      ])
  }
}
