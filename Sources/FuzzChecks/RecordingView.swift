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
  private let others: [any TransactionReportPresenterOutput]

  /// Every call so far.
  var events: [Event] { recorded.withLock { $0 } }

  /// Creates a view that also passes every call on.
  ///
  /// - Parameter others: The views that get every call too, in order.
  init(passingOnTo others: [any TransactionReportPresenterOutput]) {
    self.others = others
  }

  func showReportStart() {
    recorded.withLock { $0.append(.start) }
    for view in others { view.showReportStart() }
  }

  func showRow(_ row: ReportRow) {
    recorded.withLock { $0.append(.row(row)) }
    for view in others { view.showRow(row) }
  }

  func showSourceUnavailable(_ warning: SourceWarning) {
    recorded.withLock { $0.append(.sourceUnavailable(warning)) }
    for view in others { view.showSourceUnavailable(warning) }
  }

  func showReportEnd() {
    recorded.withLock { $0.append(.end) }
    for view in others { view.showReportEnd() }
  }

  func showInputRejected(_ rejection: InputRejection) {
    recorded.withLock { $0.append(.rejected(rejection)) }
    for view in others { view.showInputRejected(rejection) }
  }

  func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    recorded.withLock { $0.append(.missing(missing, rejection)) }
    for view in others { view.showInputMissing(missing, rejection: rejection) }
  }
}
