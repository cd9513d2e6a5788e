/// A view that collects the presenter's output into a ``ReportViewState``, for UI clients.
///
/// A table-view or web client passes one to ``TransactionReportPresenter`` and then renders
/// ``state``; the warnings about unavailable sources are kept in ``warnings``.
public final class ReportViewStateCollector: TransactionReportPresenterOutput {
  /// What the screen should show now.
  public private(set) var state: ReportViewState = .loading
  /// The sources that could not be read in the last report.
  public private(set) var warnings: [SourceWarning] = []
  private var rows: [ReportRow] = []

  /// Creates a collector in the loading state.
  public init() {}

  /// Starts over: loading, no rows, no warnings.
  public func showReportStart() {
    state = .loading
    rows = []
    warnings = []
  }

  /// Keeps a row.
  ///
  /// - Parameter row: The next row.
  public func showRow(_ row: ReportRow) {
    rows.append(row)
  }

  /// Keeps a warning.
  ///
  /// - Parameter warning: The source that could not be read.
  public func showSourceUnavailable(_ warning: SourceWarning) {
    warnings.append(warning)
  }

  /// The report is complete: the state becomes ``ReportViewState/loaded(_:)``.
  public func showReportEnd() {
    state = .loaded(ReportSections(rows: rows))
    rows = []
  }

  /// There is no report: the state becomes ``ReportViewState/failed(message:)``, with the
  /// summary first and then one line per listed issue.
  ///
  /// - Parameter rejection: The issues.
  public func showInputRejected(_ rejection: InputRejection) {
    rows = []
    state = .failed(message: ([rejection.summary] + rejection.lines).joined(separator: "\n"))
  }
}
