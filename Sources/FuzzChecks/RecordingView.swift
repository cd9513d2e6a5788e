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
    case rejected(InputRejection)
    case missing([SourceWarning], InputRejection?)
  }

  private let recorded = Mutex<[Event]>([])
  /// The calls not yet passed on, while the draft they belong to may still be discarded.
  private let held = Mutex<[Event]>([])
  private let others: [any TransactionReportPresenterOutput]
  private let takesDraft: Bool

  /// Every call so far, but those of a draft discarded.
  var events: [Event] { recorded.withLock { $0 } }

  /// Creates a view that also passes every call on.
  ///
  /// - Parameters:
  ///   - others: The views that get every call too, in order.
  ///   - takesDraft: Whether it takes a draft (``acceptsDraft``): then it passes calls on only
  ///     once the report ends (or is rejected), as a view that holds its output back does, and
  ///     forgets a draft discarded.
  init(passingOnTo others: [any TransactionReportPresenterOutput], takesDraft: Bool = false) {
    self.others = others
    self.takesDraft = takesDraft
  }

  var acceptsDraft: Bool { takesDraft }

  func discardDraft() {
    recorded.withLock { events in
      if let start = events.lastIndex(of: .start) { events.removeSubrange(start...) }
    }
    held.withLock { $0.removeAll() }
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

  func showInputRejected(_ rejection: InputRejection) {
    record(.rejected(rejection))
  }

  func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    record(.missing(missing, rejection))
  }

  /// Records a call, and passes it on: at once, or, with a draft, with those held before it
  /// once the report ends or is rejected.
  private func record(_ event: Event) {
    recorded.withLock { $0.append(event) }
    var passed = [event]
    if takesDraft {
      switch event {
      case .start, .row, .sourceUnavailable:
        held.withLock { $0.append(event) }
        return
      case .end, .rejected, .missing:
        passed =
          held.withLock { events in
            defer { events.removeAll() }
            return events
          } + [event]
      }
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
    case .rejected(let rejection): view.showInputRejected(rejection)
    case .missing(let missing, let rejection): view.showInputMissing(missing, rejection: rejection)
    }
  }
}
