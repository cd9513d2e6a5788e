import Presenters

/// A presenter output (a view) that records every `show…` call, in order, so a test can
/// compare the whole sequence at once.
public final class PresenterOutputSpy: TransactionReportPresenterOutput {
  /// One call to the view, with its argument.
  public enum Call: Hashable, Sendable {
    /// ``TransactionReportPresenterOutput/showReportStart()``.
    case reportStart
    /// ``TransactionReportPresenterOutput/showRow(_:)``.
    case row(ReportRow)
    /// ``TransactionReportPresenterOutput/showSourceUnavailable(_:)``.
    case sourceUnavailable(SourceWarning)
    /// ``TransactionReportPresenterOutput/showReportEnd()``.
    case reportEnd
    /// ``TransactionReportPresenterOutput/showInputRejected(_:)``.
    case inputRejected(InputRejection)
  }

  /// Every call so far, in the order it was made.
  public private(set) var calls: [Call] = []

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

  /// Records ``Call/reportStart``.
  public func showReportStart() { calls.append(.reportStart) }

  /// Records ``Call/row(_:)``.
  ///
  /// - Parameter row: The row.
  public func showRow(_ row: ReportRow) { calls.append(.row(row)) }

  /// Records ``Call/sourceUnavailable(_:)``.
  ///
  /// - Parameter warning: The warning.
  public func showSourceUnavailable(_ warning: SourceWarning) { calls.append(.sourceUnavailable(warning)) }

  /// Records ``Call/reportEnd``.
  public func showReportEnd() { calls.append(.reportEnd) }

  /// Records ``Call/inputRejected(_:)``.
  ///
  /// - Parameter rejection: The rejection.
  public func showInputRejected(_ rejection: InputRejection) { calls.append(.inputRejected(rejection)) }
}
