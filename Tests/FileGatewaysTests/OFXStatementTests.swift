import Entities
import FileGateways
import Presenters
import TestSupport
import Testing
import UseCases

/// What an OFX statement holds beside its transactions: CDATA sections, a `NAME` left empty,
/// comments, and the bank's answer that refuses the request.
@Suite struct OFXStatementTests {
  /// An OFX 2.x answer whose statement holds the given transactions (`STMTTRN` elements).
  private func statement(_ transactions: String, status: String = "<CODE>0</CODE><SEVERITY>INFO</SEVERITY>")
    -> String
  {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
    <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS>\(status)</STATUS>
    <STMTRS><CURDEF>AUD</CURDEF><BANKTRANLIST>
    \(transactions)
    </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
    """
  }

  private func records(_ text: String) async throws -> [ReadRecord] {
    try await readAll(BytesTransactionSource(name: "statement.ofx", bytes: Array(text.utf8), format: .ofx))
  }

  @Test("A name in a CDATA section is its text as written, < and & included")
  func cdataName() async throws {
    let text = statement(
      """
      <STMTTRN><DTPOSTED>20240603</DTPOSTED><TRNAMT>-52.80</TRNAMT>
      <NAME><![CDATA[WOOLWORTHS <NEWTOWN> & CO]]></NAME></STMTTRN>
      <STMTTRN><DTPOSTED>20240604</DTPOSTED><TRNAMT>-1.00</TRNAMT>
      <NAME>Caf&eacute; <![CDATA[A&amp;B]]> &amp; C</NAME></STMTTRN>
      <STMTTRN><DTPOSTED>20240605</DTPOSTED><TRNAMT>-2.00</TRNAMT>
      <NAME><![CDATA[ends ]]]]></NAME></STMTTRN>
      """)

    let descriptions = try await records(text).map { $0.transaction?.description }

    #expect(descriptions == ["WOOLWORTHS <NEWTOWN> & CO", "Caf&eacute; A&amp;B & C", "ends ]]"])
  }

  @Test(
    "An empty NAME does not hide the MEMO; a NAME that is there wins",
    arguments: [
      ("<NAME></NAME><MEMO>CITY DELI</MEMO>", "CITY DELI"),
      ("<NAME><MEMO>CITY DELI", "CITY DELI"),
      ("<MEMO>CITY DELI</MEMO><NAME></NAME>", "CITY DELI"),
      ("<NAME><![CDATA[]]></NAME><MEMO><![CDATA[CITY DELI]]></MEMO>", "CITY DELI"),
      ("<NAME>PAYROLL</NAME><MEMO>DIRECT DEP</MEMO>", "PAYROLL"),
      ("<NAME></NAME>", ""),
    ])
  func memoForAnEmptyName(fields: String, description: String) async throws {
    let text = statement("<STMTTRN><DTPOSTED>20240405<TRNAMT>-18.42\(fields)</STMTTRN>")

    let read = try await records(text)

    #expect(read.map { $0.transaction?.description } == [description])
  }

  @Test("A transaction in a comment is not read, even when the comment holds '>'")
  func comments() async throws {
    let text = statement(
      """
      <!-- duplicate > removed: <STMTTRN><DTPOSTED>20240101</DTPOSTED><TRNAMT>-9.99</TRNAMT></STMTTRN> -->
      <STMTTRN><DTPOSTED>20240102</DTPOSTED><TRNAMT>-1.00</TRNAMT><!-- x > y --><NAME>kept</NAME></STMTTRN>
      """)

    let read = try await records(text)

    #expect(read.map { $0.transaction?.description } == ["kept"])
  }

  @Test(
    "A status of severity ERROR makes the source unavailable, with the bank's message and code",
    arguments: [
      (
        "<CODE>15500</CODE><SEVERITY>ERROR</SEVERITY><MESSAGE>Your password was incorrect</MESSAGE>",
        "'statement.ofx': the bank refused the request: Your password was incorrect (OFX status 15500)"
      ),
      (
        "<CODE>2000<SEVERITY>ERROR</STATUS>",
        "'statement.ofx': the bank refused the request: general error (OFX status 2000)"
      ),
      (
        "<CODE>2000</CODE><SEVERITY>error</SEVERITY><MESSAGE></MESSAGE>",
        "'statement.ofx': the bank refused the request: general error (OFX status 2000)"
      ),
    ])
  func refusal(status: String, reason: String) async throws {
    let text = statement("", status: status)

    let read = try await records(text)

    #expect(read.count == 1)
    guard case .unavailable(let unavailable)? = read.first else {
      Issue.record("expected the source to be unavailable, got \(read)")
      return
    }
    #expect(EnglishReportWording().reason(unavailable) == reason)
  }

  @Test("A status of code 0 lets the statement be read; a WARN of another code is a refusal")
  func statusThatIsNoRefusal() async throws {
    let transaction = "<STMTTRN><DTPOSTED>20240405<TRNAMT>-1.00<NAME>x</STMTTRN>"

    let info = try await records(statement(transaction, status: "<CODE>0</CODE><SEVERITY>INFO</SEVERITY>"))
    let warning = try await records(
      statement(transaction, status: "<CODE>2000<SEVERITY>WARN<MESSAGE>partial"))

    #expect(info.map { $0.transaction?.description } == ["x"])
    guard case .unavailable(let reason)? = warning.last, warning.count == 1 else {
      Issue.record("expected the source to be unavailable, got \(warning)")
      return
    }
    #expect(
      EnglishReportWording().reason(reason)
        == "'statement.ofx': the bank refused the request: partial (OFX status 2000)")
  }

  @Test("A refused sign-on, before any statement, is refused whatever follows")
  func refusedSignOn() async throws {
    let text = """
      OFXHEADER:100
      DATA:OFXSGML
      VERSION:102

      <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR</STATUS></SONRS></SIGNONMSGSRSV1>
      <BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
      <STMTTRN><DTPOSTED>20240405<TRNAMT>-1.00<NAME>x</STMTTRN>
      </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
      """

    let read = try await records(text)

    #expect(read.count == 1)
    guard case .unavailable(let unavailable)? = read.first else {
      Issue.record("expected the source to be unavailable, got \(read)")
      return
    }
    #expect(
      EnglishReportWording().reason(unavailable).contains(
        "the user ID or password is incorrect (OFX status 15500)"))
  }
}

extension OFXStatementTests {
  @Test("A QIF payee left empty does not hide the memo")
  func qifMemoForAnEmptyPayee() async throws {
    let text = "!Type:Bank\nD04/25/2024\nT-18.42\nP\nMCITY DELI\n^\nD04/26/2024\nT-1.00\nPPAYEE\nMmemo\n^\n"

    let read = try await readAll(BytesTransactionSource(name: "a.qif", bytes: Array(text.utf8), format: .qif))

    #expect(read.map { $0.transaction?.description } == ["CITY DELI", "PAYEE"])
  }
}
