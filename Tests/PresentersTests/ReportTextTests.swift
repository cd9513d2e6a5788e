import Entities
import Presenters
import Testing
import UseCases

@Suite struct ReportTextTests {
  @Test(
    "Every month has its English abbreviation, as MMM dd, yyyy",
    arguments: [
      (1, "Jan"), (2, "Feb"), (3, "Mar"), (4, "Apr"), (5, "May"), (6, "Jun"),
      (7, "Jul"), (8, "Aug"), (9, "Sep"), (10, "Oct"), (11, "Nov"), (12, "Dec"),
    ])
  func months(month: Int, abbreviation: String) throws {
    #expect(
      ReportText.date(try CalendarDate(year: 2016, month: month, day: 15)) == "\(abbreviation) 15, 2016")
  }

  @Test(
    "Days are padded to two digits and years to four",
    arguments: [
      (2016, 4, 1, "Apr 01, 2016"),
      (2016, 4, 9, "Apr 09, 2016"),
      (2016, 4, 10, "Apr 10, 2016"),
      (2016, 2, 29, "Feb 29, 2016"),
      (2015, 12, 31, "Dec 31, 2015"),
      (1, 1, 1, "Jan 01, 0001"),
      (42, 3, 5, "Mar 05, 0042"),
      (999, 7, 4, "Jul 04, 0999"),
      (1000, 1, 1, "Jan 01, 1000"),
      (9999, 12, 31, "Dec 31, 9999"),
    ])
  func datePadding(year: Int, month: Int, day: Int, text: String) throws {
    #expect(ReportText.date(try CalendarDate(year: year, month: month, day: day)) == text)
  }

  @Test(
    "Amounts have exactly two decimals, a minus for negatives, no separators, and never -0.00",
    arguments: [
      (0, "0.00"),
      (1, "0.01"),
      (5, "0.05"),
      (-5, "-0.05"),
      (10, "0.10"),
      (311, "3.11"),
      (-40_000, "-400.00"),
      (133_897, "1338.97"),
      (100_000_000, "1000000.00"),
      (-123_456_789, "-1234567.89"),
      (Int64.max, "92233720368547758.07"),
      (-Int64.max, "-92233720368547758.07"),
    ] as [(Int64, String)])
  func amounts(cents: Int64, text: String) throws {
    #expect(ReportText.amount(try #require(Money(minorUnits: cents))) == text)
  }

  @Test("Zero negated still prints 0.00")
  func negativeZero() {
    #expect(ReportText.amount(Money.zero.negated) == "0.00")
  }

  @Test(
    "Messages have their exact texts",
    arguments: [
      (
        ReportText.unavailableMessage(for: .group(.authorized)),
        "Authorized Transactions are not currently available."
      ),
      (
        ReportText.unavailableMessage(for: .group(.posted)),
        "Posted Transactions are not currently available."
      ),
      (ReportText.unavailableMessage(for: .allTransactions), "Transactions are not currently available."),
      (
        ReportText.noTransactionsMessage(for: .authorized),
        "There are no Authorized Transactions in this period"
      ),
      (ReportText.noTransactionsMessage(for: .posted), "There are no Posted Transactions in this period"),
      (ReportText.title(of: .allTransactions), "All"),
      (ReportText.title(of: .group(.posted)), "Posted Transactions"),
      (ReportText.subject(of: .allTransactions), "Transactions"),
      (ReportText.subject(of: .group(.authorized)), "Authorized Transactions"),
    ])
  func messages(actual: String, expected: String) {
    #expect(actual == expected)
  }

  @Test(
    "An issue is one line: FILE:LINE:COL: error: field: problem (got \"value\"); hint: …, leaving out what is unknown",
    arguments: [
      (
        RecordIssue(
          source: "authorized.json", position: TextPosition(line: 12, column: 15), field: .date,
          problem: "not a real calendar date", value: "2016-02-30", hint: "use a date that exists"),
        #"authorized.json:12:15: error: date: not a real calendar date (got "2016-02-30"); hint: use a date that exists"#
      ),
      (
        RecordIssue(
          source: "authorized.json", position: TextPosition(line: 3, column: 40), field: .amount,
          problem: "more than two fraction digits", value: "3.111"),
        #"authorized.json:3:40: error: amount: more than two fraction digits (got "3.111")"#
      ),
      (
        RecordIssue(source: "demo data", position: nil, field: .debit, problem: "not D or C", value: "X"),
        #"demo data: error: debit: not D or C (got "X")"#
      ),
      (
        RecordIssue(
          source: "all.csv", position: TextPosition(line: 1, column: 1), field: nil,
          problem: "missing header row",
          hint: "start with group,date,description,amount,debit"),
        "all.csv:1:1: error: missing header row; hint: start with group,date,description,amount,debit"
      ),
      (
        RecordIssue(source: "all.json", position: nil, field: nil, problem: "the source changed"),
        "all.json: error: the source changed"
      ),
      (
        RecordIssue(
          source: "a.json", position: TextPosition(line: 2, column: 9), field: .description, problem: "empty",
          value: ""),
        #"a.json:2:9: error: description: empty (got "")"#
      ),
    ])
  func issueLines(issue: RecordIssue, line: String) {
    #expect(ReportText.issueLine(issue) == line)
  }

  @Test(
    "Control characters, quotes, backslashes and bidirectional overrides in a value are escaped",
    arguments: [
      ("\u{1B}[31mred", #"\u{1B}[31mred"#),
      ("tab\there", #"tab\u{9}here"#),
      ("line\nbreak\r", #"line\u{A}break\u{D}"#),
      ("nul\u{0}", #"nul\u{0}"#),
      ("del\u{7F}", #"del\u{7F}"#),
      ("c1\u{85}\u{9B}", #"c1\u{85}\u{9B}"#),
      ("say \"hi\"", #"say \"hi\""#),
      (#"back\slash"#, #"back\\slash"#),
      ("abc\u{202E}fed", #"abc\u{202E}fed"#),
      ("\u{2066}\u{2069}\u{200F}\u{061C}", #"\u{2066}\u{2069}\u{200F}\u{61C}"#),
      ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
      ("Café 東京 🙂", "Café 東京 🙂"),
    ])
  func escapedValues(value: String, shown: String) {
    let issue = RecordIssue(
      source: "a.json", position: nil, field: .description, problem: "bad", value: value)
    #expect(ReportText.issueLine(issue) == "a.json: error: description: bad (got \"\(shown)\")")
  }

  @Test("A source name has its controls escaped but its quotes kept, since it is not quoted")
  func escapedSource() {
    let issue = RecordIssue(source: "we\"ird\u{1B}.json", position: nil, field: nil, problem: "bad")
    #expect(ReportText.issueLine(issue) == #"we"ird\u{1B}.json: error: bad"#)
  }

  @Test("visible(_:) leaves safe text alone, quotes only when asked, and flags exactly the unsafe scalars")
  func visible() {
    #expect(ReportText.visible("Café \"Lune\", Montréal") == "Café \"Lune\", Montréal")
    #expect(ReportText.visible("Café \"Lune\"", quoting: true) == #"Café \"Lune\""#)
    #expect(ReportText.visible("a\u{1B}b") == #"a\u{1B}b"#)
    let unsafe: [Unicode.Scalar] = [
      "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{202A}", "\u{202E}", "\u{2066}",
    ]
    let safe: [Unicode.Scalar] = [" ", "~", "\u{A0}", "é", "\u{2000}", "\u{2030}", "\u{1F642}"]
    #expect(unsafe.allSatisfy(ReportText.isUnsafe))
    #expect(!safe.contains(where: ReportText.isUnsafe))
  }
}
