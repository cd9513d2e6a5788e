import Entities
import Synchronization
import TestSupport
import Testing
import TransactionStorage
import UseCases

/// A stream that can lend descriptions as bytes (``RecordLending``, decision 0043) is asked for
/// them by every reading as it opens its source, and the report is the one made with descriptions
/// as strings.
@Suite struct DescriptionBytesTests {
  /// Transactions in report order for a while, then out of it: descriptions of many lengths,
  /// in several scripts, and empty ones.
  private static func transactions(inOrder: Int, rest: Int) throws -> [Transaction] {
    var transactions: [Transaction] = []
    for number in 0..<inOrder {
      transactions.append(
        try .fixture(date: "2016-04-0\(1 + number * 9 / inOrder)", description: "Start \(number)"))
    }
    let words = ["", "Café Lune, Montréal", "東京ラーメン", "Tim Hortons #", String(repeating: "é", count: 300)]
    for number in 0..<rest {
      transactions.append(
        try .fixture(
          date: "2016-04-0\(9 - number * 7 % 9)", description: words[number % words.count] + "\(number % 7)"))
    }
    return transactions
  }

  /// The rows a one-source report shows, read from `source`: in one reading as a draft when
  /// `draft` says so, else surveyed first and read again.
  private static func rows(from source: ReportSource, draft: Bool = true) async -> [UseCaseOutputSpy.Call] {
    let output = UseCaseOutputSpy(acceptsDraft: draft)
    await OneSourceReportUseCase(source: source, output: output)
      .reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
    return output.keptCalls
  }

  @Test("A draft that holds reads every description as bytes, and shows the same report as with strings")
  func heldFromBytes() async throws {
    let transactions = try Self.transactions(inOrder: 500, rest: 5_000)
    let expected = await Self.rows(from: .plain(FakeTransactionSource(transactions: transactions)))
    let source = CountingLendingSource(transactions, runLength: 64)
    let shown = await Self.rows(from: .lending(source))
    #expect(shown.count == expected.count)
    let misplaced = zip(shown, expected).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(misplaced == nil, "call \(misplaced?.offset ?? 0) is \(String(describing: misplaced?.element.0))")
    #expect(expected.contains { if case .detail("Café Lune, Montréal3", _) = $0 { true } else { false } })
    // Asked as the draft opened the source, and as the records before the first one out of
    // order are read again, to be held too: lent again, in whole runs of 64 (512 records).
    #expect(source.counts.withLock { $0.asked } == 2)
    #expect(source.counts.withLock { $0.lent } == 5_500 + 512)
  }

  @Test("Records in report order: a draft reads every description as bytes, and shows them as strings would")
  func inOrderFromBytes() async throws {
    let transactions = try Self.transactions(inOrder: 2_000, rest: 0)
    let source = CountingLendingSource(transactions, runLength: 64)
    let shown = await Self.rows(from: .lending(source))
    #expect(shown.count > 2_000)
    #expect(shown == (await Self.rows(from: .plain(FakeTransactionSource(transactions: transactions)))))
    #expect(source.counts.withLock { $0.asked } == 1)
    #expect(source.counts.withLock { $0.lent } == 2_000)
  }

  @Test("Surveyed, then read again: both readings take every description as bytes, and show strings' report")
  func twoReadingsFromBytes() async throws {
    for (inOrder, rest) in [(2_000, 0), (300, 3_000)] {
      let transactions = try Self.transactions(inOrder: inOrder, rest: rest)
      let source = CountingLendingSource(transactions, runLength: 64)
      let shown = await Self.rows(from: .lending(source), draft: false)
      let expected = await Self.rows(
        from: .plain(FakeTransactionSource(transactions: transactions)), draft: false)
      #expect(shown.count > transactions.count)
      #expect(shown == expected)
      #expect(expected.contains { if case .detail("Start 1", _) = $0 { true } else { false } })
      // The survey, then the reading that shows (held runs or a second reading in order).
      #expect(source.counts.withLock { $0.asked } == 2)
      #expect(source.counts.withLock { $0.lent } == 2 * transactions.count)
    }
  }

  @Test(
    "A first reading whose first runs came as strings, then as bytes: the same report, the second reading agrees"
  )
  func stringsThenBytes() async throws {
    for (inOrder, rest) in [(2_000, 0), (300, 3_000)] {
      let transactions = try Self.transactions(inOrder: inOrder, rest: rest)
      let expected = await Self.rows(
        from: .plain(FakeTransactionSource(transactions: transactions)), draft: false)
      #expect(expected.contains { if case .detail("Start 1", _) = $0 { true } else { false } })
      for draft in [false, true] {
        // The first stream gives its first five runs of 64 as strings, as one read ahead.
        let source = CountingLendingSource(transactions, runLength: 64, runsReadAhead: 5)
        let shown = await Self.rows(from: .lending(source), draft: draft)
        #expect(shown == expected, "draft: \(draft), \(inOrder) in order")
        // A whole report: had the digests of strings and of bytes differed, the second reading
        // would have ended it with the issue of a source that changed.
        #expect(shown.last == .reportEnd)
        #expect(
          source.counts.withLock { $0.lent } < source.counts.withLock { $0.opened } * transactions.count)
      }
    }
  }
}

/// A source whose streams lend descriptions as bytes once asked, from the next run on, as the
/// package's file streams do; it counts how often it was asked and how many it lent. Its first
/// stream may keep strings for a few runs after it was asked, as a stream that read them ahead.
private final class CountingLendingSource: LendingSource {
  struct Counts {
    var asked = 0
    var lent = 0
    var opened = 0
  }

  let name = "lending.json"
  let counts = Mutex(Counts())
  private let records: [SourceRecord]
  private let runLength: Int
  /// How many runs the first stream gives as strings before it lends bytes.
  private let runsReadAhead: Int

  init(_ transactions: [Transaction], runLength: Int, runsReadAhead: Int = 0) {
    records = transactions.map { .transaction($0, nil) }
    (self.runLength, self.runsReadAhead) = (runLength, runsReadAhead)
  }

  func open() async -> SourceOpening { await openLending().opening }

  func openLending() async -> ReadingOpening { .available(Stream(source: self)) }

  /// The records of a `FakeTransactionStream`, lent a run at a time.
  final class Stream: RecordLending {
    private let source: CountingLendingSource
    private var records: FakeTransactionStream
    private var lendsBytes = false
    /// Runs still to give as strings, asked or not.
    private var runsAsStrings: Int

    init(source: CountingLendingSource) {
      self.source = source
      records = FakeTransactionStream(records: source.records)
      let isFirst = source.counts.withLock { counts in
        counts.opened += 1
        return counts.opened == 1
      }
      runsAsStrings = isFirst ? source.runsReadAhead : 0
    }

    func next() -> SourceRecord? {
      records.next()
    }

    func lendDescriptionsAsBytes() {
      source.counts.withLock { $0.asked += 1 }
      lendsBytes = true
    }

    func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool {
      lend(upTo: source.runLength, body)
    }

    /// Lends up to `count` records as a batch read ahead does: the descriptions' bytes one after
    /// the other in one block, valid until the call returns; now and then a byte between two
    /// of them, so that a description does not lie right after the one before.
    private func lend(upTo count: Int, _ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void)
      -> Bool
    {
      var given: [(record: SourceRecord, bytes: Range<Int>?)] = []
      var block: [UInt8] = []
      let lends = lendsBytes && runsAsStrings == 0
      runsAsStrings = max(0, runsAsStrings - 1)
      while given.count < count, let record = records.next() {
        guard lends, case .transaction(var transaction, let origin) = record else {
          given.append((record, nil))
          continue
        }
        let start = block.count
        block += transaction.description.utf8
        transaction.description = ""
        source.counts.withLock { $0.lent += 1 }
        given.append((.transaction(transaction, origin), start..<block.count))
        if given.count % 3 == 0 { block.append(UInt8(ascii: "|")) }
      }
      block.withUnsafeBufferPointer { whole in
        for (record, bytes) in given { body(record, bytes.map { UnsafeBufferPointer(rebasing: whole[$0]) }) }
      }
      return !given.isEmpty
    }
  }
}
