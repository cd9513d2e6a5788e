import BankReading
import Entities
import UseCases

/// Reads an OFX bank or card statement (Open Financial Exchange): each `STMTTRN` element is
/// one record, and so is each `STMTTRNP`, a pending transaction.
///
/// Both forms are read by one tolerant reading of their tags: OFX 1.x, SGML, whose leaf
/// elements have no closing tag (`<TRNAMT>-4.75`), and OFX 2.x, XML (`<TRNAMT>-4.75</TRNAMT>`).
/// The header before the first tag (``OFXHeader``: `OFXHEADER:100` lines, or only some of them
/// such as `DATA:OFXSGML`, or `<?xml …?>` and `<?OFX …?>`) says the file is OFX and how its
/// text is encoded. Inside a transaction, a leaf's value is the text after its tag up to the
/// next `<`, without the spaces and line breaks around it, with the five XML references
/// (`&amp;` …) and numeric ones read:
///
/// - `DTPOSTED` (a pending transaction's `DTTRAN`): the date, `YYYYMMDD` and an optional time
///   and zone, which are not part of a calendar date (only its first eight characters are
///   read);
/// - `TRNAMT`: the signed amount, negative for a debit (money spent), as OFX defines it, with
///   a period or a comma for its radix point and no thousands separators
///   (`WrittenAmount(parsingOFX:)`: `-00000000001500.0000` is 1500.00, a fraction of a cent is
///   refused); in the statement's currency, unless a `CURRENCY` aggregate names another (an
///   issue: amounts of two currencies are never added);
/// - `NAME` (or, without it or when it is empty, `MEMO`): the description;
/// - `FITID`: the transaction's id within its account, which says whether it was read before;
/// - `TRNTYPE` and `CHECKNUM` only describe a transaction without a name; other elements are
///   not read.
///
/// A record lacking one of the three is an issue at its tag; one giving one twice, an issue at
/// the second. A statement lists posted transactions: they take the group of the reading
/// options, and the pending list of OFX 2.2 (`BANKTRANLISTP`, its `STMTTRNP`) takes
/// `ReadingOptions/pendingGroup`, Authorized in one-source mode.
///
/// **What a file proves of itself.** Outside the transactions the decoder reads what decides
/// whether the file is the statement a person would read off it (``OFXStatement``):
///
/// - **Whole**: every `OFX` element is closed (`</OFX>`). Content after a `</OFX>` (anything
///   but spaces, line breaks, comments and the NUL bytes some downloads pad a file with:
///   `cat jan.ofx feb.ofx`) starts another answer, with
///   its own header, which must be whole too; the end of the input inside one is one issue
///   where it ends (`SyntaxProblem.endsBeforeClosingTag`), after the notes: a statement cut off
///   after its header or between two transactions is never read as a shorter one.
/// - **The bank's answer**: each `STATUS` (``OFXStatus``): any code that is not informational,
///   whatever its severity, refuses the request, and the source is unavailable with the bank's
///   message (``StatementRefusal``); so is an answer that holds no statement and no
///   transaction (a sign-on alone): never an empty month.
/// - **Whose**: the account of each statement, named by its account aggregate wherever in the
///   statement it stands (``StatementAccounts``). With `--account`, the transactions of a
///   statement that names its account after them are held until it does, at most a record's
///   limit of input (``RecordFormat/maximumRecordLength``), past which the statement is an issue
///   (`ReadingProblem.accountNamedTooLate`); without it, records are never held.
/// - **In which currency**: statements whose records are read must share their `CURDEF`, or
///   the second currency is an issue at its `CURDEF` (`ReadingProblem.mixedCurrencies`).
/// - **Consistent**: a statement that follows another of the same account (its `DTSTART` is the
///   other's `DTEND`), each with a ledger balance as of its end (`LEDGERBAL`'s `DTASOF` written
///   as its `DTEND`), must add up: the earlier balance and the later statement's posted
///   transactions make the later balance, or the later balance is an issue
///   (`ReadingProblem.balanceDisagrees`). Nothing else in a statement can be checked: one
///   closing balance has no opening balance to start from, an available balance holds back
///   pending amounts, and a statement whose balance is of another moment than its list's end
///   may count transactions the list does not hold; such a statement is never refused.
/// - **Each transaction once**: a `FITID` met again in the same account (``TransactionID``:
///   statements whose periods overlap, or a bank that gave two transactions one) is an issue at
///   it, naming the first transaction with it; the transaction is never counted twice.
/// - **What is not read**: an investment statement's trades and income (`INVTRANLIST`) are
///   counted in a note.
///
/// Tags are read by their local name: a namespace prefix (`<ofx:STMTTRN>`) is left out. Text is
/// UTF-8; text that is not UTF-8 is read as Windows-1252 when the header of its answer says so
/// (`CHARSET:1252` in OFX 1.x, unless `ENCODING:UTF-8`; `encoding="windows-1252"` in the XML
/// declaration of OFX 2.x), with a note; `--encoding` (`ReadingOptions/encoding`) wins over
/// every header. The notes come after the last record.
///
/// A file that does not start (after spaces) as OFX is one issue at 1:1, and the end; so is
/// the end of the file inside a transaction, at its start. For the limit of a record
/// (``RecordFormat/maximumRecordLength``, as in every format) the input is read in pieces, each
/// from where the last ended: the text before a tag with the tag, the text before a
/// transaction with the whole element, or the text before a `STATUS` with the whole status.
struct OFXRecordDecoder: RecordDecoder {
  var input: ByteInput
  let options: ReadingOptions
  /// How notes name the source.
  private let source: String
  private var started = false
  private var finished = false
  /// Whether the piece being read is the first, whose limit counts from the first byte.
  private var isFirstPiece = true
  /// Whether an answer (an `OFX` element) is being read: content has started it, and its
  /// `</OFX>` has not closed it. At the end of the input, an open answer is cut off.
  private var isOpen = false
  /// Whether the answer being read holds a statement or a transaction.
  private var holdsStatement = false
  private(set) var rules: ValueRules
  /// The words of the header of the answer being read when they say its text is Windows-1252
  /// (`CHARSET:1252`); `nil` when the text is UTF-8, or when `--encoding` decides.
  var windows1252: String?
  /// The header words under which a value was read as Windows-1252, its bytes not being UTF-8.
  var readWindows1252: String?
  /// The accounts met so far.
  private var accounts: StatementAccounts
  /// The statement being read, if one is.
  private var statement: OFXStatement?
  /// The last closing balance of each account, as of the end of its statement's list.
  private var closings: [Int: OFXStatement.Closing] = [:]
  /// The periods of the statements of each account whose records were read (`DTSTART` and
  /// `DTEND`, as written): a statement of the same account and period is the same statement
  /// again.
  private var periods: [Int: Set<[String]>] = [:]
  /// The currency of the first statement whose records were read, and its account.
  private var currency: (code: String, account: Int?)?
  /// Records of the statement being read that wait for its account to be named (with
  /// `--account` only), and where in the input the first of them started (its offset).
  private var held: (records: [Transaction], since: Int) = ([], 0)
  /// Where the first transaction with each `FITID` of each account is: OFX gives each
  /// transaction of an account its own (``TransactionID``), so a `FITID` met again in the same
  /// account is that transaction again, never counted twice.
  private var transactionIDs: [TransactionID: TextPosition] = [:]
  /// Where the tag being read starts (or the end of the input, once it is reached).
  private var tagStart = TextPosition(line: 1, column: 1)
  /// What is ready to be returned, in order, before reading on.
  private var ready: [DecodedRecord] = []
  /// How many pending and posted transactions were read.
  private var counts = (pending: 0, posted: 0)
  /// How many investment transactions were met, which are not read.
  private var investmentTransactions = 0
  /// What the end of the input adds after the last record, once it is reached: notes, or the
  /// problem of an `--account` that names no account.
  private var ending: [DecodedRecord] = []
  /// What the reading saw that its decisions rest on, for what it explains (issue 48).
  private(set) var evidence = OFXEvidence()

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The bytes.
  ///   - source: How notes name the source.
  ///   - options: The groups, the account to read, and the text's encoding.
  init(input: ByteInput, source: String = "", options: ReadingOptions = .standard) {
    self.input = input
    self.source = source
    self.options = options
    accounts = StatementAccounts(asked: options.account)
    rules = .statement(dateLayout: .compact, options: options)
    // OFX writes its amounts its own way; each record says its group (posted or pending).
    rules.bank?.ofxAmounts = true
  }

  mutating func nextRecord(placingValidIn _: RecordSlot) -> DecodedRecord? {
    let decoded = readNext()
    guard let cut = input.recordCut else { return decoded }
    finished = true
    return .malformed(MalformedInput(cut: cut, limit: input.recordLimit), resumes: false)
  }

  private mutating func readNext() -> DecodedRecord? {
    if !ready.isEmpty { return ready.removeFirst() }
    guard !finished else { return ending.isEmpty ? nil : ending.removeFirst() }
    if !started {
      started = true
      input.skipByteOrderMark()
      if let codePage = options.encoding, codePage != .utf8 {
        // The user's word wins over any header: every byte is in that code page, converted to
        // UTF-8 on its way in (positions stay the characters a person sees).
        input.convertText(TextConversion(codePage: codePage))
      }
      input.startRecord()
      skipSpace()
      let start = input.upcomingBytes(limit: OFXHeader.length)
      guard OFXHeader(start: start) != nil else {
        if start.isEmpty && input.peek() == nil { return end() }
        var malformed = MalformedInput(position: input.position, syntax: .notOFX)
        malformed.note(
          lookingLike: FormatGuess.format(
            ofFirstLine: input.upcomingLine(limit: FormatGuess.lineLimit), other: .ofx))
        return finish(.malformed(malformed, resumes: false))
      }
      openAnswer()
    }
    while ready.isEmpty {
      // Outside a record: the text to the next tag, and the tag, are one piece for the limit
      // (the first piece starts at the first byte, its header included).
      if isFirstPiece {
        isFirstPiece = false
      } else {
        input.startRecord()
      }
      while let byte = input.peek(), byte != UInt8(ascii: "<") {
        if !isOpen && byte == 0 {
          // Some downloads pad the file with NUL bytes after its last `</OFX>`: no content.
          evidence.padded()
        } else if !isOpen && !Self.isSpace(byte) {
          openAnswer()
        }
        input.advance()
      }
      // The end of the input: an answer whose `OFX` element is not closed is cut off there.
      guard input.peek() != nil else { return end(cutAt: isOpen ? input.position : nil) }
      let start = input.position
      tagStart = start
      if skipMarkup() { continue }
      // After a `</OFX>`, any tag but another `</OFX>` starts the next answer, whose header
      // is read from the tag on.
      if !isOpen && peekTagName() != "/OFX" { openAnswer() }
      if let refusal = read(tag: readTag(), at: start) { return finish(.refused(refusal)) }
    }
    return ready.removeFirst()
  }

  /// Reads what belongs to the tag just read, named `name`: a transaction, a status, a value
  /// the statement needs. What it gives is put in ``ready``.
  ///
  /// - Returns: The bank's refusal, which ends the reading, or `nil`.
  private mutating func read(tag name: String, at start: TextPosition) -> StatementRefusal? {
    // The whole status is one piece: its tags are read to its end.
    if name == "STATUS" {
      let status = readStatus(from: start)
      evidence.read(status)
      return status.refusal
    }
    if statement?.accountFields != nil, !Self.accountTags.contains(name) { nameAccount() }
    switch name {
    case "/OFX":
      guard isOpen else { return nil }
      endStatement()
      isOpen = false
      evidence.close()
      // An answer without a statement is no month of transactions: a sign-on alone.
      if !holdsStatement { return StatementRefusal(noStatementIn: "") }
    case "STMTRS", "CCSTMTRS", "INVSTMTRS":
      endStatement()
      holdsStatement = true
      statement = OFXStatement(
        kind: name == "STMTRS" ? .bank : name == "CCSTMTRS" ? .card : .investment, start: start)
    case "/STMTRS", "/CCSTMTRS", "/INVSTMTRS":
      endStatement()
    case "CURDEF":
      readStatementValue(at: start) { statement, value in statement.currency = (value, start) }
    case "BANKACCTFROM", "CCACCTFROM", "INVACCTFROM":
      // A second account in one statement starts another: a statement is one account's.
      if statement?.namesAccount == true { endStatement() }
      if statement == nil { statement = OFXStatement(kind: .none, start: start) }
      statement?.accountFields = OFXStatement.AccountFields(position: start)
    case "BANKID", "BROKERID":
      readAccountValue { $0.bank = $1 }
    case "BRANCHID":
      readAccountValue { $0.branch = $1 }
    case "ACCTID":
      readAccountValue { $0.number = $1 }
    case "ACCTTYPE":
      readAccountValue { $0.type = $1 }
    case "BANKTRANLIST": statement?.list = .posted
    case "BANKTRANLISTP": statement?.list = .pending
    case "INVTRANLIST": statement?.list = .investment
    case "/BANKTRANLIST":
      statement?.list = nil
      statement?.postedListEnded = true
    case "/BANKTRANLISTP", "/INVTRANLIST": statement?.list = nil
    case "DTSTART" where statement?.list == .posted:
      readStatementValue(at: start) { statement, value in statement.period.start = value }
      statement?.periodPosition = start
      // Posted amounts are added up only where a balance check may be made: a list that
      // starts where the previous statement of its account ended, with a balance as of then.
      if let account = statement?.account, let closing = closings[account],
        statement?.period.start == closing.end
      {
        statement?.startSum()
      }
    case "DTEND" where statement?.list == .posted:
      readStatementValue(at: start) { statement, value in statement.period.end = value }
    case "LEDGERBAL": statement?.balance = .ledger
    case "AVAILBAL", "BAL": statement?.balance = .other
    case "/LEDGERBAL":
      statement?.balance = nil
      checkBalance()
    case "/AVAILBAL", "/BAL": statement?.balance = nil
    case "BALAMT" where statement?.balance == .ledger:
      readStatementValue(at: start) { statement, value in statement.ledger.amount = value }
      statement?.ledger.position = start
    case "DTASOF" where statement?.balance == .ledger:
      readStatementValue(at: start) { statement, value in statement.ledger.asOf = value }
    case "STMTTRN", "STMTTRNP":
      readTransaction(name, at: start)
    default:
      if statement?.list == .investment, OFXStatement.investmentTransactionTags.contains(name) {
        statement?.investmentTransactions += 1
      }
    }
    return nil
  }

  /// The leaf tags of an account aggregate, and its closing tags: any other tag ends the
  /// aggregate, its closing tag left out or not.
  private static let accountTags: Set<String> = [
    "BANKID", "BROKERID", "BRANCHID", "ACCTID", "ACCTTYPE", "ACCTKEY", "/BANKID", "/BROKERID", "/BRANCHID",
    "/ACCTID", "/ACCTTYPE", "/ACCTKEY",
  ]

  /// Gives the statement the value of the leaf whose tag was just read, looked at, not
  /// consumed (so the pieces of the limit stay those of any tag), starting a statement of no
  /// aggregate for a value outside any.
  private mutating func readStatementValue(
    at start: TextPosition, _ set: (inout OFXStatement, String) -> Void
  ) {
    if statement == nil { statement = OFXStatement(kind: .none, start: start) }
    let value = peekValue()
    if var statement {
      set(&statement, value)
      self.statement = statement
    }
  }

  /// Gives the account aggregate being read the value of the leaf whose tag was just read.
  private mutating func readAccountValue(_ set: (inout OFXStatement.AccountFields, String) -> Void) {
    guard var fields = statement?.accountFields else { return }
    set(&fields, peekValue())
    statement?.accountFields = fields
  }

  // MARK: Answers and statements

  /// Starts an answer at the input's next byte: its header, if it has one, says how its text
  /// is encoded, unless `--encoding` does.
  private mutating func openAnswer() {
    isOpen = true
    holdsStatement = false
    let header = OFXHeader(start: input.upcomingBytes(limit: OFXHeader.length))
    evidence.open(header?.form)
    guard options.encoding == nil else { return }
    windows1252 = header?.windows1252Declaration
  }

  /// Names the account of the statement whose account aggregate ends here, and decides the
  /// records held for it, and the `FITID`s of those given before.
  ///
  /// - Parameter position: Where the account is named, for a statement that names none: the
  ///   tag that ends it; else its aggregate.
  private mutating func nameAccount(at position: TextPosition? = nil) {
    guard var statement, let fields = statement.accountFields else { return }
    let account = statement.namedAccount()
    statement.account = accounts.enter(account)
    statement.accountFields = nil
    self.statement = statement
    releaseHeld()
    checkLateTransactionIDs(at: position ?? fields.position)
  }

  /// Ends the statement being read, if one is: its account, if it named none, is one without a
  /// number; its records held are decided; its currency and balance are checked.
  private mutating func endStatement() {
    guard let start = statement?.start else { return }
    if statement?.account == nil {
      var namedAt: TextPosition?
      if statement?.accountFields == nil {
        statement?.accountFields = OFXStatement.AccountFields(position: start)
        namedAt = tagStart
      }
      nameAccount(at: namedAt)
    }
    guard let statement else { return }
    self.statement = nil
    investmentTransactions += statement.investmentTransactions
    guard let account = statement.account else { return }
    closings[account] = statement.closing
  }

  /// Decides the records held for the statement's account, now named: read, when `--account`
  /// picks it, or left out.
  private mutating func releaseHeld() {
    guard let account = statement?.account else { return }
    let records = held.records
    held.records = []
    guard accounts.picks(account) else { return }
    for transaction in records { give(transaction) }
  }

  /// Reads a transaction after its tag, and gives it (``give(_:pending:)``), holds it until
  /// its statement names its account, or leaves it out when `--account` names another account.
  private mutating func readTransaction(_ name: String, at start: TextPosition) {
    holdsStatement = true
    if statement == nil { statement = OFXStatement(kind: .none, start: start) }
    let isPending = name == "STMTTRNP"
    let offset = input.offset
    let (record, fitid) = readTransaction(name, from: start, statementCurrency: statement?.currency?.code)
    if case .malformed(_, resumes: false) = record { finished = true }
    if !isPending, statement?.list == .posted, case .record(let raw) = record {
      statement?.addPosted(raw.amount?.text)
    }
    let transaction = Transaction(record: record, pending: isPending, fitid: fitid, start: start)
    if let account = statement?.account {
      if accounts.picks(account) { give(transaction) }
    } else if accounts.asked == nil {
      // Without --account every record is read: its account only counts for the notes.
      give(transaction)
    } else {
      if held.records.isEmpty { held.since = offset }
      held.records.append(transaction)
      // Held records take memory: no more than a record's limit of input is held.
      if input.offset - held.since > input.recordLimit {
        held.records = []
        let position = statement?.start ?? start
        ready.append(
          .malformed(
            MalformedInput(position: position, problem: .accountNamedTooLate(limit: input.recordLimit)),
            resumes: false))
        finished = true
      }
    }
  }

  /// Makes a transaction's record ready to be returned, counted as pending or posted, and in
  /// its statement's records read; or, when its `FITID` was met before in its account, the issue
  /// that says so in its place (``checkTransactionID(of:)``).
  private mutating func give(_ transaction: Transaction) {
    if transaction.pending { counts.pending += 1 } else { counts.posted += 1 }
    if statement?.recordsRead == 0 {
      checkCurrency()
      checkPeriod()
    }
    statement?.recordsRead += 1
    ready.append(checkTransactionID(of: transaction))
  }

  /// A transaction read, with what its account's checks need.
  struct Transaction {
    /// Its record, or the issue that ends the reading inside it.
    var record: DecodedRecord
    /// Whether it is pending (`STMTTRNP`).
    var pending: Bool
    /// Its `FITID`, when it has one that is not empty.
    var fitid: RawValue?
    /// Where its tag starts.
    var start: TextPosition
  }

  /// What identifies a transaction in an OFX file: its `FITID` within its account, posted and
  /// pending apart.
  ///
  /// The OFX specification's "Financial Institution Transaction ID <FITID>": an institution
  /// "assigns an <FITID> to uniquely identify a financial transaction that can appear in an
  /// account statement", whose "primary purpose is to allow a client to detect duplicate
  /// responses". Banks are known to break it (two transactions given one `FITID`), so a
  /// `FITID` met again is never read as the same transaction without a word: it is an issue,
  /// the transaction counted once.
  struct TransactionID: Hashable {
    var account: Int
    var pending: Bool
    var fitid: String
  }

  /// The record of a transaction of the statement being read, or the issue in its place when
  /// its `FITID` was met before in its account: at its `FITID`, naming the first transaction
  /// with it. A statement whose account is not named yet (without `--account`, which holds
  /// them) has its transactions' `FITID`s checked when it names it (``checkLateTransactionIDs(at:)``).
  private mutating func checkTransactionID(of transaction: Transaction) -> DecodedRecord {
    guard let fitid = transaction.fitid, case .record(var raw) = transaction.record else {
      return transaction.record
    }
    guard let account = statement?.account else {
      statement?.unnamedTransactionIDs.append((transaction.pending, fitid, transaction.start))
      return transaction.record
    }
    let id = TransactionID(account: account, pending: transaction.pending, fitid: fitid.text)
    evidence.readTransactionID()
    guard let first = transactionIDs[id] else {
      transactionIDs[id] = transaction.start
      return transaction.record
    }
    evidence.repeated(at: fitid.position)
    raw.note(
      RawProblem(
        position: fitid.position, field: nil,
        problem: .repeatedTransaction(fitid: fitid.text, first: first, transaction: nil), value: fitid.text))
    return .record(raw)
  }

  /// Checks the `FITID`s of the transactions that the statement being read gave before it
  /// named its account, now named: one met before in the account is an issue where the account
  /// is named (the transaction was read, and its place is behind), naming both.
  ///
  /// - Parameter position: Where the account is named: its aggregate, or, for a statement that
  ///   names none, the tag that ends it.
  private mutating func checkLateTransactionIDs(at position: TextPosition) {
    guard let account = statement?.account, let late = statement?.unnamedTransactionIDs, !late.isEmpty else {
      return
    }
    statement?.unnamedTransactionIDs = []
    for (pending, fitid, start) in late {
      let id = TransactionID(account: account, pending: pending, fitid: fitid.text)
      evidence.readTransactionID()
      guard let first = transactionIDs[id] else {
        transactionIDs[id] = start
        continue
      }
      evidence.repeated(at: fitid.position)
      ready.append(
        .malformed(
          MalformedInput(
            position: position,
            problem: .repeatedTransaction(fitid: fitid.text, first: first, transaction: start)),
          resumes: true))
    }
  }

  /// Checks that a statement whose first record is read is in the currency of the first such
  /// statement: amounts of two currencies are never added. The second currency is an issue at
  /// its `CURDEF`, before the record (so issues come in the order of the input). A statement
  /// that names no currency is not told apart.
  private mutating func checkCurrency() {
    guard let (code, position) = statement?.currency, !code.isEmpty else { return }
    let account = statement?.account
    guard let first = currency else {
      currency = (code, account)
      return
    }
    guard first.code.uppercased() != code.uppercased() else { return }
    ready.append(
      .malformed(
        MalformedInput(
          position: position,
          problem: .mixedCurrencies(
            code, earlier: first.code,
            otherAccount: account != nil && first.account != nil && first.account != account)),
        resumes: true))
  }

  /// Checks that a statement whose first record is read is not one read before: the same
  /// account and the same period (`DTSTART` and `DTEND`, as written; `cat jan.ofx jan.ofx`),
  /// whose transactions would be counted twice. The issue is at its `DTSTART`, before the
  /// record. Statements whose periods only overlap are not told apart: their lists may or may
  /// not share transactions, which only their times (and time zones) could show.
  private mutating func checkPeriod() {
    guard let statement, let account = statement.account, let start = statement.period.start,
      let end = statement.period.end, !start.isEmpty, !end.isEmpty, let position = statement.periodPosition
    else { return }
    guard periods[account, default: []].insert([start, end]).inserted else {
      ready.append(
        .malformed(
          MalformedInput(position: position, problem: .repeatedStatement(start: start, end: end)),
          resumes: true))
      return
    }
  }

  /// Checks the closing balance of the statement being read, at the end of its `LEDGERBAL`,
  /// against the previous statement of its account, when the two follow each other and each
  /// balance is as of its list's end; an issue when they do not add up. Either sign of the
  /// balances is taken (card issuers write what is owed as a positive balance, others as a
  /// negative one): only a disagreement with both is one. A statement whose account or posted
  /// list comes after its balance is not checked.
  private mutating func checkBalance() {
    guard let statement, let account = statement.account, accounts.picks(account), statement.postedListEnded,
      let previous = closings[account], let start = statement.period.start, start == previous.end,
      let closing = statement.closing, let sum = statement.postedSum, let position = statement.ledger.position
    else { return }
    let added = try? previous.amount.adding(sum)
    let subtracted = try? previous.amount.adding(sum.negated)
    guard closing.amount != added, closing.amount != subtracted else {
      // The file proves its list whole: what a reading may show as its strongest evidence.
      evidence.agreed(at: position)
      return
    }
    ready.append(
      .malformed(
        MalformedInput(
          position: position,
          problem: .balanceDisagrees(closing: closing.amount, previous: previous.amount, transactions: sum)),
        resumes: true))
  }

  // MARK: The end

  /// The end of the input: what it adds after the last record (``ending``), then nothing.
  ///
  /// - Parameter cut: Where the input ends, when it ends inside an answer (before its
  ///   `</OFX>`): the answer is cut off, and the issue that says so comes after the notes, in
  ///   place of any other problem.
  /// - Returns: The first thing the end adds, or `nil` when it adds nothing.
  private mutating func end(cutAt cut: TextPosition? = nil) -> DecodedRecord? {
    tagStart = input.position
    endStatement()
    finished = true
    let (accountProblem, accountNote) = accounts.end(source: source, start: TextPosition(line: 1, column: 1))
    let problem =
      cut.map { MalformedInput(position: $0, syntax: .endsBeforeClosingTag("OFX")) } ?? accountProblem
    var notes: [StatementNote] = accountNote.map { [$0] } ?? []
    if let readWindows1252 {
      notes.append(.windows1252(source: source, declaration: readWindows1252))
    }
    if options.group == options.pendingGroup, counts.pending > 0, counts.posted > 0 {
      notes.append(
        .pendingAndPostedInOneGroup(
          source: source, pending: counts.pending, posted: counts.posted, group: options.group))
    }
    if investmentTransactions > 0 {
      notes.append(.investmentTransactionsNotRead(source: source, count: investmentTransactions))
    }
    ending = ready + (options.explains ? explanation() : []) + notes.map { .note(AnySourceProblem($0)) }
    ready = []
    // A problem ends the stream: it comes after the notes.
    if let problem { ending.append(.malformed(problem, resumes: false)) }
    return ending.isEmpty ? nil : ending.removeFirst()
  }

  /// The notes of `--explain`: each decision of the reading, with the evidence it kept.
  private func explanation() -> [DecodedRecord] {
    let forms = evidence.forms.map { form -> String in
      switch form {
      case .headerLines(let version, let inComment)?:
        "OFX \(version.map { "version \($0)" } ?? "1.x"), header lines\(inComment ? " inside a comment" : "")"
      case .xml(let version)?: "OFX \(version.map { "version \($0)" } ?? "2.x"), XML"
      case .element?: "the OFX element, with no header"
      case nil: "an answer with neither a header nor <OFX>"
      }
    }
    let statuses = evidence.statuses.map { status in
      "\(status.code ?? "no code")\(status.severity.map { " (\($0))" } ?? "")"
    }
    var decisions = [
      ReadingDecision(
        "format", forms.first ?? "OFX",
        Evidence(
          .header,
          forms.count > 1
            ? "each of the \(forms.count) answers says so: " + forms.joined(separator: "; ")
            : "the file starts so")),
      StatementReading.text(options: options, declaration: windows1252),
      ReadingDecision(
        "whole",
        "\(evidence.answersClosed) answer\(evidence.answersClosed == 1 ? "" : "s") closed"
          + (evidence.padding > 0
            ? ", then \(evidence.padding) NUL byte\(evidence.padding == 1 ? "" : "s") of padding" : ""),
        Evidence(
          .values,
          "each answer ends with its </OFX>; one that does not would be cut off, an error"
            + (evidence.padding > 0 ? "; NUL bytes after a </OFX> are no content" : ""))),
      ReadingDecision(
        "the bank answered", statuses.isEmpty ? "no status" : "status " + statuses.joined(separator: ", "),
        Evidence(.format, "only codes 0, 1, 13000 and 15000 not of severity ERROR let a statement be read")),
      StatementReading.accounts(accounts, options: options),
      ReadingDecision("dates", "YYYYMMDD", Evidence(.format, "OFX writes DTPOSTED (and DTTRAN) so")),
      ReadingDecision(
        "amounts", "signed, a point or a comma for the cents",
        Evidence(.format, "OFX's TRNAMT: a sign, digits, no thousands separators")),
      ReadingDecision(
        "signs", "a negative amount is a debit (a charge)",
        Evidence(.format, "OFX signs each amount from the account holder's side")),
      StatementReading.groups(options: options, pendingList: counts.pending > 0),
    ]
    let repeated = evidence.repeatedTransactionIDs
    decisions.append(
      ReadingDecision(
        "each transaction once",
        evidence.transactionIDs == 0
          ? "no transaction has a FITID"
          : "\(evidence.transactionIDs) FITID\(evidence.transactionIDs == 1 ? "" : "s") checked, "
            + (repeated.first.map {
              "\(repeated.count) met again in their account (the first at \($0.line):\($0.column)), an error each"
            }
              ?? "none met again in its account"),
        Evidence(
          .format,
          "OFX gives each transaction of an account its own FITID: one met again is that transaction again (or the bank gave two one), an error"
        )
      ))
    decisions.append(
      ReadingDecision(
        "balances",
        evidence.balancesAgreed.isEmpty
          ? "not checked"
          : "\(evidence.balancesAgreed.count) ledger balance\(evidence.balancesAgreed.count == 1 ? "" : "s") agreed",
        evidence.balancesAgreed.isEmpty
          ? Evidence(
            .rule,
            "only two consecutive statements of one account, each with its ledger balance, can be checked")
          : Evidence(.balance, "each agrees with the statement before it and the transactions between")))
    return StatementReading.notes("an OFX statement", decisions, source: source)
  }

  private mutating func finish(_ record: DecodedRecord?) -> DecodedRecord? {
    finished = true
    return record
  }
}
