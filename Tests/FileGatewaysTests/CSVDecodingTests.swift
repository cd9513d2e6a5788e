import Entities
import FileGateways
import TestSupport
import Testing
import UseCases

/// The CSV syntax (RFC 4180): the header, quoting, line breaks, and where malformed rows are
/// reported.
@Suite struct CSVDecodingTests {
  static let header = "group,date,description,amount,debit\n"

  /// Reads CSV text from memory under the name `t.csv`.
  private func read(_ text: String) async throws -> [ReadRecord] {
    try await read(bytes: Array(text.utf8))
  }

  private func read(bytes: [UInt8]) async throws -> [ReadRecord] {
    try await readAll(BytesTransactionSource(name: "t.csv", bytes: bytes, format: .csv))
  }

  // MARK: The header

  @Test func columnsMayComeInAnyOrderWithExtraColumnsIgnored() async throws {
    let records = try await read(
      "id,debit,amount,note,date,description,group\n7,C,400.00,\"a, b\",2016-04-20,Payment,A\n")

    #expect(
      records == [
        .transaction(
          try transaction(.authorized, "2016-04-20", "Payment", "400.00", .credit),
          RecordOrigin(
            source: "t.csv", start: at(2, 1), group: at(2, 38), amount: at(2, 5), date: at(2, 19),
            description: at(2, 30)))
      ])
  }

  @Test func headerNamesMayBeQuoted() async throws {
    let records = try await read(#""group","date","description","amount","debit""# + "\nP,2016-05-01,x,1,D\n")

    #expect(records.map(\.transaction) == [try transaction(.posted, "2016-05-01", "x", "1", .debit)])
  }

  @Test(arguments: [
    ("zero bytes", ""),
    ("byte order mark only", "\u{FEFF}"),
    ("empty lines only", "\n\r\n\n"),
    ("header only", "group,date,description,amount,debit"),
    ("header and line break", "group,date,description,amount,debit\r\n"),
    ("header and empty lines", "\n\ngroup,date,description,amount,debit\n\n\r\n"),
  ])
  func holdsNoRecords(_ name: String, text: String) async throws {
    #expect(try await read(text).isEmpty, "\(name)")
  }

  /// A header that cannot be read, and the one issue it gives.
  struct BadHeader: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var position: TextPosition
    var field: RecordField?
    var problem: String
    var value: String?

    var testDescription: String { name }
  }

  static let badHeaders: [BadHeader] = [
    BadHeader(
      name: "one column missing", text: "group,date,description,amount\nA,2016-04-01,x,1\n",
      position: at(1, 1),
      problem: "the header has no column debit", value: "group,date,description,amount"),
    BadHeader(
      name: "three columns missing", text: "group,description\n", position: at(1, 1),
      problem: "the header has no columns date, amount and debit", value: "group,description"),
    BadHeader(
      name: "missing after empty lines", text: "\n\nid\n", position: at(3, 1),
      problem: "the header has no column for the date, description and amount", value: "id"),
    BadHeader(
      name: "a column named twice", text: "group,date,description,amount,debit,amount\n", position: at(1, 37),
      field: .amount, problem: "appears more than once in the header"),
    BadHeader(
      name: "a quote inside a name", text: "group,da\"te,description,amount,debit\n", position: at(1, 9),
      problem: "a quote inside a field that is not quoted", value: "da\"te"),
  ]

  @Test(arguments: badHeaders)
  func aBadHeaderIsOneIssueThenTheEnd(_ bad: BadHeader) async throws {
    let records = try await read(bad.text + "A,2016-04-01,x,1,D\n")

    try #require(records.count == 1, "\(records)")
    let issue = try #require(records[0].issue)
    #expect(issue.position == bad.position)
    #expect(issue.field == bad.field)
    #expect(issue.problemText == bad.problem)
    #expect(issue.value == bad.value)
    #expect(issue.hintText != nil)
  }

  @Test(
    "A column named nearly like a missing one is named in the hint, the first one found",
    arguments: [
      (
        "group,date,descripton,amount,debit", RecordField.description, "descripton",
        [RecordField.description]
      ),
      ("grup,date,description,amt,debit", .group, "grup", [.group, .amount]),
      ("group,date,description,amt,debt", .debit, "debt", [.amount, .debit]),
    ])
  func aColumnNamedNearlyRight(header: String, field: RecordField, name: String, missing: [RecordField])
    async throws
  {
    let records = try await read(header + "\nA,2016-04-01,x,1,D\n")

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: "t.csv", position: at(1, 1), field: nil,
            problem: .likelyTypo(name, of: field, instead: .syntax(.missingColumns(missing))), value: header))
      ])
    #expect(
      records.first?.issue?.hintText == "the header has \"\(name)\": did you mean \"\(field.rawValue)\"?")
  }

  @Test func aMissingColumnWithNoNameLikeItKeepsTheUsualHint() async throws {
    let records = try await read("group,date,description,amount,note\n")

    #expect(records.map(\.issue?.readingProblem) == [.syntax(.missingColumns([.debit]))])
  }

  @Test func aHeaderThatIsNotUTF8IsOneIssueAtTheByte() async throws {
    let records = try await read(bytes: Array("group,date,description,amount,debit,n".utf8) + [0xE9] + [0x0A])

    #expect(
      records.map(\.issue) == [
        RecordIssue(
          source: "t.csv", position: at(1, 38), field: nil,
          problem: .syntax(.badColumnName(.invalidUTF8(byte: 0xE9))))
      ])
  }

  // MARK: Quoting and line breaks

  @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() async throws {
    let text =
      Self.header
      + "A,2016-04-01,\"Mark's \"\"best\"\", blue\",3.11,D\n"
      + "A,2016-04-02,\"two\nlines\",1.00,D\r\n"
      + "A,2016-04-03,\"crlf\r\ninside\",1.00,D\n"
      + "A,2016-04-04,\"\",1.00,D\n"
      + "A,2016-04-05,,\"2.00\",\"C\""
    let records = try await read(text)

    #expect(
      records.map(\.transaction) == [
        try transaction(.authorized, "2016-04-01", "Mark's \"best\", blue", "3.11", .debit),
        try transaction(.authorized, "2016-04-02", "two\nlines", "1.00", .debit),
        try transaction(.authorized, "2016-04-03", "crlf\r\ninside", "1.00", .debit),
        try transaction(.authorized, "2016-04-04", "", "1.00", .debit),
        try transaction(.authorized, "2016-04-05", "", "2.00", .credit),
      ])
    let starts = records.compactMap { record -> TextPosition? in
      guard case .transaction(_, let origin) = record else { return nil }
      return origin?.start
    }
    #expect(starts == [at(2, 1), at(3, 1), at(5, 1), at(7, 1), at(8, 1)])
  }

  /// An origin keeps a field on a later line than its record's start by lines and a column of
  /// that line (decision 0037): the fields after a description over two lines.
  @Test func fieldsAfterALineBreakInsideAFieldAreWhereTheyAre() async throws {
    let records = try await read(Self.header + "A,2016-04-01,\"one\ntwo\",3.00,D\n")

    guard case .transaction(_, let origin?) = records.first else {
      Issue.record("no transaction: \(records)")
      return
    }
    #expect(origin.start == at(2, 1))
    #expect(origin.group == at(2, 1))
    #expect(origin.date == at(2, 3))
    #expect(origin.description == at(2, 14))
    #expect(origin.amount == at(3, 6))
  }

  @Test func aByteOrderMarkAndCRLFAreReadAndNotCounted() async throws {
    let records = try await read(
      "\u{FEFF}amount,group,date,description,debit\r\n3.11,P,2016-05-01,Starbucks,D\r\n")

    #expect(
      records == [
        .transaction(
          try transaction(.posted, "2016-05-01", "Starbucks", "3.11", .debit),
          RecordOrigin(
            source: "t.csv", start: at(2, 1), group: at(2, 6), amount: at(2, 1), date: at(2, 8),
            description: at(2, 19)))
      ])
  }

  @Test func emptyLinesBetweenRowsAreSkipped() async throws {
    let records = try await read(Self.header + "\nA,2016-04-01,a,1,D\n\r\n\nA,2016-04-02,b,2,D\n\n")

    #expect(records.map(\.transaction?.description) == ["a", "b"])
    guard case .transaction(_, let origin) = records.last else { return }
    #expect(origin?.start == at(6, 1))
  }

  @Test func aLineOfSpacesIsARowNotABlankLine() async throws {
    let records = try await read(Self.header + "  \nA,2016-04-01,a,1,D\n")

    #expect(records.map(\.issue?.problemText) == ["the row has 1 field, but the header has 5", nil])
    #expect(records.first?.issue?.position == at(2, 1))
  }

  @Test func aValueIsLocatedAtItsFirstCharacterOrOpeningQuoteCountingCharacters() async throws {
    let records = try await read(Self.header + "A,\"2016-04-01\",Crème brûlée 😀,\"3.111\",D\n")

    #expect(records.map(\.issue?.position) == [at(2, 31)])
    #expect(records.map(\.issue?.value) == ["3.111"])
  }

  @Test func valuesAreTextSoNumbersAndSpacesAreKeptAsWritten() async throws {
    let records = try await read(Self.header + "A,2016-04-01, padded ,3.5,D\nA,2016-04-01,x, 3.11,D\n")

    #expect(records.first?.transaction?.description == " padded ")
    #expect(records.first?.transaction?.amount == Money(minorUnits: 3_50))
    #expect(records.last?.issue?.problemText == "not a decimal amount")
    #expect(records.last?.issue?.value == " 3.11")
  }

  // MARK: Malformed rows

  /// A row that breaks the syntax, and the one issue it gives; the next row is still read.
  struct BadRow: Sendable, CustomTestStringConvertible {
    var name: String
    /// The row, without its line break; it is line 2.
    var row: String
    var column: Int
    var field: RecordField?
    var problem: String
    var value: String?

    var testDescription: String { name }
  }

  static let badRows: [BadRow] = [
    BadRow(
      name: "too few fields", row: "A,2016-04-01,x,1", column: 1,
      problem: "the row has 4 fields, but the header has 5"),
    BadRow(
      name: "too many fields", row: "A,2016-04-01,x,y,1,D", column: 1,
      problem: "the row has 6 fields, but the header has 5"),
    BadRow(
      name: "a quote inside an unquoted field", row: "A,2016-04-01,say \"hi\",1,D", column: 18,
      field: .description, problem: "a quote inside a field that is not quoted", value: "say \"hi\""),
    BadRow(
      name: "text after a closing quote", row: "A,2016-04-01,\"a\"\"b\"c,1,D", column: 20,
      field: .description,
      problem: "text after the closing quote of a quoted field", value: "\"a\"\"b\"c"),
    BadRow(
      name: "a space after a closing quote", row: "A,2016-04-01,x,\"1\" ,D", column: 19, field: .amount,
      problem: "text after the closing quote of a quoted field", value: "\"1\" "),
    BadRow(
      name: "a carriage return outside quotes", row: "A,2016-04-01,a\rb,1,D", column: 15, field: .description,
      problem: "a carriage return outside quotes must be followed by a line feed", value: "a\rb"),
    BadRow(
      name: "a carriage return at the start of a row", row: "\rA,2016-04-01,x,1,D", column: 1,
      problem: "a carriage return outside quotes must be followed by a line feed"),
    BadRow(
      name: "a quote problem wins over the count", row: "A,2016-04-01,x\",1", column: 15, field: .description,
      problem: "a quote inside a field that is not quoted", value: "x\""),
    BadRow(
      name: "a quote in an extra field", row: "A,2016-04-01,x,1,D,\"q\"q", column: 23,
      problem: "text after the closing quote of a quoted field", value: "\"q\"q"),
  ]

  @Test(arguments: badRows)
  func aMalformedRowIsOneIssueAndTheNextRowIsRead(_ bad: BadRow) async throws {
    let records = try await read(Self.header + bad.row + "\nP,2016-05-01,next,2.00,C\n")

    try #require(records.count == 2, "\(records)")
    let issue = try #require(records[0].issue)
    #expect(issue.position == at(2, bad.column))
    #expect(issue.field == bad.field)
    #expect(issue.problemText == bad.problem)
    #expect(issue.value == bad.value)
    #expect(issue.hintText != nil)
    #expect(records[1].transaction == (try transaction(.posted, "2016-05-01", "next", "2.00", .credit)))
  }

  @Test func aQuotedFieldThatTheFileEndsInsideIsOneIssueAtItsQuoteThenTheEnd() async throws {
    let records = try await read(
      Self.header + "A,2016-04-01,ok,1,D\nA,2016-04-02,\"open,1,D\nA,2016-04-03,x,1,D\n")

    #expect(records.count == 2)
    #expect(records.first?.transaction != nil)
    #expect(
      records.last?.issue
        == RecordIssue(
          source: "t.csv", position: at(3, 14), field: .description,
          problem: .syntax(.unterminatedQuotedField)))
  }

  @Test func aFieldLongerThanOneMebibyteIsAnIssueAtItsStartAndTheEndOfTheInput() async throws {
    let long = String(repeating: "x", count: (1 << 20) + 1)
    let records = try await read(Self.header + "A,2016-04-01,\"\(long)\",1,D\nA,2016-04-02,ok,1,D\n")

    #expect(records.count == 1)
    #expect(records.first?.issue?.position == at(2, 14))
    #expect(records.first?.issue?.field == .description)
    #expect(
      records.first?.issue?.problemText
        == "a record longer than 1048576 bytes; the rest of the input is not read")
  }

  // MARK: Encoding

  @Test func textThatIsNotUTF8IsAnIssueAtTheByteInAFieldOrAnExtraColumn() async throws {
    let bytes =
      Array((Self.header.dropLast() + ",note\n").utf8) + Array("A,2016-04-01,caf".utf8) + [0xE9]
      + Array(",1,D,ok\nA,2016-04-01,x,1,D,".utf8) + [0x80] + [0x0A]

    let records = try await read(bytes: bytes)

    #expect(
      records.map(\.issue) == [
        RecordIssue(
          source: "t.csv", position: at(2, 17), field: .description,
          problem: .badText(.invalidUTF8(byte: 0xE9)),
          value: "caf\u{FFFD}", recordStart: at(2, 1)),
        RecordIssue(
          source: "t.csv", position: at(3, 20), field: nil,
          problem: .badExtraValue(.invalidUTF8(byte: 0x80), inColumn: true), value: "note",
          recordStart: at(3, 1)),
      ])
  }

  @Test func controlCharactersAreKeptAsData() async throws {
    let records = try await read(Self.header + "A,2016-04-01,\u{1B}[31mred\u{7}\u{202E}\t,1,D\n")

    #expect(records.map(\.transaction?.description) == ["\u{1B}[31mred\u{7}\u{202E}\t"])
  }

  // MARK: Chunks

  @Test func fieldsSplitAcrossChunksAreReadWhole() async throws {
    // Put the doubled quote of a quoted field across the 64 KiB chunk boundary of a file.
    let head = Self.header + "A,2016-04-01,\""
    let padding = String(repeating: "y", count: 65_536 - head.utf8.count - 1)
    let description = padding + "\"😀"
    let text = head + padding + "\"\"😀\",1.00,D\n"
    let directory = try TemporaryDirectory()
    let path = try directory.file("chunks.csv", text: text)

    let records = try await readAll(FileTransactionSource(path: path, format: .csv))

    #expect(records.map(\.transaction?.description) == [description])
  }
}
