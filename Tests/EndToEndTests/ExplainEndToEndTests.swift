import Foundation
import TestSupport
import Testing

/// `--explain`: each decision a reader made about a file, with its evidence, on standard error
/// before the report, for every kind of decision and every kind of file.
@Suite(.timeLimit(.minutes(2))) struct ExplainEndToEndTests {
  private typealias TX = TXReportProcess

  /// The decision lines of a run of `--explain` on a file of that name and bytes: each
  /// `topic: value (evidence)`, without the note's prefix and the file's name.
  private func explain(_ name: String, _ bytes: [UInt8], _ options: [String] = []) throws -> (
    status: Int32, decisions: [String]
  ) {
    let folder = try TemporaryDirectory("txreport-explain")
    let path = try folder.file(name, bytes: bytes)
    let result = try TX.run(["--all", path, "--explain"] + options)
    let prefix = "txreport: note: '\(path)': "
    let decisions = result.standardError.split(separator: "\n").compactMap { line in
      line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
    }
    return (result.status, decisions)
  }

  private func explain(_ name: String, _ text: String, _ options: [String] = []) throws -> (
    status: Int32, decisions: [String]
  ) {
    try explain(name, Array(text.utf8), options)
  }

  @Test("A bank's CSV export: every decision, from the text to the currency, says what proved it")
  func bankExport() throws {
    let text =
      "Statement of account\nBuchungstag;Verwendungszweck;Betrag (EUR);Saldo;Status;Konto;Währung\n"
      + "01.03.2024;Gehalt;2000,00;2500,00;gebucht;DE01;EUR\n13.03.2024;Miete;-950,00;1550,00;gebucht;DE01;EUR\n"
      + "14.03.2024;Bäcker;-4,50;;vorgemerkt;DE01;EUR\n"

    let (status, decisions) = try explain("bank.csv", text, ["--account", "DE01", "--debits-negative"])

    #expect(status == 0)
    #expect(
      decisions == [
        "text: UTF-8 (the rows: every byte read is UTF-8, and some characters are written as UTF-8 writes them)",
        "line breaks: line feeds (the rows: the first line ends with a line feed)",
        "delimiter: a semicolon (the header: split at a semicolon, the header names the columns of a date, a description and an amount)",
        "header: line 2 (the header: line 2 is the first whose names give a date, a description and an amount; the 1 line before it names none)",
        "column of the group or status: \"Status\" (column 5) (the header: \"Status\" is a name for the group or status)",
        "column of the date: \"Buchungstag\" (column 1) (the header: \"Buchungstag\" is a name for the date)",
        "column of the description: \"Verwendungszweck\" (column 2) (the header: \"Verwendungszweck\" is a name for the description)",
        "column of the amount: \"Betrag (EUR)\" (column 3) (the header: \"Betrag (EUR)\" is a name for the amount)",
        "column of the running balance: \"Saldo\" (column 4) (the header: \"Saldo\" is a name for the running balance)",
        "column of the account: \"Konto\" (column 6) (the header: \"Konto\" is a name for the account)",
        "dates: DD.MM.YYYY (the rows: every date read fits it; \"13.03.2024\" at 4:1 is not MM.DD.YYYY)",
        "decimal mark: a comma (the rows: \"2000,00\" at 3:19 has cents after a comma, and no amount after a point)",
        "signs: a negative amount is a debit (a charge) (your option: you said --debits-negative)",
        "group: each row's group column (the rows: \"Status\" holds statuses, such as \"gebucht\")",
        "summary rows: skipped where proved, else asked (the rule: a row whose only words are a total's or a balance's is skipped when it has no amount or its amount is the sum of the rows above it (all of them, their debits or their credits), else asked)",
        "running balance: checked, oldest row first (the running balance: \"Saldo\" agrees with the 1 amount read before each balance, oldest row first, as an account's balance (up with credits))",
        "account: \"DE01\" (your option: you said --account DE01)",
        "currency: EUR (the rows: \"EUR\" at 3:48 names it; every row's currency must be it, as amounts in two currencies are never added)",
        "1 row that is not a transaction was skipped (1 line before the header)",
      ])
  }

  @Test(
    "Signs said by each kind of evidence: an option, a code column, debit and credit columns",
    arguments: [
      (
        "Date,Description,Amount\n2024-03-01,Rent,-950.00\n", ["--debits-negative"],
        "signs: a negative amount is a debit (a charge) (your option: you said --debits-negative)"
      ),
      (
        "Date,Description,Amount,Debit/Credit\n2024-03-01,Rent,950.00,D\n", [],
        "signs: from the debit or credit code of each row (the header: \"Debit/Credit\" is a name for the debit or credit code; its values are debit and credit codes, such as \"D\")"
      ),
      (
        "Date,Description,Debit,Credit\n2024-03-01,Rent,950.00,\n", [],
        "signs: from the column that holds the amount: debits or credits (the header: the file has a column of debit amounts and one of credit amounts)"
      ),
    ])
  func signs(text: String, options: [String], line: String) throws {
    let (status, decisions) = try explain("bank.csv", text, options)

    #expect(status == 0)
    #expect(decisions.contains(line), "\(decisions)")
  }

  @Test("The header's line is the one it is on, below empty lines and a line skipped for its carriage return")
  func headerBelowSkippedLines() throws {
    let header = "Date,Description,Amount\n2024-03-01,Rent,-950.00\n"

    let first = try explain("bank.csv", header, ["--debits-negative"])
    let below = try explain("bank.csv", "\n\rnotes\n\r\n" + header, ["--debits-negative"])

    #expect(first.decisions.contains("header: line 1 (the header: the first line names the columns)"))
    // The line skipped for its carriage return is an error (exit 65); the header is still read.
    #expect(below.status == 65)
    #expect(
      below.decisions.contains(
        "header: line 4 (the header: line 4 names the columns; the lines before it are empty, or skipped for a"
          + " carriage return alone)"), "\(below.decisions)")
  }

  @Test("Rows that say only Total or Balance: read as the option says, and the option named as the proof")
  func summaryRows() throws {
    let text = "Date,Description,Amount\n2024-03-01,Rent,-950.00\n2024-03-02,Total,-950.00\n"

    let (status, decisions) = try explain("bank.csv", text, ["--debits-negative", "--summary-rows", "count"])

    #expect(status == 0)
    #expect(
      decisions.contains(
        "summary rows: counted as transactions (your option: you said --summary-rows count)"),
      "\(decisions)")
  }

  @Test("A reading that stops at a question says the decisions it made before it, then asks")
  func question() throws {
    let (status, decisions) = try explain("bank.csv", "Date,Description,Amount\n03/04/2024,Rent,-950.00\n")

    #expect(status == 65)
    #expect(
      decisions.first
        == "text: UTF-8 (the rows: every byte read is ASCII, which UTF-8 and Windows-1252 read alike)")
    #expect(
      decisions.last
        == "column of the amount: \"Amount\" (column 3) (the header: \"Amount\" is a name for the amount)")
    #expect(!decisions.contains { $0.hasPrefix("dates:") })
  }

  @Test(
    "The native formats say they are read by SPEC §7's rules, with nothing to decide",
    arguments: [
      ("demo.json", "Fixtures/demo_all.json", "read as JSON, the native format"),
      ("demo.ndjson", "Fixtures/formats/demo_all.ndjson", "read as NDJSON, the native format"),
      ("demo.csv", "Fixtures/formats/demo_all.csv", "read as the native CSV format"),
    ])
  func nativeFormats(name: String, fixture: String, words: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TX.fixture(String(fixture.dropFirst(9))))))
    let folder = try TemporaryDirectory("txreport-explain")
    let path = try folder.file(name, bytes: bytes)

    let result = try TX.run(["--all", path, "--explain"])

    #expect(result.status == 0)
    #expect(result.standardError.contains("'\(path)' is \(words); each decision and its evidence follow"))
    #expect(result.standardError.contains("SPEC §7"))
  }

  @Test(
    "An OFX statement: its form and version, the answers closed, the bank's statuses, the accounts, the groups"
  )
  func ofx() throws {
    let bytes = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: TX.fixture("banks/ofx_creditcard_pending_v220.ofx"))))

    let (status, decisions) = try explain("card.ofx", bytes)

    #expect(status == 0)
    #expect(decisions.contains("format: OFX version 220, XML (the header: the file starts so)"))
    #expect(decisions.contains { $0.hasPrefix("whole: 1 answer closed") })
    #expect(decisions.contains { $0.hasPrefix("the bank answered: status 0 (INFO), 0 (INFO)") })
    #expect(
      decisions.contains {
        $0.hasPrefix("accounts: 0000000000000000 (credit card) (the rows: the file names 1 account")
      })
    #expect(decisions.contains { $0.hasPrefix("group: booked Posted, pending Authorized (the rule: ") })
    #expect(decisions.contains { $0.hasPrefix("dates: YYYYMMDD (the format: ") })
  }

  @Test("A QIF file: the date layout and decimal mark its own lines prove, the accounts, the options")
  func qif() throws {
    let text = "!Type:Bank\nD3/28/2024\nT-86.00\nPGrocer\n^\nD3/29/2024\nT1,200.00\nPSalary\n^\n"

    let (status, decisions) = try explain("house.qif", text, ["--account", "Bank"])

    #expect(status == 0)
    #expect(
      decisions.contains(
        "dates: MM/DD/YYYY (the rows: every date fits it alone, such as \"3/28/2024\" at 2:2)"))
    #expect(
      decisions.contains {
        $0.hasPrefix("decimal mark: a point (the rows: \"-86.00\" at 3:2 has cents after a point")
      })
    #expect(
      decisions.contains {
        $0.hasPrefix("accounts: an account without a number (Bank) (your option: you said --account Bank")
      })
  }

  @Test("An OFX statement's FITIDs checked, and the NUL bytes of padding after its </OFX>")
  func ofxTransactionsOnceAndPadding() throws {
    let text =
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM>"
      + "<BANKID>1<ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
      + "<STMTTRN><DTPOSTED>20240110<TRNAMT>-10.00<FITID>A1<NAME>Shop A</STMTTRN>\n"
      + "<STMTTRN><DTPOSTED>20240111<TRNAMT>-5.00<FITID>A2<NAME>Shop B</STMTTRN>\n"
      + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"

    let (status, decisions) = try explain("s.ofx", Array(text.utf8) + [0, 0, 0])

    #expect(status == 0)
    #expect(
      decisions.contains {
        $0.hasPrefix("whole: 1 answer closed, then 3 NUL bytes of padding (the rows: ")
          && $0.hasSuffix("NUL bytes after a </OFX> are no content)")
      })
    #expect(
      decisions.contains {
        $0.hasPrefix("each transaction once: 2 FITIDs checked, none met again in its account (the format: ")
      })
  }

  @Test("A QIF file's text, amounts, splits and opening balance, each with what proved it")
  func qifAmounts() throws {
    let bytes = Array(
      ("!Type:Bank\nD01/14/2024\nT1,500.00\nPOpening Balance\nL[Checking]\n^\nD01/15/2024\nT-90.00\nU-90.00\n"
        + "PCaf\u{1}\nSFood\n$-60.00\nSHome\n$-30.00\n^\nD01/16/2024\nT-21449672.96\nU21,500,000.00\nPBig\n^\n")
        .utf8
    ).map { $0 == 1 ? 0xE9 : $0 }

    let (status, decisions) = try explain("house.qif", bytes)

    #expect(status == 0)
    #expect(
      decisions.contains(
        "text: Windows-1252 (the rows: the byte 0xE9 at 10:5 is not UTF-8, and no character is written as UTF-8 writes one;"
          + " its bytes above 0x7F are the same characters in Windows-1252 and Windows-1250, such as 0xE9, \"é\")"
      ))
    #expect(
      decisions.contains {
        $0.hasPrefix(
          "amounts: T, or U without it; T and U agree in 1 record; U read in 1 whose T is U cut to 32 bits (the format: "
        )
      })
    #expect(
      decisions.contains { $0.hasPrefix("splits: 1 record's splits add up to the amount (the format: ") })
    #expect(
      decisions.contains { $0.hasPrefix("opening balances: 1 skipped, the first at 2:1 (the format: ") })
  }

  @Test("Without --explain no reading is said")
  func quietByDefault() throws {
    let folder = try TemporaryDirectory("txreport-explain")
    let path = try folder.file("bank.csv", text: "Date,Description,Amount\n2024-03-01,Rent,-950.00\n")

    let result = try TX.run(["--all", path, "--debits-negative"])

    #expect(result.status == 0)
    #expect(result.standardError == "")
  }
}
