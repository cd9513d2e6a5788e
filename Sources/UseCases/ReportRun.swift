import Entities

/// The skeleton every report shares, whichever transformer shapes it: open the sources at once,
/// check every record, then reject the input or present the report (SPEC §3, §4, §8).
///
/// A transformer says only which source feeds which groups: a list of ``Part``s. The two-source
/// transformer has two parts of one group each; the one-source transformer has one part that
/// holds both groups. Everything else is the same for both, and is written once, here:
///
/// 1. **Open** every source at once (opening may suspend: a network fetch), then **check** them
///    in order: the ``InputSurvey`` of each reads every record and keeps none.
/// 2. Any issue, in any source: ``TransactionReportUseCaseOutput/presentInvalidInput(issues:totalCount:)``
///    and nothing else. Invalid input gets no row.
/// 3. Otherwise **present** the report: for each part, its header and message when it is
///    unavailable, or its groups from a second reading in report order (``ReportAssembler``,
///    the heart of the transformation); then the grand footer.
struct ReportRun {
  /// One source of a report and the groups it holds, in report order.
  struct Part: Sendable {
    let source: any TransactionSource
    let groups: [TransactionGroup]

    /// What the part's header and unavailable message are about: its one group, or all
    /// transactions when the source holds every group.
    var scope: ReportScope { groups.count == 1 ? .group(groups[0]) : .allTransactions }
    /// The only group the source may hold, or `nil` when it holds every group.
    var expectedGroup: TransactionGroup? { groups.count == 1 ? groups[0] : nil }
  }

  /// What checking one part found.
  private enum Checked {
    case unavailable(reason: UnavailableReason)
    case surveyed(InputSurvey)
  }

  let output: any TransactionReportUseCaseOutput
  let issueLimit: Int

  /// Makes the report of the parts, in order, or rejects their input.
  func run(_ parts: [Part]) async {
    do throws(ReportStop) {
      guard let checked = try await check(parts) else { return }
      try await present(parts, checked)
    } catch {
      switch error {
      case .cancelled: return
      case .sourceChanged(let change): output.presentInvalidInput(issues: [change.issue], totalCount: 1)
      }
    }
  }

  /// Opens every source at once and surveys each; presents the issues and returns `nil` when
  /// there are any.
  private func check(_ parts: [Part]) async throws(ReportStop) -> [Checked]? {
    let openings = await Self.openAll(parts.map(\.source)[...])
    var issues = IssueLog(limit: issueLimit)
    var totals = ReportTotals()
    var checked: [Checked] = []
    for (part, opening) in zip(parts, openings) {
      switch opening {
      case .unavailable(let reason):
        checked.append(.unavailable(reason: reason))
      case .available(var stream):
        do {
          let survey = try InputSurvey(
            reading: &stream, source: part.source.name, expectedGroup: part.expectedGroup,
            totals: &totals, issues: &issues)
          checked.append(.surveyed(survey))
        } catch {
          throw .cancelled
        }
      }
    }
    for issue in totals.overflowIssues() { issues.record(issue) }
    guard issues.isEmpty else {
      output.presentInvalidInput(issues: issues.kept, totalCount: issues.count)
      return nil
    }
    return checked
  }

  /// Presents the report of input that passed the check.
  private func present(_ parts: [Part], _ checked: [Checked]) async throws(ReportStop) {
    output.presentReportStart()
    var report = ReportAssembler(output: output)
    for (part, check) in zip(parts, checked) {
      switch check {
      case .unavailable(let reason):
        report.unavailable(part.scope, reason: reason)
      case .surveyed(let survey):
        var transactions = try await OrderedTransactions(source: part.source, survey: survey)
        try report.assemble(part.groups, from: &transactions)
      }
    }
    output.presentGrandFooter(total: try report.grandTotal())
    output.presentReportEnd()
  }

  /// Opens every source concurrently and returns the openings in the sources' order: the first
  /// in this task, each other one in a child task (a lone source needs no child task).
  private static func openAll(_ sources: ArraySlice<any TransactionSource>) async -> [SourceOpening] {
    guard let first = sources.first else { return [] }
    guard sources.count > 1 else { return [await first.open()] }
    async let rest = openAll(sources.dropFirst())
    let opening = await first.open()
    return [opening] + (await rest)
  }
}

/// Why a report stopped before its end.
enum ReportStop: Error {
  /// A later reading of a source differs from the one that was checked.
  case sourceChanged(SourceChanged)
  /// The task making the report was cancelled.
  case cancelled
}
