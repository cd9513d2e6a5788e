import Entities

/// Makes the report from one source that holds both groups (SPEC §4).
///
/// This is the one-source transformer of the blog series the package comes from: one stream,
/// each record naming its group. The report has the same shape as the two-source one: the
/// authorized block, the posted block (a group with no records gets its header and the empty
/// message), then the grand footer. When the source itself is unavailable, the report is the
/// `All` header, the one-source message and a zero grand footer.
///
/// Every record is checked before the first row, as in ``TwoSourceReportUseCase``; the rows are
/// ``ReportTransformer``'s.
public struct OneSourceReportUseCase: TransactionReportUseCaseInput {
  private var request: ReportRequest

  /// Creates the use case.
  ///
  /// - Parameters:
  ///   - source: The source of all transactions, each naming its group.
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
    source: any TransactionSource, output: any TransactionReportUseCaseOutput, issueLimit: Int = 20,
    partial: Bool = false, period: ReportPeriod? = nil
  ) {
    self.init(
      source: .plain(source), output: output, issueLimit: issueLimit, partial: partial, period: period)
  }

  /// Creates the use case with a source the composition root knows to lend its records.
  package init(
    source: ReportSource, output: any TransactionReportUseCaseOutput, issueLimit: Int = 20,
    partial: Bool = false, period: ReportPeriod? = nil
  ) {
    request = ReportRequest(
      [ReportCheck.Part(source, groups: TransactionGroup.allCases)],
      ReportCheck(output: output, issueLimit: issueLimit, partial: partial, period: period))
  }

  /// The same use case, reading its source another way (``ReportRequest/reading``).
  package func reading(with reading: any ReportReading) -> Self {
    var useCase = self
    useCase.request.reading = reading
    return useCase
  }

  /// Reads the source and presents the report, or the issues that prevent it.
  public func eventGenerateReport() async {
    await request.run()
  }
}
