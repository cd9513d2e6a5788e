import Entities
import FileGateways
import TestSupport
import Testing
import UseCases

/// The NDJSON syntax: one record object on each line, and going on after a bad line.
@Suite struct NDJSONDecodingTests {
  static let first =
    #"{"group": "A", "date": "2016-04-01", "description": "a", "amount": "1.00", "debit": "D"}"#
  static let second =
    #"{"group": "P", "date": "2016-05-01", "description": "b", "amount": 2.5, "debit": "C"}"#

  /// Reads NDJSON text from memory under the name `t.ndjson`.
  private func read(_ text: String) async throws -> [ReadRecord] {
    try await read(bytes: Array(text.utf8))
  }

  private func read(bytes: [UInt8]) async throws -> [ReadRecord] {
    try await readAll(BytesTransactionSource(name: "t.ndjson", bytes: bytes, format: .ndjson))
  }

  private func expectedTransactions() throws -> [Transaction] {
    [
      try transaction(.authorized, "2016-04-01", "a", "1.00", .debit),
      try transaction(.posted, "2016-05-01", "b", "2.50", .credit),
    ]
  }

  @Test(arguments: [
    ("LF", "\(first)\n\(second)\n"),
    ("no final line feed", "\(first)\n\(second)"),
    ("CRLF", "\(first)\r\n\(second)\r\n"),
    ("byte order mark", "\u{FEFF}\(first)\n\(second)\n"),
    ("blank lines", "\n  \t\r\n\(first)\n\n \n\(second)\n\n"),
    ("spaces around records", "  \(first)  \n\t\(second)\t\r\n"),
  ])
  func readsOneRecordOnEachLine(_ name: String, text: String) async throws {
    #expect(try await read(text).map(\.transaction) == (try expectedTransactions()), "\(name)")
  }

  @Test(arguments: [("zero bytes", ""), ("blank lines", "\n \n\r\n\t"), ("byte order mark", "\u{FEFF}\n")])
  func holdsNoRecords(_ name: String, text: String) async throws {
    #expect(try await read(text).isEmpty, "\(name)")
  }

  @Test func recordsCarryTheirOrigin() async throws {
    let records = try await read("\n  \(Self.first)\n")

    #expect(
      records == [
        .transaction(
          try transaction(.authorized, "2016-04-01", "a", "1.00", .debit),
          RecordOrigin(
            source: "t.ndjson", start: at(2, 3), group: at(2, 13), amount: at(2, 70), date: at(2, 26),
            description: at(2, 55)))
      ])
  }

  /// A line that is not one record, and the one issue it gives; the next line is still read.
  struct BadLine: Sendable, CustomTestStringConvertible {
    var name: String
    /// The line, without its line feed; it is line 2.
    var line: String
    var column: Int
    var problem: String
    var value: String?

    var testDescription: String { name }
  }

  static let badLines: [BadLine] = [
    BadLine(
      name: "an array", line: "[1, 2]", column: 1, problem: "expected a record ('{') at the start of a line",
      value: "["),
    BadLine(
      name: "a bare word", line: "hello", column: 1,
      problem: "expected a record ('{') at the start of a line",
      value: "hello"),
    BadLine(
      name: "the line ends inside the record", line: #"{"group": "A","#, column: 15,
      problem: "expected a key in double quotes after ',', but the line ends"),
    BadLine(
      name: "the line ends inside a string", line: #"{"description": "open"#, column: 17,
      problem: "unterminated string: the line ends inside it"),
    BadLine(
      name: "the line ends after a value", line: #"{"group": "A""#, column: 14,
      problem: "expected ',' or '}' after a value in a record, but the line ends"),
    BadLine(
      name: "two records on a line", line: #"{} {}"#, column: 4,
      problem: "unexpected text after the record on its line", value: "{"),
    BadLine(
      name: "a comma after the record", line: #"{},"#, column: 3,
      problem: "unexpected text after the record on its line", value: ","),
    BadLine(
      name: "a missing comma", line: #"{"group": "A" "date": "2016-04-01"}"#, column: 15,
      problem: "expected ',' or '}' after a value in a record", value: "\""),
    BadLine(
      name: "an unquoted NaN", line: #"{"amount": NaN}"#, column: 12, problem: "expected a value",
      value: "NaN"),
    BadLine(
      name: "a bad escape", line: #"{"description": "\q"}"#, column: 18,
      problem: "invalid escape sequence in a string", value: "\\q"),
  ]

  @Test(arguments: badLines)
  func aBadLineIsOneIssueAndTheNextLineIsRead(_ bad: BadLine) async throws {
    let records = try await read("\(Self.first)\n\(bad.line)\n\(Self.second)\n")

    try #require(records.count == 3, "\(records)")
    #expect(records[0].transaction != nil)
    let issue = try #require(records[1].issue)
    #expect(issue.position == at(2, bad.column))
    #expect(issue.field == nil)
    #expect(issue.problemText == bad.problem)
    #expect(issue.value == bad.value)
    #expect(records[2].transaction == (try expectedTransactions())[1])
  }

  @Test func aRecordSplitAcrossLinesIsAnIssueOnEachLine() async throws {
    let records = try await read("{\"group\": \"A\",\n \"date\": \"2016-04-01\"}\n\(Self.second)")

    #expect(records.map(\.issue?.position) == [at(1, 15), at(2, 2), nil])
    #expect(records.last?.transaction == (try expectedTransactions())[1])
  }

  @Test func aBadLastLineWithoutALineFeedIsAnIssue() async throws {
    let records = try await read("\(Self.first)\n{\"group\"")

    #expect(records.count == 2)
    #expect(records.last?.issue?.problemText == "expected ':' after a key, but the file ends")
  }

  @Test func badValuesAndEncodingAreIssuesOfTheRecordAsInJSON() async throws {
    let bytes =
      Array(#"{"group": "X", "date": "2016-04-01", "description": "caf"#.utf8) + [0xE9]
      + Array(#"", "amount": "1", "debit": "D", "debit": "C"}"#.utf8) + [0x0A]

    let records = try await read(bytes: bytes)

    #expect(records.map(\.issue?.field) == [.group, .description, .debit])
    #expect(records.map(\.issue?.position) == [at(1, 11), at(1, 57), at(1, 90)])
  }

  @Test func everyBadLineOfAFileIsNamed() async throws {
    let text = (1...50).map { _ in "not json" }.joined(separator: "\n")

    let records = try await read(text)

    #expect(records.count == 50)
    #expect(records.map(\.issue?.position) == (1...50).map { at($0, 1) })
  }
}
