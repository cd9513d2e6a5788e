/// Reading OFX's markup: tags, values, comments and CDATA sections, and the text of values
/// (UTF-8, or Windows-1252 where the header says so).
extension OFXRecordDecoder {
  /// Reads the rest of a leaf's value without consuming it: the text up to the next `<`,
  /// without the spaces around it (an account's number or type, which the limit of a record
  /// then counts in the piece of the tag after it, as for any value outside a transaction).
  mutating func peekValue() -> String {
    let bytes = input.upcomingBytes(limit: Self.peekedValueLength).prefix { $0 != UInt8(ascii: "<") }
    let isSpace = { (scalar: Unicode.Scalar) in scalar.isASCII && Self.isSpace(UInt8(scalar.value)) }
    var text = text(of: Array(bytes))
    while let last = text.unicodeScalars.last, isSpace(last) { text.unicodeScalars.removeLast() }
    while let first = text.unicodeScalars.first, isSpace(first) { text.unicodeScalars.removeFirst() }
    return text
  }

  /// How many bytes of a value outside a transaction are looked at: an account's number has
  /// at most 22 characters.
  static let peekedValueLength = 256

  /// Skips a comment (`<!-- … -->`) or a CDATA section outside a value at the input's `<`.
  ///
  /// - Returns: Whether it skipped one.
  mutating func skipMarkup() -> Bool {
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
  mutating func skip(past end: [UInt8], after count: Int) {
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
  mutating func advance(by count: Int) {
    for _ in 0..<count where input.peek() != nil { input.advance() }
  }

  static let commentStart = Array("<!--".utf8)
  static let commentEnd = Array("-->".utf8)
  static let cdataStart = Array("<![CDATA[".utf8)
  static let cdataEnd = Array("]]>".utf8)

  /// How many bytes after a `<` name its tag: ``tagName(_:)`` reads no further.
  static let nameLength = 32

  /// The name of the tag at the input's `<`, without consuming it (``tagName(_:)``).
  mutating func peekTagName() -> String {
    Self.tagName(input.upcomingBytes(limit: 1 + Self.nameLength).dropFirst())
  }

  /// Reads a tag from its `<` to its `>` (or the end of the input), and gives its name.
  mutating func readTag() -> String {
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
  mutating func readValue() -> RawValue {
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
  mutating func append(_ byte: UInt8, to bytes: inout [UInt8], problem: inout EncodingProblem?) {
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
  mutating func text(of bytes: [UInt8]) -> String {
    guard let windows1252, bytes.contains(where: { $0 >= 0x80 }) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    if readWindows1252 == nil { readWindows1252 = windows1252 }
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

  mutating func skipSpace() {
    while let byte = input.peek(), Self.isSpace(byte) { input.advance() }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

extension [UInt8] {
  /// Whether the bytes end with the given ones.
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
