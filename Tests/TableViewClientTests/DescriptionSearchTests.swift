import Presenters
import Testing

@testable import TableViewClient

/// Searching the descriptions: which rows match, and moving from match to match.
@Suite struct DescriptionSearchTests {
  private let dataSource = TerminalTableDataSource(
    sections: ReportSections(rows: [
      .header(title: "Authorized Transactions"),
      .subheader(title: "Apr 01, 2016", odd: true),
      .detail(description: "Pizza Pizza", amount: "3.00", odd: true),
      .detail(description: "東京ラーメン", amount: "12.50", odd: true),
      .detail(description: "Starbucks", amount: "4.00", odd: true),
      .subfooter(odd: true),
      .footer(total: "19.50", odd: false),
      .header(title: "Posted Transactions"),
      .subheader(title: "May 01, 2016", odd: true),
      .detail(description: "Domino's PIZZA", amount: "9.00", odd: true),
      .subfooter(odd: true),
      .footer(total: "9.00", odd: false),
      .grandFooter(total: "28.50"),
    ]))

  private func search(_ text: String) -> DescriptionSearch {
    DescriptionSearch(text, in: dataSource, layout: TableLayout(dataSource))
  }

  /// Every match's line, as `n` visits them from the top until it goes round.
  private func lines(_ text: String) -> [Int] {
    var found = search(text)
    guard let first = found.selectFirst(atOrAfter: 0) else { return [] }
    var lines = [first]
    while let (line, wrapped) = found.selectNext(), !wrapped { lines.append(line) }
    return lines
  }

  @Test("ASCII letters match in either case; only descriptions are searched")
  func caseInsensitive() {
    #expect(lines("pizza") == [2, 10])
    #expect(lines("PIZZA") == [2, 10])
    #expect(lines("Apr") == [], "a date is not a description")
    #expect(lines("Total") == [])
    #expect(search("zz").count == 2)
  }

  @Test("Other scripts match byte for byte")
  func otherScripts() {
    #expect(lines("東京") == [3])
    #expect(lines("ラーメン") == [3])
    #expect(lines("東京ラーメンX") == [])
  }

  @Test("The first match is the first at or after a line, else the first of all")
  func firstMatch() {
    var found = search("pizza")
    #expect(found.selectFirst(atOrAfter: 0) == 2)
    #expect(found.selectFirst(atOrAfter: 3) == 10)
    #expect(found.selectFirst(atOrAfter: 11) == 2)
    var none = search("nothing")
    #expect(none.selectFirst(atOrAfter: 0) == nil)
    #expect(none.currentLine == nil)
  }

  @Test("Next and previous go round the ends, and say so")
  func nextAndPrevious() {
    var found = search("pizza")
    found.selectFirst(atOrAfter: 0)
    let second = found.selectNext()
    #expect(second?.line == 10 && second?.wrapped == false)
    let round = found.selectNext()
    #expect(round?.line == 2 && round?.wrapped == true)
    let back = found.selectPrevious()
    #expect(back?.line == 10 && back?.wrapped == true)
    #expect(found.current == 1)
  }

  @Test("A line is a match only if its row is one")
  func matchingLines() {
    let found = search("pizza")
    #expect(found.matches(line: 2))
    #expect(found.matches(line: 10))
    #expect(!found.matches(line: 3))
    #expect(!found.matches(line: 0))
  }
}
