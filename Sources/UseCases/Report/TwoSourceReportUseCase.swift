import Entities

/// Makes the report from two sources: one for authorized, one for posted transactions (SPEC §3).
///
/// This is the two-source transformer of the blog series the package comes from: each group
/// has a source of its own, so each can be unavailable on its own. For each group in order:
///
/// - its source is unavailable: the group's header and the unavailable message, no footer;
/// - its source is empty: the header and the empty message, no footer;
/// - otherwise: the header, one banded block per date (subheader, details, subfooter), and a
///   footer with the group total.
///
/// A grand footer with the sum of the group totals ends the report: ``ReportTransformer``
/// defines it, row by row. Both sources are opened at once (each may be a slow service) and
/// read once, and every record of both is checked before the first row: invalid input anywhere
/// gets no report, only its issues. Two sources that each hold only the other's group were most
/// likely given the other way round: that is one issue,
/// ``RecordProblem/sourcesSwapped(authorized:posted:)``, not one for each record. When the task
/// is cancelled, the report ends as cancelled
/// (``TransactionReportUseCaseOutput/presentReportCancelled()``).
public struct TwoSourceReportUseCase: TransactionReportUseCaseInput {
  private var request: ReportRequest

  /// Creates the use case.
  ///
  /// - Parameters:
  ///   - authorized: The source of authorized (`A`) transactions.
  ///   - posted: The source of posted (`P`) transactions.
  ///   - output: The presenter that receives the report.
  ///   - issueLimit: How many issues to pass on in full when the input is invalid; all are
  ///     counted.
  ///   - partial: Whether an input that is missing (a file that does not exist) still gets a
  ///     report, with its group's unavailable message in place of its rows; by default it gets
  ///     none, only ``TransactionReportUseCaseOutput/presentMissingInput(_:issues:totalCount:recordCount:)``.
  ///   - period: The days to report, or `nil` (the default) for every day. Every record is
  ///     still read and checked, and an invalid one outside the period still rejects the
  ///     input; a valid one outside it is left out of the rows and the totals, and the count
  ///     of those left out goes to
  ///     ``TransactionReportUseCaseOutput/presentRecordsOutsidePeriod(count:period:)``.
  public init(
    authorized: any TransactionSource,
    posted: any TransactionSource,
    output: any TransactionReportUseCaseOutput,
    issueLimit: Int = 20,
    partial: Bool = false,
    period: ReportPeriod? = nil
  ) {
    self.init(
      authorized: .plain(authorized), posted: .plain(posted), output: output, issueLimit: issueLimit,
      partial: partial, period: period)
  }

  /// Creates the use case with sources the composition root knows to lend their records.
  package init(
    authorized: ReportSource, posted: ReportSource, output: any TransactionReportUseCaseOutput,
    issueLimit: Int = 20, partial: Bool = false, period: ReportPeriod? = nil
  ) {
    request = ReportRequest(
      [ReportCheck.Part(authorized, groups: [.authorized]), ReportCheck.Part(posted, groups: [.posted])],
      ReportCheck(output: output, issueLimit: issueLimit, partial: partial, period: period))
  }

  /// The same use case, reading its sources another way (``ReportRequest/reading``).
  package func reading(with reading: any ReportReading) -> Self {
    var useCase = self
    useCase.request.reading = reading
    return useCase
  }

  /// Reads both sources and presents the report, or the issues that prevent it.
  public func eventGenerateReport() async {
    await request.run()
  }
}
