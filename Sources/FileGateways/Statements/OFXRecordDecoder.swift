import Entities
import UseCases

/// Reads an OFX bank or card statement (Open Financial Exchange): each `STMTTRN` element is
/// one record.
///
/// Both forms are read by one tolerant reading of their tags: OFX 1.x, SGML, whose leaf
/// elements have no closing tag (`<TRNAMT>-4.75`), and OFX 2.x, XML (`<TRNAMT>-4.75</TRNAMT>`).
/// The header before the first tag (`OFXHEADER:100` lines, or `<?xml …?>` and `<?OFX …?>`) is
/// skipped, and so is every element outside a `STMTTRN`. Inside one, a leaf's value is the
/// text after its tag up to the next `<`, without the spaces and line breaks around it, with
/// the five XML references (`&amp;` …) and numeric ones read:
///
/// - `DTPOSTED`: the date, `YYYYMMDD` and an optional time and zone, which are not part of a
///   calendar date (only its first eight characters are read);
/// - `TRNAMT`: the signed amount, negative for a debit (money spent), as OFX defines it;
/// - `NAME` (or, without it, `MEMO`): the description;
/// - other elements (`TRNTYPE`, `FITID`, `CHECKNUM`, …) are not read.
///
/// A record lacking one of the three is an issue at its `<STMTTRN>`; one giving one twice, an
/// issue at the second. Records take the group of the reading options: a statement lists
/// posted transactions.
///
/// Tags are read by their local name: a namespace prefix (`<ofx:STMTTRN>`) is left out. Text is
/// UTF-8, unless the header names Windows-1252 or ISO-8859-1 (`CHARSET:1252` in OFX 1.x, unless
/// `ENCODING:UTF-8`; `encoding="windows-1252"` in the XML declaration of OFX 2.x): then each byte
/// is one character of that set, as most banks' OFX 1.x statements write them.
///
/// A file that does not start (after spaces) with `OFXHEADER`, `<?xml`, `<?OFX` or `<OFX` is
/// one issue at 1:1, and the end; so is the end of the file inside a `STMTTRN`, at its start,
/// and the end of a file that has not closed its `OFX` element (`</OFX>`), where it ends: a
/// statement cut off after its header, or between two transactions, is never read as a shorter
/// statement.
/// For the limit of a record (``RecordFormat/maximumRecordLength``, as in every format) the
/// input is read in pieces, each from where the last ended: the text before a tag with the
/// tag, or the text before a `STMTTRN` with the whole element.
struct OFXRecordDecoder: RecordDecoder {
  var input: ByteInput
  private let options: ReadingOptions
  private var started = false
  private var finished = false
  /// Whether the piece being read is the first, whose limit counts from the first byte.
  private var isFirstPiece = true
  /// Whether the `OFX` element is closed (`</OFX>`): the statement is whole.
  private var isClosed = false
  /// The characters of the bytes above ASCII when the header names a single-byte character
  /// set (``StatementCharset``), or `nil` for UTF-8.
  private var charset: StatementCharset?
  private(set) var rules: ValueRules

  /// Creates a decoder of the given bytes.
  init(input: ByteInput, options: ReadingOptions = .standard) {
    self.input = input
    self.options = options
    rules = .statement(dateLayout: .compact, options: options)
  }

  mutating func nextRecord(placingValidIn _: RecordSlot) -> DecodedRecord? {
    let decoded = readNext()
    guard let cut = input.recordCut else { return decoded }
    finished = true
    return .malformed(MalformedInput(cut: cut, limit: input.recordLimit), resumes: false)
  }

  private mutating func readNext() -> DecodedRecord? {
    guard !finished else { return nil }
    if !started {
      started = true
      input.skipByteOrderMark()
      input.startRecord()
      skipSpace()
      let first = input.upcomingLine(limit: 64)
      let text = String(decoding: first, as: UTF8.self).uppercased()
      guard
        text.hasPrefix("OFXHEADER") || text.hasPrefix("<?XML") || text.hasPrefix("<?OFX")
          || text.hasPrefix("<OFX") || (text.hasPrefix("<") && Self.tagName(first.dropFirst()[...]) == "OFX")
      else {
        if first.isEmpty && input.peek() == nil { return finish(nil) }
        var malformed = MalformedInput(position: input.position, syntax: .notOFX)
        malformed.note(
          lookingLike: FormatGuess.format(
            ofFirstLine: input.upcomingLine(limit: FormatGuess.lineLimit), other: .ofx))
        return finish(.malformed(malformed, resumes: false))
      }
      charset = StatementCharset(ofHeader: input.upcomingBytes(limit: StatementCharset.headerLimit))
      input.charactersAreBytes = charset != nil
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
      guard input.peek() != nil else {
        guard isClosed else {
          return finish(
            .malformed(
              MalformedInput(position: input.position, syntax: .endsBeforeClosingTag("OFX")), resumes: false))
        }
        return finish(nil)
      }
      let start = input.position
      if skipMarkup() { continue }
      let name = readTag()
      if name == "/OFX" { isClosed = true }
      if name == "STATUS", let refusal = readStatus() {
        // The bank refused the request: what follows is no statement, and an empty one is
        // not what the user's account holds.
        return finish(.refused(refusal))
      }
      guard name == "STMTTRN" else { continue }
      return readTransaction(from: start)
    }
  }

  /// Reads a `STMTTRN` element after its opening tag, to its closing tag.
  private mutating func readTransaction(from start: TextPosition) -> DecodedRecord {
    var record = RawRecord(start: start)
    var memo: RawValue?
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      guard input.peek() != nil else {
        finished = true
        return .malformed(
          MalformedInput(position: start, syntax: .unterminatedElement("STMTTRN")), resumes: false)
      }
      let tagStart = input.position
      if skipMarkup() { continue }
      if Self.tagName(input.upcomingBytes(limit: 1 + Self.nameLength).dropFirst()) == "STMTTRN" {
        // A record not closed before the next: the first is the issue, the next is read from
        // its tag, which is left for it.
        record.note(
          RawProblem(
            position: start, field: nil, problem: .syntax(.unterminatedElement("STMTTRN")), value: nil))
        Self.describe(&record, memo: memo)
        return .record(record)
      }
      let name = readTag()
      if name == "/STMTTRN" { break }
      let field: RecordField? =
        switch name {
        case "DTPOSTED": .date
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
    while let byte = input.peek(), !last.ends(with: end) {
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
        if byte >= 0x80 {
          let problem = appendCharacter(above: byte, to: &bytes)
          if encodingProblem == nil { encodingProblem = problem }
        } else {
          bytes.append(byte)
          input.advance()
        }
      }
      text += Self.referencesRead(String(decoding: bytes, as: UTF8.self))
      bytes.removeAll(keepingCapacity: true)
      // A CDATA section is text as it is written, `<` and `&` included (OFX 2.x, XML).
      guard input.upcomingBytes(limit: Self.cdataStart.count) == Self.cdataStart else { break }
      advance(by: Self.cdataStart.count)
      while let byte = input.peek(), !bytes.ends(with: Self.cdataEnd) {
        if byte >= 0x80 {
          let problem = appendCharacter(above: byte, to: &bytes)
          if encodingProblem == nil { encodingProblem = problem }
        } else {
          bytes.append(byte)
          input.advance()
        }
      }
      if bytes.ends(with: Self.cdataEnd) { bytes.removeLast(Self.cdataEnd.count) }
      text += String(decoding: bytes, as: UTF8.self)
      bytes.removeAll(keepingCapacity: true)
    }
    let isSpace = { (scalar: Unicode.Scalar) in scalar.isASCII && Self.isSpace(UInt8(scalar.value)) }
    while let last = text.unicodeScalars.last, isSpace(last) { text.unicodeScalars.removeLast() }
    while let first = text.unicodeScalars.first, isSpace(first) { text.unicodeScalars.removeFirst() }
    return RawValue(kind: .string, text: text, position: position, encodingProblem: encodingProblem)
  }

  /// Appends the character that starts with a byte above ASCII, as UTF-8: the character of the
  /// header's single-byte set, or a UTF-8 character checked as it is read.
  ///
  /// - Returns: The problem of bytes that are not UTF-8, or `nil`.
  private mutating func appendCharacter(above byte: UInt8, to bytes: inout [UInt8]) -> EncodingProblem? {
    guard let charset else { return input.appendMultibyteCharacter(to: &bytes) }
    bytes += String(Character(charset.character(for: byte))).utf8
    input.advance()
    return nil
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
