import BankReading
import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Issue 48's findings in the statement readers: every decision about an OFX or QIF file is
/// proved by the file or refused with a located issue; a report with exit 0 is the one a
/// person reads off the file. Each finding's reproducer, its boundaries, and its near misses
/// (where no issue and no note may appear).
@Suite(.timeLimit(.minutes(1))) struct StatementProofTests {
  static let header = "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n"

  /// An OFX 1.x answer of one statement of account `id`, with the given transactions.
  static func answer(
    id: String = "0001", type: String = "CHECKING", bank: String = "000000000", currency: String = "USD",
    header: String = header, _ transactions: [(date: String, amount: String, name: String)],
    after list: String = ""
  ) -> String {
    header + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1>\n"
      + "<BANKMSGSRSV1><STMTTRNRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>\n<STMTRS><CURDEF>\(currency)\n"
      + "<BANKACCTFROM><BANKID>\(bank)<ACCTID>\(id)<ACCTTYPE>\(type)</BANKACCTFROM>\n<BANKTRANLIST>\n"
      + transactions.map { "<STMTTRN><DTPOSTED>\($0.date)<TRNAMT>\($0.amount)<NAME>\($0.name)</STMTTRN>\n" }
      .joined()
      + "</BANKTRANLIST>\(list)</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
  }

  static let january = answer([("20240105", "-10.00", "JAN ONE"), ("20240120", "-20.00", "JAN TWO")])
  static let february = answer([("20240205", "-30.00", "FEB ONE"), ("20240220", "-40.00", "FEB TWO")])

  func read(_ text: String, format: RecordFormat = .ofx, options: ReadingOptions = .standard) async throws
    -> [ReadRecord]
  {
    try await read(Array(text.utf8), format: format, options: options)
  }

  func read(_ bytes: [UInt8], format: RecordFormat = .ofx, options: ReadingOptions = .standard) async throws
    -> [ReadRecord]
  {
    try await readAll(
      BytesTransactionSource(name: "s.\(format)", bytes: bytes, format: format, options: options))
  }

  func descriptions(_ records: [ReadRecord]) -> [String] {
    records.compactMap { $0.transaction?.description }
  }

  func issues(_ records: [ReadRecord]) -> [ReadingProblem?] {
    records.compactMap(\.issue).map(\.readingProblem)
  }

  func notes(_ records: [ReadRecord]) -> [String] {
    records.compactMap { record in
      guard case .note(let note) = record else { return nil }
      return EnglishReportWording().note(note)
    }
  }

  func unavailable(_ records: [ReadRecord]) -> String? {
    guard case .unavailable(let reason)? = records.last else { return nil }
    return EnglishReportWording().reason(reason)
  }

  /// Where the text ends, as a person counts lines and columns.
  func endPosition(of text: String) -> TextPosition {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return TextPosition(line: lines.count, column: (lines.last?.count ?? 0) + 1)
  }

  // MARK: 1. Every answer after a </OFX> must be whole

  @Test(
    "cat jan.ofx feb.ofx with February cut between transactions, after its header or after its header lines, is cut off",
    arguments: [
      String(february.prefix(upTo: february.range(of: "<STMTTRN><DTPOSTED>20240220")!.lowerBound)),
      String(february.prefix(upTo: february.range(of: "<BANKMSGSRSV1>")!.lowerBound)),
      header,
      "<?xml version=\"1.0\"?>\n<OFX>",
    ])
  func secondAnswerCutOff(cut: String) async throws {
    let text = Self.january + cut

    let records = try await read(text)

    #expect(records.last?.issue?.readingProblem == .syntax(.endsBeforeClosingTag("OFX")))
    #expect(records.last?.issue?.position == endPosition(of: text))
  }

  @Test(
    "After a </OFX>, spaces, comments and another </OFX> start no answer; two whole answers are read whole",
    arguments: [
      ("\n\n", ["JAN ONE", "JAN TWO"]), ("<!-- downloaded 2024-02-01 -->\n", ["JAN ONE", "JAN TWO"]),
      ("</OFX>\n", ["JAN ONE", "JAN TWO"]), (february, ["JAN ONE", "JAN TWO", "FEB ONE", "FEB TWO"]),
    ])
  func nothingCutAfterTheLastClose(after: String, expected: [String]) async throws {
    let records = try await read(Self.january + after)

    #expect(descriptions(records) == expected)
    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
  }

  @Test("Text after the last </OFX> is an answer that never closes: cut off")
  func textAfterTheLastClose() async throws {
    let text = Self.january + "garbage"

    let records = try await read(text)

    #expect(records.last?.issue?.readingProblem == .syntax(.endsBeforeClosingTag("OFX")))
  }

  @Test("Each answer's own header says its text's encoding: Windows-1252 in the second only")
  func secondAnswersHeader() async throws {
    let second = Self.answer(
      header: "OFXHEADER:100\nDATA:OFXSGML\nENCODING:USASCII\nCHARSET:1252\n\n",
      [("20240205", "-1.00", "CAF\u{1}")])
    let bytes = Array((Self.january + second).utf8).map { $0 == 1 ? 0xC9 : $0 }
    let plain = Array((Self.january + Self.answer([("20240205", "-1.00", "CAF\u{1}")])).utf8).map {
      $0 == 1 ? 0xC9 : $0
    }

    let records = try await read(bytes)
    let withoutCharset = try await read(plain)

    #expect(descriptions(records).last == "CAFÉ")
    #expect(notes(records).contains { $0.contains("read as Windows-1252") })
    #expect(issues(withoutCharset) == [.badText(.invalidUTF8(byte: 0xC9))])
  }

  // MARK: 2. Any status that is not informational is a refusal

  /// A statement whose transaction response has the given status.
  static func withStatus(_ status: String) -> String {
    header + "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS>\(status)</STATUS>\n"
      + "<STMTRS><CURDEF>USD<BANKTRANLIST>\n<STMTTRN><DTPOSTED>20240405<TRNAMT>-1.00<NAME>x</STMTTRN>\n"
      + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
  }

  @Test(
    "A bank's refusal is unavailability whatever its severity, or none, and whatever tag sits in its status",
    arguments: [
      ("<CODE>15500<MESSAGE>Invalid password", "Invalid password (OFX status 15500)"),
      ("<CODE>2003<MESSAGE>Account not found", "Account not found (OFX status 2003)"),
      ("<CODE>15500<SEVERITY>INFO", "the user ID or password is incorrect (OFX status 15500)"),
      ("<CODE>15500<SEVERITY>WARN", "the user ID or password is incorrect (OFX status 15500)"),
      ("<INTU.XCODE>1</INTU.XCODE><CODE>2003<SEVERITY>INFO", "account not found (OFX status 2003)"),
      ("<CODE>15500<X-EXT>a</X-EXT><SEVERITY>INFO", "(OFX status 15500)"),
      ("<CODE>2028<SEVERITY>WARN", "a part of the request was not understood (OFX status 2028)"),
      ("<CODE>0<SEVERITY>ERROR", "(OFX status 0)"),
      ("<SEVERITY>INFO", "the request failed (an OFX status without a code)"),
      ("<CODE>abc<SEVERITY>INFO", "(OFX status abc)"),
    ])
  func refusals(status: String, reason: String) async throws {
    let records = try await read(Self.withStatus(status))

    #expect(records.count == 1, "\(records)")
    let words = try #require(unavailable(records))
    #expect(words.hasPrefix("'s.ofx': the bank refused the request: "))
    #expect(words.hasSuffix(reason), "\(words)")
  }

  @Test(
    "The informational codes let the statement be read: 0, 1, 13000, 15000, with an extension tag too",
    arguments: [
      "<CODE>0<SEVERITY>INFO", "<CODE>1<SEVERITY>INFO", "<CODE>13000<SEVERITY>INFO",
      "<CODE>15000<SEVERITY>INFO",
      "<CODE>0", "<INTU.X>1</INTU.X><CODE>0<SEVERITY>INFO",
      "<CODE>0</CODE><SEVERITY>INFO</SEVERITY><MESSAGE>OK",
      "<CODE> 0000 <SEVERITY>info",
    ])
  func informationalCodes(status: String) async throws {
    let records = try await read(Self.withStatus(status))

    #expect(descriptions(records) == ["x"], "\(records)")
  }

  @Test("A status left open in SGML ends at the element after it: the statement is read")
  func statusLeftOpen() async throws {
    let text =
      Self.header
      + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO<DTSERVER>20240701</SONRS></SIGNONMSGSRSV1>"
      + "<BANKMSGSRSV1><STMTTRNRS><STATUS><CODE>0<SEVERITY>INFO<STMTRS><BANKTRANLIST>"
      + "<STMTTRN><DTPOSTED>20240405<TRNAMT>-1.00<NAME>x</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>"
      + "</BANKMSGSRSV1></OFX>"

    let records = try await read(text)

    #expect(descriptions(records) == ["x"], "\(records)")
  }

  @Test(
    "A sign-on with no statement is unavailable, never an empty month; an empty statement is an empty month")
  func signOnWithoutStatement() async throws {
    let signOn =
      Self.header
      + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240701</SONRS>"
      + "</SIGNONMSGSRSV1></OFX>\n"
    let empty = Self.answer([])

    let refused = try await read(signOn)
    let emptyMonth = try await read(empty)
    let afterAStatement = try await read(Self.january + signOn)

    #expect(refused.count == 1)
    #expect(
      unavailable(refused)
        == "'s.ofx': the bank's answer holds no statement and no transaction: it says nothing of any period")
    #expect(emptyMonth.isEmpty, "\(emptyMonth)")
    #expect(unavailable(afterAStatement) != nil)
  }

  // MARK: 3. The account of a statement, wherever it stands

  /// Two statements whose account aggregates come after their transaction lists.
  static var accountsAfterLists: String {
    let statement = { (id: String, name: String) in
      "<STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><DTPOSTED>20240603<TRNAMT>-1.00<NAME>\(name)</STMTTRN>"
        + "</BANKTRANLIST><BANKACCTFROM><BANKID>0<ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM></STMTRS></STMTTRNRS>"
    }
    return header + "<OFX><BANKMSGSRSV1>" + statement("0001", "FIRST") + statement("0002", "SECOND")
      + "</BANKMSGSRSV1></OFX>"
  }

  @Test(
    "An account block after its transaction list names the statement's account: --account 0001 shows its month"
  )
  func accountAfterTheList() async throws {
    let first = try await read(Self.accountsAfterLists, options: ReadingOptions(account: "0001"))
    let second = try await read(Self.accountsAfterLists, options: ReadingOptions(account: "0002"))
    let all = try await read(Self.accountsAfterLists)

    #expect(descriptions(first) == ["FIRST"])
    #expect(notes(first) == ["'s.ofx' holds 2 accounts; only 0001 (CHECKING) is shown, as --account asks"])
    #expect(descriptions(second) == ["SECOND"])
    #expect(descriptions(all) == ["FIRST", "SECOND"])
    #expect(
      notes(all).first?.contains("holds 2 accounts, shown together: 0001 (CHECKING) and 0002 (CHECKING)")
        == true)
  }

  @Test(
    "Records held for an account named late take at most a record's limit of input; past it, an issue at the statement"
  )
  func accountNamedTooLate() async throws {
    let transaction = "<STMTTRN><DTPOSTED>20240603<TRNAMT>-1.00<NAME>x</STMTTRN>\n"
    let text = { (count: Int) in
      Self.header + "<OFX><STMTRS><BANKTRANLIST>\n" + String(repeating: transaction, count: count)
        + "</BANKTRANLIST><BANKACCTFROM><ACCTID>0001</BANKACCTFROM></STMTRS></OFX>"
    }
    let limit = 10 * transaction.utf8.count
    let source = { (count: Int) in
      BytesTransactionSource(
        name: "s.ofx", bytes: Array(text(count).utf8), format: .ofx, options: ReadingOptions(account: "0001"),
        recordLimit: limit)
    }

    // Ten transactions take the limit but for the first's tag; an eleventh runs past it.
    let fits = try await readAll(source(10))
    let tooMany = try await readAll(source(11))

    #expect(descriptions(fits).count == 10, "\(fits)")
    #expect(tooMany.count == 1, "\(tooMany)")
    #expect(tooMany.first?.issue?.readingProblem == .accountNamedTooLate(limit: limit))
    #expect(tooMany.first?.issue?.position == TextPosition(line: 5, column: 6))
  }

  // MARK: 4. Many accounts: linear, and a short note

  /// A QIF file of `count` accounts, one transaction each.
  static func qifAccounts(_ count: Int) -> String {
    (0..<count).map { "!Account\nNAcct \($0)\nTBank\n^\n!Type:Bank\nD01/13/2024\nT-1.00\nPx\n^\n" }.joined()
  }

  @Test("A file of 3,000 accounts names five in its note and counts the rest")
  func manyAccountsShortNote() async throws {
    let qif = try await read(Self.qifAccounts(3_000), format: .qif)
    let ofx = try await read(
      Self.header + "<OFX>"
        + (0..<3_000).map {
          "<STMTRS><BANKACCTFROM><ACCTID>\($0)</BANKACCTFROM><BANKTRANLIST>"
            + "<STMTTRN><DTPOSTED>20240101<TRNAMT>-1<NAME>x</STMTTRN></BANKTRANLIST></STMTRS>"
        }.joined() + "</OFX>")

    #expect(
      notes(qif) == [
        "'s.qif' holds 3000 accounts, shown together: Acct 0 (Bank), Acct 1 (Bank), Acct 2 (Bank), Acct 3 (Bank), "
          + "Acct 4 (Bank) and 2995 more; to show one, add --account with its number or name"
      ])
    #expect(
      notes(ofx).first?.hasPrefix("'s.ofx' holds 3000 accounts, shown together: 0, 1, 2, 3, 4 and 2995 more;")
        == true)
    #expect(descriptions(qif).count == 3_000)
  }

  @Test(
    "The note names up to five accounts, and counts the rest from six",
    arguments: [
      (2, "Acct 0 (Bank) and Acct 1 (Bank)"),
      (5, "Acct 0 (Bank), Acct 1 (Bank), Acct 2 (Bank), Acct 3 (Bank) and Acct 4 (Bank)"),
      (6, "Acct 0 (Bank), Acct 1 (Bank), Acct 2 (Bank), Acct 3 (Bank), Acct 4 (Bank) and 1 more"),
    ])
  func noteBoundary(count: Int, listed: String) async throws {
    let records = try await read(Self.qifAccounts(count), format: .qif)

    #expect(
      notes(records).first?.contains("holds \(count) accounts, shown together: \(listed);") == true,
      "\(notes(records))")
  }

  @Test("One account gives no note, however many transactions it has")
  func oneAccountNoNote() async throws {
    let records = try await read(
      "!Account\nNOnly\nTBank\n^\n!Type:Bank\n"
        + String(repeating: "D01/13/2024\nT-1.00\nPx\n^\n", count: 100),
      format: .qif)

    #expect(notes(records) == [])
  }

  @Test("--account that names none of many accounts lists five and counts them all")
  func manyAccountsNoneMatches() async throws {
    let records = try await read(
      Self.qifAccounts(300), format: .qif, options: ReadingOptions(account: "Nope"))

    #expect(
      records.last?.issue?.readingProblem
        == .noAccountMatches(
          "Nope",
          accounts: ["Acct 0 (Bank)", "Acct 1 (Bank)", "Acct 2 (Bank)", "Acct 3 (Bank)", "Acct 4 (Bank)"],
          count: 300))
  }
}
