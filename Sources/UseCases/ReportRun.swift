import Entities

/// The skeleton every report shares, whichever transformer shapes it: open the sources at once,
/// check every record, then reject the input or present the report (SPEC §3, §4, §8).
///
/// A transformer says only which source feeds which groups: a list of ``Part``s. The two-source
/// transformer has two parts of one group each; the one-source transformer has one part that
/// holds both groups. Everything else is the same for both, and is written once, here:
///
/// 1. **Open and check** every source at once, each in a task of its own (opening may suspend,
///    as a network fetch does; checking keeps a core busy): the ``InputSurvey`` of each reads
///    every record and keeps none. Their issues and totals are then taken in the parts' order,
///    so the result is the one a check of one source after the other would give.
/// 2. Any missing input (a file that is not there), unless the report may be partial:
///    ``TransactionReportUseCaseOutput/presentMissingInput(_:issues:totalCount:recordCount:)``, with the
///    issues of the other sources, and nothing else. Otherwise any issue, in any source:
///    ``TransactionReportUseCaseOutput/presentInvalidInput(issues:totalCount:recordCount:)`` and nothing
///    else. Missing or invalid input gets no row.
/// 3. Otherwise **present** the report: for each part, its header and message when it is
///    unavailable (or missing, in a partial report), or its groups from a second reading in report order (``ReportAssembler``,
///    the heart of the transformation); then the grand footer.
///
/// For an output that takes a draft (``TransactionReportUseCaseOutput/acceptsDraft``), steps 1
/// and 3 are one reading of each source, in turn, while they are valid and in report order
/// (`runDrafting`, decision 0030).
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
  private enum Checked: Sendable {
    case unavailable(reason: UnavailableReason)
    case missing(reason: UnavailableReason)
    case surveyed(InputSurvey)
  }

  /// One part checked on its own, with the issues and totals of its records alone.
  private struct PartCheck: Sendable {
    var checked: Checked
    var issues: IssueLog
    var totals: ReportTotals
    /// What a draft reading held when its source proved out of report order.
    var held: HeldAfterDraft?
  }

  let output: any TransactionReportUseCaseOutput
  let issueLimit: Int
  /// Whether a missing input gets the report of the other sources, with its group's
  /// unavailable message, instead of no report.
  let partial: Bool
  /// The days reported, or `nil` for every day. Every record is read and checked whatever its
  /// date; one outside the period is counted, and left out of the rows and the totals.
  var period: ReportPeriod? = nil

  /// Makes the report of the parts, in order, or rejects their input.
  func run(_ parts: [Part]) async {
    let drafts = output.acceptsDraft && !parts.isEmpty
    do throws(ReportStop) {
      if drafts {
        try await runDrafting(parts)
      } else {
        let checks = try await Self.checkAll(parts[...], issueLimit: issueLimit, period: period).get()
        guard let checked = try await verdict(parts, checks) else { return }
        try await present(parts, checked)
      }
    } catch {
      switch error {
      case .cancelled:
        // A draft of a report that will not end is not a report.
        if drafts { output.discardDraft() }
      case .sourceChanged(let change):
        if drafts { output.discardDraft() }
        output.presentInvalidInput(issues: [change.issue], totalCount: 1, recordCount: 1)
      }
    }
  }

  /// Makes the report for an output that takes a draft: each source is read once, in order,
  /// each record checked and presented in the same reading (decision 0030).
  ///
  /// A draft stops being presented at the first thing that keeps it from being the report: an
  /// issue, a record out of report order, a source that is not there or stops being available.
  /// That reading goes on as a check, and the sources after it are checked at once, in tasks
  /// of their own, without a draft. If the input then proves valid and every draft was whole,
  /// the report is done. If it is valid but a draft stopped, the draft is discarded and the
  /// report made again: a source out of order from what its reading held (only the records
  /// before the first one out of order are read again), every other source from a second
  /// reading. If the input is invalid, the draft is discarded before the rejection.
  ///
  /// The sources are drafted one after the other, not checked at once, because a draft keeps
  /// both cores busy already (its reader thread, and the presenter and renderer): checking the
  /// second source meanwhile only made each wait for the other, and read it twice.
  private func runDrafting(_ parts: [Part]) async throws(ReportStop) {
    // What the sources after the first wait on (a download) starts now, for all at once.
    async let prepared: Void = Self.prepareAll(parts.dropFirst())
    output.presentReportStart()
    var report = ReportAssembler(output: output, period: period)
    var checks: [PartCheck] = []
    var isWhole = true
    while checks.count < parts.count, isWhole {
      let (check, whole) = try await Self.checkAndPresent(
        parts[checks.count], issueLimit: issueLimit, period: period, into: &report)
      checks.append(check)
      isWhole = whole
    }
    await prepared
    checks += try await Self.checkAll(parts[checks.count...], issueLimit: issueLimit, period: period).get()
    guard let checked = try await verdict(parts, checks, discardingDraft: true) else { return }
    if !isWhole {
      output.discardDraft()
      output.presentReportStart()
      report = ReportAssembler(output: output, period: period)
      for index in parts.indices {
        // Taken out of the check, not copied: held arrays that are shared are copied whole
        // when they are next written to.
        guard case .surveyed(let survey) = checked[index], let held = checks[index].held.take() else {
          try await present(parts[index...index], checked[index...index], into: &report)
          continue
        }
        let (prefixCount, prefixDigest) = (held.prefixCount, held.prefixDigest)
        // Out of order: what the reading held after its first record out of order, and the
        // records before it read again, sorted.
        var transactions = try await OrderedTransactions(
          source: parts[index].source, survey: survey, prefixCount: prefixCount,
          prefixDigest: prefixDigest, rest: (consume held).rest)
        try await report.assemble(parts[index].groups, from: &transactions)
      }
    }
    presentRecordsOutsidePeriod(checked)
    output.presentGrandFooter(total: try report.grandTotal())
    output.presentReportEnd()
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
  ///   - discardingDraft: Whether a draft was presented, to take back before a rejection.
  /// - Returns: What each part's check found, in order, or `nil` when the input was rejected.
  /// - Throws: ``ReportStop/cancelled`` when the task is cancelled during a second check.
  private func verdict(
    _ parts: [Part], _ checks: [PartCheck], discardingDraft: Bool = false
  ) async throws(ReportStop) -> [Checked]? {
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
        checked.append(try await Self.check(part, period: period, issues: &issues, totals: &totals))
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
        if discardingDraft { output.discardDraft() }
        output.presentMissingInput(
          missing, issues: issues.kept, totalCount: issues.count, recordCount: issues.recordCount)
        return nil
      }
    }
    guard issues.isEmpty else {
      if discardingDraft { output.discardDraft() }
      output.presentInvalidInput(
        issues: issues.kept, totalCount: issues.count, recordCount: issues.recordCount)
      return nil
    }
    return checked
  }

  /// Presents the report of input that passed the check.
  private func present(_ parts: [Part], _ checked: [Checked]) async throws(ReportStop) {
    output.presentReportStart()
    var report = ReportAssembler(output: output, period: period)
    try await present(parts[...], checked[...], into: &report)
    presentRecordsOutsidePeriod(checked)
    output.presentGrandFooter(total: try report.grandTotal())
    output.presentReportEnd()
  }

  /// Tells the output what the sources noted, then how many valid records the period left out,
  /// when it left out any.
  ///
  /// - Parameter checked: What checking each part found; only surveyed parts have records.
  private func presentRecordsOutsidePeriod(_ checked: [Checked]) {
    for check in checked {
      if case .surveyed(let survey) = check { survey.notes.forEach(output.presentSourceNote) }
    }
    guard let period else { return }
    let count = checked.reduce(0) { count, check in
      if case .surveyed(let survey) = check { count + survey.outsidePeriodCount } else { count }
    }
    if count > 0 { output.presentRecordsOutsidePeriod(count: count, period: period) }
  }

  /// Presents the blocks of the given parts, each source read again.
  private func present(
    _ parts: ArraySlice<Part>, _ checked: ArraySlice<Checked>, into report: inout ReportAssembler
  ) async throws(ReportStop) {
    for (part, check) in zip(parts, checked) {
      switch check {
      case .unavailable(let reason), .missing(let reason):
        report.unavailable(part.scope, reason: reason)
      case .surveyed(let survey):
        var transactions = try await OrderedTransactions(source: part.source, survey: survey)
        try await report.assemble(part.groups, from: &transactions)
      }
    }
  }

  /// What a draft reading held once its source proved out of report order: every transaction
  /// from the first one out of order on, and the count and digest of those before it.
  struct HeldAfterDraft: Sendable {
    var prefixCount: Int
    var prefixDigest: Int
    var rest: HeldTransactions
  }

  /// Opens a part's source and reads it once, checking every record and presenting the
  /// blocks of its groups into `report` while that can still be the report.
  ///
  /// When a record comes out of report order, the draft stops and the reading holds the
  /// transactions from there on (``HeldAfterDraft``), so that only those before it need be read
  /// again; an issue later on drops them, as the report will not be made.
  ///
  /// - Returns: What the check found, with what was held if the draft stopped at a record out
  ///   of order and nothing else went wrong; and whether the part's blocks were presented whole
  ///   (its records all valid, in report order, and read to the end).
  private static func checkAndPresent(
    _ part: Part, issueLimit: Int, period: ReportPeriod?, into report: inout ReportAssembler
  ) async throws(ReportStop) -> (PartCheck, isWhole: Bool) {
    let (issues, totals) = (IssueLog(limit: issueLimit), ReportTotals())
    let checked: Checked
    switch await part.source.open() {
    case .unavailable(let reason):
      checked = .unavailable(reason: reason)
    case .missing(let reason):
      checked = .missing(reason: reason)
    case .available(var stream):
      var reading = DraftReading(
        survey: InputSurvey(source: part.source.name, expectedGroup: part.expectedGroup, period: period),
        issues: issues, totals: totals)
      report.beginSource(part.source.name, groups: part.groups)
      // The records are lent where they lie (a batch read ahead), not moved out of the stream;
      // once the reading holds, their descriptions as bytes, where the stream can (0043).
      do {
        try stream.readRecords(
          while: { reading.survey.unavailableReason == nil }, wantsBytes: { reading.held != nil },
          each: { reading.take($0, descriptionBytes: $1, into: &report) })
      } catch {
        throw .cancelled
      }
      var (survey, presents, held) = (reading.survey, reading.presents, reading.held)
      if let reason = survey.unavailableReason {
        checked = .unavailable(reason: reason)
        presents = false
        held = nil
      } else {
        checked = .surveyed(survey)
        if presents {
          do { try report.endSource() } catch { presents = false }
        }
      }
      let partCheck = PartCheck(checked: checked, issues: reading.issues, totals: reading.totals, held: held)
      return (partCheck, presents)
    }
    return (PartCheck(checked: checked, issues: issues, totals: totals), false)
  }

  /// The one reading of a source for a draft: each record checked by the survey, and presented
  /// while the draft can still be the report.
  private struct DraftReading {
    var survey: InputSurvey
    var issues: IssueLog
    var totals: ReportTotals
    /// Whether the records so far are in the report: all valid, in report order.
    var presents = true
    /// What the reading holds once a record came out of report order, if nothing else went
    /// wrong.
    var held: HeldAfterDraft?

    /// Checks the next record, and presents it while the draft can still be the report.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - descriptionBytes: Its transaction's description, when lent as bytes apart from it:
    ///     only once the reading holds (``held``), never for a record to present.
    ///   - report: Where the draft is presented.
    mutating func take(
      _ record: SourceRecord, descriptionBytes: UnsafeBufferPointer<UInt8>?,
      into report: inout ReportAssembler
    ) {
      if case .note = record {
        // A note changes no row and no total: the draft goes on.
        survey.take(record, totals: &totals, issues: &issues)
        return
      }
      let digestBefore = survey.digest
      // The transaction is read in place from the record, not copied out of it.
      let isTransaction = survey.take(
        record, descriptionBytes: descriptionBytes, totals: &totals, issues: &issues)
      if presents {
        // An empty description with its bytes apart must never reach a row.
        precondition(descriptionBytes == nil, "a description lent as bytes to a draft that presents")
        if isTransaction, survey.isInReportOrder, case .transaction(let transaction, _) = record {
          // A group total out of range stops the draft; the check names it.
          do { try report.add(inReportOrder: transaction, lentDescription: nil) } catch { presents = false }
          return
        }
        presents = false
        guard isTransaction, survey.issueCount == 0, case .transaction(let transaction, _) = record else {
          return
        }
        // The first record out of order: hold it and what follows.
        var rest = HeldTransactions()
        if survey.period?.contains(transaction.date) ?? true {
          rest.append(transaction, descriptionBytes: descriptionBytes)
        }
        held = HeldAfterDraft(prefixCount: survey.count - 1, prefixDigest: digestBefore, rest: rest)
      } else if held != nil {
        // An issue (or the end of what could be read): nothing will be reported from these.
        guard isTransaction, case .transaction(let transaction, _) = record else {
          held = nil
          return
        }
        if survey.period?.contains(transaction.date) ?? true {
          held?.rest.append(transaction, descriptionBytes: descriptionBytes)
        }
      }
    }
  }

  /// Opens a part's source and surveys it, adding to the given issues and totals.
  private static func check(
    _ part: Part, period: ReportPeriod?, issues: inout IssueLog, totals: inout ReportTotals
  ) async throws(ReportStop) -> Checked {
    switch await part.source.open() {
    case .unavailable(let reason):
      return .unavailable(reason: reason)
    case .missing(let reason):
      return .missing(reason: reason)
    case .available(var stream):
      do {
        let survey = try InputSurvey(
          reading: &stream, source: part.source.name, expectedGroup: part.expectedGroup, period: period,
          totals: &totals, issues: &issues)
        // A source that became unavailable while it was read is shown as one that did not open.
        if let reason = survey.unavailableReason { return .unavailable(reason: reason) }
        return .surveyed(survey)
      } catch {
        throw .cancelled
      }
    }
  }

  /// Prepares the sources of the given parts (``TransactionSource/prepare()``), all at once.
  private static func prepareAll(_ parts: ArraySlice<Part>) async {
    await withTaskGroup(of: Void.self) { group in
      for part in parts { group.addTask { await part.source.prepare() } }
    }
  }

  /// Checks every part concurrently, each on its own, and returns what each found in the
  /// parts' order: the first in this task, each other one in a child task (a lone source
  /// needs no child task).
  private static func checkAll(
    _ parts: ArraySlice<Part>, issueLimit: Int, period: ReportPeriod?
  ) async -> Result<[PartCheck], ReportStop> {
    guard let first = parts.first else { return .success([]) }
    guard parts.count > 1 else {
      return await checkAlone(first, issueLimit: issueLimit, period: period).map { [$0] }
    }
    async let rest = checkAll(parts.dropFirst(), issueLimit: issueLimit, period: period)
    let firstCheck = await checkAlone(first, issueLimit: issueLimit, period: period)
    let others = await rest
    return firstCheck.flatMap { check in others.map { [check] + $0 } }
  }

  /// Checks one part on its own, with issues and totals of its own.
  private static func checkAlone(
    _ part: Part, issueLimit: Int, period: ReportPeriod?
  ) async -> Result<PartCheck, ReportStop> {
    var (issues, totals) = (IssueLog(limit: issueLimit), ReportTotals())
    do throws(ReportStop) {
      let checked = try await check(part, period: period, issues: &issues, totals: &totals)
      return .success(PartCheck(checked: checked, issues: issues, totals: totals))
    } catch {
      return .failure(error)
    }
  }
}

/// Why a report stopped before its end.
enum ReportStop: Error {
  /// A later reading of a source differs from the one that was checked.
  case sourceChanged(SourceChanged)
  /// The task making the report was cancelled.
  case cancelled
}
