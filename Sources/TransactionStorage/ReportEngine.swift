import Entities
import UseCases

/// The report made fast: the engine the command line makes its reports with, which presents
/// exactly what ``ReportTransformer`` presents for the same input (a test and a fuzzer check
/// it), with none of its memory: a sorted file is streamed in one pass.
///
/// Its parts are named for what they are:
///
/// - **The check** is the plain way's (``ReportCheck``): every source opened at once, every
///   record checked before the first row of the report is final.
/// - **Drafts** (decision 0030): for an output that can take rows back (``EngineOutput``), each
///   source is read once, its records checked and presented in the same reading
///   (``runDrafting(_:)``); otherwise it is read twice, the check and then the report.
/// - **Ordered transactions** (``OrderedTransactions``): the second reading of a source in
///   report order streams it; one out of order is held in memory by group and date
///   (``HeldTransactions``, pages cut from shared blocks), and shown in runs, each read ahead on
///   another core while the one before is shown, with descriptions lent as bytes.
/// - **Digests** (``ReadingDigest``): a second reading proves it saw what the first checked; a
///   source that changed in between ends the report with an issue, never a wrong total.
/// - **The assembler** (``ReportAssembler``): the transformer's structure, written to take one
///   transaction at a time, as they stream.
struct ReportEngine {
  let check: ReportCheck
  var output: any TransactionReportUseCaseOutput { check.output }
  var issueLimit: Int { check.issueLimit }
  var period: ReportPeriod? { check.period }
  /// The output's fast path, when it has one.
  let engineOutput: (any EngineOutput)?

  /// An engine for a report to the check's output.
  init(check: ReportCheck) {
    self.check = check
    engineOutput = check.output as? any EngineOutput
  }

  /// Makes the report of the parts, in order, or rejects their input.
  typealias Part = ReportCheck.Part
  typealias Checked = ReportCheck.Checked

  /// Makes the report of the parts, in order, or rejects their input; or, when the task is
  /// cancelled, ends as cancelled.
  func run(_ parts: [Part]) async {
    let drafts = engineOutput?.acceptsDraft == true && !parts.isEmpty
    do throws(ReportStop) {
      if drafts {
        try await runDrafting(parts)
      } else {
        let checks = try await check.checkAll(parts[...]).get()
        guard let checked = try await check.verdict(parts, checks) else { return }
        try await present(parts, checked)
      }
    } catch {
      // A draft of a report that will not end is not a report.
      if drafts { engineOutput?.discardDraft() }
      switch error {
      case .cancelled: output.presentReportCancelled()
      case .sourceChanged(let change):
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
    async let prepared: Void = ReportCheck.prepareAll(parts.dropFirst())
    output.presentReportStart()
    var report = ReportAssembler(output: output, fastOutput: engineOutput, period: period)
    var checks: [ReportCheck.PartCheck] = []
    var held: [HeldAfterDraft?] = []
    var isWhole = true
    while checks.count < parts.count, isWhole {
      let (partCheck, partHeld, whole) = try await checkAndPresent(parts[checks.count], into: &report)
      checks.append(partCheck)
      held.append(partHeld)
      isWhole = whole
    }
    await prepared
    checks += try await check.checkAll(parts[checks.count...]).get()
    held += Array(repeating: nil, count: parts.count - held.count)
    guard
      let checked = try await check.verdict(parts, checks, beforeRejection: { engineOutput?.discardDraft() })
    else { return }
    if !isWhole {
      engineOutput?.discardDraft()
      output.presentReportStart()
      report = ReportAssembler(output: output, fastOutput: engineOutput, period: period)
      for index in parts.indices {
        // Taken out of the list, not copied: held arrays that are shared are copied whole
        // when they are next written to.
        guard case .surveyed(let survey) = checked[index], let partHeld = held[index].take() else {
          try await present(parts[index...index], checked[index...index], into: &report)
          continue
        }
        let (prefixCount, prefixDigest) = (partHeld.prefixCount, partHeld.prefixDigest)
        // Out of order: what the reading held after its first record out of order, and the
        // records before it read again, sorted.
        var transactions = try await OrderedTransactions(
          source: parts[index].source, survey: survey, prefixCount: prefixCount,
          prefixDigest: prefixDigest, rest: (consume partHeld).rest)
        try await report.assemble(parts[index].groups, from: &transactions)
      }
    }
    check.presentNotesAndPeriod(checked)
    output.presentGrandFooter(total: try report.grandTotal())
    output.presentReportEnd()
  }

  /// Presents the report of input that passed the check, from a second reading of each source.
  ///
  /// The sources are prepared at once first (``TransactionSource/prepare()``), so that the
  /// second reading, which opens them one after the other, waits on none of them in turn.
  private func present(_ parts: [Part], _ checked: [Checked]) async throws(ReportStop) {
    await ReportCheck.prepareAll(parts[...])
    if Task.isCancelled { throw .cancelled }
    output.presentReportStart()
    var report = ReportAssembler(output: output, fastOutput: engineOutput, period: period)
    try await present(parts[...], checked[...], into: &report)
    check.presentNotesAndPeriod(checked)
    output.presentGrandFooter(total: try report.grandTotal())
    output.presentReportEnd()
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
  /// - Returns: What the check found; what was held if the draft stopped at a record out of
  ///   order and nothing else went wrong; and whether the part's blocks were presented whole
  ///   (its records all valid, in report order, and read to the end).
  private func checkAndPresent(
    _ part: Part, into report: inout ReportAssembler
  ) async throws(ReportStop) -> (ReportCheck.PartCheck, HeldAfterDraft?, isWhole: Bool) {
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
        checked = survey.endedAsMissing ? .missing(reason: reason) : .unavailable(reason: reason)
        presents = false
        held = nil
      } else {
        checked = .surveyed(survey)
        if presents {
          do { try report.endSource() } catch { presents = false }
        }
      }
      let partCheck = ReportCheck.PartCheck(checked: checked, issues: reading.issues, totals: reading.totals)
      return (partCheck, held, presents)
    }
    return (ReportCheck.PartCheck(checked: checked, issues: issues, totals: totals), nil, false)
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

}

/// The engine as a use case's way of reading its sources (``UseCases/ReportReading``): what the
/// command line's composition root hands its use cases.
package struct EngineReading: ReportReading {
  /// The engine.
  package init() {}

  package func report(_ parts: [ReportCheck.Part], check: ReportCheck) async {
    await ReportEngine(check: check).run(parts)
  }
}
