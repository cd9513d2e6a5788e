import UseCases

/// Reads one JSON record object straight from the bytes: the parser that
/// ``JSONRecordDecoder`` (an array of records) and ``NDJSONRecordDecoder`` (a record on each
/// line) share.
///
/// In an object, the keys `group`, `date`, `description`, `amount` and `debit` give the record's
/// values; other keys are skipped, whatever their values hold. Strings are decoded (escapes,
/// `\uXXXX`, surrogate pairs) and checked to be UTF-8; numbers keep their literal text, so an
/// amount never passes through floating point.
///
/// Problems inside a record that leave the syntax intact (a duplicate key, bytes that are not
/// UTF-8, an unpaired surrogate) go into the raw record and make it invalid. Malformed syntax
/// is thrown as ``MalformedInput``, at the offending byte; what happens next is the decoder's
/// choice.
struct JSONRecordParser {
  /// The bytes being read.
  var input: ByteInput
  /// Whether each record must be on one line (NDJSON): a line feed is then not whitespace but
  /// the end of the record's line.
  let isLineBound: Bool
  /// Whether to try ``JSONRecordScanner``, the fast path, before reading a record fully; only
  /// tests turn it off, to show that both paths read the same transactions.
  var usesFastPath = true
  /// The shape of the last record read on the fast path the general way, by which the fast
  /// path reads the next ones (``JSONRecordShape``).
  var shape = JSONRecordShape()
  /// The decoded bytes of the string (or the text of the number or literal) read last.
  var scratch: [UInt8] = []
  /// The keys of the current record that are not one of the five, with where each was last
  /// written: to find one written twice, and the name of a missing field mistyped. A dictionary,
  /// so a record of many keys is read in time linear in its size (a list made 80,000 keys take
  /// 19 s).
  private var extraKeys: [String: TextPosition] = [:]

  /// Creates a parser of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - isLineBound: Whether each record must be on one line.
  init(input: ByteInput, isLineBound: Bool) {
    self.input = input
    self.isLineBound = isLineBound
    scratch.reserveCapacity(256)
  }

  // MARK: One record

  /// Reads one record object, from its `{` to its `}`: on the fast path when it is plain and
  /// valid, else fully.
  ///
  /// Call it when ``ByteInput/peek()`` gives `{`.
  ///
  /// - Parameter slot: Where ``JSONRecordScanner`` builds a valid record.
  /// - Returns: ``DecodedRecord/placed`` when the scanner built a valid record in `slot`, or
  ///   else the raw record.
  /// - Throws: ``MalformedInput`` at the first byte that breaks the syntax.
  @inline(__always)
  mutating func readAnyRecord(placingValidIn slot: RecordSlot) throws(MalformedInput) -> DecodedRecord {
    if usesFastPath, readValidRecord(into: slot) { return .placed }
    return .record(try readRecord())
  }

  /// Reads a plain, valid record on the fast path into `slot`, or consumes nothing and returns
  /// `false`.
  @inline(__always)
  private mutating func readValidRecord(into slot: RecordSlot) -> Bool {
    let isLineBound = isLineBound
    return input.readQuickly(with: &shape) { cursor, shape in
      var scanner = JSONRecordScanner(cursor, isLineBound: isLineBound)
      defer { cursor = scanner.end }
      return scanner.validRecord(into: slot, shape: &shape) ? true : nil
    } ?? false
  }

  /// Reads one record object, from its `{` to its `}`.
  ///
  /// Call it when ``ByteInput/peek()`` gives `{`.
  ///
  /// - Returns: The record, with the values of the five fields it holds and the problems that
  ///   leave the syntax intact (a duplicate key, text that is not UTF-8).
  /// - Throws: ``MalformedInput`` at the first byte that breaks the syntax.
  mutating func readRecord() throws(MalformedInput) -> RawRecord {
    var record = RawRecord(start: input.position)
    extraKeys.removeAll(keepingCapacity: true)
    input.advance()
    skipWhitespace()
    if input.peek() == UInt8(ascii: "}") {
      input.advance()
      return record
    }
    var isFirstKey = true
    while true {
      guard input.peek() == UInt8(ascii: "\"") else {
        throw malformed(expecting: isFirstKey ? .keyOrObjectEnd : .keyAfterComma)
      }
      try readMember(into: &record)
      skipWhitespace()
      switch input.peek() {
      case UInt8(ascii: ","):
        input.advance()
        skipWhitespace()
        isFirstKey = false
      case UInt8(ascii: "}"):
        input.advance()
        keepExtraKeys(in: &record)
        return record
      default:
        throw malformed(expecting: .commaOrRecordEnd)
      }
    }
  }

  /// Reads one `"key": value` member of a record and files it: a field's value, or an extra
  /// key that is only checked (for duplicates and encoding) and then forgotten.
  private mutating func readMember(into record: inout RawRecord) throws(MalformedInput) {
    let keyPosition = input.position
    let keyProblem = try readString()
    let field = Self.field(named: scratch)
    let extraKey = field == nil ? String(decoding: scratch, as: UTF8.self) : nil
    skipWhitespace()
    guard input.peek() == UInt8(ascii: ":") else { throw malformed(expecting: .colonAfterKey) }
    input.advance()
    skipWhitespace()
    input.startValue(of: field)
    let value = try readValue(keepingText: field != nil)
    input.startValue(of: nil)

    // Problems are noted in input order (the key's start, a byte inside it, then the value), so
    // that the problems a record keeps are its first ones.
    if let field {
      guard record[field] == nil else {
        record.note(RawProblem(position: keyPosition, field: field, problem: .duplicateField))
        return
      }
      record[field] = value
    } else if let extraKey {
      if extraKeys.updateValue(keyPosition, forKey: extraKey) != nil {
        record.note(
          RawProblem(position: keyPosition, field: nil, problem: .duplicateExtraKey, value: extraKey))
      }
      if let keyProblem {
        record.note(
          RawProblem(
            position: keyProblem.position, field: nil, problem: .badKey(keyProblem.problem), value: extraKey))
      }
      if let problem = value.encodingProblem {
        record.note(
          RawProblem(
            position: problem.position, field: nil,
            problem: .badExtraValue(problem.problem, inColumn: false), value: extraKey))
      }
    }
  }

  /// Keeps the extra keys in a record that lacks one of the five fields: one of them may be its
  /// name mistyped. Valid records keep none.
  private func keepExtraKeys(in record: inout RawRecord) {
    guard !extraKeys.isEmpty,
      record.group == nil || record.date == nil || record.description == nil || record.amount == nil
        || record.debit == nil
    else { return }
    record.extraKeys = extraKeys.map { FieldNameGuess.Name(text: $0.key, position: $0.value) }
      .sorted { $0.position < $1.position }
  }

  /// The record field a key names, if it is one of the five.
  private static func field(named key: [UInt8]) -> RecordField? {
    key.withUnsafeBufferPointer { bytes in
      switch (bytes.count, bytes.first) {
      case (5, 0x67): matches(bytes, "group") ? .group : nil  // g
      case (4, 0x64): matches(bytes, "date") ? .date : nil  // d
      case (11, 0x64): matches(bytes, "description") ? .description : nil
      case (6, 0x61): matches(bytes, "amount") ? .amount : nil  // a
      case (5, 0x64): matches(bytes, "debit") ? .debit : nil
      default: nil
      }
    }
  }

  /// Whether bytes are exactly the UTF-8 of a name.
  private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    name.withUTF8Buffer { expected in
      guard expected.count == bytes.count else { return false }
      for offset in 0..<expected.count where expected[offset] != bytes[offset] { return false }
      return true
    }
  }

  // MARK: Values

  /// Reads one value of a record.
  ///
  /// - Parameter keepingText: Whether to make a `String` of a string value (skipped values
  ///   are decoded and checked but not kept).
  /// - Returns: The value with its kind and position; nested objects and arrays are skipped
  ///   and shown as `{...}` and `[...]`.
  /// - Throws: ``MalformedInput`` when no JSON value starts here, or the value is malformed.
  private mutating func readValue(keepingText: Bool) throws(MalformedInput) -> RawValue {
    let position = input.position
    guard let byte = input.peek() else { throw malformed(expecting: .value) }
    switch byte {
    case UInt8(ascii: "\""):
      let problem = try readString()
      let text = keepingText || problem != nil ? String(decoding: scratch, as: UTF8.self) : ""
      return RawValue(kind: .string, text: text, position: position, encodingProblem: problem)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return RawValue(kind: .number, text: try readNumber(), position: position)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return RawValue(kind: .literal, text: try readLiteral(), position: position)
    case UInt8(ascii: "{"):
      let problem = try skipContainer()
      return RawValue(kind: .object, text: "{...}", position: position, encodingProblem: problem)
    case UInt8(ascii: "["):
      let problem = try skipContainer()
      return RawValue(kind: .array, text: "[...]", position: position, encodingProblem: problem)
    default:
      throw malformed(expecting: .value)
    }
  }

  /// Reads a nested object or array without keeping it, checking its syntax.
  ///
  /// Nesting is tracked with a stack, not recursion, so no depth of nesting can overflow the
  /// call stack.
  ///
  /// - Returns: The first encoding problem in any string inside, if any.
  /// - Throws: ``MalformedInput`` for any syntax error inside.
  private mutating func skipContainer() throws(MalformedInput) -> EncodingProblem? {
    var closers: [UInt8] = []
    var encodingProblem: EncodingProblem?
    var isFirstMember = true
    var expectingSeparator = false
    closers.append(input.peek() == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    input.advance()
    while let closer = closers.last {
      skipWhitespace()
      let isObject = closer == UInt8(ascii: "}")
      if expectingSeparator {
        switch input.peek() {
        case UInt8(ascii: ","):
          input.advance()
          expectingSeparator = false
          isFirstMember = false
        case closer:
          input.advance()
          closers.removeLast()
        default:
          throw malformed(expecting: isObject ? .commaOrObjectEnd : .commaOrArrayEnd)
        }
        continue
      }
      if isFirstMember, input.peek() == closer {
        input.advance()
        closers.removeLast()
        expectingSeparator = true
        continue
      }
      if isObject {
        guard input.peek() == UInt8(ascii: "\"") else {
          throw malformed(expecting: isFirstMember ? .keyOrObjectEnd : .keyAfterComma)
        }
        let problem = try readString()
        if encodingProblem == nil { encodingProblem = problem }
        skipWhitespace()
        guard input.peek() == UInt8(ascii: ":") else { throw malformed(expecting: .colonAfterKey) }
        input.advance()
        skipWhitespace()
      }
      guard let byte = input.peek() else { throw malformed(expecting: .value) }
      switch byte {
      case UInt8(ascii: "{"):
        closers.append(UInt8(ascii: "}"))
        input.advance()
        isFirstMember = true
      case UInt8(ascii: "["):
        closers.append(UInt8(ascii: "]"))
        input.advance()
        isFirstMember = true
      case UInt8(ascii: "\""):
        let problem = try readString()
        if encodingProblem == nil { encodingProblem = problem }
        expectingSeparator = true
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try readNumber()
        expectingSeparator = true
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        _ = try readLiteral()
        expectingSeparator = true
      default:
        throw malformed(expecting: .value)
      }
    }
    return encodingProblem
  }

  // MARK: Whitespace and errors

  /// Skips JSON whitespace: spaces, tabs, carriage returns, and line feeds unless records are
  /// one to a line.
  mutating func skipWhitespace() {
    input.skipWhitespace(acrossLines: !isLineBound)
  }

  /// The error for the byte at the current position, which is not what the syntax expects.
  ///
  /// The value shown is what was found: a word or number as a whole (up to 40 characters),
  /// otherwise one character. At the end of the input, or of the line when records are one to
  /// a line, the problem says so instead.
  ///
  /// - Parameter expectation: What was expected.
  /// - Returns: The error, at the current position.
  mutating func malformed(expecting expectation: SyntaxExpectation) -> MalformedInput {
    let position = input.position
    guard let first = input.peek() else {
      return MalformedInput(position: position, syntax: .expected(expectation, inputEnded: .file))
    }
    if isLineBound, first == UInt8(ascii: "\n") {
      return MalformedInput(position: position, syntax: .expected(expectation, inputEnded: .line))
    }
    return malformed(.expected(expectation, inputEnded: nil))
  }

  /// The error for the text at the current position, which the syntax does not allow there.
  ///
  /// - Parameter problem: What is wrong.
  /// - Returns: The error, at the current position, with what was found as its value.
  mutating func malformed(_ problem: SyntaxProblem) -> MalformedInput {
    let position = input.position
    guard let first = input.peek() else { return MalformedInput(position: position, syntax: problem) }
    var found: [UInt8] = []
    if Self.isWordByte(first) {
      while let byte = input.peek(), Self.isWordByte(byte), found.count < 40 {
        found.append(byte)
        input.advance()
      }
    } else {
      found.append(first)
      input.advance()
      while first >= 0x80, found.count < 4, let byte = input.peek(), byte & 0xC0 == 0x80 {
        found.append(byte)
        input.advance()
      }
    }
    let decoded = String(decoding: found, as: UTF8.self)
    guard decoded.utf8.elementsEqual(found) else {
      return MalformedInput(position: position, syntax: .foundByteNotUTF8(first, instead: problem))
    }
    return MalformedInput(position: position, syntax: problem, value: decoded)
  }

  /// Whether a byte can be part of a word or a number, for showing what was found.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      true
    default:
      false
    }
  }
}
