import Entities

/// Makes the report from one source that holds both groups (SPEC §4).
///
/// The report has the same shape as the two-source one: the authorized block, the posted
/// block (a group with no records gets its header and the empty message), then the grand
/// footer. When the source itself is unavailable, the report is the `All` header, the
/// one-source message and a zero grand footer.
///
/// Like ``TwoSourceReportUseCase``, it reads the source twice: a first pass that checks every
/// record and keeps none, then a second that streams sorted input or sorts unsorted input.
public struct OneSourceReportUseCase {
  private let source: any TransactionSource
  private let output: any TransactionReportUseCaseOutput
  private let issueLimit: Int

  /// Creates the use case.
  ///
  /// - Parameters:
  ///   - source: The source of all transactions, each naming its group.
  ///   - output: The presenter that receives the report.
  ///   - issueLimit: How many issues to pass on in full when the input is invalid; all are
  ///     counted.
  public init(source: any TransactionSource, output: any TransactionReportUseCaseOutput, issueLimit: Int = 20)
  {
    self.source = source
    self.output = output
    self.issueLimit = issueLimit
  }

  /// Reads the source and presents the report, or the issues that prevent it.
  public func eventGenerateReport() {
    var stream: any TransactionStream
    switch source.open() {
    case .unavailable(let reason):
      presentUnavailableReport(reason: reason)
      return
    case .available(let opened):
      stream = opened
    }
    var issues = IssueLog(limit: issueLimit)
    var totals = ReportTotals()
    let survey = InputSurvey(
      reading: &stream, source: source.name, expectedGroup: nil, totals: &totals, issues: &issues)
    for issue in totals.overflowIssues() { issues.record(issue) }
    guard issues.isEmpty else {
      output.presentInvalidInput(issues: issues.kept, totalCount: issues.count)
      return
    }

    output.presentReportStart()
    var assembler = ReportAssembler(output: output)
    do {
      var transactions = try OrderedTransactions(source: source, survey: survey)
      try assembler.assemble(TransactionGroup.allCases, from: &transactions)
      output.presentGrandFooter(total: try assembler.grandTotal())
    } catch {
      output.presentInvalidInput(issues: [error.issue], totalCount: 1)
      return
    }
    output.presentReportEnd()
  }

  private func presentUnavailableReport(reason: String) {
    output.presentReportStart()
    output.presentHeader(.allTransactions)
    output.presentSourceUnavailable(.allTransactions, reason: reason)
    output.presentGrandFooter(total: .zero)
    output.presentReportEnd()
  }
}
