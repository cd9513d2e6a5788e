import Entities

/// The output boundary of the report use cases: what a presenter must accept.
///
/// A use case calls these in report order, one `present…` call per row the report will have,
/// framed by ``presentReportStart()`` and ``presentReportEnd()``. Values cross the boundary:
/// entities, never formatted text. When an input is missing, the use case calls
/// ``presentMissingInput(_:issues:totalCount:recordCount:)`` instead, and when the input is invalid,
/// ``presentInvalidInput(issues:totalCount:recordCount:)``, before any row: a rejected report shows
/// nothing. (The one exception: a source that changes between the two passes a report makes is
/// found during the second pass, after rows were presented; then the rejection ends the report.)
///
/// Every record is checked before the first row is presented, so an output never sees a row
/// of a report that will be rejected. When the task making the report is cancelled, the report
/// ends with ``presentReportCancelled()`` instead of its end, at any moment, even before its
/// start.
///
/// An output is `Sendable` because a report runs on whatever task its driver picks; the calls of
/// one report still come one at a time, in order, from that task.
public protocol TransactionReportUseCaseOutput: AnyObject, Sendable {
  /// A report begins; the rows follow.
  func presentReportStart()
  /// A group (or, when the one-source stream is unavailable, the whole report) begins.
  ///
  /// - Parameter scope: The group, or ``ReportScope/allTransactions``.
  func presentHeader(_ scope: ReportScope)
  /// A block of transactions on one date begins.
  ///
  /// - Parameter date: The date of every transaction in the block.
  func presentSubheader(date: CalendarDate)
  /// One transaction.
  ///
  /// - Parameters:
  ///   - description: The transaction's description, as a `String` or as bytes a large report
  ///     keeps (a `DescriptionText`); pass it on as it is. It is handed over (`consuming`), so
  ///     that a row made of it takes it without counting a reference to its bytes (a conformer
  ///     may still declare the parameter without the word).
  ///   - amount: The signed amount: positive for a debit, negative for a credit.
  func presentDetail(description: consuming DescriptionText, amount: Money)
  /// The block of transactions on one date ends.
  ///
  /// - Parameter block: What the block was: its date.
  func presentSubfooter(_ block: DateBlock)
  /// A group ends, with its total.
  ///
  /// - Parameter total: The exact sum of the group's signed amounts.
  func presentFooter(total: Money)
  /// The report's last row: the sum of everything shown.
  ///
  /// - Parameter total: The exact sum of the group totals; zero when nothing was shown.
  func presentGrandFooter(total: Money)
  /// A source could not be read, so its group (or the whole report) shows a message instead: a
  /// service that is unavailable, or a missing input in a partial report.
  ///
  /// - Parameters:
  ///   - scope: The group whose source is unavailable, or ``ReportScope/allTransactions``.
  ///   - reason: Why, as a value (for example the file and the operating system's reason).
  func presentSourceUnavailable(_ scope: ReportScope, reason: UnavailableReason)
  /// A group's source was read and holds no transactions.
  ///
  /// - Parameter group: The empty group.
  func presentNoTransactions(group: TransactionGroup)
  /// The report is complete.
  func presentReportEnd()
  /// Valid records dated outside the report's period were read, checked and left out: none
  /// of them is in a row or a total.
  ///
  /// A use case given a period calls it once, after the last group and before
  /// ``presentGrandFooter(total:)``, and only when `count` is above zero.
  ///
  /// - Parameters:
  ///   - count: How many valid records were left out.
  ///   - period: The period they are outside of.
  func presentRecordsOutsidePeriod(count: Int, period: ReportPeriod)
  /// Something a source said about what it read, which changes no row and no total
  /// (``SourceRecord/note(_:)``): rows it skipped as clearly not transactions, text it read in
  /// another encoding.
  ///
  /// A use case calls it once for each note, in the order of the sources and of their reading,
  /// after the last group and before ``presentGrandFooter(total:)``; never in a rejected
  /// report.
  ///
  /// - Parameter note: The note, in the source's terms.
  func presentSourceNote(_ note: AnySourceProblem)
  /// Inputs the report needs are missing (a file that does not exist), so there is no report.
  ///
  /// The use case calls it once, before any row, and then nothing else. The invalid records of
  /// the inputs that are there come with it, so that one run names every problem. A use case
  /// asked for a partial report calls ``presentSourceUnavailable(_:reason:)`` instead, among
  /// the rows.
  ///
  /// - Parameters:
  ///   - missing: Each missing input, in report order: its group and why it is missing.
  ///   - issues: The first issues found in the other inputs (at most the use case's issue
  ///     limit), as for ``presentInvalidInput(issues:totalCount:recordCount:)``; empty when
  ///     they are valid.
  ///   - totalCount: How many issues there were in all, including those not listed.
  ///   - recordCount: How many invalid records they were found in.
  func presentMissingInput(
    _ missing: [MissingInput], issues: [RecordIssue], totalCount: Int, recordCount: Int)
  /// The input holds invalid records, so there is no report.
  ///
  /// - Parameters:
  ///   - issues: The first issues found (at most the use case's issue limit): the bad records in
  ///     input order, then any total that would overflow (known only once every record is in).
  ///   - totalCount: How many issues there were in all, including those not listed.
  ///   - recordCount: How many invalid records they were found in: fewer than `totalCount`
  ///     when a record has several problems, more when one issue stands for many records (two
  ///     sources given the other way round).
  func presentInvalidInput(issues: [RecordIssue], totalCount: Int, recordCount: Int)
  /// The task making the report was cancelled: the report ends here, unfinished, whatever it
  /// presented before (perhaps nothing, perhaps some rows). It is never followed by
  /// ``presentReportEnd()``, and no rejection comes with it. A requirement with no default: an
  /// output that does not answer it does not compile.
  func presentReportCancelled()
}

extension TransactionReportUseCaseOutput {
  /// Nothing: an output that does not say how many records a period left out.
  ///
  /// - Parameters:
  ///   - count: How many valid records were left out.
  ///   - period: The period they are outside of.
  public func presentRecordsOutsidePeriod(count: Int, period: ReportPeriod) {}
  /// Nothing: an output that does not show a source's notes.
  ///
  /// - Parameter note: The note.
  public func presentSourceNote(_ note: AnySourceProblem) {}
}

/// A block of transactions on one date, as it ends: what ``TransactionReportUseCaseOutput/presentSubfooter(_:)``
/// says of it.
public struct DateBlock: Hashable, Sendable {
  /// The date of every transaction in the block.
  public var date: CalendarDate

  /// Creates the end of a date block.
  ///
  /// - Parameter date: The date of its transactions.
  public init(date: CalendarDate) {
    self.date = date
  }
}

/// What a header or an unavailable-source message is about.
public enum ReportScope: Hashable, Sendable {
  /// One group of transactions.
  case group(TransactionGroup)
  /// The whole one-source stream (used when that stream is unavailable).
  case allTransactions
}

/// An input a report needs that is not there: which group it holds, and why it cannot be read.
public struct MissingInput: Hashable, Sendable {
  /// The group the input holds, or ``ReportScope/allTransactions`` for a one-source input.
  public var scope: ReportScope
  /// Why it cannot be read, as a value (for example the file, and a similar name that exists).
  public var reason: UnavailableReason

  /// Creates a missing input.
  ///
  /// - Parameters:
  ///   - scope: The group the input holds, or all transactions.
  ///   - reason: Why it cannot be read.
  public init(_ scope: ReportScope, reason: UnavailableReason) {
    self.scope = scope
    self.reason = reason
  }
}
