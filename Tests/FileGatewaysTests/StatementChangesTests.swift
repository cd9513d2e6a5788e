import Entities
import FileGateways
import Presenters
import TestSupport
import Testing
import UseCases

/// What a bank file holds is read as written, or refused with a located issue: never records
/// that vanish or change without a word (issue 39). A misspelled QIF type, CR-only lines, an
/// account list's `D` lines, an OFX file cut off, namespaced OFX tags, a comment holding `>`,
/// and a statement in Windows-1252 (read so, with a note, when its header says so).
@Suite struct StatementChangesTests {
  private func read(_ text: String, _ format: RecordFormat) async throws -> [ReadRecord] {
    try await read(Array(text.utf8), format)
  }

  private func read(_ bytes: [UInt8], _ format: RecordFormat) async throws -> [ReadRecord] {
    try await readAll(
      BytesTransactionSource(name: format == .qif ? "a.qif" : "a.ofx", bytes: bytes, format: format))
  }

  // MARK: QIF

  @Test(
    "A ! line that names no QIF section is an issue at that line, with the type it most likely means",
    arguments: [
      ("!Type:Bnak", "Bank"), ("!type:ccrad", "CCard"), ("!Tpye:CCard", "CCard"), ("!Type:Savings", nil),
      ("!Acount", nil), ("!Type:", nil),
    ] as [(String, String?)])
  func unknownHeader(line: String, likely: String?) async throws {
    let text = "!Type:Bank\nD03/15/2024\nT-5.00\nPCoffee\n^\n\(line)\nD03/16/2024\nT-7.00\nPLunch\n^\n"

    let records = try await read(text, .qif)

    #expect(records.count == 2)
    #expect(records.first?.transaction?.description == "Coffee")
    let issue = try #require(records.last?.issue)
    #expect(issue.position == TextPosition(line: 6, column: 1))
    #expect(issue.readingProblem == .syntax(.unknownQIFHeader(likely: likely)))
    #expect(issue.value == line)
  }

  @Test("The sections of lists, !Account and options hold no transactions; investments are counted in a note")
  func knownHeaders() async throws {
    let text = """
      !Option:AutoSwitch
      !Account
      NChecking
      TBank
      ^
      !Clear:AutoSwitch
      !Type:Cat
      NGroceries
      DFood and such
      ^
      !Type:Memorized
      KC
      T-5.00
      PCoffee
      ^
      !Type:Bank
      D03/15/2024
      T-5.00
      PCoffee
      ^
      !Type:Invst
      D03/16/2024
      NBuy
      T-100.00
      ^

      """

    let records = try await read(text, .qif)

    #expect(records.compactMap { $0.transaction?.description } == ["Coffee"])
    #expect(records.allSatisfy { $0.issue == nil })
    guard case .note(let note)? = records.last, records.count == 2 else {
      Issue.record("expected one transaction and a note: \(records)")
      return
    }
    #expect(
      EnglishReportWording().note(note)
        == "'a.qif' holds 1 investment transaction (trades, income), which is not read: "
        + "the report shows money moved in bank and card accounts")
  }

  @Test("Lines that end with a carriage return alone (the classic Mac OS) are read as lines, and counted")
  func carriageReturnLines() async throws {
    let text =
      "!Type:Bank\rD03/15/2024\rT-5.00\rPCoffee\r^\rD03/31/2024\rT-1.00\rPTea\r^\rD02/30/2024\rT-2.00\rPBad\r^\r"

    let records = try await read(text, .qif)

    #expect(records.map { $0.transaction?.description } == ["Coffee", "Tea", nil])
    let issue = try #require(records.last?.issue)
    #expect(issue.position == TextPosition(line: 10, column: 2))
    #expect(issue.field == .date)
  }

  @Test("CRLF, LF and CR lines mixed are each one line")
  func mixedLineEnds() async throws {
    let text = "!Type:Bank\r\nD03/15/2024\rT-5.00\nPCoffee\r\n^\r\rD13/15/2024\nT-1.00\rPTea\n^"

    let records = try await read(text, .qif)

    #expect(records.first?.transaction?.description == "Coffee")
    #expect(records.last?.issue?.position == TextPosition(line: 7, column: 2))
  }

  @Test("An account's D line (its description) does not steer the date layout; the transactions' dates do")
  func accountDescriptionIsNoDate() async throws {
    let accounts = "!Account\nNSavings\nTBank\nD31/12/2019\n^\n"
    let ambiguous = try await read(accounts + "!Type:Bank\nD03/04/2024\nT-10.00\nPGrocer\n^\n", .qif)
    #expect(ambiguous.count == 1)
    #expect(
      ambiguous.first?.issue?.readingProblem
        == .syntax(.asks(.datesFitLayouts([.monthDayYear, .dayMonthYear]))))
    #expect(ambiguous.first?.issue?.position == TextPosition(line: 7, column: 2))

    let told = try await read(accounts + "!Type:Bank\nD03/15/2024\nT-10.00\nPGrocer\n^\n", .qif)
    let transaction = try #require(told.first?.transaction)
    #expect(transaction.date == (try CalendarDate(iso8601: "2024-03-15")))
  }

  // MARK: OFX

  private static let header = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n"
  private static let transaction = "<STMTTRN><DTPOSTED>20240402<TRNAMT>-5.75<NAME>COFFEE</STMTTRN>\n"

  @Test(
    "A statement cut off before </OFX> is an issue where it ends, after its header or between transactions")
  func cutOff() async throws {
    let opened = Self.header + "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n"
    for text in [
      Self.header, opened, opened + Self.transaction, opened + Self.transaction + "</BANKTRANLIST>",
    ] {
      let records = try await read(text, .ofx)
      let issue = try #require(records.last?.issue, "\(text)")
      #expect(issue.readingProblem == .syntax(.endsBeforeClosingTag("OFX")))
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(issue.position == TextPosition(line: lines.count, column: (lines.last?.count ?? 0) + 1))
    }
    let whole = try await read(
      opened + Self.transaction + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n", .ofx)
    #expect(whole.map { $0.transaction?.description } == ["COFFEE"])
    #expect(try await read("", .ofx).isEmpty)
  }

  @Test("Namespaced tags are read by their local name")
  func namespacedTags() async throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <o:OFX xmlns:o="http://ofx.net/types/2003/04"><o:BANKMSGSRSV1><o:BANKTRANLIST>
      <o:STMTTRN><o:DTPOSTED>20240702</o:DTPOSTED><o:TRNAMT>-18.40</o:TRNAMT><o:NAME>MARKET</o:NAME></o:STMTTRN>
      <o:STMTTRN><o:DTPOSTED>20240703</o:DTPOSTED><o:TRNAMT>-7.25</o:TRNAMT><o:MEMO>PARKING</o:MEMO></o:STMTTRN>
      </o:BANKTRANLIST></o:BANKMSGSRSV1></o:OFX>
      """

    let records = try await read(text, .ofx)

    #expect(records.map { $0.transaction?.description } == ["MARKET", "PARKING"])
    #expect(records.map { $0.transaction?.amount.minorUnits } == [1840, 725])
  }

  @Test("A transaction in a comment that holds '>' is not read; nor is it when the comment spans lines")
  func commentHoldingGreaterThan() async throws {
    let text =
      Self.header
      + "<OFX><BANKTRANLIST>\n<!-- old > <STMTTRN><DTPOSTED>20240101<TRNAMT>-9.99<NAME>GONE</STMTTRN>\n"
      + "still > the comment -->\n" + Self.transaction + "</BANKTRANLIST></OFX>\n"

    let records = try await read(text, .ofx)

    #expect(records.map { $0.transaction?.description } == ["COFFEE"])
  }

  @Test(
    "A header that names Windows-1252 or ISO-8859-1, in OFX 1.x or 2.x, has text that is not UTF-8 read as Windows-1252, with a note",
    arguments: [
      "OFXHEADER:100\r\nENCODING:USASCII\r\nCHARSET:1252\r\n\r\n", "OFXHEADER:100\nCHARSET:ISO-8859-1\n\n",
      "<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n",
    ])
  func singleByteCharsets(header: String) async throws {
    // `CAFÉ – €5 “À EMPORTER”` in Windows-1252 (Latin-1 is read alike).
    let name: [UInt8] =
      [0x43, 0x41, 0x46, 0xC9, 0x20, 0x96, 0x20, 0x80, 0x35, 0x20, 0x93, 0xC0] + Array(" EMPORTER".utf8) + [
        0x94
      ]
    let body: [UInt8] =
      Array("<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20240502<NAME>".utf8) + name
      + Array("<TRNAMT>x</STMTTRN></BANKTRANLIST></OFX>".utf8)

    let records = try await read(Array(header.utf8) + body, .ofx)

    let issues = records.compactMap(\.issue)
    #expect(issues.map(\.field) == [.amount], "\(records)")
    // Columns count the bytes as UTF-8 would: the four from 0x80 to 0xBF (`–`, `€`, `“`, `”`)
    // move none.
    let line = header.filter { $0 == "\n" || $0 == "\r\n" }.count + 1
    let column = "<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20240502<NAME>".count + 18 + "<TRNAMT>".count + 1
    #expect(issues.first?.position == TextPosition(line: line, column: column))
    let named = try await read(
      Array(header.utf8)
        + Array("<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20240502<TRNAMT>-5.00<NAME>".utf8) + name
        + Array("</STMTTRN></BANKTRANLIST></OFX>".utf8), .ofx)
    #expect(named.map { $0.transaction?.description } == ["CAFÉ – €5 “À EMPORTER”", nil])
    guard case .note(let note)? = named.last else {
      Issue.record("no note: \(named)")
      return
    }
    #expect(EnglishReportWording().note(note).contains("read as Windows-1252"), "\(named)")
  }

  @Test(
    "UTF-8 stays UTF-8: without a header that names a set, or with ENCODING:UTF-8, a byte that is not UTF-8 is named"
  )
  func utf8Statements() async throws {
    for header in [
      "OFXHEADER:100\n\n", "OFXHEADER:100\nENCODING:UTF-8\nCHARSET:1252\n\n", "<?xml version=\"1.0\"?>\n",
    ] {
      let records = try await read(
        Array(header.utf8) + Array("<OFX><STMTTRN><DTPOSTED>20240502<TRNAMT>-1.00<NAME>CAF".utf8) + [0xC9]
          + Array("</STMTTRN></OFX>".utf8), .ofx)
      #expect(records.compactMap(\.issue).map(\.field) == [.description], "\(header)")
      let utf8 = try await read(
        Array(header.utf8)
          + Array("<OFX><STMTTRN><DTPOSTED>20240502<TRNAMT>-1.00<NAME>CAFÉ</STMTTRN></OFX>".utf8),
        .ofx)
      #expect(utf8.map { $0.transaction?.description } == ["CAFÉ"])
    }
  }
}
