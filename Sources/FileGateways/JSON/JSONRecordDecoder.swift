import UseCases

/// Reads a JSON array of record objects, one object at a time, straight from the bytes.
///
/// The top level must be one array; each element must be an object, read by the
/// ``JSONRecordParser`` that NDJSON shares: the five keys give the record's values, other keys
/// are skipped, strings are decoded and checked to be UTF-8, and numbers keep their literal
/// text.
///
/// Problems inside a record that leave the syntax intact (a duplicate key, bytes that are not
/// UTF-8, an unpaired surrogate) go into the raw record and make it invalid; the next record
/// is read as usual. Malformed syntax is reported once, at the offending byte, and ends the
/// input: inside an array there is no telling where the next record starts, so there is no
/// resynchronising after a syntax error. An empty or blank file holds no records, like `[]`.
/// A UTF-8 byte order mark at the start is skipped. An input that does not start with `[` and
/// looks like NDJSON or CSV (``FormatGuess``) says so in its issue.
struct JSONRecordDecoder: RecordDecoder {
  private enum State {
    case start
    case afterElement
    case finished
  }

  private var parser: JSONRecordParser
  private var state = State.start

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The input, positioned at its start.
  ///   - usesFastPath: Whether to read plain records on the fast path (``JSONRecordScanner``).
  init(input: ByteInput, usesFastPath: Bool = true) {
    parser = JSONRecordParser(input: input, isLineBound: false)
    parser.usesFastPath = usesFastPath
  }

  /// The shape of the records the fast path reads by (``JSONRecordShape``).
  var shape: JSONRecordShape { parser.shape }

  var input: ByteInput {
    get { parser.input }
    set { parser.input = newValue }
  }

  @inline(__always)
  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    // The bytes between records are not limited; a record is, from its `{`.
    parser.input.endRecord()
    let decoded = readNext(placingValidIn: slot)
    guard let cut = parser.input.recordCut else { return decoded }
    slot.takeBack(decoded)
    state = .finished
    return .malformed(MalformedInput(cut: cut, limit: parser.input.recordLimit), resumes: false)
  }

  @inline(__always)
  private mutating func readNext(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    do throws(MalformedInput) {
      guard let record = try readElement(placingValidIn: slot) else {
        state = .finished
        return nil
      }
      return record
    } catch {
      state = .finished
      return .malformed(error, resumes: false)
    }
  }

  // MARK: The array

  @inline(__always)
  private mutating func readElement(placingValidIn slot: RecordSlot) throws(MalformedInput) -> DecodedRecord?
  {
    switch state {
    case .finished:
      return nil
    case .start:
      parser.input.skipByteOrderMark()
      parser.skipWhitespace()
      guard let byte = parser.input.peek() else { return nil }
      guard byte == UInt8(ascii: "[") else {
        let line = parser.input.upcomingLine(limit: FormatGuess.lineLimit)
        var error = parser.malformed(expecting: .arrayOfRecords)
        error.note(lookingLike: FormatGuess.format(ofFirstLine: line, other: .json))
        throw error
      }
      parser.input.advance()
      parser.skipWhitespace()
      if parser.input.peek() == UInt8(ascii: "]") {
        parser.input.advance()
        try expectEndOfInput()
        return nil
      }
      try expectRecordStart(.recordOrArrayEnd)
    case .afterElement where parser.usesFastPath && parser.input.skipCommaAndLineFeedBeforeRecord():
      // `,`, a line feed and the next record's `{`: as the general way below reads them.
      break
    case .afterElement:
      parser.skipWhitespace()
      switch parser.input.peek() {
      case UInt8(ascii: ","):
        parser.input.advance()
        parser.skipWhitespace()
        try expectRecordStart(.recordAfterComma)
      case UInt8(ascii: "]"):
        parser.input.advance()
        try expectEndOfInput()
        return nil
      default:
        throw parser.malformed(expecting: .commaOrArrayEndAfterElement)
      }
    }
    state = .afterElement
    parser.input.startRecord()
    return try parser.readAnyRecord(placingValidIn: slot)
  }

  private mutating func expectRecordStart(_ expectation: SyntaxExpectation) throws(MalformedInput) {
    guard parser.input.peek() == UInt8(ascii: "{") else {
      throw parser.malformed(expecting: expectation)
    }
  }

  private mutating func expectEndOfInput() throws(MalformedInput) {
    state = .finished
    parser.skipWhitespace()
    guard parser.input.peek() == nil else {
      throw parser.malformed(.textAfterArray)
    }
  }
}
