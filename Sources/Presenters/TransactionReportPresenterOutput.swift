import Entities
import UseCases

/// The output boundary of the presenter: what a view must accept.
///
/// A view (a terminal renderer, a table view, a web page) receives the report as
/// ``showReportStart()``, one ``showRow(_:)`` per row in order, and ``showReportEnd()``; or, for
/// a missing input, only ``showInputMissing(_:rejection:)``; or, for invalid input, only
/// ``showInputRejected(_:)``. Rows arrive one at a time, so a view can
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
  /// The next row of the report, a detail row whose description is lent as its UTF-8 bytes
  /// rather than made a `String`: the row `.detail(description:amount:odd:)` that
  /// ``showRow(_:)`` would be given. A report of input out of report order shows its rows so
  /// (decision 0045). By default, the description is made a `String` and the row given to
  /// ``showRow(_:)``: a view that keeps rows needs nothing more.
  ///
  /// - Parameters:
  ///   - descriptionUTF8: The description's bytes: valid UTF-8, as a `String`'s are, lent for
  ///     the call only.
  ///   - amount: The amount as shown.
  ///   - odd: Whether the row's band is odd.
  func showDetail(descriptionUTF8: UnsafeBufferPointer<UInt8>, amount: String, odd: Bool)
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
  /// Whether this view takes a draft: rows shown while the input is still being checked,
  /// which ``discardDraft()`` may take back. `false` unless the view says so.
  ///
  /// A view that says `true` must be able to forget every call since ``showReportStart()``:
  /// one that holds the report back until ``showReportEnd()`` (a spool, a temporary file).
  /// The report then reads each source once instead of twice (decision 0030).
  var acceptsDraft: Bool { get }
  /// Takes back every call since ``showReportStart()``: the draft was not the report. Then
  /// comes either ``showReportStart()`` again or a rejection.
  func discardDraft()
}

extension TransactionReportPresenterOutput {
  /// The row made with the description as a `String`, given to ``showRow(_:)``.
  ///
  /// - Parameters:
  ///   - descriptionUTF8: The description's bytes.
  ///   - amount: The amount as shown.
  ///   - odd: Whether the row's band is odd.
  public func showDetail(descriptionUTF8: UnsafeBufferPointer<UInt8>, amount: String, odd: Bool) {
    showRow(.detail(description: String(decoding: descriptionUTF8, as: UTF8.self), amount: amount, odd: odd))
  }
  /// `false`: no row before the whole input is checked.
  public var acceptsDraft: Bool { false }
  /// Nothing: a view that takes no draft is never asked to discard one.
  public func discardDraft() {}
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
