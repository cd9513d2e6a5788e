import UseCases

/// Reads newline-delimited JSON: one record object on each line, read by the same
/// ``JSONRecordParser`` as a JSON array's elements.
///
/// A line ends at a line feed (a carriage return before it is whitespace, so CRLF files read
/// the same), or at the end of the file, with or without a final line feed. Lines that are empty
/// or hold only spaces, tabs and carriage returns are skipped. A record must be whole on its
/// line: a line break inside it is malformed.
///
/// A line that is not one record object (broken JSON, an array, two objects, text after the
/// object) gives one ``DecodedRecord/malformed(_:resumes:)`` at the offending byte, and decoding goes on
/// with the next line. Unlike a JSON array, where one missing bracket leaves no telling where
/// the next record starts, every line of NDJSON starts afresh, so one run can name every bad
/// line. A UTF-8 byte order mark at the start is skipped. When the first line is not a record
/// and looks like a JSON array or a CSV header (``FormatGuess``), its issue says so, and is the
/// only one: the input is in another format, and every line would repeat it.
struct NDJSONRecordDecoder: RecordDecoder {
  private var parser: JSONRecordParser
  private var isAtStart = true
  /// Whether no line that is not blank was read yet: where an input in another format fails.
  private var isAtFirstLine = true

  /// The shape of the records the fast path reads by (``JSONRecordShape``).
  var shape: JSONRecordShape { parser.shape }

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The input, positioned at its start.
  ///   - usesFastPath: Whether to read plain records on the fast path (``JSONRecordScanner``).
  init(input: ByteInput, usesFastPath: Bool = true) {
    parser = JSONRecordParser(input: input, isLineBound: true)
    parser.usesFastPath = usesFastPath
  }

  var input: ByteInput {
    get { parser.input }
    set { parser.input = newValue }
  }

  @inline(__always)
  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    let decoded = readNext(placingValidIn: slot)
    guard let cut = parser.input.recordCut else { return decoded }
    slot.takeBack(decoded)
    parser.input.close()
    return .malformed(MalformedInput(cut: cut, limit: parser.input.recordLimit), resumes: false)
  }

  @inline(__always)
  private mutating func readNext(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    if isAtStart {
      isAtStart = false
      parser.input.skipByteOrderMark()
    }
    while true {
      // Every line, blank or not, is limited, from its first byte to its line feed.
      parser.input.startRecord()
      parser.skipWhitespace()
      switch parser.input.peek() {
      case nil:
        return nil
      case UInt8(ascii: "\n"):
        parser.input.advance()
      default:
        do throws(MalformedInput) {
          defer { isAtFirstLine = false }
          return try readLine(placingValidIn: slot)
        } catch {
          if case .syntax(.looksLike) = error.problem {
            // Every line of an input in another format would be one more issue saying the same.
            parser.input.close()
            return .malformed(error, resumes: false)
          }
          parser.input.skipLine()
          return .malformed(error, resumes: true)
        }
      }
    }
  }

  /// Reads the record of a line that is not blank, and the line's end.
  @inline(__always)
  private mutating func readLine(placingValidIn slot: RecordSlot) throws(MalformedInput) -> DecodedRecord {
    guard parser.input.peek() == UInt8(ascii: "{") else {
      let line = isAtFirstLine ? parser.input.upcomingLine(limit: FormatGuess.lineLimit) : nil
      var error = parser.malformed(expecting: .recordAtLineStart)
      error.note(lookingLike: line.flatMap { FormatGuess.format(ofFirstLine: $0, other: .ndjson) })
      throw error
    }
    let record = try parser.readAnyRecord(placingValidIn: slot)
    parser.skipWhitespace()
    switch parser.input.peek() {
    case nil:
      break
    case UInt8(ascii: "\n"):
      parser.input.advance()
    default:
      // The line is malformed after all: the record built in the slot is not given.
      slot.takeBack(record)
      throw parser.malformed(.textAfterRecordOnLine)
    }
    return record
  }
}
