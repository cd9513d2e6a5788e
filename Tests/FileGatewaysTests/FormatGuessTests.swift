import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// An input read in the wrong format says which format it looks like, in the issue at its
/// start, and only there: a guess from its first line, whatever the chunks it is read in.
@Suite struct FormatGuessTests {
  static let ndjsonLine =
    #"{"group": "A", "date": "2016-04-01", "description": "Starbucks", "amount": "3.11", "debit": "D"}"#
  static let csv = "group,date,description,amount,debit\nA,2016-04-01,Starbucks,3.11,D\n"
  static let jsonArray = "[\n  \(ndjsonLine)\n]\n"

  @Test(
    "The first line looks like a JSON array, an NDJSON record, a CSV header, or nothing in particular",
    arguments: [
      ("[", RecordFormat?.some(.json)), ("  [{\"group\": \"A\"}, {}]", .json), (ndjsonLine, .ndjson),
      ("\t{} \r", .ndjson), ("{", nil), ("{\"group\": \"A\",", nil),
      ("group,date,description,amount,debit", .csv),
      ("debit , \"amount\",DATE,id", .csv), ("Group,Date,Descripton,Amount,Debit\r", .csv),
      ("group,date", nil), ("A,2016-04-01,Starbucks,3.11,D", nil), ("", nil), ("\"records\"", nil),
      ("group;date;description;amount;debit", nil),
    ])
  func guessFromTheFirstLine(line: String, format: RecordFormat?) {
    let guessed = FormatGuess.format(ofFirstLine: Array(line.utf8), other: .ndjson == format ? .csv : .ndjson)
    #expect(guessed == format)
  }

  @Test("The format an input was read as is never the guess")
  func ownFormatIsNoGuess() {
    #expect(FormatGuess.format(ofFirstLine: Array("[".utf8), other: .json) == nil)
    #expect(FormatGuess.format(ofFirstLine: Array(Self.ndjsonLine.utf8), other: .ndjson) == nil)
    #expect(FormatGuess.format(ofFields: ["group", "date", "amount"], other: .csv) == nil)
  }

  /// An input in one format, read as another, and the one issue it gives.
  struct MisreadInput: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var readAs: RecordFormat
    var issue: RecordIssue

    var testDescription: String { name }
  }

  static let misread: [MisreadInput] = [
    MisreadInput(
      name: "NDJSON read as JSON", text: "\n \(ndjsonLine)\n\(ndjsonLine)\n", readAs: .json,
      issue: RecordIssue(
        source: "t", position: at(2, 2), field: nil,
        problem: .syntax(.looksLike(.ndjson, instead: .expected(.arrayOfRecords, inputEnded: nil))),
        value: "{")),
    MisreadInput(
      name: "CSV read as JSON", text: "\u{FEFF}" + csv, readAs: .json,
      issue: RecordIssue(
        source: "t", position: at(1, 1), field: nil,
        problem: .syntax(.looksLike(.csv, instead: .expected(.arrayOfRecords, inputEnded: nil))),
        value: "group")),
    MisreadInput(
      name: "JSON read as NDJSON", text: jsonArray, readAs: .ndjson,
      issue: RecordIssue(
        source: "t", position: at(1, 1), field: nil,
        problem: .syntax(.looksLike(.json, instead: .expected(.recordAtLineStart, inputEnded: nil))),
        value: "[")),
    MisreadInput(
      name: "CSV read as NDJSON", text: "\r\n" + csv.replacingOccurrences("\n", "\r\n"), readAs: .ndjson,
      issue: RecordIssue(
        source: "t", position: at(2, 1), field: nil,
        problem: .syntax(.looksLike(.csv, instead: .expected(.recordAtLineStart, inputEnded: nil))),
        value: "group")),
    MisreadInput(
      name: "JSON read as CSV", text: jsonArray, readAs: .csv,
      issue: RecordIssue(
        source: "t", position: at(1, 1), field: nil,
        problem: .syntax(.looksLike(.json, instead: .missingColumns(RecordField.allCases))), value: "[")),
    MisreadInput(
      name: "NDJSON read as CSV", text: ndjsonLine + "\n", readAs: .csv,
      issue: RecordIssue(
        source: "t", position: at(1, 2), field: nil,
        problem: .syntax(.looksLike(.ndjson, instead: .quoteInUnquotedField)),
        value: #"{"group": "A""#)),
  ]

  @Test(
    "An input read in the wrong format is one issue that says which format it looks like", arguments: misread)
  func misreadInputIsOneIssue(_ input: MisreadInput) {
    for chunkSize in [1, 7, 1 << 20] {
      let records = Self.records(of: Array(input.text.utf8), as: input.readAs, chunkSize: chunkSize)
      #expect(records == [.invalid(input.issue)], "chunks of \(chunkSize)")
    }
  }

  @Test("A bad line after the first is not a guess, and NDJSON goes on after it")
  func onlyTheStartIsGuessedFrom() {
    let text = "\(Self.ndjsonLine)\ngroup,date,description,amount,debit\n[\n"

    let records = Self.records(of: Array(text.utf8), as: .ndjson, chunkSize: 1 << 20)

    #expect(records.count == 3)
    #expect(
      records.dropFirst().map(\.issue?.readingProblem) == [
        .syntax(.expected(.recordAtLineStart, inputEnded: nil)),
        .syntax(.expected(.recordAtLineStart, inputEnded: nil)),
      ])
  }

  @Test("A JSON array that breaks later is not a guess")
  func aBrokenArrayIsNotAnotherFormat() {
    let records = Self.records(
      of: Array("[\n\(Self.ndjsonLine)\n\(Self.ndjsonLine)]".utf8), as: .json, chunkSize: 64)

    #expect(
      records.last?.issue?.readingProblem == .syntax(.expected(.commaOrArrayEndAfterElement, inputEnded: nil))
    )
  }

  @Test("The first line is looked at without consuming it, read on past the chunk, up to a limit")
  func upcomingLine() {
    for chunkSize in [1, 3, 1 << 20] {
      var input = ByteInput(provider: ChunkedBytes(Array("ab\ncd".utf8)), chunkSize: chunkSize)
      #expect(input.peek() == UInt8(ascii: "a"))
      #expect(input.upcomingLine(limit: 100) == Array("ab".utf8))
      #expect(input.upcomingLine(limit: 1) == Array("a".utf8))
      #expect(input.position == at(1, 1) && input.peek() == UInt8(ascii: "a"))
      input.advance()
      input.advance()
      input.advance()
      #expect(input.upcomingLine(limit: 100) == Array("cd".utf8))
      #expect(input.position == at(2, 1) && input.peek() == UInt8(ascii: "c"))
    }
    var long = ByteInput(provider: ChunkedBytes(Array(repeating: UInt8(ascii: "x"), count: 50)), chunkSize: 8)
    _ = long.peek()
    #expect(long.upcomingLine(limit: 20).count == 20)
    #expect(long.upcomingLine(limit: 100).count == 50)
  }

  @Test("A read that fails while looking ahead is kept, at the first byte not read")
  func readFailureWhileLookingAhead() {
    var input = ByteInput(provider: ChunkedBytes(Array("ab\u{E9}c".utf8), failingAfter: 5), chunkSize: 2)
    _ = input.peek()

    #expect(input.upcomingLine(limit: 100) == Array("ab\u{E9}c".utf8))
    #expect(input.readFailure?.position == at(1, 5))
  }

  private static func records(of bytes: [UInt8], as format: RecordFormat, chunkSize: Int) -> [SourceRecord] {
    let input = ByteInput(provider: ChunkedBytes(bytes), chunkSize: chunkSize)
    var stream = format.stream(reading: input, source: "t")
    var records: [SourceRecord] = []
    while let record = stream.next() { records.append(record) }
    return records
  }
}

/// Bytes in memory, given out in chunks of whatever size the input asks for; a read fails once
/// `failingAfter` bytes were given, if set.
private struct ChunkedBytes: ByteProvider {
  let bytes: [UInt8]
  let failingAfter: Int?
  var offset = 0

  init(_ bytes: [UInt8], failingAfter: Int? = nil) {
    self.bytes = bytes
    self.failingAfter = failingAfter
  }

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    if let failingAfter, offset >= failingAfter { return .failure(.system("Input/output error")) }
    guard offset < bytes.count else { return .endOfFile }
    let count = min(buffer.count, bytes.count - offset)
    bytes[offset..<offset + count].withUnsafeBytes { buffer.copyMemory(from: $0) }
    offset += count
    return .bytes(count)
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
