import BankReading
import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Issue 46's statement items: the files people have, read as they are. A transaction without
/// a description takes one from what it says besides; an OFX header inside a leading comment
/// (ofxstatement's); an investment statement says its trades were not read; a QIF date is shown
/// in an error as the file writes it.
@Suite struct StatementExportsTests {
  private func read(_ text: String, format: RecordFormat = .ofx) async throws -> [ReadRecord] {
    try await readAll(BytesTransactionSource(name: "s.\(format)", bytes: Array(text.utf8), format: format))
  }

  private func notes(_ records: [ReadRecord]) -> [String] {
    records.compactMap { record in
      guard case .note(let note) = record else { return nil }
      return EnglishReportWording().note(note)
    }
  }

  /// An OFX 1.x statement holding one transaction of the given elements.
  private func statement(_ elements: String) -> String {
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>\n"
      + "<STMTTRN><DTPOSTED>20240104<TRNAMT>-200.00<FITID>00002\(elements)</STMTTRN>\n"
      + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
  }

  // MARK: A description from what a transaction says

  @Test(
    "An OFX transaction without a NAME is described by its MEMO, its PAYEE's NAME, or its type and check number",
    arguments: [
      ("<TRNTYPE>CHECK<CHECKNUM>1000", "Check 1000"), ("<TRNTYPE>ATM", "ATM"),
      ("<TRNTYPE>DEBIT<CHECKNUM>77", "Debit, check 77"), ("<CHECKNUM>1001", "Check 1001"),
      ("<TRNTYPE>SRVCHG", "Service charge"), ("<TRNTYPE>directdep", "Direct deposit"),
      ("<TRNTYPE>XYZZY", "XYZZY"),
      ("<TRNTYPE>POS<MEMO>CORNER SHOP", "CORNER SHOP"),
      ("<TRNTYPE>POS<PAYEE><NAME>CITY POWER<ADDR1>1 Main St</PAYEE>", "CITY POWER"),
      ("<MEMO>FROM MEMO<PAYEE><NAME>FROM PAYEE</PAYEE>", "FROM MEMO"),
      ("<NAME><MEMO><TRNTYPE>INT", "Interest"), ("<NAME>SHOP<TRNTYPE>POS<CHECKNUM>5", "SHOP"),
      ("<TRNTYPE><CHECKNUM><NAME>", ""),
    ])
  func ofxDescription(elements: String, description: String) async throws {
    let records = try await read(statement(elements))

    #expect(records.map { $0.transaction?.description } == [description], "\(records)")
  }

  @Test("An OFX transaction that says nothing of itself still lacks a description")
  func ofxNoDescription() async throws {
    let records = try await read(statement(""))

    #expect(records.first?.issue?.field == .description)
    #expect(records.first?.issue?.readingProblem == .missingInExport)
  }

  @Test(
    "A QIF record without a payee is described by its memo, then its category",
    arguments: [
      ("MRent for May\nLHousing", "Rent for May"), ("LHousing:Rent", "Housing:Rent"),
      ("L[Savings]", "[Savings]"),
      ("P\nM\nLGroceries", "Groceries"), ("PShop\nLFood", "Shop"), ("P", ""),
    ])
  func qifDescription(lines: String, description: String) async throws {
    let records = try await read("!Type:Bank\nD01/13/2024\nT-1.00\n\(lines)\n^\n", format: .qif)

    #expect(records.map { $0.transaction?.description } == [description], "\(records)")
  }

  @Test("A QIF record with no payee, memo or category still lacks a description")
  func qifNoDescription() async throws {
    let records = try await read("!Type:Bank\nD01/13/2024\nT-1.00\nN1001\n^\n", format: .qif)

    #expect(records.first?.issue?.field == .description)
  }

  // MARK: A header inside a comment

  /// ofxstatement's output: its header lines inside a comment before `<OFX>`.
  private func commented(_ lines: String) -> String {
    "<!-- \n\(lines)\n-->\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>"
      + "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240212</DTPOSTED><TRNAMT>-15.40</TRNAMT>"
      + "<NAME>Sample \u{1}</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
  }

  private static let ofxstatementHeader =
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:UTF-8\nCHARSET:NONE\nCOMPRESSION:NONE\n"
    + "OLDFILEUID:NONE\nNEWFILEUID:NONE"

  @Test("An OFX header inside a leading comment, as ofxstatement writes it, is read, and shows the format")
  func headerInAComment() async throws {
    let text = commented(Self.ofxstatementHeader).replacingOccurrences(of: "\u{1}", with: "1")

    let records = try await read(text)

    #expect(records.map { $0.transaction?.description } == ["Sample 1"], "\(records)")
    #expect(RecordFormat.sniffed(from: Array(text.utf8)) == .ofx)
  }

  @Test("CHARSET:1252 inside the comment says the text is Windows-1252")
  func charsetInAComment() async throws {
    let lines = Self.ofxstatementHeader.replacingOccurrences(
      of: "ENCODING:UTF-8\nCHARSET:NONE", with: "ENCODING:USASCII\nCHARSET:1252")
    let bytes = Array(commented(lines).utf8).map { $0 == 1 ? 0xC9 : $0 }

    let records = try await readAll(BytesTransactionSource(name: "s.ofx", bytes: bytes, format: .ofx))

    #expect(records.compactMap { $0.transaction?.description } == ["Sample É"])
    #expect(notes(records).first?.contains("read as Windows-1252") == true)
  }

  @Test(
    "A leading comment that holds no header, or that no <OFX> follows, is no OFX header",
    arguments: ["<!-- just a comment -->\n<p>hello</p>", "<!-- \nOFXHEADER:100\n-->\n<html>"])
  func commentWithoutHeader(text: String) async throws {
    let records = try await read(text)

    #expect(records.count == 1)
    #expect(records.first?.issue?.position == TextPosition(line: 1, column: 1))
  }

  // MARK: Investment statements

  @Test("An investment statement of trades only gives no records and a note that its trades were not read")
  func investmentTrades() async throws {
    let text =
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS>"
      + "<DTASOF>20240131<CURDEF>USD<INVACCTFROM><BROKERID>broker.example<ACCTID>998877</INVACCTFROM>"
      + "<INVTRANLIST><DTSTART>20240101<DTEND>20240131"
      + "<BUYSTOCK><INVBUY><INVTRAN><FITID>1<DTTRADE>20240105</INVTRAN><SECID><UNIQUEID>123<UNIQUEIDTYPE>CUSIP</SECID>"
      + "<UNITS>10<UNITPRICE>12.5<TOTAL>-125.00<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVBUY><BUYTYPE>BUY</BUYSTOCK>"
      + "<INCOME><INVTRAN><FITID>2<DTTRADE>20240110</INVTRAN><SECID><UNIQUEID>123<UNIQUEIDTYPE>CUSIP</SECID>"
      + "<INCOMETYPE>DIV<TOTAL>3.10<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INCOME>"
      + "</INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>\n"
    let withCash = text.replacingOccurrences(
      of: "</INVTRANLIST>",
      with: "<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240115<TRNAMT>500.00<NAME>DEPOSIT</STMTTRN>"
        + "<SUBACCTFUND>CASH</INVBANKTRAN></INVTRANLIST>")

    let trades = try await read(text)
    let cash = try await read(withCash)

    #expect(trades.count == 1, "\(trades)")
    #expect(
      notes(trades) == [
        "'s.ofx' holds 2 investment transactions (trades, income), which are not read: "
          + "the report shows money moved in bank and card accounts"
      ])
    #expect(cash.compactMap { $0.transaction?.description } == ["DEPOSIT"])
    #expect(notes(cash).count == 1)
  }

  @Test("A bank statement gives no note about investments")
  func noInvestmentNote() async throws {
    let records = try await read(statement("<NAME>SHOP"))

    #expect(notes(records) == [])
  }

  // MARK: Values as the file writes them

  @Test("A QIF date with Quicken's padding and apostrophe is read; an error shows it as the file writes it")
  func qifDateAsWritten() async throws {
    let read1 = try await read(
      "!Type:Bank\nD1/ 1'00\nT-1.00\nPx\n^\nD12/31'99\nT-2.00\nPy\n^\n", format: .qif)
    let wrong = try await read(
      "!Type:Bank\nD12/31'99\nT-1.00\nPx\n^\nD2/30'00\nT-2.00\nPy\n^\n", format: .qif)
    let untold = try await read("!Type:Bank\nD1/ 2'00\nT-1.00\nPx\n^\n", format: .qif)

    #expect(
      read1.compactMap { $0.transaction?.date } == [
        try CalendarDate(iso8601: "2000-01-01"), try CalendarDate(iso8601: "2099-12-31"),
      ])
    let issue = try #require(wrong.compactMap(\.issue).first)
    #expect(issue.value == "2/30'00")
    #expect(
      EnglishReportWording().issueLine(issue).contains("(got \"2/30'00\")"),
      "\(EnglishReportWording().issueLine(issue))")
    #expect(
      untold.first?.issue?.readingProblem == .syntax(.asks(.datesFitLayouts([.monthDayYear, .dayMonthYear]))))
    #expect(untold.first?.issue?.value == "1/ 2'00")
  }

  @Test(
    "A space inside a QIF date's number is an error at the date, as written; Quicken's padding in front stays read"
  )
  func qifDateWithASpaceInsideANumber() async throws {
    // The fuzzer's input: `3/0 4'24` was read as 2024-03-04, its space skipped as padding.
    let records = try await read(
      "!Type:Bank\nD3/15'24\nT-1.00\nPx\n^\nD3/0 4'24\nT-2.00\nPy\n^\nD 3/ 9' 4\nT-3.00\nPz\n^\n",
      format: .qif)

    #expect(
      records.compactMap { $0.transaction?.date } == [
        try CalendarDate(iso8601: "2024-03-15"), try CalendarDate(iso8601: "2004-03-09"),
      ])
    let issue = try #require(records.compactMap(\.issue).first)
    #expect(issue.position == TextPosition(line: 6, column: 2))
    #expect(issue.field == .date)
    #expect(issue.value == "3/0 4'24")
    #expect(records.compactMap(\.issue).count == 1)
  }
}
