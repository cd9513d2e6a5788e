import Entities
import Presenters
import Testing

@testable import TableViewClient

/// Searching the descriptions: which rows match, and moving from match to match.
@Suite struct DescriptionSearchTests {
  private let dataSource = TerminalTableDataSource(
    ReportTableDataSource(rows: [
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
    var zz = search("zz")
    #expect(zz.count == 0 && zz.isCounting, "counted later, not when made")
    zz.countMore()
    #expect(zz.count == 2 && !zz.isCounting, "a report smaller than a slice: counted in one")
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
    #expect(found.current == nil, "its place is not known before the count reaches it")
    found.countMore()
    #expect(found.current == 1)
  }

  @Test("Over many blocks: the first match before any count, its place once counted, the rest as it goes")
  func countsAsItGoes() {
    // A match in every ninth described row, a thousand rows between two: several slices of counting.
    var rows: [ReportRow] = [
      .header(title: "Posted Transactions"), .subheader(title: "Apr 01, 2016", odd: true),
    ]
    let descriptions = (0..<300).map { $0 % 9 == 4 ? "LCBO #\($0)" : "x\($0)" }
    for description in descriptions {
      rows.append(.detail(description: DescriptionText(description), amount: "1.00", odd: true))
    }
    // Padding rows that make the store hold many blocks, between the described ones.
    var padded: [ReportRow] = Array(rows.prefix(2))
    for row in rows.dropFirst(2) {
      padded.append(row)
      for _ in 0..<1000 {
        padded.append(
          .detail(description: DescriptionText(String(repeating: "-", count: 60)), amount: "0.00", odd: true))
      }
    }
    padded += [.subfooter(odd: true), .footer(total: "300.00", odd: false), .grandFooter(total: "300.00")]
    let dataSource = TerminalTableDataSource(rows: (padded))
    let layout = TableLayout(dataSource)
    var found = DescriptionSearch("lcbo", in: dataSource, layout: layout)
    let matchLines = padded.indices.filter {
      if case .detail(let description, _, _) = padded[$0] {
        description.description.hasPrefix("LCBO")
      } else {
        false
      }
    }

    // From the middle: the next match after it, found before anything is counted.
    let middle = matchLines[matchLines.count / 2] - 1
    #expect(found.selectFirst(atOrAfter: middle) == matchLines[matchLines.count / 2])
    #expect(found.count == 0 && found.current == nil && found.percentCounted == 0)
    var percents: [Int] = []
    while found.isCounting {
      found.countMore()
      percents.append(found.percentCounted)
      if found.isCounting { #expect(found.count < matchLines.count) }
    }
    #expect(percents.count > 3, "several slices")
    #expect(percents == percents.sorted() && percents.last == 100)
    #expect(found.count == matchLines.count)
    #expect(found.current == matchLines.count / 2)
    // Past the last match: round to the first, the text read backwards first.
    var round = DescriptionSearch("lcbo", in: dataSource, layout: layout)
    #expect(round.selectFirst(atOrAfter: (matchLines.last ?? 0) + 1) == matchLines.first)
    var none = DescriptionSearch("nowhere", in: dataSource, layout: layout)
    #expect(none.selectFirst(atOrAfter: middle) == nil)
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
