/// The output boundary of the presenter: what a view must accept.
///
/// A view (a terminal renderer, a table view, a web page) receives the report as
/// ``showReportStart()``, one ``showRow(_:)`` per row in order, and ``showReportEnd()``; or, for
/// invalid input, only ``showInputRejected(_:)``. Rows arrive one at a time, so a view can
/// stream them.
///
/// A view is `Sendable`: the presenter calls it from the task the report runs on, which an app
/// picks (often a background task). A view that lives on an actor (a screen on the main actor)
/// receives the calls through a `Sendable` view that forwards them there, such as
/// ``ReportViewEvents``, or keeps them behind a lock, as ``ReportViewStateCollector`` does.
public protocol TransactionReportPresenterOutput: AnyObject, Sendable {
  /// A report begins.
  func showReportStart()
  /// The next row of the report.
  ///
  /// - Parameter row: The row, in report order.
  func showRow(_ row: ReportRow)
  /// A source could not be read; its group shows a message row. Views that have a place for
  /// warnings (a terminal's standard error) show this there.
  ///
  /// - Parameter warning: What could not be read, and why.
  func showSourceUnavailable(_ warning: SourceWarning)
  /// The report is complete.
  func showReportEnd()
  /// The input is invalid, so there is no report.
  ///
  /// - Parameter rejection: The issues, formatted one line per bad record.
  func showInputRejected(_ rejection: InputRejection)
}

/// A warning that a source could not be read, shown beside the report's message row.
public struct SourceWarning: Hashable, Sendable {
  /// What could not be read: `Authorized Transactions`, `Posted Transactions` or `Transactions`.
  public var subject: String
  /// Why, as the source said it (for a file: its name and the operating system's reason).
  public var reason: String

  /// Creates a warning.
  ///
  /// - Parameters:
  ///   - subject: What could not be read.
  ///   - reason: Why.
  public init(subject: String, reason: String) {
    self.subject = subject
    self.reason = reason
  }

  /// The warning as one line: `Authorized Transactions are not available: <reason>`.
  public var text: String { "\(subject) are not available: \(reason)" }
}

/// Why there is no report: the invalid records, one formatted line each.
public struct InputRejection: Hashable, Sendable {
  /// One line per issue, in input order, such as
  /// `posted.json:12:15: error: date: not a real calendar date (got "2016-02-30")`.
  public var lines: [String]
  /// How many issues there were in all; more than `lines.count` when some were not listed.
  public var totalCount: Int

  /// Creates a rejection.
  ///
  /// - Parameters:
  ///   - lines: The formatted issues.
  ///   - totalCount: How many issues there were in all.
  public init(lines: [String], totalCount: Int) {
    self.lines = lines
    self.totalCount = totalCount
  }

  /// The count of issues not listed in ``lines``.
  public var unlistedCount: Int { max(0, totalCount - lines.count) }

  /// The closing line: `3 invalid records; no report was made.`, or with the unlisted count:
  /// `25 invalid records (5 not shown); no report was made.`
  public var summary: String {
    let noun = totalCount == 1 ? "invalid record" : "invalid records"
    let unlisted = unlistedCount > 0 ? " (\(unlistedCount) not shown)" : ""
    return "\(totalCount) \(noun)\(unlisted); no report was made."
  }
}
