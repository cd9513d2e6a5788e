import Entities
import Presenters
import Synchronization

/// A view that records every call the presenter makes, in order, and passes each on to other
/// views, so that one report can be checked as events and through real views at once.
final class RecordingView: TransactionReportPresenterOutput {
  /// One call to the view.
  enum Event: Equatable {
    case start
    case row(ReportRow)
    case sourceUnavailable(SourceWarning)
    case end
    case cancelled
    case rejected(InputRejection)
    case missing([SourceWarning], InputRejection?)
  }

  /// Every call so far, and how many of them were passed on.
  private struct Log {
    var events: [Event] = []
    /// The calls after these are held, not yet passed on, while the draft they belong to may
    /// still be discarded.
    var passedCount = 0
  }

  private let log = Mutex(Log())
  private let others: [any TransactionReportPresenterOutput]
  private let takesDraft: Bool

  /// Every call so far, but those of a draft discarded.
  var events: [Event] { log.withLock { $0.events } }

  /// Creates a view that also passes every call on.
  ///
  /// - Parameters:
  ///   - others: The views that get every call too, in order.
  ///   - takesDraft: Whether it takes a draft (``takeBack``): then it passes calls on only
  ///     once the report ends (or is rejected), as a view that holds its output back does, and
  ///     forgets a draft discarded.
  init(passingOnTo others: [any TransactionReportPresenterOutput], takesDraft: Bool = false) {
    self.others = others
    self.takesDraft = takesDraft
  }

  /// What takes back a draft, to hand a reading that drafts, when the view takes one.
  var takeBack: (@Sendable () -> Void)? {
    guard takesDraft else { return nil }
    return { @Sendable [self] in discardDraft() }
  }

  /// Forgets every call since the report's start: a draft taken back.
  func discardDraft() {
    log.withLock { log in
      if let start = log.events.lastIndex(of: .start) { log.events.removeSubrange(start...) }
      // What was held is forgotten, not passed on.
      log.passedCount = log.events.count
    }
  }

  func showReportStart() {
    record(.start)
  }

  func showRow(_ row: ReportRow) {
    record(.row(row))
  }

  func showSourceUnavailable(_ warning: SourceWarning) {
    record(.sourceUnavailable(warning))
  }

  func showReportEnd() {
    record(.end)
  }

  func showReportCancelled() {
    record(.cancelled)
  }

  func showInputRejected(_ rejection: InputRejection) {
    record(.rejected(rejection))
  }

  func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    record(.missing(missing, rejection))
  }

  /// Records a call, and passes it on: at once, or, with a draft, with those held before it
  /// once the report ends or is rejected.
  private func record(_ event: Event) {
    let passed = log.withLock { log -> ArraySlice<Event> in
      log.events.append(event)
      if takesDraft {
        switch event {
        case .start, .row, .sourceUnavailable: return []
        case .end, .cancelled, .rejected, .missing: break
        }
      }
      defer { log.passedCount = log.events.count }
      return log.events[log.passedCount...]
    }
    for event in passed {
      for view in others { Self.pass(event, to: view) }
    }
  }

  private static func pass(_ event: Event, to view: any TransactionReportPresenterOutput) {
    switch event {
    case .start: view.showReportStart()
    case .row(let row): view.showRow(row)
    case .sourceUnavailable(let warning): view.showSourceUnavailable(warning)
    case .end: view.showReportEnd()
    case .cancelled: view.showReportCancelled()
    case .rejected(let rejection): view.showInputRejected(rejection)
    case .missing(let missing, let rejection): view.showInputMissing(missing, rejection: rejection)
    }
  }
}
