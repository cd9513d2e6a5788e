import Presenters

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
  }

  /// Every call so far.
  private(set) var events: [Event] = []
  private let others: [any TransactionReportPresenterOutput]

  /// Creates a view that also passes every call on.
  ///
  /// - Parameter others: The views that get every call too, in order.
  init(passingOnTo others: [any TransactionReportPresenterOutput]) {
    self.others = others
  }

  func showReportStart() {
    events.append(.start)
    for view in others { view.showReportStart() }
  }

  func showRow(_ row: ReportRow) {
    events.append(.row(row))
    for view in others { view.showRow(row) }
  }

  func showSourceUnavailable(_ warning: SourceWarning) {
    events.append(.sourceUnavailable(warning))
    for view in others { view.showSourceUnavailable(warning) }
  }

  func showReportEnd() {
    events.append(.end)
    for view in others { view.showReportEnd() }
  }

  func showInputRejected(_ rejection: InputRejection) {
    events.append(.rejected(rejection))
    for view in others { view.showInputRejected(rejection) }
  }
}
