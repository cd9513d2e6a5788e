import Entities
import FileGateways
import TestSupport
import Testing
import UseCases

/// The field rules of SPEC §7, as a file source applies them.
@Suite struct RecordValidationTests {
  static let missingHint = "every record needs group, date, description, amount and debit"
  static let groupHint = "write A for authorized or P for posted"
  static let dateHint = "write the date as YYYY-MM-DD"
  static let amountHint =
    "write an unsigned amount with at most two decimals, such as 3.11; the debit field gives the sign"
  static let debitHint = "write D for a debit (a charge) or C for a credit (a payment)"

  /// One bad value of one field, and the issue it must give.
  struct BadValue: Sendable, CustomTestStringConvertible {
    var field: RecordField
    /// The value as JSON text, or `nil` to leave the field out.
    var json: String?
    var problem: String
    var value: String?
    var hint: String?

    var testDescription: String { "\(field.rawValue): \(json ?? "(missing)")" }
  }

  static let badValues: [BadValue] = [
    BadValue(field: .group, json: #""X""#, problem: "not a group code", value: "X", hint: groupHint),
    BadValue(field: .group, json: #""a""#, problem: "not a group code", value: "a", hint: groupHint),
    BadValue(field: .group, json: #""AP""#, problem: "not a group code", value: "AP", hint: groupHint),
    BadValue(field: .group, json: #""""#, problem: "not a group code", value: "", hint: groupHint),
    BadValue(field: .group, json: "1", problem: "expected a string", value: "1"),
    BadValue(field: .group, json: "null", problem: "expected a string", value: "null"),
    BadValue(field: .group, json: #"["A"]"#, problem: "expected a string", value: "[...]"),
    BadValue(field: .group, json: nil, problem: "missing", hint: missingHint),

    BadValue(
      field: .date, json: #""2016-02-30""#, problem: "not a real calendar date", value: "2016-02-30",
      hint: "2016-02 has 29 days"),
    BadValue(
      field: .date, json: #""2015-02-29""#, problem: "not a real calendar date", value: "2015-02-29",
      hint: "2015-02 has 28 days"),
    BadValue(
      field: .date, json: #""2016-04-31""#, problem: "not a real calendar date", value: "2016-04-31",
      hint: "2016-04 has 30 days"),
    BadValue(
      field: .date, json: #""2016-13-01""#, problem: "not a real calendar date", value: "2016-13-01",
      hint: "months run from 01 to 12"),
    BadValue(
      field: .date, json: #""0000-01-01""#, problem: "not a real calendar date", value: "0000-01-01",
      hint: "years run from 0001 to 9999"),
    BadValue(
      field: .date, json: #""2016-4-1""#, problem: "not a date in the form YYYY-MM-DD", value: "2016-4-1",
      hint: dateHint),
    BadValue(
      field: .date, json: #""04/01/2016""#, problem: "not a date in the form YYYY-MM-DD", value: "04/01/2016",
      hint: dateHint),
    BadValue(
      field: .date, json: #""2016-04-01T10:00""#, problem: "not a date in the form YYYY-MM-DD",
      value: "2016-04-01T10:00", hint: dateHint),
    BadValue(
      field: .date, json: #""""#, problem: "not a date in the form YYYY-MM-DD", value: "", hint: dateHint),
    BadValue(field: .date, json: "20160401", problem: "expected a string", value: "20160401"),
    BadValue(field: .date, json: "null", problem: "expected a string", value: "null"),
    BadValue(field: .date, json: nil, problem: "missing", hint: missingHint),

    BadValue(field: .description, json: "5", problem: "expected a string", value: "5"),
    BadValue(field: .description, json: "true", problem: "expected a string", value: "true"),
    BadValue(field: .description, json: #"{"text": "x"}"#, problem: "expected a string", value: "{...}"),
    BadValue(field: .description, json: nil, problem: "missing", hint: missingHint),

    BadValue(
      field: .amount, json: #""3.111""#, problem: "has more than two decimals", value: "3.111",
      hint: amountHint),
    BadValue(
      field: .amount, json: "3.111", problem: "has more than two decimals", value: "3.111", hint: amountHint),
    BadValue(field: .amount, json: #""-3""#, problem: "has a sign", value: "-3", hint: amountHint),
    BadValue(field: .amount, json: "-3", problem: "has a sign", value: "-3", hint: amountHint),
    BadValue(field: .amount, json: #""+3""#, problem: "has a sign", value: "+3", hint: amountHint),
    BadValue(field: .amount, json: "1e3", problem: "uses exponent notation", value: "1e3", hint: amountHint),
    BadValue(
      field: .amount, json: #""1E3""#, problem: "uses exponent notation", value: "1E3", hint: amountHint),
    BadValue(field: .amount, json: #""""#, problem: "empty", value: "", hint: amountHint),
    BadValue(
      field: .amount, json: #""NaN""#, problem: "not a decimal amount", value: "NaN", hint: amountHint),
    BadValue(field: .amount, json: #""3.""#, problem: "not a decimal amount", value: "3.", hint: amountHint),
    BadValue(field: .amount, json: #"".5""#, problem: "not a decimal amount", value: ".5", hint: amountHint),
    BadValue(
      field: .amount, json: #""3,11""#, problem: "not a decimal amount", value: "3,11", hint: amountHint),
    BadValue(
      field: .amount, json: #"" 3.11""#, problem: "not a decimal amount", value: " 3.11", hint: amountHint),
    BadValue(
      field: .amount, json: #""92233720368547758.08""#,
      problem: "too large (the largest amount is 92233720368547758.07)", value: "92233720368547758.08",
      hint: amountHint),
    BadValue(
      field: .amount, json: "100000000000000000000",
      problem: "too large (the largest amount is 92233720368547758.07)", value: "100000000000000000000",
      hint: amountHint),
    BadValue(field: .amount, json: "true", problem: "expected a string or a number", value: "true"),
    BadValue(field: .amount, json: "null", problem: "expected a string or a number", value: "null"),
    BadValue(
      field: .amount, json: #"{"value": 3}"#, problem: "expected a string or a number", value: "{...}"),
    BadValue(field: .amount, json: nil, problem: "missing", hint: missingHint),

    BadValue(
      field: .debit, json: #""X""#, problem: "not a debit or credit code", value: "X", hint: debitHint),
    BadValue(
      field: .debit, json: #""d""#, problem: "not a debit or credit code", value: "d", hint: debitHint),
    BadValue(
      field: .debit, json: #""DC""#, problem: "not a debit or credit code", value: "DC", hint: debitHint),
    BadValue(field: .debit, json: #""""#, problem: "not a debit or credit code", value: "", hint: debitHint),
    BadValue(field: .debit, json: "0", problem: "expected a string", value: "0"),
    BadValue(field: .debit, json: "false", problem: "expected a string", value: "false"),
    BadValue(field: .debit, json: nil, problem: "missing", hint: missingHint),
  ]

  @Test(arguments: badValues)
  func aBadValueIsOneIssueAtTheValue(_ bad: BadValue) async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("bad.json", text: LaidOutRecord(replacing: bad.field, with: bad.json).json)

    let records = try await readAll(FileTransactionSource(path: path))

    let position = bad.json == nil ? LaidOutRecord.start : LaidOutRecord.valuePosition(of: bad.field)
    #expect(records.count == 1)
    let issue = try #require(records.first?.issue, "not an issue: \(records)")
    #expect(issue.source == path && issue.position == position && issue.field == bad.field)
    #expect(issue.value == bad.value)
    #expect(issue.problemText == bad.problem)
    #expect(issue.hintText == bad.hint)
  }

  @Test(
    "A number where text is expected is a problem of its own, shown as written; other kinds are the wrong type",
    arguments: [
      (RecordField.group, "1", ReadingProblem.numberNotAllowed), (.date, "20160401", .numberNotAllowed),
      (.description, "-2.5e3", .numberNotAllowed), (.debit, "0", .numberNotAllowed),
      (.date, "true", .wrongType(numberAllowed: false)), (.amount, "null", .wrongType(numberAllowed: true)),
    ])
  func aNumberWhereTextIsExpected(field: RecordField, json: String, problem: ReadingProblem) async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("number.json", text: LaidOutRecord(replacing: field, with: json).json)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: path, position: LaidOutRecord.valuePosition(of: field), field: field, problem: problem,
            value: json, recordStart: LaidOutRecord.start))
      ])
  }

  @Test(
    arguments: [
      (#""3.11""#, 3_11), (#""400""#, 400_00), (#""0.5""#, 50), (#""0""#, 0), (#""0.00""#, 0), ("3.5", 3_50),
      ("3.50", 3_50), ("12", 12_00), ("0", 0), (#""92233720368547758.07""#, Int64.max),
    ] as [(String, Int64)])
  func anAmountIsAnUnsignedDecimalStringOrNumber(json: String, cents: Int64) async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("amount.json", text: LaidOutRecord(replacing: .amount, with: json).json)

    let records = try await readAll(FileTransactionSource(path: path))

    try #require(records.count == 1)
    #expect(records[0].transaction?.amount == Money(minorUnits: cents))
  }

  @Test func aValidRecordBecomesATransactionWithItsOrigin() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "valid.json",
      text: LaidOutRecord(replacing: .debit, with: #""C""#).replacing(.description, with: #""""#).json)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records == [
        .transaction(
          try transaction(.authorized, "2016-04-01", "", "3.11", .credit),
          RecordOrigin(
            source: path, start: LaidOutRecord.start, group: LaidOutRecord.valuePosition(of: .group),
            amount: LaidOutRecord.valuePosition(of: .amount), date: LaidOutRecord.valuePosition(of: .date),
            description: LaidOutRecord.valuePosition(of: .description)))
      ])
  }

  @Test func everyBadFieldOfARecordIsItsOwnIssueAndTheNextRecordIsStillRead() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "two.json",
      text: """
        [
          {"group": "X", "date": "2016-04-01", "description": "a", "amount": "3.111", "debit": "D"},
          {"group": "P", "date": "2016-05-01", "description": "b", "amount": "1.00", "debit": "D"}
        ]
        """)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: path, position: at(2, 13), field: .group, problem: .notAGroupCode, value: "X",
            recordStart: at(2, 3))),
        .invalid(
          RecordIssue(
            source: path, position: at(2, 70), field: .amount, problem: .badAmount(.tooManyFractionDigits),
            value: "3.111", recordStart: at(2, 3))),
        .transaction(
          try transaction(.posted, "2016-05-01", "b", "1.00", .debit),
          RecordOrigin(
            source: path, start: at(3, 3), group: at(3, 13), amount: at(3, 70), date: at(3, 26),
            description: at(3, 55))),
      ])
  }

  @Test func issuesOfOneRecordComeInInputOrderNotFieldOrder() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "order.json",
      text: #"[{"debit": "X", "amount": "1", "description": "d", "date": "2016-04-01", "group": "Q"}]"#)

    let issues = try await readAll(FileTransactionSource(path: path)).map(\.issue)

    #expect(issues.map { $0?.field } == [.debit, .group])
    #expect(issues.map { $0?.position } == [at(1, 12), at(1, 83)])
  }

  @Test func aMissingFieldWhoseNameIsMistypedIsAnIssueAtTheMistypedKey() async throws {
    let text = """
      [
        {"group": "A", "date": "2016-04-01", "descripton": "Starbucks", "amount": "3.11", "debit": "D"},
        {"Group": "P", "date": "2016-04-01", "description": "x", "ammount": 3, "amounts": 4, "debit": "C"},
        {"group": "A", "date": "2016-04-01", "description": "x", "amount": "1", "debit": "D", "amont": 2}
      ]
      """
    let records = try await readAll(
      BytesTransactionSource(name: "typo.json", bytes: Array(text.utf8), format: .json))

    #expect(
      records.prefix(3) == [
        .invalid(
          RecordIssue(
            source: "typo.json", position: at(2, 40), field: .description,
            problem: .likelyTypo("descripton", of: .description, instead: .missing), recordStart: at(2, 3))),
        .invalid(
          RecordIssue(
            source: "typo.json", position: at(3, 4), field: .group,
            problem: .likelyTypo("Group", of: .group, instead: .missing), recordStart: at(3, 3))),
        .invalid(
          RecordIssue(
            source: "typo.json", position: at(3, 60), field: .amount,
            problem: .likelyTypo("ammount", of: .amount, instead: .missing), recordStart: at(3, 3))),
      ])
    // A record that has the field is valid, whatever keys it has that look like its name.
    #expect(records.count == 4)
    #expect(records.last?.transaction != nil)
    #expect(records.first?.issue?.problemText == "missing")
    #expect(records.first?.issue?.hintText == #"the record has "descripton": did you mean "description"?"#)
  }

  @Test func aMissingFieldWithNoKeyLikeItIsAtTheRecordStart() async throws {
    let text = #"{"group": "A", "when": "2016-04-01", "description": "x", "amount": "1", "debit": "D"}"#
    let records = try await readAll(
      BytesTransactionSource(name: "t.ndjson", bytes: Array(text.utf8), format: .ndjson))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: "t.ndjson", position: at(1, 1), field: .date, problem: .missing, recordStart: at(1, 1)))
      ])
  }

  @Test func aMistypedKeyInNDJSONIsFoundTheSameWay() async throws {
    let text = #"{"grup": "A", "date": "2016-04-01", "description": "x", "amount": "1", "debit": "D"}"#
    let records = try await readAll(
      BytesTransactionSource(name: "t.ndjson", bytes: Array(text.utf8), format: .ndjson))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: "t.ndjson", position: at(1, 2), field: .group,
            problem: .likelyTypo("grup", of: .group, instead: .missing), recordStart: at(1, 1)))
      ])
  }

  @Test func aRecordWithNoFieldsHasFiveMissingIssuesAtItsStart() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("empty-object.json", text: "[\n  {}\n]")

    let issues = try await readAll(FileTransactionSource(path: path)).map(\.issue)

    #expect(issues.map { $0?.field } == RecordField.allCases)
    #expect(issues.allSatisfy { $0?.position == at(2, 3) && $0?.problemText == "missing" })
  }

  @Test func aDuplicateFieldIsAnIssueAtTheSecondKey() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "duplicate.json",
      text:
        #"[{"group": "A", "date": "2016-04-01", "group": "P", "description": "d", "amount": "1", "debit": "D"}]"#
    )

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: path, position: at(1, 39), field: .group, problem: .duplicateField, recordStart: at(1, 2))
        )
      ])
  }

  @Test func aDuplicateExtraKeyIsAnIssueWithoutAField() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "duplicate-extra.json",
      text:
        #"[{"note": 1, "group": "A", "date": "2016-04-01", "description": "d", "amount": "1", "debit": "D", "note": 2}]"#
    )

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: path, position: at(1, 99), field: nil,
            problem: .duplicateExtraKey, value: "note", recordStart: at(1, 2)))
      ])
  }

  @Test func amongManyExtraKeysEachOneWrittenTwiceIsFoundOnce() async throws {
    // 20,000 keys, then the first and the last again: each repeat is one issue, at its key.
    let keys = (0..<20_000).map { #""k\#($0)": 1"# }
    let prefix = #"{"group": "A", "date": "2016-04-01", "description": "d", "amount": "1", "debit": "D", "#
    let body = prefix + keys.joined(separator: ", ") + ", "
    let text = body + #""k0": 2, "k19999": 3}"#
    let records = try await readAll(
      BytesTransactionSource(name: "many", bytes: Array(text.utf8), format: .ndjson))

    let firstRepeat = body.count + 1
    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: "many", position: at(1, firstRepeat), field: nil, problem: .duplicateExtraKey,
            value: "k0",
            recordStart: at(1, 1))),
        .invalid(
          RecordIssue(
            source: "many", position: at(1, firstRepeat + 9), field: nil, problem: .duplicateExtraKey,
            value: "k19999", recordStart: at(1, 1))),
      ])
  }

  @Test(arguments: [RecordFormat.json, .ndjson])
  func aRecordKeepsItsFirstTwentyIssuesAndCountsTheRest(format: RecordFormat) async throws {
    // No date (an issue at the record's start), then one key written 30 times: 29 repeats.
    let body =
      #"{"group": "A", "description": "d", "amount": "1", "debit": "D""#
      + String(repeating: #", "k": 0"#, count: 30) + "}"
    let text = format == .json ? "[" + body + "]" : body
    let records = try await readAll(
      BytesTransactionSource(name: "dup", bytes: Array(text.utf8), format: format))

    let start = format == .json ? 2 : 1
    let firstKey = start + 64
    #expect(records.count == 21)
    #expect(
      records.first?.issue
        == RecordIssue(
          source: "dup", position: at(1, start), field: .date, problem: .missing, recordStart: at(1, start)))
    // Every issue kept is the one record's.
    #expect(records.prefix(20).allSatisfy { $0.issue?.recordStart == at(1, start) })
    #expect(
      records.dropFirst().prefix(19).map(\.issue?.position) == (1...19).map { at(1, firstKey + 8 * $0) })
    #expect(records.dropFirst().prefix(19).allSatisfy { $0.issue?.readingProblem == .duplicateExtraKey })
    #expect(records.last == .unlistedIssues(count: 10))
  }

  @Test func aCSVRowKeepsItsFirstTwentyIssuesAndCountsTheRest() async throws {
    let extra = (1...25).map { "x\($0)" }
    let header = "group,date,description,amount,debit," + extra.joined(separator: ",")
    let row =
      Array("A,2016-04-01,d,1,D,".utf8)
      + Array(repeating: [0xFF, UInt8(ascii: ",")], count: 25).joined().dropLast()
    let records = try await readAll(
      BytesTransactionSource(name: "bad.csv", bytes: Array((header + "\n").utf8) + row, format: .csv))

    #expect(records.count == 21)
    #expect(records.prefix(20).map(\.issue?.value) == Array(extra.prefix(20)))
    #expect(records.prefix(20).map(\.issue?.position) == (0..<20).map { at(2, 20 + 2 * $0) })
    #expect(records.last == .unlistedIssues(count: 5))
  }

  // MARK: Encoding

  /// A description whose bytes are not all UTF-8, and the issue it gives.
  struct BadText: Sendable, CustomTestStringConvertible {
    var name: String
    /// The bytes between the description's quotes.
    var bytes: [UInt8]
    /// The column of the offending byte or escape, on line 5 of ``LaidOutRecord``.
    var column: Int
    var problem: String
    var value: String

    var testDescription: String { name }
  }

  static let badTexts: [BadText] = [
    BadText(
      name: "Latin-1 byte", bytes: Array("caf".utf8) + [0xE9], column: 24,
      problem: "not valid UTF-8 (byte 0xE9)",
      value: "caf\u{FFFD}"),
    BadText(
      name: "stray continuation byte", bytes: [0x41, 0x80, 0x42], column: 22,
      problem: "not valid UTF-8 (byte 0x80)", value: "A\u{FFFD}B"),
    BadText(
      name: "overlong slash", bytes: [0xC0, 0xAF], column: 21, problem: "not valid UTF-8 (byte 0xC0)",
      value: "\u{FFFD}\u{FFFD}"),
    BadText(
      name: "encoded surrogate", bytes: [0xED, 0xA0, 0x80], column: 21,
      problem: "not valid UTF-8 (byte 0xED)",
      value: "\u{FFFD}\u{FFFD}\u{FFFD}"),
    BadText(
      name: "above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], column: 21,
      problem: "not valid UTF-8 (byte 0xF4)",
      value: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
    BadText(
      name: "truncated sequence", bytes: [0x78, 0xE2, 0x82], column: 22,
      problem: "not valid UTF-8 (byte 0xE2)",
      value: "x\u{FFFD}"),
    BadText(
      name: "lone high surrogate escape", bytes: Array(#"a\uD800b"#.utf8), column: 22,
      problem: "not valid Unicode (unpaired surrogate \\uD800)", value: "a\u{FFFD}b"),
    BadText(
      name: "lone low surrogate escape", bytes: Array(#"\udc00"#.utf8), column: 21,
      problem: "not valid Unicode (unpaired surrogate \\uDC00)", value: "\u{FFFD}"),
    BadText(
      name: "high surrogate before another escape", bytes: Array(#"\uD83D\u0041"#.utf8), column: 21,
      problem: "not valid Unicode (unpaired surrogate \\uD83D)", value: "\u{FFFD}A"),
    BadText(
      name: "high surrogate at the end", bytes: Array(#"x\uDBFF"#.utf8), column: 22,
      problem: "not valid Unicode (unpaired surrogate \\uDBFF)", value: "x\u{FFFD}"),
  ]

  @Test(arguments: badTexts)
  func textThatIsNotUnicodeIsAnIssueAtTheOffendingBytes(_ bad: BadText) async throws {
    let directory = try TemporaryDirectory()
    let layout = LaidOutRecord(replacing: .description, with: "\u{0}").json
    let parts = layout.split(separator: "\u{0}", omittingEmptySubsequences: false)
    try #require(parts.count == 2)
    let bytes =
      Array(parts[0].utf8) + [UInt8(ascii: "\"")] + bad.bytes + [UInt8(ascii: "\"")] + Array(parts[1].utf8)
    let path = try directory.file("text.json", bytes: bytes)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(records.count == 1)
    let issue = try #require(records.first?.issue, "not an issue: \(records)")
    #expect(issue.source == path && issue.position == at(5, bad.column) && issue.field == .description)
    #expect(issue.value == bad.value)
    #expect(issue.problemText == bad.problem)
  }

  @Test func badTextInAnExtraValueOrKeyIsAnIssueWithoutAField() async throws {
    let directory = try TemporaryDirectory()
    let record = Array(
      #"[{"group": "A", "date": "2016-04-01", "description": "d", "amount": "1", "debit": "D", "#.utf8)
    let bytes =
      record + Array(#""note": ["x", ""#.utf8) + [0xFF] + Array(#""], "k"#.utf8) + [0xFE]
      + Array(#"": 1}]"#.utf8)
    let path = try directory.file("extra.json", bytes: bytes)

    let records = try await readAll(FileTransactionSource(path: path))

    #expect(
      records == [
        .invalid(
          RecordIssue(
            source: path, position: at(1, 103), field: nil,
            problem: .badExtraValue(.invalidUTF8(byte: 0xFF), inColumn: false), value: "note",
            recordStart: at(1, 2))),
        .invalid(
          RecordIssue(
            source: path, position: at(1, 110), field: nil, problem: .badKey(.invalidUTF8(byte: 0xFE)),
            value: "k\u{FFFD}", recordStart: at(1, 2))),
      ])
  }
}

/// A valid record laid out one field per line, so that every value has a known position; one
/// field can be replaced by other JSON text, or left out (its line then holds another key).
struct LaidOutRecord {
  /// Where the record's `{` is.
  static let start = at(2, 3)

  var values: [RecordField: String?] = [
    .group: #""A""#, .date: #""2016-04-01""#, .description: #""Starbucks""#, .amount: #""3.11""#,
    .debit: #""D""#,
  ]

  init(replacing field: RecordField, with json: String?) {
    values[field] = .some(json)
  }

  func replacing(_ field: RecordField, with json: String?) -> LaidOutRecord {
    var copy = self
    copy.values[field] = .some(json)
    return copy
  }

  /// Where a field's value starts: line 3 to 7, after four spaces and `"name": `.
  static func valuePosition(of field: RecordField) -> TextPosition {
    let line = 3 + (RecordField.allCases.firstIndex(of: field) ?? 0)
    return at(line, 5 + field.rawValue.utf8.count + 4)
  }

  var json: String {
    let lines = RecordField.allCases.map { field in
      if let value = values[field] ?? nil {
        "    \"\(field.rawValue)\": \(value)"
      } else {
        "    \"unused\": 0"
      }
    }
    return "[\n  {\n" + lines.joined(separator: ",\n") + "\n  }\n]\n"
  }
}
