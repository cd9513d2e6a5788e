import Foundation
import TestSupport
import Testing

/// Issue 48's reproducers for statements, run through the built binary: a second statement cut
/// off after a first, a bank's refusal without a severity, a sign-on alone, an account named
/// after its transactions, many accounts, two currencies, QIF sections of two types, and
/// `--encoding` for QIF; and the second attack's: overlapping statements sharing a FITID, NUL
/// padding, QIF amounts that disagree with themselves, an opening balance, Windows-1252 QIF.
/// Each printed a wrong report with exit 0, or refused a whole file, before.
@Suite(.timeLimit(.minutes(2))) struct StatementProofEndToEndTests {
  private static let text = ["--width", "80", "--color", "never"]
  private static let header = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n"

  /// An OFX answer of one statement of account `id`, with the given status and transactions.
  private static func answer(
    id: String = "0001", currency: String = "USD", status: String = "<CODE>0<SEVERITY>INFO",
    _ transactions: [(String, String, String)]
  ) -> String {
    header + "<OFX><BANKMSGSRSV1><STMTTRNRS><STATUS>\(status)</STATUS>\n<STMTRS><CURDEF>\(currency)\n"
      + "<BANKACCTFROM><BANKID>1<ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST>\n"
      + transactions.map { "<STMTTRN><DTPOSTED>\($0.0)<TRNAMT>\($0.1)<NAME>\($0.2)</STMTTRN>\n" }.joined()
      + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
  }

  private static let january = answer([("20240105", "-10.00", "JAN ONE"), ("20240120", "-20.00", "JAN TWO")])
  private static let february = answer([("20240205", "-30.00", "FEB ONE"), ("20240220", "-40.00", "FEB TWO")])

  private func run(_ text: String, name: String = "s.ofx", _ options: [String] = []) throws
    -> TXReportProcess.Result
  {
    try run(Array(text.utf8), name: name, options)
  }

  private func run(_ bytes: [UInt8], name: String, _ options: [String] = []) throws -> TXReportProcess.Result
  {
    let folder = try TemporaryDirectory("txreport-e2e")
    let path = try folder.file(name, bytes: bytes)
    return try InputProcess.run(["--all", path] + options + Self.text)
  }

  @Test(
    "cat jan.ofx feb.ofx with February cut between transactions, or after its header, is an error: no report")
  func secondStatementCutOff() throws {
    let afterHeader = String(Self.february.prefix { $0 != "<" } + "<OFX><BANKMSGSRSV1>")
    let betweenTransactions = try #require(Self.february.range(of: "<STMTTRN><DTPOSTED>20240220"))
    for second in [String(Self.february[..<betweenTransactions.lowerBound]), Self.header, afterHeader] {
      let result = try run(Self.january + second)

      #expect(result.status == 65, "\(result.standardOutput)")
      #expect(result.standardOutput == "")
      #expect(result.standardError.contains("error: the file ends before </OFX>: it is cut off"))
    }
  }

  @Test(
    "A bank's refusal without SEVERITY, or with INFO, is unavailability with its message: exit 3, never an empty month",
    arguments: [
      ("<CODE>15500<MESSAGE>Invalid password", "Invalid password (OFX status 15500)"),
      ("<CODE>2003<MESSAGE>Account not found", "Account not found (OFX status 2003)"),
      ("<CODE>15500<SEVERITY>INFO", "the user ID or password is incorrect (OFX status 15500)"),
    ])
  func refusal(status: String, reason: String) throws {
    let result = try run(Self.answer(status: status, []))

    #expect(result.status == 3)
    #expect(
      result.standardError.contains("the bank refused the request: \(reason)"), "\(result.standardError)")
    #expect(result.standardOutput.contains("Transactions are not currently available."))
    #expect(!result.standardOutput.contains("There are no"))
  }

  @Test("A sign-on without a statement is unavailable: exit 3")
  func signOnAlone() throws {
    let result = try run(
      Self.header
        + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240701</SONRS>"
        + "</SIGNONMSGSRSV1></OFX>\n")

    #expect(result.status == 3)
    #expect(result.standardError.contains("the bank's answer holds no statement"))
  }

  @Test("--account 0001 of statements whose account follows their transactions shows 0001's month")
  func accountAfterTransactions() throws {
    let statement = { (id: String, name: String, amount: String) in
      "<STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><DTPOSTED>20240603<TRNAMT>\(amount)<NAME>\(name)"
        + "</STMTTRN></BANKTRANLIST><BANKACCTFROM><BANKID>0<ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM></STMTRS>"
        + "</STMTTRNRS>"
    }
    let text =
      Self.header + "<OFX><BANKMSGSRSV1>" + statement("0001", "FIRST", "-12.34")
      + statement("0002", "SECOND", "-56.78") + "</BANKMSGSRSV1></OFX>\n"

    let folder = try TemporaryDirectory("txreport-e2e")
    let path = try folder.file("s.ofx", text: text)

    let result = try InputProcess.run(["--all", path, "--account", "0001"] + Self.text)

    #expect(result.status == 0)
    #expect(result.standardOutput.contains("FIRST"))
    #expect(!result.standardOutput.contains("SECOND"))
    #expect(
      result.standardOutput.contains(
        "Grand Total                                                              12.34"))
    #expect(
      result.standardError
        == "txreport: note: '\(path)' holds 2 accounts; only 0001 (CHECKING) is shown, as --account asks\n")
  }

  @Test("A QIF file of 2,000 accounts gives a note of five names and a count")
  func manyAccounts() throws {
    let text = (0..<2_000).map { "!Account\nNAcct \($0)\nTBank\n^\n!Type:Bank\nD01/13/2024\nT-1.00\nPx\n^\n" }
      .joined()

    let result = try run(text, name: "s.qif")

    #expect(result.status == 0)
    #expect(
      result.standardError.contains("holds 2000 accounts, shown together: Acct 0 (Bank), Acct 1 (Bank)"))
    #expect(result.standardError.contains("Acct 4 (Bank) and 1995 more;"))
    #expect(result.standardError.utf8.count < 400)
  }

  @Test("Two statements in two currencies are an error at the second's CURDEF, with --account as the hint")
  func twoCurrencies() throws {
    let result = try run(
      Self.january + Self.answer(id: "0002", currency: "EUR", [("20240110", "-5.00", "EURO")]))

    #expect(result.status == 65)
    #expect(
      result.standardError.contains(
        "error: the statement's amounts are in EUR, those before in USD: amounts of two currencies are never added;"
          + " hint: report each account alone, with --account"))
  }

  @Test("!Type:Bank then !Type:CCard are two accounts: a note names both")
  func twoSectionTypes() throws {
    let result = try run(
      "!Type:Bank\nD01/13/2024\nT-10.00\nPGrocer\n^\n!Type:CCard\nD01/14/2024\nT-20.00\nPBookshop\n^\n",
      name: "s.qif")

    #expect(result.status == 0)
    #expect(
      result.standardError.contains(
        "holds 2 accounts, shown together: an account without a name (Bank) and an account without a name (CCard)"
      ))
  }

  @Test(
    "Overlapping statements (the attack's f9-overlap.ofx): the second FITID A2 is an error naming the first, exit 65"
  )
  func overlappingStatements() throws {
    let statement = {
      (trnuid: String, start: String, end: String, transactions: [(String, String, String, String)]) in
      "<STMTTRNRS><TRNUID>\(trnuid)<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM>"
        + "<BANKID>1<ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>\(start)<DTEND>\(end)\n"
        + transactions.map {
          "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\($0.0)<TRNAMT>\($0.1)<FITID>\($0.2)<NAME>\($0.3)</STMTTRN>\n"
        }.joined() + "</BANKTRANLIST></STMTRS></STMTTRNRS>\n"
    }
    let text =
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n"
      + "OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>"
      + "<DTSERVER>20240216<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1>\n"
      + statement(
        "1", "20240101", "20240131",
        [("20240110", "-10.00", "A1", "Shop A"), ("20240120", "-20.00", "A2", "Shop B")])
      + statement(
        "2", "20240115", "20240215",
        [("20240120", "-20.00", "A2", "Shop B"), ("20240205", "-5.00", "A3", "Shop C")])
      + "</BANKMSGSRSV1></OFX>\n"

    let result = try run(text, name: "f9-overlap.ofx")

    #expect(result.status == 65, "\(result.standardOutput)")
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.contains(
        "f9-overlap.ofx:17:63: error: the FITID was given before to the transaction at 14:1 of the same account"
      ))
  }

  @Test("An OFX file padded with NUL bytes after its </OFX> is whole: its report, exit 0")
  func nulPadding() throws {
    let result = try run(Array(Self.january.utf8) + [UInt8](repeating: 0, count: 512), name: "s.ofx")

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("JAN TWO"))
  }

  @Test(
    "QIF records whose U and T disagree, or whose splits do not add up (the attack's f10-u-t.qif, f10-split.qif): exit 65",
    arguments: [
      (
        "!Type:Bank\nD03/14/2024\nU-1,100.00\nT-1,000.00\nPRent\n^\n",
        "s.qif:3:2: error: amount: the U amount is not the T amount -1,000.00 at 4:2"
      ),
      (
        "!Type:Bank\nD01/15/2024\nT-90.00\nPSplit\nSFood\n$-60.00\nSHome\n$-40.00\n^\n",
        "s.qif:6:2: error: amount: the splits ($ lines) add up to -100.00, not to the amount -90.00 at 3:2"
      ),
    ])
  func qifAmountsDisagree(text: String, error: String) throws {
    let result = try run(text, name: "s.qif")

    #expect(result.status == 65, "\(result.standardOutput)")
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains(error), "\(result.standardError)")
  }

  @Test(
    "Quicken's opening balance (the attack's f10-opening.qif) is skipped with a note: the report is Shop's 20.00"
  )
  func qifOpeningBalance() throws {
    let result = try run(
      "!Type:Bank\nD01/14/2024\nT1,500.00\nPOpening Balance\nL[Checking]\n^\nD01/15/2024\nT-20.00\nPShop\n^\n",
      name: "s.qif", ["--format", "transactions"])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("Opening Balance"))
    #expect(
      result.standardOutput
        == "{\"date\":\"2024-01-15\",\"group\":\"P\",\"description\":\"Shop\",\"amount\":\"20.00\"}\n")
    #expect(result.standardError.contains("s.qif': 1 opening balance was skipped (the first at 2:1)"))
  }

  @Test("A Windows-1252 QIF file without --encoding is read so, with a note")
  func qifWindows1252() throws {
    let bytes = Array("!Type:Bank\nD01/13/2024\nT-1.00\nPCaf\u{1}\n^\n".utf8).map { $0 == 1 ? 0xE9 : $0 }

    let result = try run(bytes, name: "s.qif")

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Café"))
    #expect(result.standardError.contains("s.qif': the text is not UTF-8: it was read as Windows-1252"))
  }

  @Test("--encoding windows-1252 reads a QIF file's text so")
  func qifEncoding() throws {
    let bytes = Array("!Type:Bank\nD01/13/2024\nT-1.00\nPCaf\u{1}\n^\n".utf8).map { $0 == 1 ? 0xE9 : $0 }

    let result = try run(bytes, name: "s.qif", ["--encoding", "windows-1252"])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Café"))
  }
}
