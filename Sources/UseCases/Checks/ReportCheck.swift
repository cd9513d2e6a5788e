import Entities

/// What every report does with its input before its first row, whichever way it is then made:
/// open the sources at once, check every record, and reject input that is missing or invalid
/// (SPEC §3, §4, §8). The use cases' plain way (``ReferenceReport``) and the engine
/// (``ReportEngine``) share it, so that both judge the input by the same rules.
///
/// A transformer says only which source feeds which groups: a list of ``Part``s. The two-source
/// transformer has two parts of one group each; the one-source transformer has one part that
/// holds both groups.
package struct ReportCheck {
  /// One source of a report and the groups it holds, in report order.
  package struct Part: Sendable {
    /// The source, and whether it lends its records.
    package let reading: ReportSource
    package let groups: [TransactionGroup]
    /// The source.
    package var source: any TransactionSource { reading.source }

    /// What the part's header and unavailable message are about: its one group, or all
    /// transactions when the source holds every group.
    package var scope: ReportScope { groups.count == 1 ? .group(groups[0]) : .allTransactions }
    /// The only group the source may hold, or `nil` when it holds every group.
    package var expectedGroup: TransactionGroup? { groups.count == 1 ? groups[0] : nil }

    /// A source and the groups it holds.
    package init(_ source: ReportSource, groups: [TransactionGroup]) {
      self.reading = source
      self.groups = groups
    }
  }

  /// What checking one part found.
  package enum Checked: Sendable {
    case unavailable(reason: UnavailableReason)
    case missing(reason: UnavailableReason)
    case surveyed(InputSurvey)
  }

  /// One part checked on its own, with the issues and totals of its records alone.
  package struct PartCheck: Sendable {
    package var checked: Checked
    package var issues: IssueLog
    package var totals: ReportTotals
    /// The part's transactions, in input order, when the check kept them (the plain way).
    package var kept: [Transaction]? = nil

    /// What checking one part found, with its issues and totals.
    package init(checked: Checked, issues: IssueLog, totals: ReportTotals, kept: [Transaction]? = nil) {
      (self.checked, self.issues, self.totals, self.kept) = (checked, issues, totals, kept)
    }
  }

  package let output: any TransactionReportUseCaseOutput
  package let issueLimit: Int
  /// Whether a missing input gets the report of the other sources, with its group's
  /// unavailable message, instead of no report.
  package let partial: Bool
  /// The days reported, or `nil` for every day. Every record is read and checked whatever its
  /// date; one outside the period is counted, and left out of the rows and the totals.
  package let period: ReportPeriod?

  /// The check of a report to `output`.
  ///
  /// - Parameters:
  ///   - output: Where the report, or the rejection, goes.
  ///   - issueLimit: How many issues a rejection lists in full.
  ///   - partial: Whether a missing input gets a report without it.
  ///   - period: The days reported, or `nil` for every day.
  package init(
    output: any TransactionReportUseCaseOutput, issueLimit: Int, partial: Bool, period: ReportPeriod?
  ) {
    (self.output, self.issueLimit, self.partial, self.period) = (output, issueLimit, partial, period)
  }

  /// Checks every part concurrently, each on its own, and returns what each found in the
  /// parts' order: the first in this task, each other one in a child task (a lone source needs
  /// no child task).
  ///
  /// - Parameters:
  ///   - parts: The parts to check, in report order.
  ///   - keeping: Whether to keep each part's valid transactions.
  /// - Returns: Each part's check, in the parts' order, or the first stop one of them met.
  package func checkAll(_ parts: ArraySlice<Part>, keeping: Bool = false) async -> Result<
    [PartCheck], ReportStop
  > {
    guard let first = parts.first else { return .success([]) }
    guard parts.count > 1 else { return await checkAlone(first, keeping: keeping).map { [$0] } }
    async let rest = checkAll(parts.dropFirst(), keeping: keeping)
    let firstCheck = await checkAlone(first, keeping: keeping)
    let others = await rest
    return firstCheck.flatMap { check in others.map { [check] + $0 } }
  }

  /// Checks one part on its own, with issues and totals of its own.
  private func checkAlone(_ part: Part, keeping: Bool) async -> Result<PartCheck, ReportStop> {
    var (issues, totals) = (IssueLog(limit: issueLimit), ReportTotals())
    do throws(ReportStop) {
      let (checked, kept) = try await check(part, issues: &issues, totals: &totals, keeping: keeping)
      return .success(PartCheck(checked: checked, issues: issues, totals: totals, kept: kept))
    } catch {
      return .failure(error)
    }
  }

  /// Opens a part's source and surveys it, adding to the given issues and totals.
  ///
  /// - Returns: What the check found, and the valid transactions of the part's groups, in input
  ///   order, when `keeping`.
  package func check(
    _ part: Part, issues: inout IssueLog, totals: inout ReportTotals, keeping: Bool = false
  ) async throws(ReportStop) -> (Checked, [Transaction]?) {
    switch await part.reading.open() {
    case .unavailable(let reason):
      return (.unavailable(reason: reason), nil)
    case .missing(let reason):
      return (.missing(reason: reason), nil)
    case .available(let stream):
      var survey = InputSurvey(source: part.source.name, expectedGroup: part.expectedGroup, period: period)
      var kept: [Transaction]? = keeping ? [] : nil
      do {
        try stream.readRecords(
          while: { survey.unavailableReason == nil },
          each: { record, _ in
            if survey.take(record, totals: &totals, issues: &issues), keeping,
              let transaction = record.transaction
            {
              kept?.append(transaction)
            }
          })
      } catch {
        throw .cancelled
      }
      // A source that became unavailable (or missing) while it was read is shown as one that
      // did not open.
      if let reason = survey.unavailableReason {
        return (survey.endedAsMissing ? .missing(reason: reason) : .unavailable(reason: reason), nil)
      }
      return (.surveyed(survey), kept)
    }
  }

  /// Joins what checking each part found; presents the issues and returns `nil` when there
  /// are any.
  ///
  /// The parts' issues and totals are joined in order. Totals are sums, which do not depend on
  /// the order; only the issue of a total out of range does, as it names the record at which
  /// the running total left the range for good. In that one case, when two parts add to the
  /// same total, the check runs again, one source after the other.
  ///
  /// - Parameters:
  ///   - parts: The parts.
  ///   - checks: What checking each part on its own found, in the parts' order.
  ///   - beforeRejection: What to do before a rejection is presented (take back a draft).
  /// - Returns: What each part's check found, in order, or `nil` when the input was rejected.
  /// - Throws: ``ReportStop/cancelled`` when the task is cancelled.
  package func verdict(
    _ parts: [Part], _ checks: [PartCheck], beforeRejection: () -> Void = {}
  ) async throws(ReportStop) -> [Checked]? {
    // A source whose opening ended because the report was cancelled says "unavailable": it is
    // not, and the report is not made.
    if Task.isCancelled { throw .cancelled }
    var issues = IssueLog(limit: issueLimit)
    var totals = ReportTotals()
    var checked: [Checked] = []
    var isInOrder = true
    for part in checks {
      checked.append(part.checked)
      issues.append(part.issues)
      isInOrder = totals.append(part.totals) && isInOrder
    }
    if !isInOrder {
      (issues, totals) = (IssueLog(limit: issueLimit), ReportTotals())
      checked = []
      for part in parts { checked.append(try await check(part, issues: &issues, totals: &totals).0) }
    }
    let surveys: [InputSurvey?] = checked.map { if case .surveyed(let survey) = $0 { survey } else { nil } }
    if let swapped = SwappedSources(parts, surveys: surveys) { issues = swapped.issues(limit: issueLimit) }
    for issue in totals.overflowIssues() { issues.record(issue) }
    if !partial {
      let missing = zip(parts, checked).compactMap { part, check in
        if case .missing(let reason) = check { MissingInput(part.scope, reason: reason) } else { nil }
      }
      guard missing.isEmpty else {
        beforeRejection()
        output.presentMissingInput(
          missing, issues: issues.kept, totalCount: issues.count, recordCount: issues.recordCount)
        return nil
      }
    }
    guard issues.isEmpty else {
      beforeRejection()
      output.presentInvalidInput(
        issues: issues.kept, totalCount: issues.count, recordCount: issues.recordCount)
      return nil
    }
    return checked
  }

  /// Tells the output what the sources noted, then how many valid records the period left out,
  /// when it left out any: what comes after the last group, before the grand footer.
  ///
  /// - Parameter checked: What checking each part found; only surveyed parts have records.
  package func presentNotesAndPeriod(_ checked: [Checked]) {
    for check in checked {
      if case .surveyed(let survey) = check { survey.notes.forEach(output.presentSourceNote) }
    }
    guard let period else { return }
    let count = checked.reduce(0) { count, check in
      if case .surveyed(let survey) = check { count + survey.outsidePeriodCount } else { count }
    }
    if count > 0 { output.presentRecordsOutsidePeriod(count: count, period: period) }
  }

  /// Prepares the sources of the given parts (``TransactionSource/prepare()``), all at once.
  package static func prepareAll(_ parts: ArraySlice<Part>) async {
    await withTaskGroup(of: Void.self) { group in
      for part in parts { group.addTask { await part.source.prepare() } }
    }
  }
}

/// Why a report stopped before its end.
package enum ReportStop: Error {
  /// A later reading of a source differs from the one that was checked.
  case sourceChanged(SourceChanged)
  /// The task making the report was cancelled.
  case cancelled
}

/// The error of a source whose second reading differs from its first.
package struct SourceChanged: Error {
  package let source: String

  /// The change of the named source.
  package init(source: String) {
    self.source = source
  }

  /// The issue that says so.
  package var issue: RecordIssue {
    RecordIssue(source: source, position: nil, field: nil, problem: .sourceChanged)
  }
}
