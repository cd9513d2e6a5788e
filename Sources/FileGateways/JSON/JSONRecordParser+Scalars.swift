import UseCases

extension JSONRecordParser {
  // MARK: Strings

  /// Reads a string, from its opening quote to its closing quote, decoding it into `scratch`.
  ///
  /// Escapes are decoded, surrogate pairs joined, and raw bytes checked to be UTF-8 (no
  /// overlong forms, no surrogates, nothing above U+10FFFF). Bytes that are not UTF-8 and
  /// unpaired surrogates become U+FFFD in `scratch`, and the first of them is returned: the
  /// string's syntax is intact, so reading goes on.
  ///
  /// - Returns: The first encoding problem in the string, if any.
  /// - Throws: ``MalformedInput`` for an unterminated string, a raw control character or an
  ///   invalid escape.
  mutating func readString() throws(MalformedInput) -> EncodingProblem? {
    let start = input.position
    input.advance()
    scratch.removeAll(keepingCapacity: true)
    var problem: EncodingProblem?
    var pendingHighSurrogate: (value: UInt32, position: TextPosition)?
    while true {
      if pendingHighSurrogate == nil {
        input.appendPrintableASCII(to: &scratch, stoppingAt: UInt8(ascii: "\""), or: UInt8(ascii: "\\"))
      }
      guard let byte = input.peek() else {
        throw MalformedInput(
          position: start, syntax: .unterminatedString(.file))
      }
      if byte == UInt8(ascii: "\\") {
        let escapePosition = input.position
        input.advance()
        let code = try readEscape(startingAt: escapePosition)
        if let pending = pendingHighSurrogate {
          pendingHighSurrogate = nil
          if (0xDC00...0xDFFF).contains(code) {
            appendScalar(0x10000 + ((pending.value - 0xD800) << 10) + (code - 0xDC00))
            continue
          }
          noteUnpairedSurrogate(pending.value, at: pending.position, problem: &problem)
        }
        switch code {
        case 0xD800...0xDBFF: pendingHighSurrogate = (code, escapePosition)
        case 0xDC00...0xDFFF: noteUnpairedSurrogate(code, at: escapePosition, problem: &problem)
        default: appendScalar(code)
        }
        continue
      }
      if let pending = pendingHighSurrogate {
        pendingHighSurrogate = nil
        noteUnpairedSurrogate(pending.value, at: pending.position, problem: &problem)
      }
      switch byte {
      case UInt8(ascii: "\""):
        input.advance()
        return problem
      case 0x00..<0x20:
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
          throw MalformedInput(
            position: start, syntax: .unterminatedString(.line))
        }
        throw MalformedInput(
          position: input.position,
          syntax: .controlCharacterInString(byte))
      case 0x20..<0x80:
        scratch.append(byte)
        input.advance()
      default:
        let invalid = input.appendMultibyteCharacter(to: &scratch)
        if problem == nil { problem = invalid }
      }
    }
  }

  /// Reads the escape after a backslash.
  ///
  /// - Parameter position: Where the backslash is.
  /// - Returns: The escaped character's value: a UTF-16 code unit for `\uXXXX` (possibly half
  ///   of a surrogate pair), the character itself for the others.
  /// - Throws: ``MalformedInput`` for an escape that JSON does not have, such as `\q`, or a
  ///   `\u` without four hexadecimal digits.
  private mutating func readEscape(startingAt position: TextPosition) throws(MalformedInput) -> UInt32 {
    guard let byte = input.peek() else {
      throw MalformedInput(
        position: position, syntax: .unterminatedString(.file))
    }
    if let character = Self.oneLetterEscape(byte) {
      input.advance()
      return UInt32(character)
    }
    guard byte == UInt8(ascii: "u") else {
      throw MalformedInput(
        position: position, syntax: .invalidEscape, value: "\\" + UTF8Text.printable(byte))
    }
    input.advance()
    return try readHexCodeUnit(escapeStart: position)
  }

  /// Reads the four hexadecimal digits of a `\u` escape.
  private mutating func readHexCodeUnit(escapeStart position: TextPosition) throws(MalformedInput) -> UInt32 {
    var code: UInt32 = 0
    var digits = "\\u"
    for _ in 0..<4 {
      guard let byte = input.peek(), let value = Self.hexValue(byte) else {
        if let byte = input.peek() { digits += UTF8Text.printable(byte) }
        throw MalformedInput(
          position: position, syntax: .invalidUnicodeEscape, value: digits)
      }
      digits += UTF8Text.printable(byte)
      code = code << 4 | value
      input.advance()
    }
    return code
  }

  private mutating func noteUnpairedSurrogate(
    _ code: UInt32, at position: TextPosition, problem: inout EncodingProblem?
  ) {
    appendScalar(0xFFFD)
    if problem == nil {
      problem = EncodingProblem(position: position, problem: .unpairedSurrogate(code))
    }
  }

  /// Appends a Unicode scalar value to `scratch` as UTF-8.
  private mutating func appendScalar(_ value: UInt32) {
    UTF8Text.append(value, to: &scratch)
  }

  // MARK: Numbers and literals

  /// Reads a JSON number and returns its literal text, unchanged.
  ///
  /// - Throws: ``MalformedInput`` when the characters are not a JSON number, such as `01`,
  ///   `1.` or `-`.
  mutating func readNumber() throws(MalformedInput) -> String {
    let position = input.position
    scratch.removeAll(keepingCapacity: true)
    while let byte = input.peek(), Self.isNumberByte(byte) {
      scratch.append(byte)
      input.advance()
    }
    let text = String(decoding: scratch, as: UTF8.self)
    guard Self.isJSONNumber(scratch) else {
      throw MalformedInput(
        position: position, syntax: .invalidNumber, value: text)
    }
    return text
  }

  /// Reads `true`, `false` or `null` and returns it.
  ///
  /// - Throws: ``MalformedInput`` for any other word, such as an unquoted `A` or `NaN`.
  mutating func readLiteral() throws(MalformedInput) -> String {
    let position = input.position
    scratch.removeAll(keepingCapacity: true)
    while let byte = input.peek(),
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_"),
      scratch.count < 40
    {
      scratch.append(byte)
      input.advance()
    }
    let word = String(decoding: scratch, as: UTF8.self)
    guard word == "true" || word == "false" || word == "null" else {
      throw MalformedInput(position: position, syntax: .unquotedText, value: word)
    }
    return word
  }

  /// Whether bytes are a JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
    var index = 0
    func isDigit(_ offset: Int) -> Bool {
      offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
    }
    func skipDigits() -> Bool {
      guard isDigit(index) else { return false }
      while isDigit(index) { index += 1 }
      return true
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if !skipDigits() {
      return false
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() else { return false }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard skipDigits() else { return false }
    }
    return index == bytes.count
  }

  // MARK: Byte helpers

  /// Whether a byte can be part of a JSON number: digits, signs, the point and exponents.
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default:
      false
    }
  }

  /// The character a one-letter escape stands for (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`,
  /// `\t`), given the byte after the backslash; `nil` for any other byte, `u` included.
  static func oneLetterEscape(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }

  /// The value of a hexadecimal digit, or `nil` for any other byte.
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
