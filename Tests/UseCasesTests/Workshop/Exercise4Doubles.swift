import Entities
import Synchronization
import UseCases

// Exercise 4 of the workshop (Architecture/workshop/04-test-double.md): the two doubles a
// use-case test needs, written by you. `WORKSHOP=4 Scripts/quick-check --filter Workshop4` says what
// is left to do. (TestSupport has finished ones, FakeTransactionSource and UseCaseOutputSpy:
// compare with them when you are done, not before.)

/// A source that plays the records it was given, in order, every time it is opened: the
/// double of a gateway such as `FileTransactionSource`.
struct ScriptedSource: TransactionSource {
  /// The name issues and messages give the source.
  let name: String
  /// The records each opening plays.
  let records: [SourceRecord]

  init(name: String = "scripted", records: [SourceRecord]) {
    self.name = name
    self.records = records
  }

  /// Step 1: return `.available` with a `TransactionStream` that yields `records`, one per
  /// `next()`, then `nil`. The use case opens a source twice (a survey, then the report), so
  /// each opening starts again from the first record.
  func open() async -> SourceOpening {
    .unavailable(reason: "ScriptedSource.open() is not written yet (exercise 4, step 1)")
  }
}

/// An output that records every `present…` call, in order, so a test compares the whole list
/// at once: the double of the presenter.
final class RecordingOutput: TransactionReportUseCaseOutput {
  /// One call to the output boundary, with its arguments.
  enum Call: Hashable {
    case reportStart
    case header(ReportScope)
    case subheader(CalendarDate)
    case detail(String, Money)
    case subfooter(DateBlock)
    case footer(Money)
    case grandFooter(Money)
    case sourceUnavailable(ReportScope, UnavailableReason)
    case noTransactions(TransactionGroup)
    case reportEnd
    case reportCancelled
    case missingInput([MissingInput])
    case invalidInput([RecordIssue], totalCount: Int, recordCount: Int)
  }

  // The use case may call from any thread: the list is kept behind a lock.
  private let recorded = Mutex<[Call]>([])

  /// The calls so far, in order.
  var calls: [Call] { recorded.withLock { $0 } }

  private func record(_ call: Call) { recorded.withLock { $0.append(call) } }

  // Step 2: record each call, with its arguments: `record(.header(scope))`.

  func presentReportStart() {}
  func presentHeader(_ scope: ReportScope) {}
  func presentSubheader(date: CalendarDate) {}
  func presentDetail(description: DescriptionText, amount: Money) {}
  func presentSubfooter(_ block: DateBlock) {}
  func presentFooter(total: Money) {}
  func presentGrandFooter(total: Money) {}
  func presentSourceUnavailable(_ scope: ReportScope, reason: UnavailableReason) {}
  func presentNoTransactions(group: TransactionGroup) {}
  func presentReportEnd() {}
  func presentReportCancelled() {}
  func presentMissingInput(
    _ missing: [MissingInput], issues: [RecordIssue], totalCount: Int, recordCount: Int
  ) {}
  func presentInvalidInput(issues: [RecordIssue], totalCount: Int, recordCount: Int) {}
}
