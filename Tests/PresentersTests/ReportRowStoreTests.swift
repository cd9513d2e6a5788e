import Entities
import Testing

@testable import Presenters

/// The compact rows behind a loaded report: every kind comes back as it was kept, whether a
/// detail's amount came as text or as a number, at every place between two kept offsets.
@Suite struct ReportRowStoreTests {
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

  /// Every detail row whose description holds a needle, block by block, as a search reads them.
  private func detailRows(_ store: ReportRowStore, _ needle: [UInt8]) -> [Int] {
    (0..<store.blockCount).flatMap { store.detailRows(containing: needle, in: store.rows(ofBlock: $0)) }
  }

  private func money(_ minorUnits: Int64) throws -> Money {
    try #require(Money(minorUnits: minorUnits))
  }

  @Test func everyKindOfRowComesBackAsItWasKept() {
    var store = ReportRowStore()
    for row in Self.rows { store.append(row) }

    #expect(store.count == Self.rows.count)
    #expect((0..<store.count).map { store.row(at: $0) } == Self.rows)
    #expect(store.row(at: -1) == nil)
    #expect(store.row(at: Self.rows.count) == nil)
    #expect(store.sectionStarts == [0, 7])
    #expect(store.dateStarts == [1])
  }

  @Test(arguments: [Int64(0), 1, -1, 63, -64, 64, 1_234_567, -1_234_567, Int64.max, Int64.min + 1])
  func aDetailsAmountKeptAsANumberIsFormattedWhenRead(minorUnits: Int64) throws {
    let amount = try money(minorUnits)
    var store = ReportRowStore()
    Array("Tim Hortons".utf8).withUnsafeBufferPointer {
      store.appendDetail(descriptionUTF8: $0, amount: amount, odd: false)
    }

    #expect(
      store.row(at: 0) == .detail(description: "Tim Hortons", amount: ReportText.amount(amount), odd: false))
  }

  @Test func manyRowsOfEveryWayAreRead() throws {
    var store = ReportRowStore()
    var expected: [ReportRow] = []
    for index in 0..<53 {
      let amount = try money(Int64(index) * (index.isMultiple(of: 2) ? 1 : -1))
      let description = String(repeating: "x", count: index)
      if index.isMultiple(of: 3) {
        Array(description.utf8).withUnsafeBufferPointer {
          store.appendDetail(descriptionUTF8: $0, amount: amount, odd: index.isMultiple(of: 2))
        }
      } else {
        store.append(
          .detail(
            description: DescriptionText(description), amount: ReportText.amount(amount),
            odd: index.isMultiple(of: 2)))
      }
      expected.append(
        .detail(
          description: DescriptionText(description), amount: ReportText.amount(amount),
          odd: index.isMultiple(of: 2)))
    }

    #expect((0..<store.count).map { store.row(at: $0) } == expected)
    #expect((0..<store.count).map { store.finished().row(at: $0) } == expected)
  }

  @Test func rowsAcrossBlocksAndOneLargerThanABlockAreReadAndSearched() throws {
    var store = ReportRowStore()
    var expected: [ReportRow] = []
    // Rows of a third of a block: every third starts a new block; one larger than a block has
    // one of its own.
    for index in 0..<32 {
      let size = index == 7 ? ReportRowStore.blockSize + 10 : ReportRowStore.blockSize / 3
      let description = String(repeating: index.isMultiple(of: 5) ? "k" : "x", count: size)
      let amount = try money(Int64(index))
      Array(description.utf8).withUnsafeBufferPointer {
        store.appendDetail(descriptionUTF8: $0, amount: amount, odd: false)
      }
      expected.append(
        .detail(description: DescriptionText(description), amount: ReportText.amount(amount), odd: false))
    }

    #expect((0..<store.count).map { store.row(at: $0) } == expected)
    #expect(detailRows(store, [UInt8(ascii: "k")]) == [0, 5, 10, 15, 20, 25, 30])
    let finished = store.finished()
    #expect((0..<finished.count).map { finished.row(at: $0) } == expected)
    #expect(detailRows(finished, [UInt8(ascii: "k")]) == [0, 5, 10, 15, 20, 25, 30])
    let counts = (0..<finished.blockCount).map {
      finished.detailCount(containing: [UInt8(ascii: "k")], inBlock: $0)
    }
    #expect(counts.reduce(0, +) == 7)
    #expect(finished.blockCount > 8, "rows of a third of a block, and one larger than a block")
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
  private func fill(_ store: inout ReportRowStore, rows: Int) -> [ReportRow] {
    var expected: [ReportRow] = [
      .header(title: "Posted Transactions"), .subheader(title: "Apr 01, 2016", odd: true),
    ]
    store.append(expected[0])
    store.append(expected[1])
    for index in 0..<rows {
      let row = ReportRow.detail(
        description: DescriptionText(
          "\(index) " + String(repeating: "y", count: ReportRowStore.blockSize / 4)),
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
    var store = ReportRowStore(spool: spool)
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
    var store = ReportRowStore(spool: spool)
    let expected = fill(&store, rows: 10)
    let finished = store.finished()

    #expect(spool.blocks.isEmpty)
    #expect((0..<finished.count).map { finished.row(at: $0) } == expected)
  }

  @Test func rowsASpoolCannotGiveBackAreMissingNotWrong() {
    let spool = TestSpool()
    var store = ReportRowStore(spool: spool)
    _ = fill(&store, rows: 10)
    let finished = store.finished()
    spool.loses = true

    #expect(finished.row(at: 0) == nil)
    #expect(detailRows(finished, Array("y".utf8)).isEmpty)
  }

  @Test func storesOfTheSameRowsAreEqualHoweverTheAmountsCame() throws {
    var asText = ReportRowStore()
    var asNumber = ReportRowStore()
    asText.append(.detail(description: "LCBO", amount: "-400.55", odd: true))
    let amount = try money(-40_055)
    Array("LCBO".utf8).withUnsafeBufferPointer {
      asNumber.appendDetail(descriptionUTF8: $0, amount: amount, odd: true)
    }
    var other = ReportRowStore()
    other.append(.detail(description: "LCBO", amount: "-400.56", odd: true))

    #expect(asText == asNumber)
    #expect(asText.hashValue == asNumber.hashValue)
    #expect(asText != other)
  }

  @Test func theSearchReadsDescriptionsOnlyInEitherCase() {
    var store = ReportRowStore()
    for row in Self.rows { store.append(row) }
    store.append(.detail(description: "CAFÉ LUNE", amount: "1.00", odd: false))

    #expect(detailRows(store, ReportRowStore.folded(Array("café".utf8))) == [2])
    #expect(detailRows(store, ReportRowStore.folded(Array("Lune".utf8))) == [2, 8])
    // A header, a date and a message are not searched.
    #expect(detailRows(store, ReportRowStore.folded(Array("Transactions".utf8))) == [])
    #expect(detailRows(store, ReportRowStore.folded(Array("Apr".utf8))) == [])
  }

  @Test("The byte search finds a needle at the start, at the end, and not past the end")
  func byteSearch() {
    func holds(_ text: String, _ needle: String) -> Bool {
      var text = text
      return text.withUTF8 { ReportRowStore.contains($0, Array(needle.utf8)) }
    }
    #expect(holds("abc", "ab"))
    #expect(holds("abc", "bc"))
    #expect(!holds("abc", "bcd"))
    #expect(holds("aab", "ab"), "a partial match does not hide the next")
    #expect(holds("x", ""))
    #expect(!holds("", "x"))
  }
}
