import Entities
import InMemoryGateways
import Presenters
import ReportRendering
import Synchronization
import Testing
import UseCases

/// What a client must say, and what it is told, through the public API only: a view answers
/// cancellation, amounts in any currency, a reading cancelled stops soon, and input the
/// transformer cannot present is refused, not dropped.
@Suite struct NoSilentDefaultsClientTests {
  // MARK: A view answers cancellation

  /// A client's view of its own. `showReportCancelled()` is a requirement of
  /// `TransactionReportPresenterOutput` with no default (see `Architecture/api/Presenters.txt`),
  /// so this view without it does not compile:
  ///
  /// ```swift
  /// final class Forgetful: TransactionReportPresenterOutput {
  ///   func showReportStart() {}
  ///   func showRow(_ row: ReportRow) {}
  ///   func showSourceUnavailable(_ warning: SourceWarning) {}
  ///   func showReportEnd() {}
  ///   func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {}
  ///   func showInputRejected(_ rejection: InputRejection) {}
  /// }
  /// // error: type 'Forgetful' does not conform to protocol 'TransactionReportPresenterOutput'
  /// ```
  ///
  /// A view that shows a spinner until the report ends can then never spin forever: it is told.
  final class SpinnerView: TransactionReportPresenterOutput {
    enum State: Equatable { case idle, loading, loaded, cancelled, failed }
    private let current = Mutex(State.idle)
    var state: State { current.withLock { $0 } }

    func showReportStart() { current.withLock { $0 = .loading } }
    func showRow(_ row: ReportRow) {}
    func showSourceUnavailable(_ warning: SourceWarning) {}
    func showReportEnd() { current.withLock { $0 = .loaded } }
    func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
      current.withLock { $0 = .failed }
    }
    func showInputRejected(_ rejection: InputRejection) { current.withLock { $0 = .failed } }
    func showReportCancelled() { current.withLock { $0 = .cancelled } }
  }

  @Test("A view must answer cancellation, and a report cancelled mid-reading tells it so")
  func viewAnswersCancellation() async throws {
    let reading = ReadingCount(cancellingAt: 100)
    let view = SpinnerView()
    let useCase = OneSourceReportUseCase(
      source: SlowSource(count: reading, size: 10_000, transaction: try Self.purchase()),
      output: TransactionReportPresenter(output: view, style: .english))
    let task = Task.detached { await useCase.eventGenerateReport() }
    reading.set(task)
    await task.value
    #expect(view.state == .cancelled)
  }

  // MARK: A reading cancelled stops within a handful of records

  /// How many records a slow source gave, and how many after it cancelled the report.
  final class ReadingCount: Sendable {
    private let state = Mutex((task: Task<Void, Never>?.none, read: 0, afterCancel: 0))
    let cancellingAt: Int

    init(cancellingAt: Int) { self.cancellingAt = cancellingAt }

    var isSet: Bool { state.withLock { $0.task != nil } }
    var read: Int { state.withLock { $0.read } }
    var readAfterCancel: Int { state.withLock { $0.afterCancel } }
    func set(_ task: Task<Void, Never>) { state.withLock { $0.task = task } }

    /// Counts one record given; cancels the report once `cancellingAt` have been.
    func count() {
      state.withLock { state in
        state.read += 1
        if state.read > cancellingAt { state.afterCancel += 1 }
        if state.read == cancellingAt { state.task?.cancel() }
      }
    }
  }

  /// A source whose records come slowly, as from a phone's slow connection, and who counts them.
  struct SlowSource: TransactionSource {
    let name = "slow"
    let count: ReadingCount
    let size: Int
    let transaction: Transaction

    func open() async -> SourceOpening {
      let deadline = ContinuousClock.now + .seconds(5)
      while !count.isSet, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
      return .available(Records(count: count, left: size, transaction: transaction))
    }

    struct Records: TransactionStream {
      let count: ReadingCount
      var left: Int
      let transaction: Transaction

      mutating func next() -> SourceRecord? {
        guard left > 0 else { return nil }
        left -= 1
        count.count()
        // Slow: a record every 50 µs, so that a reading that went on for thousands of records
        // after its cancelling would be seen, whatever the machine; the count says how many.
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .microseconds(50) {}
        return .transaction(transaction, nil)
      }
    }
  }

  /// The one transaction a slow source gives again and again.
  static func purchase() throws -> Transaction {
    Transaction(
      group: .authorized, date: try CalendarDate(year: 2016, month: 4, day: 1), description: "Kauf",
      amount: try #require(Money(minorUnits: 100)), debitCredit: .debit)
  }

  @Test(
    "Cancelled during a slow reading, the report stops within a handful of records, counted by the source",
    arguments: [1, 100, 5_000])
  func cancelStopsTheReadingSoon(at record: Int) async throws {
    let reading = ReadingCount(cancellingAt: record)
    let view = SpinnerView()
    let useCase = OneSourceReportUseCase(
      source: SlowSource(count: reading, size: 20_000, transaction: try Self.purchase()),
      output: TransactionReportPresenter(output: view, style: .english))
    let task = Task.detached { await useCase.eventGenerateReport() }
    reading.set(task)
    await task.value
    #expect(view.state == .cancelled)
    #expect(reading.readAfterCancel <= 8, "read \(reading.readAfterCancel) records after the cancelling")
  }

  // MARK: Amounts in any currency

  /// A report of the demo's Authorized transactions, with amounts in `amounts`, as text.
  static func demoText(amounts: AmountStyle) async throws -> String {
    let style = ReportStyle(wording: ReportStyle.english.wording, amounts: amounts)
    let view = ReportViewStateCollector()
    await OneSourceReportUseCase(
      source: InMemoryTransactionSource(name: "demo", transactions: DemoTransactions.authorized),
      output: TransactionReportPresenter(output: view, style: style)
    ).eventGenerateReport()
    guard case .loaded(let report) = view.state else {
      Issue.record("the report did not load: \(view.state)")
      return ""
    }
    var text = TextReportRenderer(width: 60, colors: false, style: style)
    return text.document(report)
  }

  @Test("Yen: no minor digits, the code after the amount; the cents a source gave are not rounded away")
  func yen() async throws {
    let text = try await Self.demoText(amounts: try #require(AmountStyle(currencyCode: "JPY")))
    let yen = AmountStyle(code: "JPY")
    #expect(yen.minorDigits == 0)
    #expect(yen.text(try #require(Money(minorUnits: 123_400))) == "1,234\u{A0}JPY")
    #expect(yen.text(try #require(Money(minorUnits: -500_000))) == "-5,000\u{A0}JPY")
    #expect(yen.text(try #require(Money(minorUnits: 311))) == "3.11\u{A0}JPY")
    #expect(text.contains("3.11\u{A0}JPY"))
  }

  @Test("Swiss francs as a client writes them: the code before, a space as given, apostrophes")
  func swissFrancs() async throws {
    let chf = AmountStyle(
      currencyCode: "CHF", symbol: "CHF", placement: .before(spaced: true), groupingSeparator: "'",
      decimalMark: ".")
    #expect(chf.minorDigits == 2)
    #expect(chf.text(try #require(Money(minorUnits: -123_456))) == "-CHF 1'234.56")
    let text = try await Self.demoText(amounts: chf)
    #expect(text.contains("CHF 3.11\n"))
    #expect(!text.contains("\u{A0}"), "a space as given, not a no-break space")
  }

  // MARK: The transformer refuses what it cannot present

  @Test("Transactions handed in under a group the source does not hold are refused, not dropped")
  func transformerRefuses() async throws {
    let posted = try #require(DemoTransactions.posted.first)
    let spy = SpinnerView()
    await #expect(throws: ReportTransformer.Refusal.transactionOutsideGroups(posted, groups: [.authorized])) {
      try await ReportTransformer().present(
        [ReportTransformer.Source(groups: [.authorized], transactions: [posted])],
        to: TransactionReportPresenter(output: spy, style: .english))
    }
    #expect(spy.state != .loaded, "no report that looks complete")
  }
}
