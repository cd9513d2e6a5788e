import Entities
import Presenters
import RowStorage
import Testing

/// A search that keeps no list of matches: its count, the next and previous match from any row,
/// across sections and across the store's blocks, and a match's place among all.
@Suite struct RowSearchTests {
  private let sections = Self.sections([
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Pizza Pizza", amount: "3.00", odd: true),
    .detail(description: "Starbucks", amount: "4.00", odd: true),
    .subfooter(odd: true),
    .footer(total: "7.00", odd: false),
    .header(title: "Posted Transactions"),
    .subheader(title: "May 01, 2016", odd: true),
    .detail(description: "Domino's PIZZA", amount: "9.00", odd: true),
    .subfooter(odd: true),
    .footer(total: "9.00", odd: false),
    .grandFooter(total: "16.00"),
  ])

  /// The sections of rows kept in compact rows, as the table view keeps them.
  private static func sections(_ rows: [ReportRow]) -> ReportSections {
    var store = CompactRows()
    for row in rows { store.append(row) }
    return ReportSections(store: store, warnings: [])
  }

  private func at(_ section: Int, _ row: Int) -> ReportIndexPath {
    ReportIndexPath(section: section, row: row)
  }

  /// A group of one date block whose detail rows take a third of a store block each, so that
  /// the report spans many blocks: `LCBO` in those `isMatch` picks (by their place, from 0),
  /// `x` in the others. Detail `n` is row `n + 2` of the section.
  private func manyBlocks(_ count: Int, matching isMatch: (Int) -> Bool) -> [ReportRow] {
    let details = (0..<count).map { index in
      ReportRow.detail(
        description: DescriptionText(
          (isMatch(index) ? "LCBO" : "x") + String(repeating: " ", count: 350_000)),
        amount: "1.00",
        odd: true)
    }
    return [.header(title: "Posted Transactions"), .subheader(title: "Apr 01, 2016", odd: true)] + details
      + [.subfooter(odd: true)]
  }

  @Test func countsAndFindsMatchesInEitherCaseAcrossSections() {
    let search = RowSearch("pizza", in: sections)

    #expect(search.count == 2)
    #expect(search.match(atOrAfter: at(0, 0)) == at(0, 2))
    #expect(search.match(atOrAfter: at(0, 3)) == at(1, 2), "on into the next section")
    #expect(search.match(atOrAfter: at(0, 6)) == at(1, 2), "past a section's last row")
    #expect(search.match(atOrAfter: at(1, 3)) == nil, "no going round")
    #expect(search.match(atOrBefore: at(1, 1)) == at(0, 2))
    #expect(search.match(atOrBefore: at(0, 1)) == nil)
    #expect(search.ordinal(of: at(0, 2)) == 0)
    #expect(search.ordinal(of: at(1, 2)) == 1)
    #expect(search.matches(at(1, 2)) && !search.matches(at(0, 3)))
    #expect(RowSearch("Posted", in: sections).count == 0, "a header is not a description")
  }

  @Test func aSearchOverManyBlocksSkipsThoseWithoutAMatch() {
    // Rows of a third of a block, a match in every seventh: the search reads blocks on from
    // where it is, and skips the blocks it counted none in.
    let sections = Self.sections(
      manyBlocks(40, matching: { $0 % 7 == 3 })
        + [.footer(total: "40.00", odd: false), .grandFooter(total: "40.00")])
    let search = RowSearch("lcbo", in: sections)
    let expected = (0..<40).filter { $0 % 7 == 3 }.map { at(0, $0 + 2) }

    var found: [ReportIndexPath] = []
    var next = search.match(atOrAfter: at(0, 0))
    while let match = next {
      found.append(match)
      next = search.match(atOrAfter: at(0, match.row + 1))
    }
    #expect(search.count == expected.count)
    #expect(found == expected)
    #expect(found.map(search.ordinal(of:)) == Array(0..<expected.count))
    #expect(search.match(atOrBefore: at(0, 43)) == expected.last)

    // Counted later: nothing counted when made, the matches found all the same, and the count
    // grows a block at a time to the same total.
    var later = RowSearch("lcbo", in: sections, counting: .later)
    #expect(later.count == 0 && !later.isCounted && later.countedRows == 0)
    #expect(later.match(atOrAfter: at(0, 0)) == expected.first)
    #expect(later.match(atOrBefore: at(0, 43)) == expected.last)
    #expect(later.ordinal(of: expected[3]) == 3, "read for it, whatever is counted")
    #expect(later.countedOrdinal(of: expected[0]) == nil)
    var counts: [Int] = []
    var countedRows: [Int] = []
    while !later.isCounted {
      later.countMore(rows: 1)  // a block at a time
      counts.append(later.count)
      countedRows.append(later.countedRows)
    }
    #expect(counts.count > 10, "one block a call: \(counts.count)")
    #expect(counts == counts.sorted() && counts.last == expected.count)
    let rowTotal = (0..<sections.numberOfSections).reduce(0) { $0 + sections.numberOfRows(inSection: $1) }
    #expect(countedRows == countedRows.sorted() && countedRows.last == rowTotal)
    #expect(expected.map(later.countedOrdinal(of:)) == Array(0..<expected.count))
  }

  @Test func aRowsPlaceIsCountedOnceTheCountHasReachedIt() {
    let sections = Self.sections(manyBlocks(12, matching: { $0 % 3 == 0 }))
    var search = RowSearch("lcbo", in: sections, counting: .later)
    let fourth = at(0, 11)  // the fourth match, in the fourth block
    var known: [Int?] = []
    while !search.isCounted {
      known.append(search.countedOrdinal(of: fourth))
      if let place = known.last, let place { #expect(search.count > place, "the count includes it") }
      search.countMore(rows: 0)
    }
    #expect(known.prefix(3).allSatisfy { $0 == nil })
    #expect(search.countedOrdinal(of: fourth) == 3)
  }
}
