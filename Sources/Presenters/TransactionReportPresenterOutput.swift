import Entities
import UseCases

/// The output boundary of the presenter: what a view must accept.
///
/// A view (a terminal renderer, a table view, a web page) receives the report as
/// ``showReportStart()``, one ``showRow(_:)`` per row in order, and ``showReportEnd()``; or, for
/// a missing input, only ``showInputMissing(_:rejection:)``; or, for invalid input, only
/// ``showInputRejected(_:)``; or, when the report is cancelled, ``showReportCancelled()`` at
/// any moment, and nothing after it. Rows arrive one at a time, so a view can stream them.
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
  /// Valid records outside the report's period were left out: none is in a row or a total.
  /// Views that have a place for notes (a terminal's standard error) say so there. It comes
  /// once, before the grand footer's row, and only when a period left out a record.
  ///
  /// - Parameter note: How many records, the period, and the line that says so.
  func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod)
  /// Something a source said about what it read, which changes no row and no total: rows it
  /// skipped as clearly not transactions, text it read in another encoding. Views that have a
  /// place for notes (a terminal's standard error) say so there. Notes come before the grand
  /// footer's row.
  ///
  /// - Parameter note: The note, as a value and as a line.
  func showSourceNote(_ note: SourceNote)
  /// Inputs the report needs are missing (a file that does not exist), so there is no report.
  ///
  /// - Parameters:
  ///   - missing: Each missing input, in report order; its `text` says why it cannot be read,
  ///     such as `cannot read 'a.json': No such file or directory`.
  ///   - rejection: The invalid records of the inputs that are there, or `nil` when they are
  ///     valid: one run names every problem.
  func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?)
  /// The input is invalid, so there is no report.
  ///
  /// - Parameter rejection: The issues, formatted one line per bad record.
  func showInputRejected(_ rejection: InputRejection)
  /// The report was cancelled before its end: what was shown is not a report. A view tells it
  /// apart from a report that loaded (``ReportViewState/cancelled``).
  ///
  /// A requirement with no default: a view that does not answer it does not compile, so none
  /// can mistake a report cancelled half way for one still loading or one complete.
  func showReportCancelled()
}

extension TransactionReportPresenterOutput {
  /// Nothing: a view without a place for the note leaves it out.
  ///
  /// - Parameter note: How many records the period left out.
  public func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod) {}
  /// Nothing: a view without a place for notes leaves them out.
  ///
  /// - Parameter note: The note.
  public func showSourceNote(_ note: SourceNote) {}
}

/// A note of a source about what it read, for a place beside the report.
public struct SourceNote: Hashable, Sendable {
  /// The note, as the source gave it.
  public var note: AnySourceProblem
  /// The note as one line, in the presenter's wording, such as
  /// `'export.csv': 2 rows that are not transactions were skipped (lines 14 and 30)`.
  public var text: String

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - note: The note, as the source gave it.
  ///   - text: The note as one line.
  public init(note: AnySourceProblem, text: String) {
    self.note = note
    self.text = text
  }
}

/// How many valid records a report's period left out, for a note beside the report.
public struct RecordsOutsidePeriod: Hashable, Sendable {
  /// How many valid records were left out: at least one.
  public var count: Int
  /// The period they are outside of.
  public var period: ReportPeriod
  /// The note as one line, in the presenter's wording, such as
  /// `12 records outside 2024-03-01 to 2024-03-31 are not shown`.
  public var text: String

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - count: How many valid records were left out.
  ///   - period: The period they are outside of.
  ///   - text: The note as one line.
  public init(count: Int, period: ReportPeriod, text: String) {
    self.count = count
    self.period = period
    self.text = text
  }
}

/// A warning that a source could not be read, shown beside the report's message row; or, when
/// its input is missing and the report is refused, the error that says so.
public struct SourceWarning: Hashable, Sendable {
  /// What could not be read: a group, or all transactions.
  public var scope: ReportScope
  /// Why, as a value, for a view that shows it its own way.
  public var reason: UnavailableReason
  /// The warning as one line, in the presenter's wording, such as
  /// `Authorized Transactions are not available: cannot read 'a.json': No such file or directory`.
  public var text: String

  /// Creates a warning.
  ///
  /// - Parameters:
  ///   - scope: What could not be read.
  ///   - reason: Why.
  ///   - text: The warning as one line.
  public init(scope: ReportScope, reason: UnavailableReason, text: String) {
    self.scope = scope
    self.reason = reason
    self.text = text
  }
}

/// Why there is no report: the invalid records, as values and as lines.
public struct InputRejection: Hashable, Sendable {
  /// The issues listed, in input order, as values: a view can highlight the records and
  /// fields at fault.
  public var issues: [RecordIssue]
  /// The same issues, one line each, in the presenter's wording, such as
  /// `posted.json:12:15: error: date: not a real calendar date (got "2016-02-30")`.
  public var lines: [String]
  /// How many issues there were in all; more than `lines.count` when some were not listed.
  public var totalCount: Int
  /// How many invalid records the issues were found in: fewer than ``totalCount`` when a
  /// record has several problems.
  public var recordCount: Int
  /// The closing line, in the presenter's wording: `3 invalid records; no report was made.`,
  /// with the problems when records have several: `1 invalid record with 4 problems; no report
  /// was made.`, and the unlisted count: `25 invalid records (5 not shown); no report was made.`
  public var summary: String

  /// Creates a rejection.
  ///
  /// - Parameters:
  ///   - issues: The issues listed.
  ///   - lines: The same issues, one line each.
  ///   - totalCount: How many issues there were in all.
  ///   - recordCount: How many invalid records they were found in.
  ///   - summary: The closing line.
  public init(issues: [RecordIssue], lines: [String], totalCount: Int, recordCount: Int, summary: String) {
    self.issues = issues
    self.lines = lines
    self.totalCount = totalCount
    self.recordCount = recordCount
    self.summary = summary
  }

  /// The count of issues not listed in ``lines``.
  public var unlistedCount: Int { max(0, totalCount - lines.count) }
}
