import Entities
import Synchronization
import UseCases

/// Turns the use case's `present…` calls into ``ReportRow`` values, with banding and all
/// formatting, and passes them to a view one at a time.
///
/// Its ``ReportStyle`` words the rows and writes their amounts (``AmountStyle/text(_:)``, the
/// one place money becomes text); the renderers are given the same style, for the words they
/// add around the rows.
///
/// Banding follows one `odd` flag per report: it starts `false`, flips before every subheader
/// and before every footer, and is not reset between groups. Details and subfooters take the
/// current value; headers, messages and the grand footer carry none.
///
/// The presenter is `Sendable`, so a report can run on any task: its one piece of state, the
/// banding flag, is an atomic value. The calls of one report come in order from one task, which
/// orders them even when it moves between threads; a presenter serves one report at a time.
/// So the flag needs no lock: a detail row reads it with a plain load (a lock taken and given
/// back for every row was a tenth of the report's task), and only a subheader or a footer
/// changes it.
public final class TransactionReportPresenter: TransactionReportUseCaseOutput {
  private let output: any TransactionReportPresenterOutput
  private let wording: any ReportWording
  private let amounts: AmountStyle
  private let odd = Atomic(false)

  /// Creates a presenter.
  public init(output: any TransactionReportPresenterOutput, style: ReportStyle) {
    self.output = output
    self.wording = style.wording
    self.amounts = style.amounts
  }

  /// Starts a report: resets banding and tells the view.
  public func presentReportStart() {
    odd.store(false, ordering: .relaxed)
    output.showReportStart()
  }

  /// Shows a header row titled after the group, or `All`.
  public func presentHeader(_ scope: ReportScope) {
    output.showRow(.header(title: wording.title(of: scope)))
  }

  /// Flips the banding and shows a subheader row titled with the date.
  public func presentSubheader(date: CalendarDate) {
    output.showRow(.subheader(title: wording.date(date), odd: flipBanding()))
  }

  /// Shows a detail row.
  public func presentDetail(description: consuming DescriptionText, amount: Money) {
    output.showRow(.detail(description: description, amount: amounts.text(amount), odd: banding))
  }

  /// Shows a subfooter row, closing the date block.
  public func presentSubfooter(_ block: DateBlock) {
    output.showRow(.subfooter(odd: banding))
  }

  /// Flips the banding and shows a footer row with the group total.
  public func presentFooter(total: Money) {
    output.showRow(.footer(total: amounts.text(total), odd: flipBanding()))
  }

  /// Shows the grand footer row.
  public func presentGrandFooter(total: Money) {
    output.showRow(.grandFooter(total: amounts.text(total)))
  }

  /// Shows the unavailable message row and warns the view.
  public func presentSourceUnavailable(_ scope: ReportScope, reason: UnavailableReason) {
    output.showRow(.message(wording.unavailableMessage(for: scope)))
    output.showSourceUnavailable(
      SourceWarning(scope: scope, reason: reason, text: wording.warning(scope, reason: reason)))
  }

  /// Shows the empty-group message row.
  public func presentNoTransactions(group: TransactionGroup) {
    output.showRow(.message(wording.noTransactionsMessage(for: group)))
  }

  /// Words how many records the period left out, and tells the view.
  public func presentRecordsOutsidePeriod(count: Int, period: ReportPeriod) {
    output.showRecordsOutsidePeriod(
      RecordsOutsidePeriod(
        count: count, period: period, text: wording.recordsOutsidePeriod(count: count, period: period)))
  }

  /// Words a source's note, and tells the view.
  public func presentSourceNote(_ note: AnySourceProblem) {
    output.showSourceNote(SourceNote(note: note, text: wording.note(note)))
  }

  /// Ends the report.
  public func presentReportEnd() {
    output.showReportEnd()
  }

  /// Words why each missing input cannot be read, and the issues of the other inputs, and
  /// tells the view there is no report.
  public func presentMissingInput(
    _ missing: [MissingInput], issues: [RecordIssue], totalCount: Int, recordCount: Int
  ) {
    output.showInputMissing(
      missing.map { SourceWarning(scope: $0.scope, reason: $0.reason, text: wording.reason($0.reason)) },
      rejection: totalCount > 0 || !issues.isEmpty
        ? rejection(issues: issues, totalCount: totalCount, recordCount: recordCount) : nil)
  }

  /// Tells the view the report was cancelled before its end.
  public func presentReportCancelled() {
    output.showReportCancelled()
  }

  /// Formats the issues, one line each, and tells the view there is no report.
  public func presentInvalidInput(issues: [RecordIssue], totalCount: Int, recordCount: Int) {
    output.showInputRejected(rejection(issues: issues, totalCount: totalCount, recordCount: recordCount))
  }

  /// The issues, worded: a line each and the summary. Counts below what the listed issues
  /// show are raised to it: at least one record, and as many issues as are listed.
  private func rejection(issues: [RecordIssue], totalCount: Int, recordCount: Int) -> InputRejection {
    let total = max(totalCount, issues.count)
    let records = max(recordCount, total > 0 ? 1 : 0)
    return InputRejection(
      issues: issues, lines: issues.map(wording.issueLine), totalCount: total, recordCount: records,
      summary: wording.rejectionSummary(
        recordCount: records, issueCount: total, unlistedCount: total - issues.count))
  }

  /// The banding flag of the current date block.
  private var banding: Bool { odd.load(ordering: .relaxed) }

  /// Flips the banding flag, as every subheader and footer does, and returns the new value.
  private func flipBanding() -> Bool {
    odd.logicalXor(true, ordering: .relaxed).newValue
  }
}
