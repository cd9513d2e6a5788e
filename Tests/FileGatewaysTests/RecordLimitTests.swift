import Entities
import Foundation
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// One limit on a record, in every format (``RecordFormat/maximumRecordLength``): a record that
/// runs past it is one issue, at the value it ran past the limit in, and the end of the input,
/// so that no input can take memory or time without bound.
@Suite(.timeLimit(.minutes(1))) struct RecordLimitTests {
  static let plain =
    #"{"group":"A","date":"2016-04-01","description":"Starbucks","amount":"3.11","debit":"D"}"#
  static let header = "group,date,description,amount,debit\n"
  static let row = "A,2016-04-01,Starbucks,3.11,D\n"

  /// The records of bytes in a format, with a limit on a record.
  private func records(_ text: String, _ format: RecordFormat, limit: Int) async throws -> [SourceRecord] {
    try await readAll(
      BytesTransactionSource(name: "in", bytes: Array(text.utf8), format: format, recordLimit: limit))
  }

  private func tooLong(
    _ line: Int, _ column: Int, _ field: RecordField? = nil, limit: Int = RecordFormat.maximumRecordLength
  ) -> SourceRecord {
    .invalid(
      RecordIssue(
        source: "in", position: at(line, column), field: field, problem: .syntax(.recordTooLong(limit: limit))
      ))
  }

  @Test func theLimitIsOneMebibyteForEveryFormat() {
    #expect(RecordFormat.maximumRecordLength == 1_048_576)
    #expect(ByteInput(bytes: []).recordLimit == RecordFormat.maximumRecordLength)
  }

  @Test func aJSONRecordMayTakeTheLimitFromItsBraceToItsBraceAndNoMore() async throws {
    let size = Self.plain.utf8.count
    let text = "[\n  " + Self.plain + ",\n  " + Self.plain + "\n]"

    let fits = try await records(text, .json, limit: size)
    let cutAtItsEnd = try await records(text, .json, limit: size - 1)
    let cutInItsLastValue = try await records(text, .json, limit: size - 2)

    #expect(fits.count == 2 && fits.allSatisfy { $0.transaction != nil })
    // Past the limit at the closing brace: the issue is at the record's start.
    #expect(cutAtItsEnd == [tooLong(2, 3, limit: size - 1)])
    // Past the limit inside the debit's value: the issue names the field, at its value.
    #expect(cutInItsLastValue == [tooLong(2, 3 + size - 4, .debit, limit: size - 2)])
  }

  @Test func anNDJSONLineAndACSVRowMayTakeTheLimitWithTheirLineBreak() async throws {
    let lineSize = Self.plain.utf8.count + 1
    let ndjson = Self.plain + "\n" + Self.plain + "\n"
    let csv = Self.header + Self.row + Self.row

    #expect(try await records(ndjson, .ndjson, limit: lineSize).allSatisfy { $0.transaction != nil })
    #expect(try await records(ndjson, .ndjson, limit: lineSize - 1) == [tooLong(1, 1, limit: lineSize - 1)])
    #expect(try await records(csv, .csv, limit: Self.header.utf8.count).count == 2)
    #expect(
      try await records(csv, .csv, limit: Self.row.utf8.count - 1) == [
        tooLong(1, 1, limit: Self.row.utf8.count - 1)
      ])
  }

  @Test(arguments: [RecordFormat.json, .ndjson, .csv])
  func aDescriptionOverTheLimitIsOneIssueAtItsValueAndTheRestIsNotRead(format: RecordFormat) async throws {
    let long = String(repeating: "x", count: RecordFormat.maximumRecordLength)
    let record = Self.plain.replacingOccurrences(of: "Starbucks", with: long)
    let text: String
    let expected: SourceRecord
    switch format {
    case .json:
      text = "[" + Self.plain + ",\n" + record + ",\n" + Self.plain + "]"
      expected = tooLong(2, 48, .description)
    case .ndjson:
      text = Self.plain + "\n" + record + "\n" + Self.plain + "\n"
      expected = tooLong(2, 48, .description)
    case .csv:
      text = Self.header + Self.row + "A,2016-04-01,\"" + long + "\",3.11,D\n" + Self.row
      expected = tooLong(3, 14, .description)
    case .ofx, .qif:
      return  // see the test below, in their own syntax
    }

    let read = try await readAll(BytesTransactionSource(name: "in", bytes: Array(text.utf8), format: format))

    #expect(read.count == 2)
    #expect(read.first?.transaction != nil)
    #expect(read.last == expected)
    #expect(
      read.last?.issue?.problemText == "a record longer than 1048576 bytes; the rest of the input is not read"
    )
  }

  @Test(arguments: RecordFormat.allCases)
  func anInputWithoutEndEndsAtTheFirstRecordsLimit(format: RecordFormat) {
    // /dev/zero: NUL bytes, without a line break, for ever.
    let input = ByteInput(provider: Zeros(), chunkSize: 4_096, recordLimit: 1 << 16)
    var stream = format.stream(reading: input, source: "zeros")

    let first = stream.next()

    #expect(stream.next() == nil)
    switch format {
    case .json:
      #expect(first?.issue?.readingProblem == .syntax(.expected(.arrayOfRecords, inputEnded: nil)))
    case .ndjson, .csv:
      #expect(first?.issue?.readingProblem == .syntax(.recordTooLong(limit: 1 << 16)))
      #expect(first?.issue?.position == at(1, 1))
    case .ofx:
      #expect(first?.issue?.readingProblem == .syntax(.notOFX))
    case .qif:
      #expect(first?.issue?.readingProblem == .syntax(.notQIF))
    }
  }

  @Test(arguments: ["<!-- a comment -->", "<![CDATA[a section]]>"])
  func anOFXCommentOrCDATASectionMayTakeTheLimitToItsLastByte(markup: String) async throws {
    // Outside a transaction, the text before a markup section and the section are one piece.
    let limit = 64
    let transaction = "<STMTTRN><DTPOSTED>20160401<TRNAMT>-1<NAME>a</STMTTRN>"
    func statement(piece size: Int) -> String {
      let piece = String(repeating: " ", count: size - markup.utf8.count) + markup
      return "OFXHEADER:100\n<OFX>" + piece + transaction + "</OFX>\n"
    }

    let fits = try await records(statement(piece: limit), .ofx, limit: limit)
    let cut = try await records(statement(piece: limit + 1), .ofx, limit: limit)

    #expect(fits.count == 1 && fits.first?.transaction?.description == "a")
    #expect(cut.count == 1 && cut.first?.issue?.readingProblem == .syntax(.recordTooLong(limit: limit)))
  }

  @Test(arguments: [RecordFormat.ofx, .qif])
  func aStatementsDescriptionOverTheLimitIsOneIssueAtItsValueAndTheRestIsNotRead(format: RecordFormat)
    async throws
  {
    let long = String(repeating: "x", count: RecordFormat.maximumRecordLength)
    let text =
      format == .ofx
      ? "<OFX>\n<STMTTRN><DTPOSTED>20160401<TRNAMT>-1<NAME>a</STMTTRN>\n<STMTTRN><DTPOSTED>20160401<TRNAMT>-1<NAME>"
        + long + "</STMTTRN>\n<STMTTRN><DTPOSTED>20160401<TRNAMT>-1<NAME>c</STMTTRN>\n"
      : "!Type:Bank\nD04/13/2016\nT-1\nPa\n^\nD04/13/2016\nT-1\nP" + long + "\n^\nD04/13/2016\nT-1\nPc\n^\n"

    let records = try await readAll(
      BytesTransactionSource(name: "s", bytes: Array(text.utf8), format: format))

    try #require(records.count == 2)
    #expect(records[0].transaction?.description == "a")
    #expect(
      records[1].issue?.readingProblem == .syntax(.recordTooLong(limit: RecordFormat.maximumRecordLength)))
    #expect(records[1].issue?.field == .description)
    #expect(records[1].issue?.position == (format == .ofx ? at(3, 44) : at(8, 2)))
  }

  @Test func aRecordWithoutEndInsideAJSONArrayEndsAtItsLimit() {
    let input = ByteInput(
      provider: Prefixed(
        Array(#"[{"group":"A","description":"#.utf8) + [UInt8(ascii: "\"")], then: UInt8(ascii: "a")),
      chunkSize: 4_096, recordLimit: 1 << 16)
    var stream = RecordFormat.json.stream(reading: input, source: "in")

    #expect(stream.next() == tooLong(1, 29, .description, limit: 1 << 16))
    #expect(stream.next() == nil)
  }

  @Test func theWhitespaceBetweenJSONRecordsIsNotPartOfARecord() async throws {
    let spaces = String(repeating: " ", count: 500)
    let text = "[" + spaces + Self.plain + spaces + "," + spaces + Self.plain + spaces + "]"

    let read = try await records(text, .json, limit: Self.plain.utf8.count)

    #expect(read.count == 2 && read.allSatisfy { $0.transaction != nil })
  }

  @Test func aBlankNDJSONLineAndAnEmptyCSVLineAreLimitedToo() async throws {
    let blank = String(repeating: " ", count: 200) + "\n"
    let bareReturn = "\r" + String(repeating: "z", count: 200) + "\n"

    #expect(
      try await records(Self.plain + "\n" + blank, .ndjson, limit: 100).last == tooLong(2, 1, limit: 100))
    #expect(try await records(Self.header + bareReturn, .csv, limit: 100) == [tooLong(2, 1, limit: 100)])
  }

  @Test func aQuoteNeverClosedEndsAtTheLimitAtItsField() async throws {
    let text = Self.header + "A,2016-04-01,\"Joe's, " + String(repeating: "y\n", count: 100)

    #expect(try await records(text, .csv, limit: 100) == [tooLong(2, 14, .description, limit: 100)])
  }
}

/// NUL bytes for ever, as `/dev/zero` gives them.
private struct Zeros: ByteProvider {
  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    return .bytes(buffer.count)
  }
}

/// Some bytes, then one byte for ever.
private struct Prefixed: ByteProvider {
  var prefix: [UInt8]
  let filler: UInt8

  init(_ prefix: [UInt8], then filler: UInt8) {
    self.prefix = prefix
    self.filler = filler
  }

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    let count = min(prefix.count, buffer.count)
    buffer.copyBytes(from: prefix.prefix(count))
    prefix.removeFirst(count)
    if count < buffer.count {
      UnsafeMutableRawBufferPointer(rebasing: buffer[count...]).initializeMemory(
        as: UInt8.self, repeating: filler)
    }
    return .bytes(buffer.count)
  }
}
