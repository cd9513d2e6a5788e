import Entities
import TestSupport
import Testing
import TransactionStorage
import UseCases

/// A report for an output that takes a draft (decision 0030): each source is read once when it
/// can be, and what the output keeps in the end is exactly what an output that takes no draft
/// is shown.
@Suite struct DraftTests {
  /// The records of a small one-source report, in report order.
  private func sortedRecords() throws -> [SourceRecord] {
    try [
      .fixture(group: .authorized, date: "2016-04-01", description: "Coffee", amount: "3.11"),
      .fixture(group: .authorized, date: "2016-04-01", description: "Tea", amount: "1.50"),
      .fixture(group: .authorized, date: "2016-04-02", description: "Books", amount: "20.00"),
      .fixture(group: .posted, date: "2016-04-01", description: "Refund", amount: "5.00", debit: .credit),
    ].map { .transaction($0, nil) }
  }

  /// The calls made for `records` as one source, to an output that takes a draft and to one
  /// that does not, with how often each run opened its source.
  private func oneSource(
    _ records: [SourceRecord]
  ) async -> (draft: UseCaseOutputSpy, plain: UseCaseOutputSpy, draftOpens: Int, plainOpens: Int) {
    let (draft, plain) = (UseCaseOutputSpy(acceptsDraft: true), UseCaseOutputSpy())
    let (draftSource, plainSource) = (
      FakeTransactionSource(records: records), FakeTransactionSource(records: records)
    )
    await OneSourceReportUseCase(source: draftSource, output: draft).reading(
      with: CompactReading(takingBackDrafts: draft.takeBack)
    )
    .eventGenerateReport()
    await OneSourceReportUseCase(source: plainSource, output: plain).reading(
      with: CompactReading(takingBackDrafts: plain.takeBack)
    )
    .eventGenerateReport()
    return (draft, plain, draftSource.openCount, plainSource.openCount)
  }

  @Test("A valid source in report order is read once, and shown as a source read twice is")
  func sortedIsReadOnce() async throws {
    let run = await oneSource(try sortedRecords())
    #expect(run.draftOpens == 1)
    #expect(run.plainOpens == 2)
    #expect(!run.draft.calls.contains(.draftDiscarded))
    #expect(run.draft.calls == run.plain.calls)
    #expect(run.draft.calls.last == .reportEnd)
  }

  @Test("A source out of report order: the draft is discarded, and the report is made again")
  func outOfOrder() async throws {
    var records = try sortedRecords()
    records.swapAt(0, 2)
    let run = await oneSource(records)
    #expect(run.draftOpens == 2)
    #expect(run.draft.calls.filter { $0 == .draftDiscarded }.count == 1)
    #expect(run.draft.calls.first == .reportStart)
    #expect(run.draft.keptCalls == run.plain.calls)
    #expect(run.draft.keptCalls.first == .reportStart)
  }

  @Test("Out of order: only the records before the first one out of order are read again")
  func onlyThePrefixIsReadAgain() async throws {
    var transactions = try (1...9).map { day in
      try Transaction.fixture(date: "2016-04-0\(day)", description: "Day \(day)")
    }
    transactions.swapAt(3, 7)
    let records = transactions.map { SourceRecord.transaction($0, nil) }
    let (draft, plain) = (UseCaseOutputSpy(acceptsDraft: true), UseCaseOutputSpy())
    let (draftSource, plainSource) = (
      FakeTransactionSource(records: records), FakeTransactionSource(records: records)
    )
    await OneSourceReportUseCase(source: draftSource, output: draft).reading(
      with: CompactReading(takingBackDrafts: draft.takeBack)
    )
    .eventGenerateReport()
    await OneSourceReportUseCase(source: plainSource, output: plain).reading(
      with: CompactReading(takingBackDrafts: plain.takeBack)
    )
    .eventGenerateReport()
    #expect(draft.keptCalls == plain.calls)
    #expect(draftSource.openCount == 2)
    // The first reading, then the four records before "Day 8" came where "Day 4" belongs.
    #expect(draftSource.recordsRead == 9 + 4)
    #expect(plainSource.recordsRead == 9 + 9)
  }

  @Test("Out of order, and the records read again are not those the first reading had: the source changed")
  func prefixChanged() async throws {
    let transactions = try ["2016-04-02", "2016-04-03", "2016-04-01"].map {
      try Transaction.fixture(date: $0)
    }
    var changed = transactions
    changed[1].description = "Not what was checked"
    let source = FakeTransactionSource(openings: [
      .records(transactions.map { .transaction($0, nil) }), .records(changed.map { .transaction($0, nil) }),
    ])
    let draft = UseCaseOutputSpy(acceptsDraft: true)
    await OneSourceReportUseCase(source: source, output: draft).reading(
      with: CompactReading(takingBackDrafts: draft.takeBack)
    )
    .eventGenerateReport()
    #expect(draft.keptCalls.count == 1)
    #expect(draft.invalidInput?.issues.map(\.problem) == [.sourceChanged])
    #expect(!draft.calls.contains(.reportEnd))
  }

  @Test("An invalid record: the draft is discarded before the rejection, which names every issue")
  func invalidRecord() async throws {
    var records = try sortedRecords()
    records.insert(.invalid(.fixture(line: 3)), at: 2)
    records.append(.invalid(.fixture(line: 9, value: "2016-13-01")))
    let run = await oneSource(records)
    #expect(run.draftOpens == 1)
    let kept = run.draft.keptCalls
    #expect(kept == run.plain.calls)
    #expect(kept.count == 1)
    #expect(run.draft.invalidInput?.issues.count == 2)
  }

  @Test("Two sources in report order: each is read once, one after the other")
  func twoSources() async throws {
    let records = try sortedRecords()
    let authorized = Array(records.prefix(3))
    let posted = Array(records.suffix(1))
    let (draft, plain) = (UseCaseOutputSpy(acceptsDraft: true), UseCaseOutputSpy())
    let sources = (
      draftA: FakeTransactionSource(name: "a.json", records: authorized),
      draftP: FakeTransactionSource(name: "p.json", records: posted),
      plainA: FakeTransactionSource(name: "a.json", records: authorized),
      plainP: FakeTransactionSource(name: "p.json", records: posted)
    )
    await TwoSourceReportUseCase(authorized: sources.draftA, posted: sources.draftP, output: draft)
      .reading(with: CompactReading(takingBackDrafts: draft.takeBack)).eventGenerateReport()
    await TwoSourceReportUseCase(authorized: sources.plainA, posted: sources.plainP, output: plain)
      .reading(with: CompactReading(takingBackDrafts: plain.takeBack)).eventGenerateReport()
    #expect(draft.calls == plain.calls)
    #expect(sources.draftA.openCount == 1 && sources.draftP.openCount == 1)
    #expect(sources.plainA.openCount == 2 && sources.plainP.openCount == 2)
  }

  @Test("A source that stops being available: the draft is discarded, and its message shown")
  func becomesUnavailable() async throws {
    let run = await oneSource(try sortedRecords() + [.unavailable("the connection broke off")])
    #expect(run.draft.calls.contains(.draftDiscarded))
    #expect(run.draft.keptCalls == run.plain.calls)
    #expect(
      run.draft.keptCalls.contains(.sourceUnavailable(.allTransactions, reason: "the connection broke off")))
  }

  @Test("A group total out of range stops the draft; the rejection names the record")
  func totalOutOfRange() async throws {
    let huge = try #require(Money(minorUnits: Int64.max / 2 + 1))
    var big = try Transaction.fixture(date: "2016-04-01")
    big.amount = huge
    let run = await oneSource([.transaction(big, .fixture(line: 2)), .transaction(big, .fixture(line: 3))])
    #expect(run.draft.calls.contains(.draftDiscarded))
    #expect(run.draft.keptCalls == run.plain.calls)
    let problem = try #require(run.draft.invalidInput?.issues.first?.problem)
    guard case .totalOverflow = problem else {
      Issue.record("expected an overflowing total, got \(problem)")
      return
    }
  }

  @Test("Missing input: the draft is discarded before the refusal, in a partial report too")
  func missingInput() async throws {
    for partial in [false, true] {
      let (draft, plain) = (UseCaseOutputSpy(acceptsDraft: true), UseCaseOutputSpy())
      for output in [draft, plain] {
        await TwoSourceReportUseCase(
          authorized: FakeTransactionSource(
            name: "a.json", records: try sortedRecords().prefix(3).map { $0 }),
          posted: FakeTransactionSource.missing(
            name: "p.json", reason: "cannot read 'p.json': No such file or directory"),
          output: output, partial: partial
        ).reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
      }
      #expect(draft.keptCalls == plain.calls, "partial: \(partial)")
    }
  }

  @Test("Whatever the input, an output that takes a draft keeps what one that takes none is shown")
  func keptEqualsPlain() async throws {
    var random = SplitMix64(seed: 2016)
    for scenario in 0..<400 {
      let twoSources = scenario % 2 == 1
      let authorized = try Self.records(of: twoSources ? .authorized : nil, using: &random)
      let posted = try Self.records(of: .posted, using: &random)
      let (draft, plain) = (UseCaseOutputSpy(acceptsDraft: true), UseCaseOutputSpy())
      for output in [draft, plain] {
        if twoSources {
          await TwoSourceReportUseCase(
            authorized: FakeTransactionSource(name: "a.json", records: authorized),
            posted: FakeTransactionSource(name: "p.json", records: posted), output: output
          ).reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
        } else {
          await OneSourceReportUseCase(source: FakeTransactionSource(records: authorized), output: output)
            .reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
        }
      }
      #expect(draft.keptCalls == plain.calls, "scenario \(scenario)")
      // What came before a discard was a draft: it started a report and never ended one.
      let discarded = draft.calls.prefix(draft.calls.count - draft.keptCalls.count)
      if !discarded.isEmpty {
        #expect(discarded.first == .reportStart, "scenario \(scenario)")
        #expect(!discarded.contains(.reportEnd), "scenario \(scenario)")
      }
    }
  }

  /// Up to 12 records: of `group` (or either, when `nil`), in report order or not, with now and
  /// then an invalid record, one of the wrong group, an amount that overflows a total, or an
  /// end where the source stops being available.
  private static func records(
    of group: TransactionGroup?, using random: inout SplitMix64
  ) throws -> [SourceRecord] {
    let count = Int(random.next() % 13)
    var transactions: [Transaction] = try (0..<count).map { _ in
      var transaction = try Transaction.fixture(
        group: group ?? (random.next() % 2 == 0 ? .authorized : .posted),
        date: "2016-04-0\(1 + random.next() % 3)", description: "Shop \(random.next() % 100)",
        amount: "\(random.next() % 500).\(random.next() % 90 + 10)",
        debit: random.next() % 4 == 0 ? .credit : .debit)
      if random.next() % 40 == 0, let huge = Money(minorUnits: Int64.max / 2 + 1) {
        transaction.amount = huge
      }
      return transaction
    }
    if random.next() % 3 != 0 {
      transactions = transactions.enumerated().sorted {
        (ReportKey($0.element), $0.offset) < (ReportKey($1.element), $1.offset)
      }.map(\.element)
    }
    var records: [SourceRecord] = transactions.enumerated().map { .transaction($1, .fixture(line: $0 + 2)) }
    if let group, !records.isEmpty, random.next() % 10 == 0 {
      var other = try Transaction.fixture(group: group == .authorized ? .posted : .authorized)
      other.description = "Wrong group"
      records.insert(.transaction(other, .fixture(line: 99)), at: Int(random.next() % UInt64(records.count)))
    }
    if random.next() % 8 == 0 {
      records.insert(
        .invalid(.fixture(line: 50)), at: Int(random.next() % UInt64(records.count + 1)))
    }
    if random.next() % 12 == 0 { records.append(.unavailable("the connection broke off")) }
    return records
  }
}

/// The order of a report, for sorting test data: group, then date.
private struct ReportKey: Comparable {
  let group: Int
  let date: CalendarDate

  init(_ transaction: Transaction) {
    group = transaction.group == .authorized ? 0 : 1
    date = transaction.date
  }

  static func < (lhs: ReportKey, rhs: ReportKey) -> Bool {
    (lhs.group, lhs.date) < (rhs.group, rhs.date)
  }
}
