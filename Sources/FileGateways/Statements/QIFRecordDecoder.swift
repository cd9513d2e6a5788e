import BankFormats
import BankReading
import Entities
import UseCases

/// Reads a QIF file (Quicken Interchange Format): in a section of transactions, each record is
/// a run of lines ended by a line `^`.
///
/// A line's first character says what it holds; the rest of the line is the value, without the
/// spaces around it:
///
/// - `D`: the date, in the file's layout (as a bank's CSV export, told from the first dates, or
///   `ReadingOptions.dateLayout`); Quicken's `3/15'24` (an apostrophe before a two-digit year)
///   is the year 2024, and an issue shows the date as the file writes it (``RawRecord/writtenDate``);
/// - `T` (or, without it, `U`): the signed amount, negative for a payment out (a debit); with
///   both, they must be one amount, and a record's splits (`$` lines) must add up to it, or the
///   record is an issue (``checked(_:decimalMark:)``);
/// - `P` (or, without it or when it is empty, `M`, the memo; or else `L`, the category or a
///   transfer's account, `[Savings]`): the description, as the file writes it;
/// - other lines (`N` number, `C` cleared, `A` address, the splits' categories) are not read.
///
/// An account's opening balance, its first record when it is a transfer to the account itself
/// (Quicken's `Opening Balance`, ``isOpeningBalance(_:accountName:isFirst:)``), is a balance,
/// not a transaction: it is skipped, and a note counts it.
///
/// The file starts with a `!Type:` line. Sections of transactions are `!Type:Bank`, `CCard`,
/// `Cash`, `Oth A` and `Oth L`; the records of other sections (`!Type:Cat`, `Class`,
/// `Memorized`, `Security`, `Prices`, `Invoice`) are lists, not transactions, and are skipped;
/// investments (`!Type:Invst`: trades, income) are not read either, but counted in a note.
/// Any other `!` line (`!Type:Bnak`) is an issue at that line, with the type it most likely
/// means: its records are never skipped without a word.
///
/// **Accounts** (``StatementAccounts``: several are named in a note, and
/// `ReadingOptions/account` reads one). The `!Account` block right before a section of
/// transactions names that section's account: its last account record (`N` the name, `T` the
/// type, `^`). Any other `!Account` block is a list of accounts and names none, as Quicken's
/// list between `!Option:AutoSwitch` and `!Clear:AutoSwitch` is. A section without an
/// `!Account` block right before it is the account of the section before when it is of the
/// same type, and otherwise an account of its own without a name: `!Type:Bank` then
/// `!Type:CCard` are two accounts, never added without a word. When `!Option:AutoSwitch` is
/// never cleared and one of its blocks named a section's account, a note says how the blocks
/// were read.
///
/// A record without a date, an amount or a description is an issue at its first line; a file
/// that does not start with `!` is one issue at 1:1, and the end. A last record without its `^`
/// is read all the same. Lines end with a line feed, a carriage return and a line feed, or a
/// carriage return alone (the classic Mac OS), each counted as a line for positions. The text
/// is as `--encoding` says (`ReadingOptions/encoding`); without it UTF-8, or the single-byte
/// code page its bytes prove when its first megabyte is not UTF-8 and writes no character as
/// UTF-8 does (the rule of a bank's CSV export, but Windows-1252 where that asks, as a QIF file
/// names no columns to tell), with a note before the first record. The date
/// layout is told from the sections of transactions only: an account's `D` line is its
/// description. For the limit of a record (``RecordFormat/maximumRecordLength``, as in every
/// format) the input is read in pieces, each from where the last ended: blank lines with the
/// `!` line or the record after them.
struct QIFRecordDecoder: RecordDecoder {
  var input: ByteInput
  private let options: ReadingOptions
  /// How notes name the source.
  private let source: String
  private var started = false
  private var finished = false
  /// Whether the piece being read is the first, whose limit counts from the first byte.
  private var isFirstPiece = true
  /// What the current section holds.
  private var section = Section.other
  /// Whether `!Option:AutoSwitch` is on (not yet cleared by `!Clear:AutoSwitch`): the
  /// `!Account` blocks after it are Quicken's list of accounts, but for one right before a
  /// section of transactions, which names its account.
  private var autoSwitch = false
  /// What proved the date layout and the decimal mark, when the file told them (for
  /// `--explain`).
  private var dateLayoutEvidence: Evidence?
  private var decimalMarkEvidence: Evidence?
  /// Whether an `!Account` block read while `!Option:AutoSwitch` was on named a section's
  /// account: the file says so in a note when the option is never cleared.
  private var autoSwitchNamedAccount = false
  /// The last account of the `!Account` block just read, and whether `!Option:AutoSwitch` was
  /// on: it names the account of a section of transactions right after it.
  private var accountBlock: (account: QIFAccount, autoSwitch: Bool)?
  /// The accounts met so far, and which one is being read.
  private var accounts: StatementAccounts
  /// How many records of `!Type:Invst` sections were met, which are not read.
  private var investmentTransactions = 0
  /// What the end of the input adds after the last record, once it is reached.
  private var ending: [DecodedRecord] = []
  /// What is ready to be returned, in order, before reading on: the note of text read as
  /// Windows-1252, and a problem of the layout that ends the reading.
  private var ready: [DecodedRecord] = []
  /// How the text is read, and what proved it.
  private var text = Decided(TextEncoding.utf8, Evidence(.rule, "no byte read"))
  /// The accounts whose first record has been read (by their place among the accounts).
  private var accountsRead: Set<Int> = []
  /// How many opening balances were skipped (Quicken's `Opening Balance` record, a transfer to
  /// the account itself), and where the first starts.
  private var openingBalances = (count: 0, first: TextPosition?.none)
  /// What the checks of the records' amounts found (``checked(_:decimalMark:)``), for what a
  /// reading explains.
  var amountChecks = AmountChecks()
  private(set) var rules: ValueRules

  /// What the records of a section are.
  private enum Section {
    /// Transactions.
    case transactions
    /// The account whose transactions follow (`!Account`).
    case account
    /// Investment transactions (`!Type:Invst`), which are not read but counted.
    case investments
    /// Anything else: categories, classes, a list of accounts.
    case other
  }

  /// An account of an `!Account` block: its name (`N`) and type (`T`), and where it starts.
  struct QIFAccount {
    var name: String?
    var type: String?
    var start: TextPosition
  }

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The bytes.
  ///   - source: How notes name the source.
  ///   - options: The layout of dates and amounts, the group, and the account to read.
  init(input: ByteInput, source: String = "", options: ReadingOptions = .standard) {
    self.input = input
    self.source = source
    self.options = options
    accounts = StatementAccounts(asked: options.account, unnamed: "an account without a name")
    rules = .statement(dateLayout: options.dateLayout ?? .monthDayYear, options: options)
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
      let question = readText(hadByteOrderMark: input.skipByteOrderMark())
      input.startRecord()
      skipBlankLines()
      guard let first = input.peek() else { return end() }
      guard first == UInt8(ascii: "!") else {
        var malformed = MalformedInput(position: input.position, syntax: .notQIF)
        malformed.note(
          lookingLike: FormatGuess.format(
            ofFirstLine: input.upcomingLine(limit: FormatGuess.lineLimit), other: .qif))
        return finish(.malformed(malformed, resumes: false))
      }
      // The file is QIF: a code page its bytes do not prove is asked; the code page they prove
      // is said before its first record.
      if let question {
        return finish(
          .malformed(
            MalformedInput(position: question.position, syntax: .asks(question.kind), value: question.value),
            resumes: false))
      }
      if text.value != .utf8 && options.encoding == nil {
        ready.append(.note(AnySourceProblem(ExportNote(source: source, kind: .readAs(text.value)))))
      }
      if let problem = learnLayout() {
        finished = true
        ready.append(.malformed(problem, resumes: false))
      }
      if !ready.isEmpty { return ready.removeFirst() }
    }
    while true {
      // The blank lines before a `!` line or a record, and it, are one piece for the limit (the
      // first piece starts at the first byte).
      if isFirstPiece {
        isFirstPiece = false
      } else {
        input.startRecord()
      }
      skipBlankLines()
      guard let byte = input.peek() else { return end() }
      if byte == UInt8(ascii: "!") {
        let start = input.position
        let line = readLine().text
        let header = Self.header(line)
        // An `!Account` block names the account of the section of transactions right after it
        // (its last account); before anything else it was a list of accounts.
        let namer = accountBlock
        accountBlock = nil
        switch header {
        case .transactions(let type): enterSection(of: type, namedBy: namer)
        case .list(let type):
          section = .other
          if type == "Invst" { section = .investments }
        case .account: section = .account
        case .option:
          let upper = line.uppercased()
          if upper.hasPrefix("!OPTION:AUTOSWITCH") {
            autoSwitch = true
          } else if upper.hasPrefix("!CLEAR:AUTOSWITCH") {
            autoSwitch = false
          }
        case .unknown(let likely):
          section = .other
          return .malformed(
            MalformedInput(position: start, syntax: .unknownQIFHeader(likely: likely), value: line),
            resumes: true)
        }
        continue
      }
      switch section {
      case .transactions:
        let record = readRecord()
        let picked = accounts.picksCurrent(at: record.raw.start)
        let account = accounts.current ?? 0
        // Whether the record is its account's first, where Quicken writes its opening balance.
        let isFirst = accountsRead.insert(account).inserted
        guard picked else { continue }
        if Self.isOpeningBalance(record, accountName: accounts.accounts[account].name, isFirst: isFirst) {
          openingBalances.count += 1
          if openingBalances.first == nil { openingBalances.first = record.raw.start }
          continue
        }
        return .record(checked(record, decimalMark: rules.bank?.decimalMark ?? .point))
      case .account:
        let account = readAccount()
        accountBlock = (account, autoSwitch)
      case .investments:
        _ = readRecord()
        investmentTransactions += 1
      case .other:
        _ = readRecord()
      }
    }
  }

  /// Starts a section of transactions of the given type (`Bank`, `CCard`, as Quicken spells
  /// it): its account is the last one of the `!Account` block right before it, if there is
  /// one; else the account of the section before, if it is of the same type; else an account
  /// of its own without a name. Two sections of two types are two accounts: a bank account's
  /// and a card's transactions are never added without a word.
  private mutating func enterSection(of type: String, namedBy namer: (account: QIFAccount, autoSwitch: Bool)?)
  {
    section = .transactions
    if let namer {
      if namer.autoSwitch { autoSwitchNamedAccount = true }
      accounts.enter(
        StatementAccounts.Account(name: namer.account.name, kind: type, position: namer.account.start))
      return
    }
    if let current = accounts.current, accounts.accounts[current].kind == type { return }
    accounts.enter(StatementAccounts.Account(kind: type, position: input.position))
  }

  /// Reads an account's record (`!Account`), to its `^`: its name (`N`) and type (`T`).
  private mutating func readAccount() -> QIFAccount {
    let start = input.position
    var (name, type): (String?, String?) = (nil, nil)
    while let code = input.peek() {
      if code == UInt8(ascii: "^") {
        _ = readLine()
        break
      }
      if code == UInt8(ascii: "!") { break }
      if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") {
        _ = readLine()
        continue
      }
      input.advance()  // the code
      let value = readLine().text
      if code == UInt8(ascii: "N"), name == nil, !value.isEmpty { name = value }
      if code == UInt8(ascii: "T"), type == nil, !value.isEmpty { type = value }
    }
    return QIFAccount(name: name, type: type, start: start)
  }

  /// The end of the input: what it adds after the last record (``ending``), then nothing.
  private mutating func end() -> DecodedRecord? {
    finished = true
    let (problem, note) = accounts.end(source: source, start: TextPosition(line: 1, column: 1))
    var notes = note.map { [$0] } ?? []
    if autoSwitch && autoSwitchNamedAccount { notes.append(.autoSwitchLeftOn(source: source)) }
    if investmentTransactions > 0 {
      notes.append(.investmentTransactionsNotRead(source: source, count: investmentTransactions))
    }
    if let first = openingBalances.first {
      notes.append(.openingBalancesSkipped(source: source, count: openingBalances.count, first: first))
    }
    if options.explains { ending += explanation() }
    ending += notes.map { .note(AnySourceProblem($0)) }
    if let problem { ending.append(.malformed(problem, resumes: false)) }
    return ending.isEmpty ? nil : ending.removeFirst()
  }

  /// The notes of `--explain`: each decision of the reading, with its evidence.
  private func explanation() -> [DecodedRecord] {
    let bank = rules.bank
    let decisions = [
      ReadingDecision("text", text.value.name, text.evidence),
      ReadingDecision(
        "sections", "!Type: lines name the sections of transactions",
        Evidence(
          .format, "QIF's records are the lines of a section to each ^; lists (!Type:Cat, …) are not read")),
      StatementReading.accounts(accounts, options: options),
      ReadingDecision(
        "dates", bank?.dateLayout.pattern ?? "MM/DD/YYYY",
        options.dateLayout != nil
          ? Evidence(.option, "you said --date-format")
          : dateLayoutEvidence ?? Evidence(.rule, "no date read: Quicken's month first")),
      ReadingDecision(
        "decimal mark", bank?.decimalMark == .comma ? "a comma" : "a point",
        options.decimalMark != nil
          ? Evidence(.option, "you said the decimal mark")
          : decimalMarkEvidence ?? Evidence(.rule, "no amount read: a point")),
      ReadingDecision(
        "signs", "a negative amount is a debit (a charge)",
        Evidence(.format, "QIF's T line is signed from the account holder's side")),
      amountChecks.amountsDecision,
      amountChecks.splitsDecision,
      ReadingDecision(
        "opening balances",
        openingBalances.first.map { "\(openingBalances.count) skipped, the first at \($0.line):\($0.column)" }
          ?? "none",
        Evidence(
          .format,
          "an account's first record that is a transfer to the account itself ([its name], or, when the file "
            + "names it no other way, with the payee Opening Balance) is its opening balance, as Quicken writes it"
        )),
      StatementReading.groups(options: options, pendingList: false),
    ]
    return StatementReading.notes("a QIF file", decisions, source: source)
  }

  /// Reads the lines of one record, to its `^` or the end of the input.
  ///
  /// Its description is the first of its payee (`P`), memo (`M`) and category (`L`, or a
  /// transfer's account, `[Savings]`) that is not empty, as the file writes it; or, when all
  /// that are there are empty, the first of them; a record without any is an issue. Its amount
  /// is its `T`, or without it its `U`; both, and its splits' amounts (`$`), are kept for the
  /// checks of ``checked(_:decimalMark:)``.
  private mutating func readRecord() -> Record {
    var record = RawRecord(start: input.position)
    var alternative: (amount: RawValue?, memo: RawValue?, category: RawValue?) = (nil, nil, nil)
    var read = Record(raw: record)
    while let code = input.peek() {
      if code == UInt8(ascii: "^") {
        _ = readLine()
        break
      }
      if code == UInt8(ascii: "!") { break }
      if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") {
        _ = readLine()  // a blank line: nothing
        continue
      }
      let field: RecordField? =
        switch code {
        case UInt8(ascii: "D"): .date
        case UInt8(ascii: "T"), UInt8(ascii: "U"): .amount
        case UInt8(ascii: "P"), UInt8(ascii: "M"), UInt8(ascii: "L"): .description
        default: nil
        }
      input.advance()  // the code
      while input.peek() == UInt8(ascii: " ") || input.peek() == UInt8(ascii: "\t") { input.advance() }
      input.startValue(of: field)
      var value = readLine().value
      input.startValue(of: nil)
      if code == UInt8(ascii: "$") { read.splits.append(value) }
      guard let field else { continue }
      let written = value.text
      if field == .date { value.text = Self.fourDigitYear(value.text) }
      switch code {
      case UInt8(ascii: "T"): read.total = read.total ?? value
      case UInt8(ascii: "P"): read.payee = read.payee ?? value
      default: break
      }
      switch code {
      case UInt8(ascii: "U"): alternative.amount = alternative.amount ?? value
      case UInt8(ascii: "M"): alternative.memo = alternative.memo ?? value
      case UInt8(ascii: "L"): alternative.category = alternative.category ?? value
      default:
        if record[field] != nil {
          record.note(
            RawProblem(position: value.position, field: field, problem: .duplicateField, value: written))
        } else {
          record[field] = value
          if field == .date, written != value.text { record.writtenDate = written }
        }
      }
    }
    if record.amount == nil { record.amount = alternative.amount }
    // An empty payee (`P` alone) does not hide the memo or the category, as in an OFX statement.
    let described = [record.description, alternative.memo, alternative.category].compactMap { $0 }
    record.description = described.first { !$0.text.isEmpty } ?? described.first
    read.raw = record
    read.other = alternative.amount
    read.category = alternative.category
    return read
  }

  /// What a `!` line says.
  enum Header: Equatable {
    /// A section of transactions of this type starts (`Bank`, `CCard`, as Quicken spells it).
    case transactions(String)
    /// A section of a list of this type starts (categories, classes, memorized transactions,
    /// securities, prices, invoices, investments): not transactions.
    case list(String)
    /// An `!Account` block starts: the account whose transactions follow, or, between
    /// `!Option:AutoSwitch` and `!Clear:AutoSwitch`, a list of accounts.
    case account
    /// An option (`!Option:AutoSwitch`, `!Clear:AutoSwitch`): no section starts.
    case option
    /// Not a header QIF has; `likely` is the section type it most likely means.
    case unknown(likely: String?)
  }

  /// The section types of transactions, as Quicken writes them.
  static let transactionTypes = ["Bank", "CCard", "Cash", "Oth A", "Oth L"]
  /// The section types of lists.
  static let listTypes = ["Invst", "Cat", "Class", "Memorized", "Security", "Prices", "Invoice"]

  /// What a `!` line says, in any case, without the spaces around its type.
  static func header(_ line: String) -> Header {
    let upper = line.uppercased()
    if upper.hasPrefix("!OPTION:") || upper.hasPrefix("!CLEAR:") { return .option }
    if upper.trimmingCharacters(in: " ") == "!ACCOUNT" { return .account }
    // A keyword near `!Type` (`!Tpye:CCard`) is most likely it.
    guard let colon = upper.firstIndex(of: ":") else { return .unknown(likely: nil) }
    let keyword = Array(upper[..<colon].unicodeScalars)
    let isType = upper.hasPrefix("!TYPE:")
    guard isType || FieldNameGuess.editDistance(keyword, Array("!TYPE".unicodeScalars)) <= 2 else {
      return .unknown(likely: nil)
    }
    let type = upper[upper.index(after: colon)...].trimmingCharacters(in: " ")
    if !isType {
      let known = (transactionTypes + listTypes).first { $0.uppercased() == type }
      return .unknown(likely: known ?? likely(type))
    }
    if let known = transactionTypes.first(where: { $0.uppercased() == type }) { return .transactions(known) }
    if let known = listTypes.first(where: { $0.uppercased() == type }) { return .list(known) }
    return .unknown(likely: likely(type))
  }

  /// The section type within two edits of a type as written (in capitals), the nearest first.
  private static func likely(_ type: String) -> String? {
    let written = Array(type.unicodeScalars)
    let nearest = (transactionTypes + listTypes).map { name in
      (name, FieldNameGuess.editDistance(written, Array(name.uppercased().unicodeScalars)))
    }.min { $0.1 < $1.1 }
    return nearest.flatMap { $0.1 <= 2 ? $0.0 : nil }
  }

  /// Quicken's dates with an apostrophe before a two-digit year (`3/15'24`, `3/15' 4`) as
  /// four-digit years of this century (`3/15/2024`), the spaces Quicken pads a month or a day
  /// with in front of its digits left out (`1/ 1'00` is `1/1/2000`); any other text as it is,
  /// a space after a digit too (`3/0 4'24` is no padded `3/04`: an error at the date, as written).
  static func fourDigitYear(_ text: String) -> String {
    guard let apostrophe = text.firstIndex(of: "'") else { return text }
    let year = text[text.index(after: apostrophe)...].trimmingCharacters(in: " ")
    guard (1...2).contains(year.count), year.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(year)
    else { return text }
    let monthAndDay = text[..<apostrophe]
    guard padsOnlyInFront(monthAndDay) else { return text }
    return monthAndDay.filter { $0 != " " } + "/" + String(2000 + number)
  }

  /// Whether every space of a date's text stands in front of a number: at its start, or after a
  /// separator or another such space, never after a digit.
  private static func padsOnlyInFront(_ text: Substring) -> Bool {
    var previous: Character?
    for character in text {
      if character == " ", let previous, previous.isNumber { return false }
      if character != " " { previous = character }
    }
    return true
  }

  /// Reads the text as `--encoding` says; without it, as its first megabyte shows, by the rule
  /// of a bank's CSV export (`CSVRecordDecoder.encoding(of:from:complete:hadByteOrderMark:)`):
  /// a single-byte code page when a byte is not UTF-8 and no character is written as UTF-8
  /// writes one (the code page its bytes prove, else Windows-1252, as no column names can
  /// tell), converted to UTF-8 on its
  /// way in (positions stay the characters a person sees); else UTF-8, whose bytes that are
  /// not UTF-8 are errors where they are.
  ///
  /// - Parameter hadByteOrderMark: Whether the input started with UTF-8's byte order mark.
  /// - Returns: The question of the code page, if the rule asks one.
  private mutating func readText(hadByteOrderMark: Bool) -> ReadingQuestion? {
    if let given = options.encoding {
      text = Decided(given, Evidence(.option, "you said --encoding \(given.rawValue)"))
    } else {
      let sample = input.upcomingBytes(limit: CSVSample.size)
      let complete = sample.count < CSVSample.size
      switch CSVRecordDecoder.encoding(
        of: sample, from: input.position, complete: complete, hadByteOrderMark: hadByteOrderMark,
        carriageReturnsEndLines: TextConversion.lineBreaks(of: sample, complete: complete)
          == .carriageReturns,
        namesColumns: false)
      {
      case .success(let decided): text = decided
      case .failure(let question): return question
      }
    }
    if text.value != .utf8 { input.convertText(TextConversion(codePage: text.value)) }
    return nil
  }

  /// Tells the file's date layout and decimal mark from its first megabyte, as for a bank's CSV
  /// export, unless the options give them.
  ///
  /// - Returns: The problem when the dates fit two layouts, or `nil`.
  private mutating func learnLayout() -> MalformedInput? {
    guard options.dateLayout == nil || options.decimalMark == nil else { return nil }
    let start = input.position
    let bytes = input.upcomingBytes(limit: CSVSample.size)
    var dates: [CSVSample.Field] = []
    // The dates as the file writes them, where they were read otherwise (`1/ 1'00`): an issue
    // shows the file's text.
    var written: [TextPosition: String] = [:]
    var amounts: [CSVSample.Field] = []
    var line = start.line
    var offset = 0
    // Only the lines of sections of transactions: an account's or a category's `D` line is a
    // description, not a date, and must not steer the layout.
    var inTransactions = false
    while offset < bytes.count {
      let end =
        bytes[offset...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.count
      if end == bytes.count && bytes.count == CSVSample.size { break }
      let text = String(decoding: bytes[offset..<end], as: UTF8.self)
      if text.hasPrefix("!") {
        switch Self.header(text) {
        case .transactions: inTransactions = true
        case .list, .account, .unknown: inTransactions = false
        case .option: break
        }
      } else if inTransactions && text.hasPrefix("D") {
        let afterCode = text.dropFirst()
        let spaces = afterCode.prefix { $0 == " " || $0 == "\t" }.count
        let value = String(afterCode.dropFirst(spaces))
        let position = TextPosition(line: line, column: 2 + spaces)
        dates.append(CSVSample.Field(text: Self.fourDigitYear(value), position: position))
        if dates.last?.text != value { written[position] = value }
      } else if inTransactions && (text.hasPrefix("T") || text.hasPrefix("U")) {
        amounts.append(
          CSVSample.Field(text: String(text.dropFirst()), position: TextPosition(line: line, column: 2)))
      }
      // A carriage return and the line feed after it are one line break.
      let crlf =
        end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n")
      offset = end + (crlf ? 2 : 1)
      line += 1
    }
    guard var bank = rules.bank else { return nil }
    if options.decimalMark == nil {
      switch CSVReading.decimalMark(of: amounts) {
      case .success(let mark):
        bank.decimalMark = mark.value
        decimalMarkEvidence = mark.evidence
      case .failure(let question):
        return MalformedInput(
          position: question.position, field: .amount, syntax: .asks(question.kind), value: question.value)
      }
    }
    if options.dateLayout == nil {
      switch CSVReading.dateLayout(of: dates) {
      case .success(let layout):
        bank.dateLayout = layout.value
        dateLayoutEvidence = layout.evidence
      case .failure(let question):
        return MalformedInput(
          position: question.position, field: .date, syntax: .asks(question.kind),
          value: written[question.position] ?? question.value)
      }
    }
    rules = ValueRules(bank: bank)
    return nil
  }

  /// Reads the rest of the line and its line break (a line feed, a carriage return and a line
  /// feed, or a carriage return alone). The value is the text without the spaces around it.
  private mutating func readLine() -> (text: String, value: RawValue) {
    while input.peek() == UInt8(ascii: " ") || input.peek() == UInt8(ascii: "\t") { input.advance() }
    let position = input.position
    var bytes: [UInt8] = []
    var encodingProblem: EncodingProblem?
    while let byte = input.peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
      if byte >= 0x80 {
        let problem = input.appendMultibyteCharacter(to: &bytes)
        if encodingProblem == nil { encodingProblem = problem }
      } else {
        bytes.append(byte)
        input.advance()
      }
    }
    if input.peek() != nil { input.advanceLineBreak() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    let text = String(decoding: bytes, as: UTF8.self)
    return (text, RawValue(kind: .string, text: text, position: position, encodingProblem: encodingProblem))
  }

  private mutating func skipBlankLines() {
    while let byte = input.peek(), byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09 {
      if byte == 0x0A || byte == 0x0D { input.advanceLineBreak() } else { input.advance() }
    }
  }

  private mutating func finish(_ record: DecodedRecord?) -> DecodedRecord? {
    finished = true
    return record
  }
}

extension StringProtocol {
  /// The text without the given character around it.
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = self[...]
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return String(text)
  }
}
