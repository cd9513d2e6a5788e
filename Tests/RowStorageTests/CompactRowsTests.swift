import Entities
import Presenters
import Testing

@testable import RowStorage

/// The compact rows behind a loaded report: every kind comes back as it was kept, at every
/// place between two kept offsets, its description a slice of its block.
@Suite struct CompactRowsTests {
  private static let rows: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Café Lune", amount: "-15.34", odd: true),
    .detail(description: DescriptionText(String(repeating: "é", count: 100)), amount: "3.11", odd: true),
    .subfooter(odd: true),
    .footer(total: "1,338.97", odd: false),
    .message("There are no Posted Transactions in this period"),
    .grandFooter(total: "1,338.97"),
  ]

  /// Every detail row whose description holds a needle, chunk by chunk, as a search reads them.
  private func detailRows(_ store: CompactRows, _ needle: [UInt8]) -> [Int] {
    var (found, start) = ([Int](), 0)
    while start < store.count {
      let chunk = store.chunk(containing: start)
      store.forEachDetail(in: chunk) { row, description in
        if RowSearch.contains(description, needle) { found.append(row) }
      }
      start = chunk.upperBound
    }
    return found
  }

  /// How many chunks a search reads.
  private func chunkCount(_ store: CompactRows) -> Int {
    var (count, start) = (0, 0)
    while start < store.count {
      start = store.chunk(containing: start).upperBound
      count += 1
    }
    return count
  }

  @Test func everyKindOfRowComesBackAsItWasKept() {
    var store = CompactRows()
    for row in Self.rows { store.append(row) }

    #expect(store.count == Self.rows.count)
    #expect((0..<store.count).map { store.row(at: $0) } == Self.rows)
    #expect(store.row(at: -1) == nil)
    #expect(store.row(at: Self.rows.count) == nil)
    #expect(store.sectionStarts == [0, 7])
    #expect(store.dateStarts == [1])
  }

  @Test func rowsOfFewValuesAreKeptOnceAndComeBackEqual() {
    var store = CompactRows()
    let rows: [ReportRow] = (0..<1_000).flatMap { index -> [ReportRow] in
      [
        .subheader(title: "Apr 01, 2016", odd: index % 2 == 0),
        .detail(description: "Starbucks", amount: "3.11", odd: index % 2 == 0),
        .subfooter(odd: index % 2 == 0),
      ]
    }
    for row in rows { store.append(row) }

    #expect((0..<store.count).map { store.row(at: $0) } == rows)
    // A subfooter is one byte of kind and one of its place among the distinct rows.
    #expect(store.dateStarts == Array(stride(from: 0, to: 3_000, by: 3)))
  }

  @Test func aDescriptionReadBackIsASliceOfItsBlock() throws {
    var store = CompactRows()
    store.append(.detail(description: "Café Lune", amount: "-15.34", odd: true))
    guard case .detail(let description, let amount, _)? = store.finished().row(at: 0) else {
      Issue.record("not a detail row")
      return
    }
    #expect(description.isShared && description == "Café Lune")
    #expect(amount == "-15.34")
  }

  @Test func manyRowsOfEveryLengthAreRead() throws {
    var store = CompactRows()
    var expected: [ReportRow] = []
    for index in 0..<300 {
      let row = ReportRow.detail(
        description: DescriptionText(String(repeating: "x", count: index)), amount: "\(index).00",
        odd: index.isMultiple(of: 2))
      store.append(row)
      expected.append(row)
    }

    #expect((0..<store.count).map { store.row(at: $0) } == expected)
    #expect((0..<store.count).map { store.finished().row(at: $0) } == expected)
  }

  @Test func rowsAcrossBlocksAndOneLargerThanABlockAreReadAndSearched() throws {
    var store = CompactRows()
    var expected: [ReportRow] = []
    // Rows of a third of a block: every third starts a new block; one larger than a block has
    // one of its own.
    for index in 0..<32 {
      let size = index == 7 ? CompactRows.blockSize + 10 : CompactRows.blockSize / 3
      let description = String(repeating: index.isMultiple(of: 5) ? "k" : "x", count: size)
      let row = ReportRow.detail(description: DescriptionText(description), amount: "\(index).00", odd: false)
      store.append(row)
      expected.append(row)
    }

    #expect((0..<store.count).map { store.row(at: $0) } == expected)
    #expect(detailRows(store, [UInt8(ascii: "k")]) == [0, 5, 10, 15, 20, 25, 30])
    let finished = store.finished()
    #expect((0..<finished.count).map { finished.row(at: $0) } == expected)
    #expect(detailRows(finished, [UInt8(ascii: "k")]) == [0, 5, 10, 15, 20, 25, 30])
    #expect(chunkCount(finished) > 8, "rows of a third of a block, and one larger than a block")
  }

  /// A spool in memory, that can be told to refuse blocks or to lose them.
  private final class TestSpool: ReportRowSpool, @unchecked Sendable {
    var blocks: [[UInt8]] = []
    var refuses = false
    var loses = false
    var removals = 0
    func keep(_ block: [UInt8]) -> Bool {
      guard !refuses else { return false }
      blocks.append(block)
      return true
    }
    func block(_ index: Int) -> [UInt8]? { loses ? nil : blocks[index] }
    func removeAll() {
      blocks = []
      removals += 1
    }
  }

  /// Rows of a quarter of a block each, then a date block, so that a spool gets several blocks.
  private func fill(_ store: inout CompactRows, rows: Int) -> [ReportRow] {
    var expected: [ReportRow] = [
      .header(title: "Posted Transactions"), .subheader(title: "Apr 01, 2016", odd: true),
    ]
    store.append(expected[0])
    store.append(expected[1])
    for index in 0..<rows {
      let row = ReportRow.detail(
        description: DescriptionText(
          "\(index) " + String(repeating: "y", count: CompactRows.blockSize / 4)),
        amount: "1.00",
        odd: true)
      store.append(row)
      expected.append(row)
    }
    expected += [
      .subfooter(odd: true), .footer(total: "\(rows).00", odd: false), .grandFooter(total: "\(rows).00"),
    ]
    for row in expected.suffix(3) { store.append(row) }
    return expected
  }

  @Test func fullBlocksGoToTheSpoolAndAreReadBackFromIt() {
    let spool = TestSpool()
    var store = CompactRows(spool: spool)
    let expected = fill(&store, rows: 10)
    let finished = store.finished()

    #expect(spool.removals == 1, "a new store starts the spool afresh")
    #expect(spool.blocks.count >= 3)
    #expect((0..<finished.count).map { finished.row(at: $0) } == expected)
    #expect(detailRows(finished, Array("7 y".utf8)) == [9])
    #expect(finished.sectionStarts == [0, expected.count - 1])
    #expect(finished.dateStarts == [1])
  }

  @Test func aSpoolThatRefusesLeavesTheRowsInMemory() {
    let spool = TestSpool()
    spool.refuses = true
    var store = CompactRows(spool: spool)
    let expected = fill(&store, rows: 10)
    let finished = store.finished()

    #expect(spool.blocks.isEmpty)
    #expect((0..<finished.count).map { finished.row(at: $0) } == expected)
  }

  @Test func rowsASpoolCannotGiveBackAreMissingNotWrong() {
    let spool = TestSpool()
    var store = CompactRows(spool: spool)
    _ = fill(&store, rows: 10)
    let finished = store.finished()
    spool.loses = true

    #expect(finished.row(at: 0) == nil)
    #expect(detailRows(finished, Array("y".utf8)).isEmpty)
  }

  @Test func theSearchReadsDescriptionsOnlyInEitherCase() {
    var store = CompactRows()
    for row in Self.rows { store.append(row) }
    store.append(.detail(description: "CAFÉ LUNE", amount: "1.00", odd: false))

    #expect(detailRows(store, RowSearch.folded(Array("café".utf8))) == [2])
    #expect(detailRows(store, RowSearch.folded(Array("Lune".utf8))) == [2, 8])
    // A header, a date and a message are not searched.
    #expect(detailRows(store, RowSearch.folded(Array("Transactions".utf8))) == [])
    #expect(detailRows(store, RowSearch.folded(Array("Apr".utf8))) == [])
  }

  @Test("The byte search finds a needle at the start, at the end, and not past the end")
  func byteSearch() {
    func holds(_ text: String, _ needle: String) -> Bool {
      var text = text
      return text.withUTF8 { RowSearch.contains($0, Array(needle.utf8)) }
    }
    #expect(holds("abc", "ab"))
    #expect(holds("abc", "bc"))
    #expect(!holds("abc", "bcd"))
    #expect(holds("aab", "ab"), "a partial match does not hide the next")
    #expect(holds("x", ""))
    #expect(!holds("", "x"))
  }
}
