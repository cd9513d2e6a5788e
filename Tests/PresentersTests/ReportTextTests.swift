import Entities
import Presenters
import TestSupport
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
      EnglishReportWording().date(try CalendarDate(year: 2016, month: month, day: 15))
        == "\(abbreviation) 15, 2016")
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
    #expect(EnglishReportWording().date(try CalendarDate(year: year, month: month, day: day)) == text)
  }

  @Test("Every year from 1 to 9999, and every day of a leap year, is written as yyyy-MM-dd")
  func everyYearAndDayAsISO8601() throws {
    func written(_ year: Int, _ month: Int, _ day: Int) -> String {
      func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: width - digits.count) + digits
      }
      return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }
    var wrong: [String] = []
    for year in 1...9999 {
      let text = ReportText.isoDate(try CalendarDate(year: year, month: 12, day: 31))
      if text != written(year, 12, 31) { wrong.append(text) }
    }
    for month in 1...12 {
      for day in 1...CalendarDate.daysIn(month: month, year: 2024) {
        let text = ReportText.isoDate(try CalendarDate(year: 2024, month: month, day: day))
        if text != written(2024, month, day) { wrong.append(text) }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test("Every year from 1 to 9999, and every day of a leap year, is written as MMM dd, yyyy")
  func everyYearAndDay() throws {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func written(_ year: Int, _ month: Int, _ day: Int) -> String {
      let (dayDigits, yearDigits) = (String(day), String(year))
      return months[month - 1] + " " + String(repeating: "0", count: 2 - dayDigits.count) + dayDigits + ", "
        + String(repeating: "0", count: 4 - yearDigits.count) + yearDigits
    }
    var wrong: [String] = []
    for year in 1...9999 {
      let text = EnglishReportWording().date(try CalendarDate(year: year, month: 7, day: 4))
      if text != written(year, 7, 4) { wrong.append(text) }
    }
    for month in 1...12 {
      for day in 1...CalendarDate.daysIn(month: month, year: 2024) {
        let text = EnglishReportWording().date(try CalendarDate(year: 2024, month: month, day: day))
        if text != written(2024, month, day) { wrong.append(text) }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
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
    #expect(AmountStyle.plain.text(try #require(Money(minorUnits: cents))) == text)
  }

  @Test(
    "Every amount from -200.00 to 200.00, and each side of every power of ten, as its whole units and two digits"
  )
  func amountsAtEveryLength() throws {
    func written(_ cents: Int64) -> String {
      let fraction = String(cents.magnitude % 100)
      return (cents < 0 ? "-" : "") + String(cents.magnitude / 100) + "."
        + String(repeating: "0", count: 2 - fraction.count) + fraction
    }
    var amounts = Array(-20_000...20_000).map(Int64.init)
    var power: Int64 = 1
    for _ in 0...18 {
      amounts += [power - 1, power, power &+ 1, -(power - 1), -power, -(power &+ 1)].filter {
        $0 != Int64.min
      }
      power = power.multipliedReportingOverflow(by: 10).overflow ? Int64.max : power * 10
    }
    var wrong: [String] = []
    for cents in amounts {
      let text = AmountStyle.plain.text(try #require(Money(minorUnits: cents)))
      if text != written(cents) { wrong.append(text) }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test("Zero negated still prints 0.00")
  func negativeZero() {
    #expect(AmountStyle.plain.text(Money.zero.negated) == "0.00")
  }

  @Test(
    "Messages have their exact texts",
    arguments: [
      (
        EnglishReportWording().unavailableMessage(for: .group(.authorized)),
        "Authorized Transactions are not currently available."
      ),
      (
        EnglishReportWording().unavailableMessage(for: .group(.posted)),
        "Posted Transactions are not currently available."
      ),
      (
        EnglishReportWording().unavailableMessage(for: .allTransactions),
        "Transactions are not currently available."
      ),
      (
        EnglishReportWording().noTransactionsMessage(for: .authorized),
        "There are no Authorized Transactions in this period"
      ),
      (
        EnglishReportWording().noTransactionsMessage(for: .posted),
        "There are no Posted Transactions in this period"
      ),
      (EnglishReportWording().title(of: .allTransactions), "All"),
      (EnglishReportWording().title(of: .group(.posted)), "Posted Transactions"),
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
          problem: .source(
            AnySourceProblem(StatedProblem("not a real calendar date", hint: "2016-02 has 29 days"))),
          value: "2016-02-30"),
        #"authorized.json:12:15: error: date: not a real calendar date (got "2016-02-30"); hint: 2016-02 has 29 days"#
      ),
      (
        RecordIssue(
          source: "demo data", position: nil, field: .debit,
          problem: .source(AnySourceProblem(StatedProblem("not a debit or credit code"))), value: "X"),
        #"demo data: error: debit: not a debit or credit code (got "X")"#
      ),
      (
        RecordIssue(
          source: "a.csv", position: TextPosition(line: 1, column: 1), field: nil,
          problem: .source(
            AnySourceProblem(
              StatedProblem(
                "the header has no column amount",
                hint: "the header has \(quoted: "a\"m\u{1B}t"): did you mean \"amount\"?"))),
          value: "a\"m\u{1B}t"),
        #"a.csv:1:1: error: the header has no column amount (got "a\"m\u{1B}t"); hint: the header has "a\"m\u{1B}t": did you mean "amount"?"#
      ),
      (
        RecordIssue(source: "all.json", position: nil, field: nil, problem: .sourceChanged),
        "all.json: error: the source changed while the report was being made; hint: run the report again once"
          + " nothing is writing to the source"
      ),
      (
        RecordIssue(
          source: "a.json", position: nil, field: nil,
          problem: .sourcesSwapped(authorized: "a.json", posted: "p.json")),
        "a.json: error: every record of 'a.json' is Posted and every record of 'p.json' is Authorized;"
          + " hint: were --authorized and --posted swapped?"
      ),
    ])
  func issueLines(issue: RecordIssue, line: String) {
    #expect(EnglishReportWording().issueLine(issue) == line)
  }

  @Test(
    "A source's words show the parts from the input escaped, in quotes where it says, and its own as they are"
  )
  func sourceWords() {
    let words: SourceWords =
      "cannot read '\(shown: "a\\b\u{7}.json")': \(words: "No such file") (\(3) tries) \(quoted: "x\"y")"

    #expect(ReportText.text(of: words) == #"cannot read 'a\\b\u{7}.json': No such file (3 tries) "x\"y""#)
    #expect(words.description == #"cannot read 'a\b\#u{7}.json': No such file (3 tries) "x"y""#)
  }

  @Test("An overflowing total shows the amount it overflows at as the value found")
  func overflowLine() throws {
    let issue = RecordIssue(
      source: "p.json", position: TextPosition(line: 4, column: 60), field: .amount,
      problem: .totalOverflow(.group(.posted), amount: try .fixture("0.5")))
    #expect(
      EnglishReportWording().issueLine(issue)
        == #"p.json:4:60: error: amount: the Posted total would overflow (it cannot go beyond 92233720368547758.07 either way) (got "0.50"); hint: from this record on the total stays too large to show; check the amounts"#
    )
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
      source: "a.json", position: nil, field: .description, problem: .fake(.wrongType),
      value: value)
    #expect(
      EnglishReportWording().issueLine(issue)
        == "a.json: error: description: expected a string (got \"\(shown)\")")
  }

  @Test(
    "A source name and a system's reason have their controls escaped, quotes kept, since they are not quoted")
  func escapedSource() {
    let issue = RecordIssue(
      source: "we\"ird\u{1B}.json", position: nil, field: nil, problem: .fake(.unreadable(reason: "bad\u{7}"))
    )
    #expect(
      EnglishReportWording().issueLine(issue)
        == #"we"ird\u{1B}.json: error: cannot read the rest of the file: bad\u{7}"#)
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
    #expect(unsafe.allSatisfy(ReportText.mustBeEscaped))
    #expect(!safe.contains(where: ReportText.mustBeEscaped))
  }

  @Test("A text needs escapes exactly when visible(_:quoting:) would change it")
  func needsEscapesAgreesWithVisible() {
    let texts = [
      "Starbucks", "Café Lune, Montréal", "東京ラーメン", "\u{A0}£°", #"The "Rex""#, #"back\slash"#, "tab\there",
      "\u{1B}[31m", "\u{85}", "\u{9F}", "\u{202E}gnp.exe", "\u{2028}", "\u{2066}", "\u{061C}", "\u{7F}", "",
      "\u{2030}\u{2000}", "🌮",
    ]
    for text in texts {
      for quoting in [false, true] {
        #expect(
          ReportText.needsEscapes(text, quoting: quoting)
            == (ReportText.visible(text, quoting: quoting) != text),
          "\(text.debugDescription), quoting: \(quoting)")
      }
    }
    #expect(!ReportText.needsEscapes(#"The "Rex""#))
    #expect(ReportText.needsEscapes(#"The "Rex""#, quoting: true))
  }

  @Test("An escape is never ambiguous: a backslash of the text itself is shown doubled")
  func backslashesAreDoubled() {
    #expect(ReportText.visible("\u{1B}[31m") == "\\u{1B}[31m")
    #expect(ReportText.visible("\u{1B}") == "\\u{1B}")
    #expect(ReportText.visible("C:\\path") == "C:\\\\path")
    #expect(ReportText.visible("plain") == "plain")
  }

  @Test(
    "Invisible characters that can hide text are shown as escapes (tags too); joiners and selectors stay",
    arguments: [
      ("a\u{200B}b", "a\\u{200B}b"), ("a\u{2060}b", "a\\u{2060}b"), ("\u{FEFF}x", "\\u{FEFF}x"),
      ("a\u{E0041}\u{E007F}b", "a\\u{E0041}\\u{E007F}b"), ("\u{E0000}\u{E0020}", "\\u{E0000}\\u{E0020}"),
      ("x\u{FFF9}y\u{FFFA}z\u{FFFB}", "x\\u{FFF9}y\\u{FFFA}z\\u{FFFB}"),
      ("soft\u{AD}hyphen", "soft\\u{AD}hyphen"), ("\u{3164}", "\\u{3164}"),
      ("\u{115F}\u{1160}", "\\u{115F}\\u{1160}"),
      ("\u{FFA0}", "\\u{FFA0}"), ("\u{180E}", "\\u{180E}"),
      ("👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"), ("❤\u{FE0F}", "❤\u{FE0F}"), ("東京", "東京"),
      ("ｆｕｌｌ", "ｆｕｌｌ"),
    ])
  func invisibleCharacters(text: String, shown: String) {
    #expect(ReportText.visible(text) == shown)
  }

  @Test("A long bad value is shown by its first 64 characters and its length")
  func longValues() {
    let digits = String(repeating: "1", count: 1_000_004)
    let issue = RecordIssue(
      source: "a.json", position: TextPosition(line: 2, column: 3), field: .amount,
      problem: .fake(.notADebitCreditCode), value: digits)
    let line = EnglishReportWording().issueLine(issue)
    #expect(line.count < 300)
    #expect(line.contains("(got \"" + String(repeating: "1", count: 64) + "…\", 1000004 characters)"))
  }
}
