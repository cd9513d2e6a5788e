import BankReading
import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// OFX and QIF statements as banks write them: without `OFXHEADER`, with padded four-decimal
/// amounts, in Windows-1252, with a pending list, with several accounts.
@Suite struct StatementReadingTests {
  /// An OFX 1.x statement of one account, from the given header and transactions.
  private func sgml(header: String = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n", _ transactions: String)
    -> String
  {
    header + """
      <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>0001<ACCTTYPE>CHECKING</BANKACCTFROM>
      <BANKTRANLIST>
      \(transactions)
      </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
      """
  }

  private func read(
    _ bytes: [UInt8], format: RecordFormat = .ofx, options: ReadingOptions = .standard
  ) async throws -> [ReadRecord] {
    try await readAll(
      BytesTransactionSource(name: "s.\(format)", bytes: bytes, format: format, options: options))
  }

  private func read(_ text: String, format: RecordFormat = .ofx, options: ReadingOptions = .standard)
    async throws -> [ReadRecord]
  {
    try await read(Array(text.utf8), format: format, options: options)
  }

  /// The notes of what was read, in the words `txreport` prints.
  private func notes(_ records: [ReadRecord]) -> [String] {
    records.compactMap { record in
      guard case .note(let note) = record else { return nil }
      return EnglishReportWording().note(note)
    }
  }

  // MARK: The header

  @Test(
    "A header without OFXHEADER, as converters write it, starts an OFX file",
    arguments: [
      "DATA:OFXSGML\nENCODING:UTF-8\n        <OFX>", "DATA:OFXSGML\r\nENCODING:UTF-8\r\n\r\n<OFX>",
      "ENCODING:USASCII\nCHARSET:1252\n<OFX>", "\u{FEFF}DATA:OFXSGML\n<ofx>",
    ])
  func headerWithoutOFXHEADER(start: String) async throws {
    let body =
      "\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20240402</DTPOSTED>"
      + "<TRNAMT>-4.80</TRNAMT><NAME>Bäckerei</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"

    let records = try await read(start + body)

    #expect(records.map { $0.transaction?.description } == ["Bäckerei"])
  }

  @Test("Header lines that no <OFX> follows are not OFX: one issue at the start")
  func headerLinesAlone() async throws {
    let records = try await read("DATA:OFXSGML\nThis is a letter.\n<p>")

    #expect(records.map { $0.issue?.readingProblem } == [.syntax(.notOFX)])
  }

  // MARK: Amounts

  @Test(
    "OFX amounts padded with zeros, signed and with four decimals are read exactly",
    arguments: [
      ("-00000000001500.0000", Int64(150_000), DebitCredit.debit), ("+00000000000000.2400", 24, .credit),
      ("-42.5", 4250, .debit), ("-11,76", 1176, .debit), ("-.50", 50, .debit), ("+1846.12", 184_612, .credit),
      ("3", 300, .credit), ("-8.95000", 895, .debit),
    ])
  func paddedAmounts(written: String, cents: Int64, debitCredit: DebitCredit) async throws {
    let records = try await read(sgml("<STMTTRN><DTPOSTED>20240502<TRNAMT>\(written)<NAME>x</STMTTRN>"))

    let transaction = try #require(records.first?.transaction)
    #expect(transaction.amount == Money(minorUnits: cents))
    #expect(transaction.debitCredit == debitCredit)
  }

  @Test(
    "An OFX amount with a fraction of a cent is refused, never rounded, with a hint that names no option",
    arguments: ["-12.3456", "+0.2450", "-1.001"])
  func subCentAmount(written: String) async throws {
    let records = try await read(sgml("<STMTTRN><DTPOSTED>20240502<TRNAMT>\(written)<NAME>x</STMTTRN>"))

    let issue = try #require(records.first?.issue)
    #expect(issue.readingProblem == .unreadableAmount(.tooManyFractionDigits, nil))
    let line = ReportText.issueLine(issue)
    #expect(line.contains("has a fraction of a cent"))
    #expect(!line.contains("--decimal"))
  }

  @Test("--decimal-comma does not change how an OFX amount is read: its radix point is never in doubt")
  func decimalOptionIgnoredInOFX() async throws {
    let text = sgml("<STMTTRN><DTPOSTED>20240502<TRNAMT>-1.234<NAME>x</STMTTRN>")

    let records = try await read(text, options: ReadingOptions(decimalMark: .comma))

    #expect(records.first?.issue?.readingProblem == .unreadableAmount(.tooManyFractionDigits, nil))
  }

  // MARK: Windows-1252

  @Test("CHARSET:1252 text is read as Windows-1252, once, with a note; UTF-8 text under it stays UTF-8")
  func windows1252() async throws {
    let header = "OFXHEADER:100\r\nDATA:OFXSGML\r\nENCODING:USASCII\r\nCHARSET:1252\r\n"
    var bytes = Array(
      sgml(
        header: header,
        "<STMTTRN><DTPOSTED>20240312<TRNAMT>-54.90<NAME>PRLV \u{1}NERGIE \u{2} 5 \u{3}</STMTTRN>"
      )
      .utf8)
    bytes = bytes.map { $0 == 1 ? 0xC9 : $0 == 2 ? 0x80 : $0 == 3 ? 0xA3 : $0 }
    let utf8 = Array(
      sgml(header: header, "<STMTTRN><DTPOSTED>20240313<TRNAMT>-1.00<NAME>Café</STMTTRN>").utf8)

    let records = try await read(bytes)
    let utf8Records = try await read(utf8)

    #expect(records.compactMap { $0.transaction?.description } == ["PRLV ÉNERGIE € 5 £"])
    #expect(
      notes(records) == [
        "'s.ofx': text that is not UTF-8 is read as Windows-1252, as the file's header says (CHARSET:1252)"
      ])
    #expect(utf8Records == [utf8Records[0]])
    #expect(utf8Records.first?.transaction?.description == "Café")
  }

  @Test("Without a header that says Windows-1252, a byte that is not UTF-8 is still an issue")
  func notUTF8WithoutCharset() async throws {
    var bytes = Array(sgml("<STMTTRN><DTPOSTED>20240312<TRNAMT>-54.90<NAME>\u{1}NERGIE</STMTTRN>").utf8)
    bytes = bytes.map { $0 == 1 ? 0xC9 : $0 }

    let records = try await read(bytes)

    #expect(records.first?.issue?.readingProblem == .badText(.invalidUTF8(byte: 0xC9)))
  }

  // MARK: Pending transactions

  /// An OFX 2.2 card statement with a posted and a pending list.
  private let pendingStatement = """
    <?xml version="1.0" encoding="UTF-8"?>
    <?OFX OFXHEADER="200" VERSION="220"?>
    <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF>
    <CCACCTFROM><ACCTID>0000000000000000</ACCTID></CCACCTFROM>
    <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240902</DTPOSTED><TRNAMT>-42.18</TRNAMT>
    <NAME>CITYMART</NAME></STMTTRN></BANKTRANLIST>
    <BANKTRANLISTP><DTASOF>20240916</DTASOF>
    <STMTTRNP><TRNTYPE>DEBIT</TRNTYPE><DTTRAN>20240914101500.000[-7:PDT]</DTTRAN><TRNAMT>-64.02</TRNAMT>
    <NAME>HIGHWAY FUEL</NAME></STMTTRNP>
    <STMTTRNP><TRNTYPE>HOLD</TRNTYPE><DTTRAN>20240915</DTTRAN><DTEXPIRE>20240920</DTEXPIRE><TRNAMT>-23.60</TRNAMT>
    <NAME>NOODLE HOUSE</NAME></STMTTRNP>
    </BANKTRANLISTP></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
    """

  @Test("A pending list (STMTTRNP, dated by DTTRAN) is Authorized, the posted list Posted")
  func pendingList() async throws {
    let records = try await read(pendingStatement)

    #expect(
      records.compactMap(\.transaction) == [
        try transaction(.posted, "2024-09-02", "CITYMART", "42.18", .debit),
        try transaction(.authorized, "2024-09-14", "HIGHWAY FUEL", "64.02", .debit),
        try transaction(.authorized, "2024-09-15", "NOODLE HOUSE", "23.60", .debit),
      ])
    #expect(notes(records) == [])
  }

  @Test("In two-source mode every record takes its source's group, and a note says the file held both kinds")
  func pendingInTwoSources() async throws {
    let records = try await read(
      pendingStatement, options: ReadingOptions(group: .posted, pendingGroup: .posted))

    #expect(records.compactMap(\.transaction).map(\.group) == [.posted, .posted, .posted])
    #expect(
      notes(records) == [
        "'s.ofx' holds 2 pending and 1 posted transaction; all are shown as Posted, as --posted says; "
          + "to show the pending ones as Authorized, read the file alone with --all"
      ])
  }

  @Test(
    "No note where the file holds one kind only, or where --all reads the two kinds apart",
    arguments: [
      ("BANKTRANLIST", TransactionGroup.posted, 2), ("BANKTRANLIST", .authorized, 2),
      ("BANKTRANLISTP", .posted, 1),
      ("BANKTRANLISTP", .authorized, 1),
    ])
  func noPendingNoteForOneKind(removed list: String, group: TransactionGroup, count: Int) async throws {
    let start = try #require(pendingStatement.range(of: "<\(list)>"))
    let end = try #require(pendingStatement.range(of: "</\(list)>"))
    let oneKind = pendingStatement.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")

    let twoSources = try await read(oneKind, options: ReadingOptions(group: group, pendingGroup: group))
    let oneSource = try await read(pendingStatement)

    #expect(twoSources.compactMap(\.transaction).count == count)
    #expect(notes(twoSources) == [])
    #expect(oneSource.compactMap(\.transaction).count == 3)
    #expect(notes(oneSource) == [])
  }

  @Test("A pending transaction without its DTTRAN is an issue, not a record dated otherwise")
  func pendingWithoutDate() async throws {
    let text = sgml("<STMTTRNP><DTPOSTED>20240914<TRNAMT>-1.00<NAME>x</STMTTRNP>")

    let records = try await read(text)

    #expect(records.map { $0.issue?.readingProblem } == [.missingInExport])
    #expect(records.first?.issue?.field == .date)
  }
}

extension StatementReadingTests {
  // MARK: Several accounts

  /// Two OFX statements in one file, the body on one line, as an issuer writes it.
  private var twoStatements: String {
    let statement = { (id: String, type: String, amount: String) in
      "<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>0<ACCTID>\(id)<ACCTTYPE>\(type)</BANKACCTFROM>"
        + "<BANKTRANLIST><STMTTRN><DTPOSTED>20240603<TRNAMT>\(amount)<NAME>\(type)</STMTTRN></BANKTRANLIST></STMTRS>"
        + "</STMTTRNRS>"
    }
    return "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1>"
      + statement("0000000001", "CHECKING", "-1200.00")
      + statement("0000000002", "SAVINGS", "1200.00") + "</BANKMSGSRSV1></OFX>"
  }

  @Test("Several accounts are shown together and named in a note after the records")
  func severalAccounts() async throws {
    let records = try await read(twoStatements)

    #expect(records.compactMap { $0.transaction?.description } == ["CHECKING", "SAVINGS"])
    guard case .note = records.last else {
      Issue.record("the note is not last: \(records)")
      return
    }
    #expect(
      notes(records) == [
        "'s.ofx' holds 2 accounts, shown together: 0000000001 (CHECKING) and 0000000002 (SAVINGS); "
          + "to show one, add --account with its number or name"
      ])
  }

  @Test(
    "--account picks one account by its number, type or name, in any case, spaces and dashes left out",
    arguments: [("0000000002", "SAVINGS"), ("savings", "SAVINGS"), ("0000 0000-01", "CHECKING")])
  func accountPicked(asked: String, shown: String) async throws {
    let records = try await read(twoStatements, options: ReadingOptions(account: asked))

    #expect(records.compactMap { $0.transaction?.description } == [shown])
    #expect(notes(records).count == 1)
    #expect(notes(records).first?.contains("holds 2 accounts; only ") == true)
  }

  @Test("--account that names no account, or two, is an issue listing the accounts: never a guess")
  func accountNotPicked() async throws {
    let none = try await read(twoStatements, options: ReadingOptions(account: "0002"))
    let text = twoStatements.replacingOccurrences(of: "CHECKING", with: "SAVINGS")
    let both = try await read(text, options: ReadingOptions(account: "savings"))

    #expect(
      none.last?.issue?.readingProblem
        == .noAccountMatches("0002", accounts: ["0000000001 (CHECKING)", "0000000002 (SAVINGS)"], count: 2))
    #expect(
      both.last?.issue?.readingProblem
        == .severalAccountsMatch(
          "savings", accounts: ["0000000001 (SAVINGS)", "0000000002 (SAVINGS)"], count: 2))
  }

  @Test("One account in two statements is one account: no note")
  func oneAccountTwice() async throws {
    let text = twoStatements.replacingOccurrences(of: "0000000002", with: "0000000001")
      .replacingOccurrences(of: "SAVINGS", with: "CHECKING")

    let records = try await read(text)

    #expect(notes(records) == [])
  }

  @Test("QIF !Account blocks name the accounts: a note, and --account picks one by its name")
  func qifAccounts() async throws {
    let text = """
      !Account
      NChecking
      TBank
      ^
      !Type:Bank
      D01/13/2024
      T2,145.60
      PHarborview Logistics
      ^
      !Account
      NVisa
      TCCard
      ^
      !Type:CCard
      D01/14/2024
      T-38.47
      PCorner Grocery
      ^

      """

    let all = try await read(text, format: .qif)
    let visa = try await read(text, format: .qif, options: ReadingOptions(account: "VISA"))

    #expect(all.compactMap { $0.transaction?.description } == ["Harborview Logistics", "Corner Grocery"])
    #expect(
      notes(all) == [
        "'s.qif' holds 2 accounts, shown together: Checking (Bank) and Visa (CCard); "
          + "to show one, add --account with its number or name"
      ])
    #expect(visa.compactMap { $0.transaction?.description } == ["Corner Grocery"])
  }

  @Test("A QIF list of accounts (!Option:AutoSwitch) names no account; the blocks after it do")
  func qifAutoSwitch() async throws {
    let text = """
      !Option:AutoSwitch
      !Account
      NChecking
      TBank
      ^
      NSavings
      TBank
      ^
      !Clear:AutoSwitch
      !Account
      NChecking
      TBank
      ^
      !Type:Bank
      D01/13/2024
      T-1.00
      Px
      ^

      """

    let records = try await read(text, format: .qif)

    #expect(records.compactMap { $0.transaction?.description } == ["x"])
    #expect(notes(records) == [])
  }
}
