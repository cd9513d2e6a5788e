import BankReading
import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Issue 48's questionable list, settled for statements: two types of QIF section, an
/// `!Option:AutoSwitch` never cleared, two accounts sharing a number, currencies, `--encoding`;
/// and the checks a statement makes of itself (its ledger balances).
extension StatementProofTests {
  // MARK: QIF sections of two types

  static let bankThenCard = """
    !Type:Bank
    D01/13/2024
    T-10.00
    PGrocer
    ^
    !Type:CCard
    D01/14/2024
    T-20.00
    PBookshop
    ^

    """

  @Test(
    "!Type:Bank then !Type:CCard without !Account are two accounts, named in a note; --account picks one by type"
  )
  func twoSectionTypes() async throws {
    let all = try await read(Self.bankThenCard, format: .qif)
    let card = try await read(Self.bankThenCard, format: .qif, options: ReadingOptions(account: "ccard"))

    #expect(descriptions(all) == ["Grocer", "Bookshop"])
    #expect(
      notes(all) == [
        "'s.qif' holds 2 accounts, shown together: an account without a name (Bank) and an account without a name (CCard); "
          + "to show one, add --account with its number or name"
      ])
    #expect(descriptions(card) == ["Bookshop"])
  }

  @Test("Two sections of one type without !Account are one account: no note")
  func twoSectionsOfOneType() async throws {
    let text = Self.bankThenCard.replacingOccurrences(of: "CCard", with: "Bank")

    let records = try await read(text, format: .qif)

    #expect(descriptions(records) == ["Grocer", "Bookshop"])
    #expect(notes(records) == [])
  }

  // MARK: !Option:AutoSwitch never cleared

  /// A file as some writers make it: the option set before the accounts and their sections,
  /// and never cleared.
  static let autoSwitchLeftOn = """
    !Option:AutoSwitch
    !Account
    NChecking
    TBank
    ^
    !Type:Bank
    D01/13/2024
    T-10.00
    PGrocer
    ^
    !Account
    NVisa
    TCCard
    ^
    !Type:CCard
    D01/14/2024
    T-20.00
    PBookshop
    ^

    """

  @Test(
    "With !Option:AutoSwitch never cleared, the !Account block before each section names its account, and a note says so"
  )
  func autoSwitchNeverCleared() async throws {
    let all = try await read(Self.autoSwitchLeftOn, format: .qif)
    let visa = try await read(Self.autoSwitchLeftOn, format: .qif, options: ReadingOptions(account: "Visa"))

    #expect(descriptions(all) == ["Grocer", "Bookshop"])
    #expect(
      notes(all) == [
        "'s.qif' holds 2 accounts, shown together: Checking (Bank) and Visa (CCard); "
          + "to show one, add --account with its number or name",
        "'s.qif': !Option:AutoSwitch is never cleared; each !Account block right before a section of transactions "
          + "is read as that section's account, the others as a list of accounts",
      ])
    #expect(descriptions(visa) == ["Bookshop"])
  }

  @Test("With !Option:AutoSwitch cleared after its list, no note says it is left on")
  func autoSwitchCleared() async throws {
    let text = Self.autoSwitchLeftOn.replacingOccurrences(
      of: "!Option:AutoSwitch\n",
      with: "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNVisa\nTCCard\n^\n!Clear:AutoSwitch\n")

    let records = try await read(text, format: .qif)

    #expect(descriptions(records) == ["Grocer", "Bookshop"])
    #expect(notes(records).count == 1)
    #expect(!notes(records).contains { $0.contains("AutoSwitch") })
  }

  @Test("An !Account list that no section follows names no account")
  func accountListAlone() async throws {
    let text =
      "!Account\nNChecking\nTBank\n^\nNSavings\nTBank\n^\n!Type:Cat\nNFood\n^\n!Type:Bank\nD01/13/2024\nT-1.00\nPx\n^\n"

    let records = try await read(text, format: .qif, options: ReadingOptions(account: "Savings"))

    #expect(
      records.last?.issue?.readingProblem == .noAccountMatches("Savings", accounts: [], count: 0),
      "\(records)")
  }

  // MARK: Accounts that share a number

  /// Two statements in one file: a bank account's and another's, with the same `ACCTID`.
  static func sharingANumber(second: String) -> String {
    let first =
      "<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>111<ACCTID>4321<ACCTTYPE>CHECKING</BANKACCTFROM>"
      + "<BANKTRANLIST><STMTTRN><DTPOSTED>20240603<TRNAMT>-1.00<NAME>BANK</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>"
    return header + "<OFX><BANKMSGSRSV1>" + first + "</BANKMSGSRSV1>" + second + "</OFX>"
  }

  static let cardOfTheSameNumber =
    "<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4321</CCACCTFROM>"
    + "<BANKTRANLIST><STMTTRN><DTPOSTED>20240604<TRNAMT>-2.00<NAME>CARD</STMTTRN></BANKTRANLIST></CCSTMTRS>"
    + "</CCSTMTTRNRS></CREDITCARDMSGSRSV1>"

  static let otherBankOfTheSameNumber =
    "<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>222<ACCTID>4321<ACCTTYPE>CHECKING</BANKACCTFROM>"
    + "<BANKTRANLIST><STMTTRN><DTPOSTED>20240604<TRNAMT>-2.00<NAME>OTHER</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>"
    + "</BANKMSGSRSV1>"

  @Test("A bank account and a card with one number are two accounts; --account picks the card by its type")
  func bankAndCardShareANumber() async throws {
    let text = Self.sharingANumber(second: Self.cardOfTheSameNumber)

    let all = try await read(text)
    let card = try await read(text, options: ReadingOptions(account: "credit card"))
    let byNumber = try await read(text, options: ReadingOptions(account: "4321"))

    #expect(
      notes(all).first?.hasPrefix(
        "'s.ofx' holds 2 accounts, shown together: 4321 (CHECKING) and 4321 (credit card);") == true,
      "\(notes(all))")
    #expect(descriptions(card) == ["CARD"])
    #expect(
      byNumber.last?.issue?.readingProblem
        == .severalAccountsMatch("4321", accounts: ["4321 (CHECKING)", "4321 (credit card)"], count: 2))
  }

  @Test(
    "One number at two banks is two accounts, named with their banks; --account picks one as the note names it"
  )
  func twoBanksShareANumber() async throws {
    let text = Self.sharingANumber(second: Self.otherBankOfTheSameNumber)

    let all = try await read(text)
    let second = try await read(text, options: ReadingOptions(account: "4321 (CHECKING, bank 222)"))

    #expect(
      notes(all).first?.hasPrefix(
        "'s.ofx' holds 2 accounts, shown together: 4321 (CHECKING, bank 111) and 4321 (CHECKING, bank 222);")
        == true,
      "\(notes(all))")
    #expect(descriptions(second) == ["OTHER"])
  }

  @Test("The same bank, number and type in two statements are one account: no note")
  func sameAccountTwice() async throws {
    let text = Self.sharingANumber(
      second: Self.otherBankOfTheSameNumber.replacingOccurrences(of: "<BANKID>222", with: "<BANKID>111"))

    let records = try await read(text)

    #expect(descriptions(records) == ["BANK", "OTHER"])
    #expect(notes(records) == [])
  }

  // MARK: Currencies

  @Test(
    "Statements in two currencies are never added: an issue at the second CURDEF, with --account as the hint")
  func twoCurrencies() async throws {
    let euros = Self.answer(id: "0002", currency: "EUR", [("20240110", "-5.00", "EURO SHOP")])
    let text = Self.january + euros

    let records = try await read(text)
    let dollars = try await read(text, options: ReadingOptions(account: "0001"))

    let issue = try #require(records.compactMap(\.issue).first)
    #expect(issue.readingProblem == .mixedCurrencies("EUR", earlier: "USD", otherAccount: true))
    let curdef = Self.january.filter { $0 == "\n" }.count + 7
    #expect(issue.position == TextPosition(line: curdef, column: 9))
    #expect(ReportText.issueLine(issue).contains("hint: report each account alone, with --account"))
    #expect(descriptions(dollars) == ["JAN ONE", "JAN TWO"])
    #expect(dollars.allSatisfy { $0.issue == nil })
  }

  @Test("Statements in one currency, or one that names none, are added without an issue")
  func oneCurrency() async throws {
    let same = try await read(Self.january + Self.answer(id: "0002", [("20240110", "-5.00", "SHOP")]))
    let unnamed = try await read(
      Self.january + Self.answer(id: "0002", currency: "", [("20240110", "-5.00", "SHOP")]))

    #expect(same.allSatisfy { $0.issue == nil })
    #expect(unnamed.allSatisfy { $0.issue == nil })
  }

  @Test(
    "A transaction in another currency (CURRENCY) is an issue at its CURSYM; an ORIGCURRENCY was converted, and is read",
    arguments: [
      (
        "<CURRENCY><CURRATE>1.25<CURSYM>GBP</CURRENCY>",
        ReadingProblem?.some(.foreignCurrency("GBP", statement: "USD"))
      ),
      ("<ORIGCURRENCY><CURRATE>1.25<CURSYM>GBP</ORIGCURRENCY>", nil),
      ("<CURRENCY><CURRATE>1<CURSYM>usd</CURRENCY>", nil),
    ])
  func transactionCurrency(aggregate: String, problem: ReadingProblem?) async throws {
    let text = Self.answer([("20240105", "-10.00", "TRIP\(aggregate)")])

    let records = try await read(text)

    #expect(records.compactMap(\.issue).map(\.readingProblem) == (problem.map { [$0] } ?? []))
    if problem != nil {
      #expect(records.first?.issue?.field == .amount)
    } else {
      #expect(descriptions(records) == ["TRIP"])
    }
  }

  // MARK: --encoding

  @Test(
    "--encoding windows-1252 reads a QIF file so, without a note; --encoding utf-8 keeps a byte that is not UTF-8 an issue"
  )
  func qifEncoding() async throws {
    let bytes = Array("!Type:Bank\nD01/13/2024\nT-1.00\nPCaf\u{1}\n^\n".utf8).map { $0 == 1 ? 0xE9 : $0 }

    let read1252 = try await read(bytes, format: .qif, options: ReadingOptions(encoding: .windows1252))
    let readUTF8 = try await read(bytes, format: .qif, options: ReadingOptions(encoding: .utf8))

    #expect(descriptions(read1252) == ["Café"])
    #expect(notes(read1252).isEmpty)
    #expect(issues(readUTF8) == [.badText(.invalidUTF8(byte: 0xE9))])
  }

  @Test("--encoding wins over an OFX header: windows-1252 over none, utf-8 over CHARSET:1252")
  func ofxEncoding() async throws {
    let utf8Bytes = Array(Self.answer([("20240105", "-1.00", "Café")]).utf8)
    let charset = "OFXHEADER:100\nDATA:OFXSGML\nENCODING:USASCII\nCHARSET:1252\n\n"
    let latin = Array(Self.answer(header: charset, [("20240105", "-1.00", "CAF\u{1}")]).utf8).map {
      $0 == 1 ? 0xC9 : $0
    }

    let asWindows = try await read(utf8Bytes, options: ReadingOptions(encoding: .windows1252))
    let asUTF8 = try await read(latin, options: ReadingOptions(encoding: .utf8))
    let byHeader = try await read(latin)

    #expect(descriptions(asWindows) == ["CafÃ©"])
    #expect(issues(asUTF8) == [.badText(.invalidUTF8(byte: 0xC9))])
    #expect(descriptions(byHeader) == ["CAFÉ"])
  }

  // MARK: The balances a statement checks

  /// A statement of account 0001 for the given period, with a ledger balance.
  static func period(
    _ start: String, _ end: String, balance: String, asOf: String? = nil, id: String = "0001",
    _ amounts: [String]
  ) -> String {
    let transactions = amounts.enumerated().map {
      "<STMTTRN><DTPOSTED>\(start)<TRNAMT>\($1)<NAME>T\($0)</STMTTRN>"
    }
    return
      "<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM>"
      + "<BANKTRANLIST><DTSTART>\(start)<DTEND>\(end)" + transactions.joined()
      + "</BANKTRANLIST><LEDGERBAL><BALAMT>\(balance)<DTASOF>\(asOf ?? end)</LEDGERBAL>"
      + "<AVAILBAL><BALAMT>99999.99<DTASOF>\(end)</AVAILBAL></STMTRS></STMTTRNRS>\n"
  }

  func statements(_ parts: String...) -> String {
    Self.header + "<OFX><BANKMSGSRSV1>\n" + parts.joined() + "</BANKMSGSRSV1></OFX>\n"
  }

  @Test(
    "Two statements of one account that follow each other add up: no issue, whichever sign the balances have",
    arguments: [("1000.00", "870.00"), ("-1000.00", "-1130.00"), ("1000.00", "1130.00")])
  func balancesAgree(first: String, second: String) async throws {
    let text = statements(
      Self.period("20240101", "20240201", balance: first, ["-50.00"]),
      Self.period("20240201", "20240301", balance: second, ["-100.00", "-40.00", "10.00"]))

    let records = try await read(text)

    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
    #expect(descriptions(records).count == 4)
  }

  @Test(
    "A later balance that the transactions do not make is an issue at its BALAMT: one dropped, one doubled, one changed",
    arguments: [
      ["-100.00", "-40.00"], ["-100.00", "-40.00", "10.00", "10.00"], ["-100.00", "-40.01", "10.00"],
    ])
  func balancesDisagree(amounts: [String]) async throws {
    let second = Self.period("20240201", "20240301", balance: "870.00", amounts)
    let text = statements(Self.period("20240101", "20240201", balance: "1000.00", ["-50.00"]), second)

    let records = try await read(text)

    let issue = try #require(records.compactMap(\.issue).first, "\(records)")
    guard case .balanceDisagrees(let closing, let previous, _)? = issue.readingProblem else {
      Issue.record("not a balance issue: \(issue)")
      return
    }
    #expect(closing == Money(minorUnits: 87_000))
    #expect(previous == Money(minorUnits: 100_000))
    let column = second.distance(
      from: second.startIndex, to: try #require(second.range(of: "<BALAMT>")).lowerBound)
    #expect(issue.position == TextPosition(line: 7, column: column + 1))
    #expect(
      ReportText.issueLine(issue).contains(
        "the closing balance 870.00 is not the previous statement's 1000.00"))
  }

  @Test(
    "No check is made where none is sound: a balance of another moment, statements that do not follow, two accounts",
    arguments: [
      (
        Self.period("20240101", "20240201", balance: "1000.00", asOf: "20240131", ["-50.00"]),
        Self.period("20240201", "20240301", balance: "1.00", ["-100.00"])
      ),
      (
        Self.period("20240101", "20240201", balance: "1000.00", ["-50.00"]),
        Self.period("20240201", "20240301", balance: "1.00", asOf: "20240302", ["-100.00"])
      ),
      (
        Self.period("20240101", "20240131", balance: "1000.00", ["-50.00"]),
        Self.period("20240201", "20240301", balance: "1.00", ["-100.00"])
      ),
      (
        Self.period("20240101", "20240201", balance: "1000.00", ["-50.00"]),
        Self.period("20240201", "20240301", balance: "1.00", id: "0002", ["-100.00"])
      ),
    ])
  func noCheckWithoutProof(first: String, second: String) async throws {
    let records = try await read(statements(first, second))

    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
  }
}

extension StatementProofTests {
  // MARK: The evidence a reading keeps

  /// Reads bytes with the OFX decoder itself, to the end, and gives what it saw.
  func evidence(_ text: String) -> OFXEvidence {
    var decoder = OFXRecordDecoder(input: ByteInput(bytes: Array(text.utf8)))
    withUnsafeTemporaryAllocation(of: SourceRecord.self, capacity: 1) { buffer in
      guard let pointer = buffer.baseAddress else { return }
      while decoder.nextRecord(placingValidIn: RecordSlot(pointer: pointer, source: "s.ofx")) != nil {}
    }
    return decoder.evidence
  }

  @Test(
    "The reading keeps the evidence of its decisions: each answer's header and version, closes, statuses, balances"
  )
  func evidenceKept() throws {
    let xml =
      "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"211\"?>\n<OFX><BANKMSGSRSV1>"
      + Self.period("20240101", "20240201", balance: "1000.00", ["-50.00"])
      + Self.period("20240201", "20240301", balance: "860.00", ["-140.00"]) + "</BANKMSGSRSV1></OFX>\n"

    let seen = evidence(Self.january + "<!-- \nOFXHEADER:100\nVERSION:103\n-->\n" + xml)

    #expect(seen.forms == [.headerLines(version: "102", inComment: false), .xml(version: "211")])
    #expect(seen.answersClosed == 2)
    #expect(seen.statuses.map(\.code) == ["0", "0"])
    #expect(seen.statuses.allSatisfy { $0.isInformational })
    #expect(seen.balancesAgreed.count == 1)
  }

  @Test("A balance that disagrees, or is not checked, is not kept as agreeing")
  func evidenceNotKept() {
    let disagreeing = statements(
      Self.period("20240101", "20240201", balance: "1000.00", ["-50.00"]),
      Self.period("20240201", "20240301", balance: "861.00", ["-140.00"]))
    let unchecked = statements(
      Self.period("20240101", "20240131", balance: "1000.00", ["-50.00"]),
      Self.period("20240201", "20240301", balance: "860.00", ["-140.00"]))

    #expect(evidence(disagreeing).balancesAgreed.isEmpty)
    #expect(evidence(unchecked).balancesAgreed.isEmpty)
  }
}

extension StatementProofTests {
  // MARK: A statement given twice

  static let withoutPeriod = period("20240101", "20240201", balance: "1.00", ["-1.00"])
    .replacingOccurrences(of: "<DTSTART>20240101<DTEND>20240201", with: "")

  @Test(
    "The same statement twice (cat jan.ofx jan.ofx) is an issue at the second's DTSTART: never counted twice")
  func statementTwice() async throws {
    let january = Self.period("20240101", "20240201", balance: "1000.00", ["-50.00", "-25.00"])
    let text = statements(january, january)

    let records = try await read(text)

    let issue = try #require(records.compactMap(\.issue).first, "\(records)")
    #expect(issue.readingProblem == .repeatedStatement(start: "20240101", end: "20240201"))
    let column = january.distance(
      from: january.startIndex, to: try #require(january.range(of: "<DTSTART>")).lowerBound)
    #expect(issue.position == TextPosition(line: 7, column: column + 1))
    #expect(ReportText.issueLine(issue).contains("hint: give each statement once"))
  }

  @Test(
    "No issue for the next period, another account's same period, or a statement without a period",
    arguments: [
      (
        Self.period("20240101", "20240201", balance: "1.00", ["-1.00"]),
        Self.period("20240201", "20240301", balance: "0.00", ["-1.00"])
      ),
      (
        Self.period("20240101", "20240201", balance: "1.00", ["-1.00"]),
        Self.period("20240101", "20240201", balance: "1.00", id: "0002", ["-1.00"])
      ),
      (Self.withoutPeriod, Self.withoutPeriod),
    ])
  func statementNotTwice(first: String, second: String) async throws {
    let records = try await read(statements(first, second))

    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
  }
}
