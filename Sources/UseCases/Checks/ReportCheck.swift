import Entities

/// What every report does with its input before its first row, whichever way it is then made:
/// open the sources at once, check every record, and reject input that is missing or invalid
/// (SPEC §3, §4, §8). Every ``ReportReading`` starts with it, so that each judges the input by
/// the same rules.
///
/// A transformer says only which source feeds which groups (``Part``s): two parts of one group
/// each for two sources, one part of both groups for one source.
package struct ReportCheck: Sendable {
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

  /// One part checked on its own, with the issues and totals of its records alone, and what the
  /// check kept of its valid transactions.
  package struct PartCheck<Kept: CheckKeeping>: Sendable {
    package var checked: Checked
    package var issues: IssueLog
    package var totals: ReportTotals
    package var kept: Kept

    /// What checking one part found, with its issues and totals.
    package init(checked: Checked, issues: IssueLog, totals: ReportTotals, kept: Kept) {
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
  ///   - keeping: What to keep of each part's valid transactions.
  /// - Returns: Each part's check, in the parts' order, or the first stop one of them met.
  package func checkAll<Kept>(_ parts: ArraySlice<Part>, keeping: Kept.Type) async -> Result<
    [PartCheck<Kept>], ReportStop
  > {
    guard let first = parts.first else { return .success([]) }
    guard parts.count > 1 else { return await checkAlone(first, keeping: keeping).map { [$0] } }
    async let rest = checkAll(parts.dropFirst(), keeping: keeping)
    let firstCheck = await checkAlone(first, keeping: keeping)
    let others = await rest
    return firstCheck.flatMap { check in others.map { [check] + $0 } }
  }

  /// Checks one part on its own, with issues and totals of its own.
  private func checkAlone<Kept>(_ part: Part, keeping: Kept.Type) async -> Result<PartCheck<Kept>, ReportStop>
  {
    var (issues, totals, kept) = (IssueLog(limit: issueLimit), ReportTotals(), Kept())
    do throws(ReportStop) {
      let checked = try await check(part, issues: &issues, totals: &totals, keeping: &kept)
      return .success(PartCheck(checked: checked, issues: issues, totals: totals, kept: kept))
    } catch {
      return .failure(error)
    }
  }

  /// Opens a part's source and surveys it, adding to the given issues and totals, and giving
  /// each valid transaction of its groups to `kept`, in input order.
  ///
  /// - Returns: What the check found.
  package func check<Kept: CheckKeeping>(
    _ part: Part, issues: inout IssueLog, totals: inout ReportTotals, keeping kept: inout Kept
  ) async throws(ReportStop) -> Checked {
    switch await part.reading.open() {
    case .unavailable(let reason):
      return .unavailable(reason: reason)
    case .missing(let reason):
      return .missing(reason: reason)
    case .available(let stream):
      var survey = InputSurvey(source: part.source.name, expectedGroup: part.expectedGroup, period: period)
      do {
        try stream.readRecords(
          while: { !survey.hasStopped },
          each: { record, bytes in
            survey.take(record, descriptionBytes: bytes, totals: &totals, issues: &issues, keeping: &kept)
          })
      } catch {
        throw .cancelled
      }
      // A source that became unavailable (or missing) while it was read is shown as one that
      // did not open.
      if let reason = survey.unavailableReason {
        return survey.endedAsMissing ? .missing(reason: reason) : .unavailable(reason: reason)
      }
      return .surveyed(survey)
    }
  }

  /// Joins what checking each part found; presents the issues and returns `nil` when there
  /// are any. Only the issue of a total out of range depends on the order of the parts (it names
  /// the record at which the running total left the range): then the check runs again, one
  /// source after the other.
  ///
  /// - Parameters:
  ///   - parts: The parts.
  ///   - checks: What checking each part on its own found, in the parts' order.
  ///   - beforeRejection: What to do before a rejection is presented (take back a draft).
  /// - Returns: What each part's check found, in order, or `nil` when the input was rejected.
  /// - Throws: ``ReportStop/cancelled`` when the task is cancelled.
  package func verdict<Kept>(
    _ parts: [Part], _ checks: [PartCheck<Kept>], beforeRejection: () -> Void = {}
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
      for part in parts {
        var ignored = Kept()
        checked.append(try await check(part, issues: &issues, totals: &totals, keeping: &ignored))
      }
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
      // How a file was read helps most when its reading stopped at a question: it comes first.
      for case .surveyed(let survey) in checked { survey.notes.forEach(output.presentSourceNote) }
      output.presentInvalidInput(
        issues: issues.kept, totalCount: issues.count, recordCount: issues.recordCount)
      return nil
    }
    return checked
  }

  /// Prepares the sources of the given parts (``TransactionSource/prepare()``), all at once.
  package static func prepareAll(_ parts: ArraySlice<Part>) async {
    await withTaskGroup(of: Void.self) { group in
      for part in parts { group.addTask { await part.source.prepare() } }
    }
  }
}

/// What a check keeps of each valid transaction of a part as it reads it: the transactions
/// themselves, for the plain way; what a later reading must match, for a reading that reads its
/// sources again (TransactionStorage).
package protocol CheckKeeping: Sendable {
  /// Nothing kept yet.
  init()
  /// Keeps what it keeps of the next valid transaction.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - descriptionBytes: Its description's bytes, when they are lent apart from it.
  mutating func keep(_ transaction: borrowing Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>?)
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
