import Entities
import Synchronization
import TestSupport
import Testing
import TransactionStorage
import UseCases

/// SPEC §5: sorted input is read in one streaming report pass (after the survey), never held.
@Suite struct StreamingTests {
  private func sortedTransactions(count: Int) throws -> [Transaction] {
    try (0..<count).map { index in
      try .fixture(date: "2016-04-\(index / 3 + 10)", description: "Record \(index)", amount: "1.00")
    }
  }

  @Test("Sorted input is opened twice, and each row is presented before the next record is read")
  func sortedInputIsStreamed() async throws {
    let count = 12
    let source = FakeTransactionSource(name: "all.json", transactions: try sortedTransactions(count: count))
    let readAtEachDetail = Mutex<[Int]>([])
    let spy = UseCaseOutputSpy { call in
      if case .detail = call { readAtEachDetail.withLock { $0.append(source.recordsRead) } }
    }
    await OneSourceReportUseCase(source: source, output: spy).reading(
      with: CompactReading(takingBackDrafts: spy.takeBack)
    )
    .eventGenerateReport()

    #expect(source.openCount == 2)
    #expect(spy.calls.last == .reportEnd)
    let reads = readAtEachDetail.withLock { $0 }
    #expect(reads.count == count)
    // The survey reads all `count`; the report pass may look one record ahead of the row it shows.
    for (index, read) in reads.enumerated() {
      #expect(
        read - count <= index + 2, "detail \(index) was presented after \(read - count) records were read")
    }
  }

  @Test("Unsorted input is opened twice and read in full before its first row")
  func unsortedInputIsSorted() async throws {
    let count = 12
    let source = FakeTransactionSource(
      name: "all.json", transactions: try sortedTransactions(count: count).reversed())
    let readAtEachDetail = Mutex<[Int]>([])
    let spy = UseCaseOutputSpy { call in
      if case .detail = call { readAtEachDetail.withLock { $0.append(source.recordsRead) } }
    }
    await OneSourceReportUseCase(source: source, output: spy).reading(
      with: CompactReading(takingBackDrafts: spy.takeBack)
    )
    .eventGenerateReport()

    #expect(source.openCount == 2)
    #expect(spy.calls.last == .reportEnd)
    #expect(readAtEachDetail.withLock { $0 } == Array(repeating: 2 * count, count: count))
  }

  @Test("The engine opens each two-source source twice when it has records")
  func twoSourceOpenings() async throws {
    let authorized = FakeTransactionSource(
      name: "authorized.json", transactions: try SmallReport.authorized())
    let posted = FakeTransactionSource(name: "posted.json", transactions: try SmallReport.posted().reversed())
    let spy = await runTwoSource(engine: true, authorized: authorized, posted: posted)
    #expect(spy.calls.last == .reportEnd)
    #expect(authorized.openCount == 2)
    #expect(posted.openCount == 2)
    #expect(authorized.recordsRead == 8)
    #expect(posted.recordsRead == 6)
  }

  @Test("An empty source is read once: the engine's report pass does not open it again")
  func emptySourceIsNotReopened() async {
    let spy = await runTwoSource(
      engine: true,
      authorized: FakeTransactionSource(name: "authorized.json", openings: [.records([]), .unimplemented]),
      posted: FakeTransactionSource(name: "posted.json", openings: [.records([]), .unimplemented]))
    #expect(spy.calls.last == .reportEnd)
  }

  @Test("An unavailable or invalid source is opened once")
  func rejectedSourcesAreNotReopened() async {
    let authorized = FakeTransactionSource(
      name: "authorized.json", openings: [.unavailable(reason: "gone"), .unimplemented])
    let posted = FakeTransactionSource(
      name: "posted.json",
      openings: [.records([.invalid(.fixture(source: "posted.json", line: 2))]), .unimplemented])
    let spy = await runTwoSource(authorized: authorized, posted: posted)
    #expect(spy.calls.count == 1)
    #expect(authorized.openCount == 1)
    #expect(posted.openCount == 1)
  }
}
