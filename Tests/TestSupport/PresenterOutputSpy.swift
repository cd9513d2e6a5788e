import Presenters
import Synchronization

/// A presenter output (a view) that records every `show…` call, in order, so a test can
/// compare the whole sequence at once.
///
/// Its calls are the ``ReportViewEvents/Event`` values of the Presenters module: one vocabulary
/// for a view's calls as values, in production and in tests.
public final class PresenterOutputSpy: TransactionReportPresenterOutput {
  /// One call to the view, with its argument.
  public typealias Call = ReportViewEvents.Event

  private let recorded = Mutex<[Call]>([])

  /// Every call so far, in the order it was made.
  public var calls: [Call] { recorded.withLock { $0 } }

  /// Creates a spy with no calls recorded.
  public init() {}

  /// The rows shown so far, in order, without the other calls.
  public var rows: [ReportRow] {
    calls.compactMap { call in
      if case .row(let row) = call { return row }
      return nil
    }
  }

  /// The warnings shown so far, in order.
  public var warnings: [SourceWarning] {
    calls.compactMap { call in
      if case .sourceUnavailable(let warning) = call { return warning }
      return nil
    }
  }

  private func record(_ call: Call) {
    recorded.withLock { $0.append(call) }
  }

  /// Records ``ReportViewEvents/Event/reportStart``.
  public func showReportStart() { record(.reportStart) }

  /// Records ``ReportViewEvents/Event/row(_:)``.
  ///
  /// - Parameter row: The row.
  public func showRow(_ row: ReportRow) { record(.row(row)) }

  /// Records ``ReportViewEvents/Event/sourceUnavailable(_:)``.
  ///
  /// - Parameter warning: The warning.
  public func showSourceUnavailable(_ warning: SourceWarning) { record(.sourceUnavailable(warning)) }

  /// Records ``ReportViewEvents/Event/recordsOutsidePeriod(_:)``.
  ///
  /// - Parameter note: How many records the period left out.
  public func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod) { record(.recordsOutsidePeriod(note)) }

  /// Records ``ReportViewEvents/Event/reportEnd``.
  public func showReportEnd() { record(.reportEnd) }

  /// Records ``ReportViewEvents/Event/reportCancelled``.
  public func showReportCancelled() { record(.reportCancelled) }

  /// Records ``ReportViewEvents/Event/inputRejected(_:)``.
  ///
  /// - Parameter rejection: The rejection.
  public func showInputRejected(_ rejection: InputRejection) { record(.inputRejected(rejection)) }

  /// Records ``ReportViewEvents/Event/inputMissing(_:rejection:)``.
  ///
  /// - Parameters:
  ///   - missing: The missing inputs.
  ///   - rejection: The issues of the other inputs, if any.
  public func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    record(.inputMissing(missing, rejection: rejection))
  }
}
