import Presenters

extension ReportViewStateCollector {
  /// The report it loaded, or `nil` while it has not loaded one.
  public var loadedReport: ReportTableDataSource? {
    if case .loaded(let report) = state { report } else { nil }
  }
}
