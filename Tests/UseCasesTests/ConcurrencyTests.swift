import Dispatch
import Entities
import Synchronization
import TestSupport
import Testing
import TransactionStorage
import UseCases

/// The use cases are `Sendable` and asynchronous: they run on any task, open both sources of a
/// two-source report at once, and stop when their task is cancelled.
@Suite struct ConcurrencyTests {
  /// A source whose opening waits, without blocking a thread, until every source sharing its
  /// meeting point has started opening too, or until a deadline: a report that opened its sources
  /// one after the other would find the first one unavailable.
  final class MeetingSource: TransactionSource {
    let name: String
    private let transactions: [Transaction]
    private let meeting: Meeting

    init(name: String, transactions: [Transaction], meeting: Meeting) {
      self.name = name
      self.transactions = transactions
      self.meeting = meeting
    }

    func open() async -> SourceOpening {
      guard await meeting.arrive() else { return .unavailable(reason: "opened alone") }
      return await InMemorySource(name: name, transactions: transactions).open()
    }
  }

  /// Where sources wait for each other.
  actor Meeting {
    private let expected: Int
    private var arrived = 0

    init(expected: Int) {
      self.expected = expected
    }

    /// Counts this arrival and waits for the others, for two seconds at most.
    ///
    /// - Returns: Whether all the others arrived in time (each time a source opens, the count
    ///   goes up: a later opening finds them all there).
    func arrive() async -> Bool {
      arrived += 1
      for _ in 0..<200 where arrived < expected {
        try? await Task.sleep(for: .milliseconds(10))
      }
      return arrived >= expected
    }
  }

  /// An in-memory source, written here so this test target needs no gateway.
  struct InMemorySource: TransactionSource {
    let name: String
    let transactions: [Transaction]

    func open() async -> SourceOpening {
      .available(FakeTransactionStream(records: transactions.map { .transaction($0, nil) }))
    }
  }

  @Test("Both sources of a two-source report are opened at once")
  func sourcesOpenConcurrently() async throws {
    let meeting = Meeting(expected: 2)
    let spy = UseCaseOutputSpy()
    await TwoSourceReportUseCase(
      authorized: MeetingSource(name: "a", transactions: try SmallReport.authorized(), meeting: meeting),
      posted: MeetingSource(name: "p", transactions: try SmallReport.posted(), meeting: meeting),
      output: spy
    ).eventGenerateReport()

    #expect(!spy.calls.contains { if case .sourceUnavailable = $0 { true } else { false } })
    #expect(spy.calls == (try SmallReport.report()))
  }

  /// A stream that, before its first record, waits (blocking its thread, as a decoder does)
  /// until its partner stream has started too, or until a deadline; it notes whether they met.
  final class WaitingStream: TransactionStream, @unchecked Sendable {
    // Unchecked: `records` is used by the one thread that reads this stream.
    private var records: [SourceRecord]
    let started = DispatchSemaphore(value: 0)
    var partner: WaitingStream?
    let met = Mutex<Bool?>(nil)

    init(_ transactions: [Transaction]) {
      records = transactions.reversed().map { .transaction($0, nil) }
    }

    func next() -> SourceRecord? {
      if met.withLock({ $0 == nil }) {
        started.signal()
        let partnerStarted = partner?.started.wait(timeout: .now() + 5) == .success
        met.withLock { $0 = partnerStarted }
      }
      return records.popLast()
    }
  }

  /// A source that gives its stream the first time it is opened, and plain records after.
  final class WaitingSource: TransactionSource, @unchecked Sendable {
    // Unchecked: the stream is handed out once, to the one task that surveys it.
    let name: String
    let stream: WaitingStream
    let transactions: [Transaction]
    let opened = Mutex(false)

    init(name: String, stream: WaitingStream, transactions: [Transaction]) {
      (self.name, self.stream, self.transactions) = (name, stream, transactions)
    }

    func open() async -> SourceOpening {
      let isFirst = opened.withLock { opened in
        defer { opened = true }
        return !opened
      }
      guard isFirst else { return await InMemorySource(name: name, transactions: transactions).open() }
      return .available(stream)
    }
  }

  /// Runs every job on a thread of its own dispatch queue, so that a job that blocks (as the
  /// waiting streams do) holds none of the threads of the shared pool, which other tests, run in
  /// parallel, need.
  final class OwnThreadsExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "ConcurrencyTests", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
  }

  @Test("Both sources of a two-source report are checked at once")
  func sourcesAreCheckedConcurrently() async throws {
    let (authorized, posted) = (try SmallReport.authorized(), try SmallReport.posted())
    let (first, second) = (WaitingStream(authorized), WaitingStream(posted))
    (first.partner, second.partner) = (second, first)
    let spy = UseCaseOutputSpy()
    let useCase = TwoSourceReportUseCase(
      authorized: WaitingSource(name: "a", stream: first, transactions: authorized),
      posted: WaitingSource(name: "p", stream: second, transactions: posted),
      output: spy)
    // The use case's tasks, the child tasks of its checks too, run on the executor's threads.
    await withTaskExecutorPreference(OwnThreadsExecutor()) { await useCase.eventGenerateReport() }

    #expect(first.met.withLock { $0 } == true, "the authorized source was checked alone")
    #expect(second.met.withLock { $0 } == true, "the posted source was checked alone")
    #expect(spy.calls == (try SmallReport.report()))
  }

  @Test("A report runs from a detached task and its rows are read on the main actor")
  @MainActor
  func runsOnADetachedTask() async throws {
    let spy = UseCaseOutputSpy()
    let useCase: any TransactionReportUseCaseInput = TwoSourceReportUseCase(
      authorized: InMemorySource(name: "a", transactions: try SmallReport.authorized()),
      posted: InMemorySource(name: "p", transactions: try SmallReport.posted()),
      output: spy)
    await Task.detached { await useCase.eventGenerateReport() }.value

    #expect(spy.calls == (try SmallReport.report()))
  }

  @Test("Eight reports at once on a small machine all finish")
  func manyReportsAtOnce() async throws {
    let authorized = try SmallReport.authorized()
    let posted = try SmallReport.posted()
    let spies = (0..<8).map { _ in UseCaseOutputSpy() }
    await withTaskGroup(of: Void.self) { group in
      for spy in spies {
        group.addTask {
          await TwoSourceReportUseCase(
            authorized: InMemorySource(name: "a", transactions: authorized),
            posted: InMemorySource(name: "p", transactions: posted), output: spy
          ).eventGenerateReport()
        }
      }
    }
    for spy in spies { #expect(spy.calls.last == .reportEnd) }
    #expect(Set(spies.map(\.calls)).count == 1, "the reports differ")
  }

  /// A stream that never ends on its own, for a cancelled report.
  struct EndlessStream: TransactionStream {
    let source: EndlessSource

    mutating func next() -> SourceRecord? {
      let read = source.read.withLock { read in
        read += 1
        return read
      }
      // Cancels the task reading it, when told: from inside the report, so that the test does
      // not depend on another task being scheduled while the report keeps a thread busy.
      if read == source.cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
      return .transaction(source.transaction, nil)
    }
  }

  final class EndlessSource: TransactionSource {
    let name = "endless"
    let read = Mutex(0)
    let transaction: Transaction
    /// After how many records the stream cancels the task that reads it, if ever.
    let cancelAfter: Int?

    init(cancelAfter: Int? = nil) throws {
      transaction = try .fixture()
      self.cancelAfter = cancelAfter
    }

    func open() async -> SourceOpening {
      .available(EndlessStream(source: self))
    }

    /// Waits until the stream has yielded at least `count` records.
    func waitUntilRead(_ count: Int) async {
      while read.withLock({ $0 }) < count { await Task.yield() }
    }
  }

  // One at a time: a report reading an endless stream keeps a thread of the small cooperative
  // pool busy until it is cancelled, and two of them would leave none for the test that cancels.
  @Test(
    "A cancelled report stops reading promptly and presents only that it was cancelled, the plain way and the engine's",
    .serialized, arguments: [false, true])
  func cancellationStopsTheReport(engine: Bool) async throws {
    let source = try EndlessSource()
    let spy = UseCaseOutputSpy()
    let report = Task.detached {
      let useCase = OneSourceReportUseCase(source: source, output: spy)
      await (engine ? useCase.reading(with: CompactReading(takingBackDrafts: spy.takeBack)) : useCase)
        .eventGenerateReport()
    }
    await source.waitUntilRead(10_000)
    report.cancel()
    await report.value

    let readWhenStopped = source.read.withLock { $0 }
    #expect(spy.calls == [.reportCancelled], "a cancelled check presented \(spy.calls.prefix(3))")
    try await Task.sleep(for: .milliseconds(50))
    #expect(source.read.withLock { $0 } == readWhenStopped, "the stream was still being read")
  }

  @Test("A cancelled report that was drafting takes its draft back, and stops reading")
  func cancellationDiscardsTheDraft() async throws {
    let source = try EndlessSource(cancelAfter: 10_000)
    let spy = UseCaseOutputSpy(acceptsDraft: true)
    await Task.detached {
      await OneSourceReportUseCase(source: source, output: spy).reading(
        with: CompactReading(takingBackDrafts: spy.takeBack)
      )
      .eventGenerateReport()
    }.value

    let readWhenStopped = source.read.withLock { $0 }
    #expect(readWhenStopped < 10_000 + 4_096 + 2, "read \(readWhenStopped) records")
    #expect(spy.calls.first == .reportStart, "the draft had begun")
    #expect(Array(spy.calls.suffix(2)) == [.draftDiscarded, .reportCancelled])
    #expect(spy.keptCalls == [.reportCancelled])
    try await Task.sleep(for: .milliseconds(50))
    #expect(source.read.withLock { $0 } == readWhenStopped, "the stream was still being read")
  }
}
