import Entities

/// Makes the report from two sources: one for authorized, one for posted transactions (SPEC §3).
///
/// For each group in order, an unavailable source gives its header and the unavailable
/// message, an empty one its header and the empty message, and any other its header, one
/// banded block per date, and a footer with the group total. A grand footer ends the report.
///
/// The use case reads each source twice. The first pass checks every record without keeping
/// any, so invalid input is rejected before a single row is presented. The second pass streams
/// the rows when the source is already sorted, and sorts it in memory only when it is not.
public struct TwoSourceReportUseCase {
  private let authorized: any TransactionSource
  private let posted: any TransactionSource
  private let output: any TransactionReportUseCaseOutput
  private let issueLimit: Int

  /// Creates the use case.
  ///
  /// - Parameters:
  ///   - authorized: The source of authorized (`A`) transactions.
  ///   - posted: The source of posted (`P`) transactions.
  ///   - output: The presenter that receives the report.
  ///   - issueLimit: How many issues to pass on in full when the input is invalid; all are
  ///     counted.
  public init(
    authorized: any TransactionSource,
    posted: any TransactionSource,
    output: any TransactionReportUseCaseOutput,
    issueLimit: Int = 20
  ) {
    self.authorized = authorized
    self.posted = posted
    self.output = output
    self.issueLimit = issueLimit
  }

  /// Reads both sources and presents the report, or the issues that prevent it.
  public func eventGenerateReport() {
    let sources: [(group: TransactionGroup, source: any TransactionSource)] = [
      (.authorized, authorized), (.posted, posted),
    ]
    var issues = IssueLog(limit: issueLimit)
    var totals = ReportTotals()
    var surveys: [InputSurvey?] = []
    var reasons: [String?] = []
    for (group, source) in sources {
      switch source.open() {
      case .unavailable(let reason):
        surveys.append(nil)
        reasons.append(reason)
      case .available(var stream):
        surveys.append(
          InputSurvey(
            reading: &stream, source: source.name, expectedGroup: group, totals: &totals, issues: &issues))
        reasons.append(nil)
      }
    }
    for issue in totals.overflowIssues() { issues.record(issue) }
    guard issues.isEmpty else {
      output.presentInvalidInput(issues: issues.kept, totalCount: issues.count)
      return
    }

    output.presentReportStart()
    var assembler = ReportAssembler(output: output)
    do {
      for (index, (group, source)) in sources.enumerated() {
        if let survey = surveys[index] {
          var transactions = try OrderedTransactions(source: source, survey: survey)
          try assembler.assemble([group], from: &transactions)
        } else {
          assembler.unavailable(group, reason: reasons[index] ?? "")
        }
      }
      output.presentGrandFooter(total: try assembler.grandTotal())
    } catch {
      output.presentInvalidInput(issues: [error.issue], totalCount: 1)
      return
    }
    output.presentReportEnd()
  }
}
