import Entities
import FileGateways
import Presenters
import TestSupport
import Testing
import UseCases

/// The JSON syntax: what is read, what is skipped, and where malformed input is reported.
@Suite struct JSONDecodingTests {
  static let validRecord =
    #"{"group": "A", "date": "2016-04-01", "description": "d", "amount": "1.00", "debit": "D"}"#

  /// A malformed file and the one issue it must give.
  struct Malformed: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    /// How many valid records come before the issue.
    var recordsBefore = 0
    var line: Int
    var column: Int
    var problem: String
    var value: String?

    var testDescription: String { name }
  }

  static let malformed: [Malformed] = [
    Malformed(
      name: "top level is an object", json: #"{"group": "A"}"#, line: 1, column: 1,
      problem: "expected '[': the file must hold one JSON array of records", value: "{"),
    Malformed(
      name: "top level is a string", json: "\n  \"records\"", line: 2, column: 3,
      problem: "expected '[': the file must hold one JSON array of records", value: "\""),
    Malformed(
      name: "element is not an object", json: "[1, 2]", line: 1, column: 2,
      problem: "expected a record ('{') or ']' after '['", value: "1"),
    Malformed(
      name: "later element is not an object", json: "[\(validRecord), [\(validRecord)]]", recordsBefore: 1,
      line: 1, column: 92, problem: "expected a record ('{') after ','", value: "["),
    Malformed(
      name: "missing comma between records", json: "[\n\(validRecord)\n\(validRecord)\n]", recordsBefore: 1,
      line: 3, column: 1, problem: "expected ',' or ']' after an array element", value: "{"),
    Malformed(
      name: "trailing comma in the array", json: "[\(validRecord),\n]", recordsBefore: 1, line: 2, column: 1,
      problem: "expected a record ('{') after ','", value: "]"),
    Malformed(
      name: "text after the array", json: "[\(validRecord)]\n\nmore", recordsBefore: 1, line: 3, column: 1,
      problem: "unexpected text after the array of records", value: "more"),
    Malformed(
      name: "second array after the first", json: "[] []", line: 1, column: 4,
      problem: "unexpected text after the array of records", value: "["),
    Malformed(
      name: "file ends inside the array", json: "[\(validRecord)", recordsBefore: 1, line: 1, column: 90,
      problem: "expected ',' or ']' after an array element, but the file ends"),
    Malformed(
      name: "file ends after '['", json: "[  ", line: 1, column: 4,
      problem: "expected a record ('{') or ']' after '[', but the file ends"),
    Malformed(
      name: "file ends inside a record", json: #"[{"group": "A""#, line: 1, column: 15,
      problem: "expected ',' or '}' after a value in a record, but the file ends"),
    Malformed(
      name: "missing comma between values", json: #"[{"group": "A" "date": "2016-04-01"}]"#, line: 1,
      column: 16,
      problem: "expected ',' or '}' after a value in a record", value: "\""),
    Malformed(
      name: "missing colon", json: #"[{"group" "A"}]"#, line: 1, column: 11,
      problem: "expected ':' after a key",
      value: "\""),
    Malformed(
      name: "unquoted key", json: #"[{group: "A"}]"#, line: 1, column: 3,
      problem: "expected a key in double quotes or '}'", value: "group"),
    Malformed(
      name: "single-quoted key", json: #"[{'group': "A"}]"#, line: 1, column: 3,
      problem: "expected a key in double quotes or '}'", value: "'"),
    Malformed(
      name: "trailing comma in a record", json: #"[{"group": "A",}]"#, line: 1, column: 16,
      problem: "expected a key in double quotes after ','", value: "}"),
    Malformed(
      name: "unquoted text value", json: #"[{"group": A}]"#, line: 1, column: 12, problem: "expected a value",
      value: "A"),
    Malformed(
      name: "NaN", json: #"[{"amount": NaN}]"#, line: 1, column: 13, problem: "expected a value", value: "NaN"
    ),
    Malformed(
      name: "missing value", json: #"[{"group": }]"#, line: 1, column: 12, problem: "expected a value",
      value: "}"),
    Malformed(
      name: "number with a leading zero", json: #"[{"amount": 03.11}]"#, line: 1, column: 13,
      problem: "not a valid JSON number", value: "03.11"),
    Malformed(
      name: "number ending in a point", json: #"[{"amount": 3.}]"#, line: 1, column: 13,
      problem: "not a valid JSON number", value: "3."),
    Malformed(
      name: "lone minus", json: #"[{"amount": -}]"#, line: 1, column: 13, problem: "not a valid JSON number",
      value: "-"),
    Malformed(
      name: "unterminated string at the end of the file", json: #"[{"description": "Starbu"#, line: 1,
      column: 18,
      problem: "unterminated string: the file ends inside it"),
    Malformed(
      name: "unterminated string at the end of the line", json: "[{\"description\": \"Star\nbucks\"}]",
      line: 1,
      column: 18, problem: "unterminated string: the line ends inside it"),
    Malformed(
      name: "raw tab in a string", json: "[{\"description\": \"a\tb\"}]", line: 1, column: 20,
      problem: "a control character (U+0009) must be escaped inside a string"),
    Malformed(
      name: "invalid escape", json: #"[{"description": "a\qb"}]"#, line: 1, column: 20,
      problem: "invalid escape sequence in a string", value: "\\q"),
    Malformed(
      name: "short \\u escape", json: #"[{"description": "\u12G4"}]"#, line: 1, column: 19,
      problem: "invalid \\u escape: it needs four hexadecimal digits", value: "\\u12G"),
    Malformed(
      name: "mismatched bracket in an extra value", json: #"[{"tags": [1, 2}]"#, line: 1, column: 16,
      problem: "expected ',' or ']' after a value", value: "}"),
    Malformed(
      name: "missing colon in a nested object", json: #"[{"x": {"a" 1}}]"#, line: 1, column: 13,
      problem: "expected ':' after a key", value: "1"),
    Malformed(
      name: "trailing comma in a nested array", json: #"[{"x": [1,]}]"#, line: 1, column: 11,
      problem: "expected a value", value: "]"),
    Malformed(
      name: "unclosed nesting", json: #"[{"x": [[[{"y": []"#, line: 1, column: 19,
      problem: "expected ',' or '}' after a value, but the file ends"),
    Malformed(
      name: "bad literal in a nested value", json: #"[{"x": [tru]}]"#, line: 1, column: 9,
      problem: "expected a value", value: "tru"),
    Malformed(
      name: "byte that is not UTF-8 outside a string", json: "[\u{0}]", line: 1, column: 2,
      problem: "expected a record ('{') or ']' after '['", value: "\u{0}"),
  ]

  @Test(arguments: malformed)
  func malformedSyntaxIsOneIssueAtTheOffendingByteThenTheEnd(_ bad: Malformed) async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("malformed.json", text: bad.json)

    let records = try await readAll(FileTransactionSource(path: path))

    try #require(records.count == bad.recordsBefore + 1, "\(records)")
    #expect(records.dropLast().allSatisfy { $0.transaction != nil })
    let issue = try #require(records.last?.issue)
    #expect(issue.source == path)
    #expect(issue.position == at(bad.line, bad.column))
    #expect(issue.field == nil)
    #expect(issue.problemText == bad.problem)
    #expect(issue.value == bad.value)
  }

  @Test func aByteThatIsNotUTF8OutsideAStringIsShownAsItsCode() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("byte.json", bytes: [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")])

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records.map(\.issue?.readingProblem) == [
        .syntax(.foundByteNotUTF8(0xFF, instead: .expected(.recordOrArrayEnd, inputEnded: nil)))
      ])
    #expect(records.map(\.issue?.position) == [at(1, 2)])
    let line = try #require(records.first?.issue.map(EnglishReportWording().issueLine))
    #expect(
      line.hasSuffix(
        #":1:2: error: expected a record ('{') or ']' after '[' (got "byte 0xFF (not UTF-8)"); hint: each element of the array must be an object with group, date, description, amount and debit"#
      ))
  }

  @Test func malformedSyntaxHasAHint() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("hint.json", text: #"[{"description": "a\qb"}]"#)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records.first?.issue?.hintText
        == #"the escapes are \" \\ \/ \b \f \n \r \t and \u followed by four hex digits"#)
  }

  // MARK: Strings and positions

  @Test func escapesAndNonASCIITextAreDecoded() async throws {
    let directory = try TemporaryDirectory()
    let description = #"Caf\u00e9 \"Ω\" \ud83d\ude00 \\ \/ \b\f\n\r\t \u0000 ünïcödé 😀"#
    let path = try directory.file(
      "text.json",
      text:
        #"[{"group": "A", "date": "2016-04-01", "description": "\#(description)", "amount": "1", "debit": "D"}]"#
    )

    let records = try await readAll(FileTransactionSource(path: path))

    try #require(records.count == 1)
    #expect(records[0].transaction?.description == "Café \"Ω\" 😀 \\ / \u{8}\u{C}\n\r\t \u{0} ünïcödé 😀")
  }

  @Test func escapedKeysNameTheirFields() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "keys.json",
      text:
        #"[{"gr\u006fup": "P", "date": "2016-05-01", "descr\u0069ption": "x", "amount": "2", "d\u0065bit": "C"}]"#
    )

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(records.map(\.transaction) == [try transaction(.posted, "2016-05-01", "x", "2", .credit)])
  }

  @Test func columnsCountCharactersNotBytes() async throws {
    let directory = try TemporaryDirectory()
    // "Crème brûlée 😀" is 15 characters and 21 bytes.
    let path = try directory.file(
      "columns.json",
      text:
        #"[{"description": "Crème brûlée 😀", "amount": "x", "group": "A", "date": "2016-04-01", "debit": "D"}]"#
    )

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(records.map(\.issue?.position) == [at(1, 46)])
  }

  @Test func aByteOrderMarkIsSkippedAndNotCounted() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("bom.json", text: "\u{FEFF}[\(Self.validRecord)]")

    let records = try await readAll(FileTransactionSource(path: path))

    guard case .transaction(_, let origin)? = records.first else {
      Issue.record("expected a transaction, got \(records)")
      return
    }
    #expect(records.count == 1)
    #expect(origin?.start == at(1, 2))
  }

  @Test func carriageReturnsAndTabsAreWhitespace() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("crlf.json", text: "[\r\n\t\(Self.validRecord)\r\n]\r\n")

    let records = try await readAll(FileTransactionSource(path: path))

    guard case .transaction(_, let origin)? = records.first else {
      Issue.record("expected a transaction, got \(records)")
      return
    }
    #expect(records.count == 1)
    #expect(origin?.start == at(2, 2))
  }

  // MARK: Extra keys

  @Test func extraKeysAreIgnoredWhateverTheyHold() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "extra.json",
      text: """
        [
          {
            "id": 17, "note": null, "flag": true, "other": false, "ratio": -1.5e+3,
            "meta": {"tags": ["a", {"b": [[], {}]}], "text": "with \\"quotes\\" and ] } [ {", "empty": {}},
            "group": "A", "date": "2016-04-01", "description": "Starbucks", "amount": 3.11, "debit": "D",
            "list": [1, "two", [3], {"four": 4}, null, true],
            "Group": "not the group field", "amount ": "not the amount field"
          }
        ]
        """)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records.map(\.transaction) == [try transaction(.authorized, "2016-04-01", "Starbucks", "3.11", .debit)])
  }

  @Test func deepNestingInAnExtraValueIsSkippedWithoutRecursion() async throws {
    let directory = try TemporaryDirectory()
    let depth = 100_000
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let path = try directory.file(
      "deep.json",
      text:
        #"[{"deep": \#(nested), "group": "A", "date": "2016-04-01", "description": "d", "amount": "1", "debit": "D"}]"#
    )

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(records.count == 1)
    #expect(records.first?.transaction != nil)
  }
}
