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
/// text is encoded, and every element outside a transaction is skipped but for the accounts
/// and a refusal. Inside one, a leaf's value is the text after its tag up to the next `<`,
/// without the spaces and line breaks around it, with the five XML references (`&amp;` …) and
/// numeric ones read:
///
/// - `DTPOSTED` (a pending transaction's `DTTRAN`): the date, `YYYYMMDD` and an optional time
///   and zone, which are not part of a calendar date (only its first eight characters are
///   read);
/// - `TRNAMT`: the signed amount, negative for a debit (money spent), as OFX defines it, with
///   a period or a comma for its radix point and no thousands separators
///   (`WrittenAmount(parsingOFX:)`: `-00000000001500.0000` is 1500.00, a fraction of a cent is
///   refused);
/// - `NAME` (or, without it or when it is empty, `MEMO`): the description;
/// - other elements (`TRNTYPE`, `FITID`, `CHECKNUM`, …) are not read.
///
/// A record lacking one of the three is an issue at its tag; one giving one twice, an issue at
/// the second. A statement lists posted transactions: they take the group of the reading
/// options, and the pending list of OFX 2.2 (`BANKTRANLISTP`, its `STMTTRNP`) takes
/// ``ReadingOptions/pendingGroup``, Authorized in one-source mode.
///
/// Beside the transactions it follows the accounts (``StatementAccounts``: each `ACCTID` of a
/// `BANKACCTFROM`, `CCACCTFROM` or `INVACCTFROM`), so that several are named in a note and
/// ``ReadingOptions/account`` reads one; and a `STATUS` of severity `ERROR`, the bank's refusal.
/// Tags are read by their local name: a namespace prefix (`<ofx:STMTTRN>`) is left out. Text is
/// UTF-8; text that is not UTF-8 is read as Windows-1252 when the header says so
/// (`CHARSET:1252` in OFX 1.x, unless `ENCODING:UTF-8`; `encoding="windows-1252"` in the XML
/// declaration of OFX 2.x), with a note. The notes come after the last record.
///
/// A file that does not start (after spaces) as OFX is one issue at 1:1, and the end; so is
/// the end of the file inside a transaction, at its start, and the end of a file that has not
/// closed its `OFX` element (`</OFX>`), where it ends (after the notes): a statement cut off
/// after its header, or between two transactions, is never read as a shorter statement. For
/// the limit of a record (``RecordFormat/maximumRecordLength``, as in every format) the input
/// is read in pieces, each from where the last ended: the text before a tag with the tag, or
/// the text before a transaction with the whole element.
struct OFXRecordDecoder: RecordDecoder {
  var input: ByteInput
  private let options: ReadingOptions
  /// How notes name the source.
  private let source: String
  private var started = false
  private var finished = false
  /// Whether the piece being read is the first, whose limit counts from the first byte.
  private var isFirstPiece = true
  /// Whether the `OFX` element is closed (`</OFX>`): the statement is whole.
  private var isClosed = false
  private(set) var rules: ValueRules
  /// The header's words when it says the text is Windows-1252 (`CHARSET:1252`).
  private var windows1252: String?
  /// Whether a value was read as Windows-1252: its bytes are not UTF-8.
  private var readWindows1252 = false
  /// The accounts met so far, and which one is being read.
  private var accounts: StatementAccounts
  /// Inside an aggregate that names the account of a statement (`BANKACCTFROM`, …): the type
  /// it gives the account, empty when `ACCTTYPE` says it.
  private var accountAggregate: String?
  /// How many pending and posted transactions were read.
  private var counts = (pending: 0, posted: 0)
  /// What the end of the input adds after the last record, once it is reached: notes, or the
  /// problem of an `--account` that names no account.
  private var ending: [DecodedRecord] = []

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The bytes.
  ///   - source: How notes name the source.
  ///   - options: The groups, and the account to read.
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
    guard !finished else { return ending.isEmpty ? nil : ending.removeFirst() }
    if !started {
      started = true
      input.skipByteOrderMark()
      input.startRecord()
      skipSpace()
      let start = input.upcomingBytes(limit: OFXHeader.length)
      guard let header = OFXHeader(start: start) else {
        if start.isEmpty && input.peek() == nil { return end() }
        var malformed = MalformedInput(position: input.position, syntax: .notOFX)
        malformed.note(
          lookingLike: FormatGuess.format(
            ofFirstLine: input.upcomingLine(limit: FormatGuess.lineLimit), other: .ofx))
        return finish(.malformed(malformed, resumes: false))
      }
      windows1252 = header.windows1252Declaration
    }
    while true {
      // Outside a record: the text to the next tag, and the tag, are one piece for the limit
      // (the first piece starts at the first byte, its header included).
      if isFirstPiece {
        isFirstPiece = false
      } else {
        input.startRecord()
      }
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      // The end of the input: a statement whose `OFX` element is not closed is cut off there.
      guard input.peek() != nil else { return end(cutAt: isClosed ? nil : input.position) }
      let start = input.position
      if skipMarkup() { continue }
      let name = readTag()
      switch name {
      case "/OFX":
        isClosed = true
      case "STATUS":
        // The bank refused the request: what follows is no statement, and an empty one is
        // not what the user's account holds.
        if let refusal = readStatus() { return finish(.refused(refusal)) }
      case "STMTRS", "CCSTMTRS", "INVSTMTRS":
        accounts.leave()
      case "BANKACCTFROM", "INVACCTFROM":
        accountAggregate = ""
      case "CCACCTFROM":
        accountAggregate = "credit card"
      case "/BANKACCTFROM", "/CCACCTFROM", "/INVACCTFROM", "BANKTRANLIST", "BANKTRANLISTP":
        accountAggregate = nil
      case "ACCTID":
        guard let kind = accountAggregate else { continue }
        accounts.enter(number: peekValue(), name: nil, kind: kind.isEmpty ? nil : kind, at: start)
      case "ACCTTYPE":
        if accountAggregate?.isEmpty == true { accounts.setKind(peekValue()) }
      case "STMTTRN", "STMTTRNP":
        let isPending = name == "STMTTRNP"
        let record = readTransaction(name, from: start)
        guard accounts.picks(at: start) else { continue }
        if isPending { counts.pending += 1 } else { counts.posted += 1 }
        return record
      default:
        continue
      }
    }
  }

  /// Reads the rest of a leaf's value without consuming it: the text up to the next `<`,
  /// without the spaces around it (an account's number or type, which the limit of a record
  /// then counts in the piece of the tag after it, as for any value outside a transaction).
  private mutating func peekValue() -> String {
    let bytes = input.upcomingBytes(limit: Self.peekedValueLength).prefix { $0 != UInt8(ascii: "<") }
    let isSpace = { (scalar: Unicode.Scalar) in scalar.isASCII && Self.isSpace(UInt8(scalar.value)) }
    var text = text(of: Array(bytes))
    while let last = text.unicodeScalars.last, isSpace(last) { text.unicodeScalars.removeLast() }
    while let first = text.unicodeScalars.first, isSpace(first) { text.unicodeScalars.removeFirst() }
    return text
  }

  /// How many bytes of a value outside a transaction are looked at: an account's number has
  /// at most 22 characters.
  private static let peekedValueLength = 256

  /// The end of the input: what it adds after the last record (``ending``), then nothing.
  ///
  /// - Parameter cut: Where the input ends, when it ends before `</OFX>`: the statement is cut
  ///   off, and the issue that says so comes after the notes, in place of any other problem.
  /// - Returns: The first thing the end adds, or `nil` when it adds nothing.
  private mutating func end(cutAt cut: TextPosition? = nil) -> DecodedRecord? {
    finished = true
    let (accountProblem, accountNote) = accounts.end(source: source, start: TextPosition(line: 1, column: 1))
    let problem =
      cut.map { MalformedInput(position: $0, syntax: .endsBeforeClosingTag("OFX")) } ?? accountProblem
    var notes: [StatementNote] = accountNote.map { [$0] } ?? []
    if let windows1252, readWindows1252 {
      notes.append(.windows1252(source: source, declaration: windows1252))
    }
    if options.group == options.pendingGroup, counts.pending > 0, counts.posted > 0 {
      notes.append(
        .pendingAndPostedInOneGroup(
          source: source, pending: counts.pending, posted: counts.posted, group: options.group))
    }
    ending = notes.map { .note(AnySourceProblem($0)) }
    // A problem ends the stream: it comes after the notes.
    if let problem { ending.append(.malformed(problem, resumes: false)) }
    return ending.isEmpty ? nil : ending.removeFirst()
  }

  /// Reads a transaction (`STMTTRN`, or `STMTTRNP`, a pending one) after its opening tag, to
  /// its closing tag.
  private mutating func readTransaction(_ element: String, from start: TextPosition) -> DecodedRecord {
    var record = RawRecord(start: start)
    let isPending = element == "STMTTRNP"
    record.group = RawValue(
      kind: .string, text: (isPending ? options.pendingGroup : options.group).code, position: start,
      encodingProblem: nil)
    let dateTag = isPending ? "DTTRAN" : "DTPOSTED"
    var memo: RawValue?
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      guard input.peek() != nil else {
        finished = true
        return .malformed(
          MalformedInput(position: start, syntax: .unterminatedElement(element)), resumes: false)
      }
      let tagStart = input.position
      if skipMarkup() { continue }
      let next = Self.tagName(input.upcomingBytes(limit: 1 + Self.nameLength).dropFirst())
      if next == "STMTTRN" || next == "STMTTRNP" {
        // A record not closed before the next: the first is the issue, the next is read from
        // its tag, which is left for it.
        record.note(
          RawProblem(
            position: start, field: nil, problem: .syntax(.unterminatedElement(element)), value: nil))
        Self.describe(&record, memo: memo)
        return .record(record)
      }
      let name = readTag()
      if name == "/" + element { break }
      let field: RecordField? =
        switch name {
        case dateTag: .date
        case "TRNAMT": .amount
        case "NAME": .description
        default: nil
        }
      guard field != nil || name == "MEMO" else { continue }
      input.startValue(of: field ?? .description)
      var value = readValue()
      input.startValue(of: nil)
      // An empty value is located at its tag: where it "starts" is already the next tag.
      if value.text.isEmpty && value.encodingProblem == nil { value.position = tagStart }
      if field == .date, value.text.utf8.count > 8, value.text.utf8.prefix(8).allSatisfy(Self.isDigit) {
        value.text = String(value.text.prefix(8))
      }
      guard let field else {
        if memo == nil { memo = value }
        continue
      }
      if record[field] != nil {
        record.note(
          RawProblem(position: value.position, field: field, problem: .duplicateField, value: value.text))
      } else {
        record[field] = value
      }
    }
    Self.describe(&record, memo: memo)
    return .record(record)
  }

  /// Gives a record without a name, or with an empty one (`<NAME></NAME>`), its memo as its
  /// description: some banks leave `NAME` empty and write the payee in `MEMO`.
  private static func describe(_ record: inout RawRecord, memo: RawValue?) {
    guard let memo, record.description?.text.isEmpty ?? true else { return }
    if record.description == nil || !memo.text.isEmpty { record.description = memo }
  }

  /// Reads the rest of a `STATUS` aggregate after its opening tag, to its closing tag: the
  /// answer's `CODE`, `SEVERITY` and `MESSAGE`.
  ///
  /// - Returns: The refusal, when the severity is `ERROR`; `nil` for a status that lets the
  ///   statement follow (`INFO`, `WARN`).
  private mutating func readStatus() -> StatementRefusal? {
    var (code, severity, message) = ("", "", String?.none)
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      guard input.peek() != nil else { break }
      if skipMarkup() { continue }
      // A tag that is not the status's own ends it, and is left for the reading after it.
      let name = Self.tagName(input.upcomingBytes(limit: 1 + Self.nameLength).dropFirst())
      guard Self.statusTags.contains(name) else { break }
      _ = readTag()
      switch name {
      case "CODE": code = readValue().text
      case "SEVERITY": severity = readValue().text.uppercased()
      case "MESSAGE": message = readValue().text
      case "/STATUS":
        return severity == "ERROR" ? StatementRefusal(source: "", code: code, message: message) : nil
      default: continue
      }
    }
    return severity == "ERROR" ? StatementRefusal(source: "", code: code, message: message) : nil
  }

  /// The tags a `STATUS` aggregate holds, and its closing tag.
  private static let statusTags: Set<String> = [
    "CODE", "/CODE", "SEVERITY", "/SEVERITY", "MESSAGE", "/MESSAGE", "/STATUS",
  ]

  /// Skips a comment (`<!-- … -->`) or a CDATA section outside a value at the input's `<`.
  ///
  /// - Returns: Whether it skipped one.
  private mutating func skipMarkup() -> Bool {
    let upcoming = input.upcomingBytes(limit: 9)
    if upcoming.starts(with: Self.commentStart) {
      skip(past: Self.commentEnd, after: Self.commentStart.count)
      return true
    }
    if upcoming.starts(with: Self.cdataStart) {
      skip(past: Self.cdataEnd, after: Self.cdataStart.count)
      return true
    }
    return false
  }

  /// Advances past the given number of bytes, then past the next `end` (or to the end of the
  /// input).
  private mutating func skip(past end: [UInt8], after count: Int) {
    advance(by: count)
    var last: [UInt8] = []
    // The end is tested before the next byte is peeked: a piece that ends exactly at the
    // record's limit is whole, not cut.
    while !last.ends(with: end), let byte = input.peek() {
      input.advance()
      last.append(byte)
      if last.count > end.count { last.removeFirst() }
    }
  }

  /// Advances past as many bytes as there are, up to `count`, each peeked first (as
  /// ``ByteInput/advance()`` needs).
  private mutating func advance(by count: Int) {
    for _ in 0..<count where input.peek() != nil { input.advance() }
  }

  private static let commentStart = Array("<!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let cdataStart = Array("<![CDATA[".utf8)
  private static let cdataEnd = Array("]]>".utf8)

  /// How many bytes after a `<` name its tag: ``tagName(_:)`` reads no further.
  static let nameLength = 32

  /// Reads a tag from its `<` to its `>` (or the end of the input), and gives its name.
  private mutating func readTag() -> String {
    input.advance()
    var start: [UInt8] = []
    while let byte = input.peek(), byte != UInt8(ascii: ">") {
      if start.count < Self.nameLength { start.append(byte) }
      input.advance()
    }
    if input.peek() != nil { input.advance() }
    return Self.tagName(start[...])
  }

  /// The name of a tag, from the bytes after its `<`: the first word of its first
  /// ``nameLength`` bytes before any `>`, in capitals, without bytes below `!` but the space,
  /// and without a namespace prefix (`ofx:STMTTRN` is `STMTTRN`); `/STMTTRN` for a closing tag,
  /// the first word for a declaration (`?OFX`) or a comment.
  static func tagName(_ bytes: ArraySlice<UInt8>) -> String {
    let tag = bytes.prefix { $0 != UInt8(ascii: ">") }.prefix(nameLength)
    let text = String(decoding: tag.filter { $0 >= 0x21 || $0 == 0x20 }, as: UTF8.self).uppercased()
    let word = text.split(separator: " ").first ?? ""
    guard let colon = word.lastIndex(of: ":") else { return String(word) }
    return (word.hasPrefix("/") ? "/" : "") + word[word.index(after: colon)...]
  }

  /// Reads a leaf's value: the text up to the next `<`, without the whitespace around it, with
  /// XML references read; its position is its first character.
  private mutating func readValue() -> RawValue {
    skipSpace()
    let position = input.position
    var text = ""
    var bytes: [UInt8] = []
    var encodingProblem: EncodingProblem?
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") {
        append(byte, to: &bytes, problem: &encodingProblem)
      }
      text += Self.referencesRead(self.text(of: bytes))
      bytes.removeAll(keepingCapacity: true)
      // A CDATA section is text as it is written, `<` and `&` included (OFX 2.x, XML). Where
      // the record's limit cuts the input, nothing more is consumed: the section is not entered,
      // or this loop would see it again and again.
      guard input.peek() != nil, input.upcomingBytes(limit: Self.cdataStart.count) == Self.cdataStart
      else { break }
      advance(by: Self.cdataStart.count)
      while !bytes.ends(with: Self.cdataEnd), let byte = input.peek() {
        append(byte, to: &bytes, problem: &encodingProblem)
      }
      if bytes.ends(with: Self.cdataEnd) { bytes.removeLast(Self.cdataEnd.count) }
      text += self.text(of: bytes)
      bytes.removeAll(keepingCapacity: true)
    }
    let isSpace = { (scalar: Unicode.Scalar) in scalar.isASCII && Self.isSpace(UInt8(scalar.value)) }
    while let last = text.unicodeScalars.last, isSpace(last) { text.unicodeScalars.removeLast() }
    while let first = text.unicodeScalars.first, isSpace(first) { text.unicodeScalars.removeFirst() }
    return RawValue(kind: .string, text: text, position: position, encodingProblem: encodingProblem)
  }

  /// Consumes the next byte of a value, `byte`, appending it to `bytes`: a UTF-8 character
  /// whole, with its problem if it is not UTF-8, unless the text may be Windows-1252, whose
  /// bytes are kept as they are for ``text(of:)``.
  private mutating func append(_ byte: UInt8, to bytes: inout [UInt8], problem: inout EncodingProblem?) {
    guard byte >= 0x80, windows1252 == nil else {
      bytes.append(byte)
      input.advance()
      return
    }
    let found = input.appendMultibyteCharacter(to: &bytes)
    if problem == nil { problem = found }
  }

  /// The text of a value's bytes: UTF-8; or, when the header says the text is Windows-1252 and
  /// the bytes are not UTF-8, Windows-1252, which the note at the end says.
  ///
  /// Bytes that are UTF-8 are read as UTF-8 even then: many banks write UTF-8 under a header
  /// copied from elsewhere, and Windows-1252 text is almost never valid UTF-8. (Columns count
  /// such bytes as UTF-8 would: one from 0x80 to 0xBF does not move the column after it.)
  private mutating func text(of bytes: [UInt8]) -> String {
    guard windows1252 != nil, bytes.contains(where: { $0 >= 0x80 }) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    readWindows1252 = true
    return Windows1252.text(bytes)
  }

  /// The text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xH;` read; any
  /// other `&` is kept as it is.
  static func referencesRead(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = text[...]
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      rest = rest[ampersand...]
      guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
        result += "&"
        rest = rest.dropFirst()
        continue
      }
      let name = rest[rest.index(after: rest.startIndex)..<semicolon]
      let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      var replacement = named[name]
      if replacement == nil, name.hasPrefix("#") {
        let digits = name.dropFirst()
        let value =
          digits.hasPrefix("x") || digits.hasPrefix("X")
          ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        if let value, let scalar = Unicode.Scalar(value) { replacement = String(Character(scalar)) }
      }
      guard let replacement else {
        result += "&"
        rest = rest.dropFirst()
        continue
      }
      result += replacement
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }

  private mutating func skipSpace() {
    while let byte = input.peek(), Self.isSpace(byte) { input.advance() }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func finish(_ record: DecodedRecord?) -> DecodedRecord? {
    finished = true
    return record
  }
}

extension [UInt8] {
  /// Whether the bytes end with the given ones.
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
