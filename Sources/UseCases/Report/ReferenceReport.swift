import Entities

/// The report made the plain way: every source opened at once and read once, each record
/// checked and each valid transaction kept; then, if the input is valid, ``ReportTransformer``
/// presents it.
///
/// This is how the use cases make a report for any client: one reading of each source, at the
/// same time, and the report as the transformer defines it. It keeps every transaction in
/// memory until the report is presented, as a table view does with its rows. The command line
/// makes its reports with the engine instead (`ReportEngine`: a sorted file streamed in one
/// pass, in constant memory), which presents exactly the same calls.
struct ReferenceReport {
  let check: ReportCheck

  /// Makes the report of the parts, in order, or rejects their input; or, when the task is
  /// cancelled, ends as cancelled.
  func run(_ parts: [ReportCheck.Part]) async {
    let output = check.output
    do throws(ReportStop) {
      let checks = try await check.checkAll(parts[...], keeping: true).get()
      guard let checked = try await check.verdict(parts, checks) else { return }
      let sources = zip(parts, zip(checked, checks)).map { part, checks in
        switch checks.0 {
        case .unavailable(let reason), .missing(let reason):
          ReportTransformer.Source(groups: part.groups, unavailable: reason)
        case .surveyed(let survey):
          ReportTransformer.Source(
            groups: part.groups, transactions: checks.1.kept ?? [], notes: survey.notes)
        }
      }
      if Task.isCancelled { throw .cancelled }
      do {
        try ReportTransformer(period: check.period).present(sources, to: output)
      } catch {
        // The check summed the same amounts and found every total in range: a transformer that
        // finds otherwise has been changed against its check, and shows no wrong total.
        output.presentInvalidInput(
          issues: [
            RecordIssue(
              source: parts.map(\.source.name).joined(separator: ", "), position: nil, field: nil,
              problem: .totalOverflow(.grand, amount: .zero))
          ],
          totalCount: 1, recordCount: 1)
      }
    } catch {
      switch error {
      case .cancelled: output.presentReportCancelled()
      case .sourceChanged(let change):
        output.presentInvalidInput(issues: [change.issue], totalCount: 1, recordCount: 1)
      }
    }
  }
}
