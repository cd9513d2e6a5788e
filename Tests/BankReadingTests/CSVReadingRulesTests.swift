import BankFormats
import BankReading
import Entities
import Testing
import UseCases

/// The rules that read a bank's rows: each proves its answer from the file, with evidence, or
/// asks. Values in, decisions out: no bytes, no decoder.
@Suite struct CSVReadingRulesTests {
  /// Fields of one column, one a row, from line 2.
  private func fields(_ texts: [String]) -> [CSVSample.Field] {
    texts.enumerated().map { CSVSample.Field(text: $1, position: TextPosition(line: $0 + 2, column: 1)) }
  }

  // MARK: Dates

  @Test(
    "Dates that fit two layouts are asked: slashes, dots, dashes with two-digit years, a year first",
    arguments: [
      (["03/04/2024", "05/06/2024"], ["MM/DD/YYYY", "DD/MM/YYYY"]),
      (["03.04.2024", "05.06.2024"], ["DD.MM.YYYY", "MM.DD.YYYY"]),
      (["03-04-24", "03-07-24", "03-11-24"], ["DD-MM-YY", "MM-DD-YY", "YY-MM-DD"]),
      (["24-03-15", "24-03-16"], ["DD-MM-YY", "YY-MM-DD"]),
    ])
  func datesAsked(dates: [String], layouts: [String]) {
    let decided = CSVReading.dateLayout(of: fields(dates))

    guard case .failure(let question) = decided, case .datesFitLayouts(let fitting) = question.kind else {
      Issue.record("not asked: \(decided)")
      return
    }
    #expect(Set(fitting.map(\.pattern)) == Set(layouts))
    #expect(question.position == TextPosition(line: 2, column: 1))
  }

  @Test("A date that fits one layout decides, and the evidence names the date that rules the other out")
  func datesProved() throws {
    let decided = try CSVReading.dateLayout(of: fields(["03/04/2024", "13/04/2024"])).get()

    #expect(decided.value == .dayMonthYear)
    #expect(
      decided.evidence
        == Evidence(.values, "every date read fits it; \"13/04/2024\" at 3:1 is not MM/DD/YYYY"))
  }

  @Test(
    "Dates that read the same day in every layout they fit ask nothing when they are the whole file, else ask"
  )
  func sameDay() throws {
    let whole = try CSVReading.dateLayout(of: fields(["04.04.2024", "12.12.2024"]), wholeFile: true).get()
    let part = CSVReading.dateLayout(of: fields(["04.04.2024", "12.12.2024"]), wholeFile: false)
    let differ = CSVReading.dateLayout(of: fields(["04.04.2024", "03.04.2024"]), wholeFile: true)

    #expect(whole.value == .dayMonthYearDots)
    #expect(whole.evidence.words.contains("nothing turns on which"))
    #expect(part.failure != nil)
    #expect(differ.failure != nil)
  }

  // MARK: Decimal marks

  @Test("The decimal mark is proved by cents after it; both marks are asked; no cents at all ask nothing")
  func decimalMarks() throws {
    let comma = try CSVReading.decimalMark(of: fields(["-12,50", "1.234"])).get()
    let point = try CSVReading.decimalMark(of: fields(["12.5", "1,234"])).get()
    let neither = try CSVReading.decimalMark(of: fields(["12", "-400"])).get()
    let both = CSVReading.decimalMark(of: fields(["12,34", "-1.00"]))

    #expect(comma.value == .comma)
    #expect(comma.evidence.words.hasPrefix("\"-12,50\" at 2:1 has cents after a comma"))
    #expect(point.value == .point)
    #expect(neither.value == .point)
    #expect(neither.evidence.words.hasPrefix("no amount read has cents"))
    #expect(both.failure?.kind == .decimalMarksDisagree(comma: "12,34", point: "-1.00"))
    #expect(both.failure?.position == TextPosition(line: 3, column: 1))
  }

  @Test(
    "An amount has cents after a mark when one or two digits follow its last mark, whatever else it writes")
  func centsAfterTheLastMark() {
    // Every text of up to six of these characters, alone in its column.
    let characters: [Character] = ["1", ",", ".", "-", " ", "€"]
    var texts = [""]
    var all: [String] = []
    for _ in 1...6 {
      texts = texts.flatMap { text in characters.map { text + String($0) } }
      all += texts
    }
    for text in all {
      // The digits and marks alone, as the rule reads them.
      let core = text.filter { $0 == "1" || $0 == "," || $0 == "." }
      let fraction = core.lastIndex { $0 == "," || $0 == "." }.map {
        core.distance(from: $0, to: core.endIndex) - 1
      }
      let expected: DecimalMark? =
        fraction == 1 || fraction == 2 ? (core.last { $0 == "," || $0 == "." } == "," ? .comma : .point) : nil
      let decided = try? CSVReading.decimalMark(of: fields([text])).get()
      if expected == nil {
        #expect(
          decided?.evidence.words.hasPrefix("no amount read has cents") == true, "\(text.debugDescription)")
      } else {
        #expect(decided?.value == expected, "\(text.debugDescription)")
        #expect(decided?.evidence.words.hasPrefix("no amount") == false, "\(text.debugDescription)")
      }
    }
    // The first of each mark is the one a question names, however many follow.
    let both = CSVReading.decimalMark(of: fields(["1,00", "2,00", "3.00", "4.00", "5,00"]))
    #expect(both.failure?.kind == .decimalMarksDisagree(comma: "1,00", point: "3.00"))
    #expect(both.failure?.position == TextPosition(line: 4, column: 1))
  }

  // MARK: A file without a header

  @Test("The places a hint proposes are distinct, and a running balance is never proposed as the amount")
  func placesOfRecord() {
    let first = ["08/30/2024", "-42.10", "1000.00", "TRADER JOE'S"]
    let sample = CSVSample(rows: [
      ["08/31/2024", "-7.90", "992.10", "COFFEE"].enumerated().map {
        CSVSample.Field(text: $1, position: TextPosition(line: 2, column: $0 + 1))
      },
      ["09/01/2024", "100.00", "1092.10", "REFUND"].enumerated().map {
        CSVSample.Field(text: $1, position: TextPosition(line: 3, column: $0 + 1))
      },
    ])

    let places = CSVReading.placesOfRecord(first, sample: sample)
    let alone = CSVReading.placesOfRecord(first, sample: CSVSample())

    #expect(places?.date == 1)
    #expect(places?.amount == 2)
    #expect(places?.description == 4)
    // With one line, nothing tells the amount from the balance: no amount is proposed.
    #expect(alone?.amount == nil)
    #expect(alone?.description == 4)
  }
}
