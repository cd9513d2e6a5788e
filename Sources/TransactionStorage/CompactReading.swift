import Entities
import UseCases

/// How the command line reads the sources of a report for ``UseCases/ReportTransformer``: in
/// constant memory for sorted input, and compactly for unsorted input; what its composition root
/// hands the use cases (``UseCases/ReportReading``).
///
/// The transformer is the same as every client's; what it iterates differs (decision 0052):
///
/// - **The check** is the plain way's (`ReportCheck`): every source opened at once, every record
///   checked before the report is final.
/// - **A draft** (decision 0030): for an output that can take back what it was shown (the rows
///   written to a file that is renamed only at the end, or held back from standard output), each
///   source is read once, its records checked as the transformer takes them
///   (``DraftTransactions``). Without one, each source is checked, then read again.
/// - **Read again**: a source in report order streams (``StreamedTransactions``), one out of order
///   is held in compact pages by group and date (``HeldTransactions``) and shown from them
///   (``SortedHeldTransactions``), its descriptions shared from the pages, never made `String`s.
/// - **Digests**: a second reading proves it saw what the first checked; a source that changed in
///   between ends the report with an issue, never a wrong total.
package struct CompactReading: ReportReading {
  /// What takes back every row since the report's start, when the output can.
  private let takeBack: (@Sendable () -> Void)?

  /// A reading of a report's sources.
  ///
  /// - Parameter takeBack: What takes back every call the output was given since the report's
  ///   start, when it can (it holds the report until its end): then each source is read once, as
  ///   a draft. `nil` (the default): each source is checked, then read again.
  package init(takingBackDrafts takeBack: (@Sendable () -> Void)? = nil) {
    self.takeBack = takeBack
  }

  package func report(_ parts: [ReportCheck.Part], check: ReportCheck) async {
    let transformer = ReportTransformer(period: check.period)
    do throws(ReportStop) {
      if let takeBack, !parts.isEmpty {
        try await reportDrafting(parts, check: check, transformer: transformer, takeBack: takeBack)
      } else {
        let checks = try await check.checkAll(parts[...], keeping: ReadingTrace.self).get()
        guard let checked = try await check.verdict(parts, checks) else { return }
        // The second reading opens the sources one after the other: what they wait on, all at once.
        await ReportCheck.prepareAll(parts[...])
        if Task.isCancelled { throw .cancelled }
        let sources = parts.indices.map { Self.readAgain(parts[$0], checked[$0], checks[$0].kept) }
        try await present(sources, parts, with: transformer, to: check.output)
      }
    } catch {
      // A draft of a report that will not end is not a report.
      takeBack?()
      switch error {
      case .cancelled: check.output.presentReportCancelled()
      case .sourceChanged(let change):
        check.output.presentInvalidInput(issues: [change.issue], totalCount: 1, recordCount: 1)
      }
    }
  }

  /// Makes the report for an output that takes a draft: the transformer is run on each source's
  /// one reading (``DraftTransactions``), the sources one after the other.
  ///
  /// A draft stops at the first thing that keeps it from being the report: an issue, a record out
  /// of report order, a source that is not there or stops being available, a total that does not
  /// fit. That reading goes on as a check, and the sources after it are checked at once, in tasks
  /// of their own. If the input then proves valid, the draft is taken back and the report made
  /// again: a source out of order from what its reading held (only the records before the first
  /// one out of order are read again), every other source from a second reading. If it is
  /// invalid, the draft is taken back before the rejection.
  ///
  /// The sources are drafted one after the other, not checked at once, because a draft keeps both
  /// cores busy already (its reader thread, and the presenter and renderer).
  private func reportDrafting(
    _ parts: [ReportCheck.Part], check: ReportCheck, transformer: ReportTransformer,
    takeBack: @Sendable () -> Void
  ) async throws(ReportStop) {
    // What the sources after the first wait on (a download) starts now, for all at once.
    async let prepared: Void = ReportCheck.prepareAll(parts.dropFirst())
    let drafts = parts.map { DraftTransactions($0, check: check) }
    do {
      try await transformer.present(
        zip(parts, drafts).map { ReportTransformer.Source(groups: $0.groups, reading: $1) }, to: check.output)
      await prepared
      return
    } catch ReportStop.cancelled {
      await prepared
      throw .cancelled
    } catch {
      // A draft stopped, or a total did not fit: the report is made again, if there is one.
    }
    await prepared
    var (checks, held) = ([ReportCheck.PartCheck<ReadingTrace>](), [HeldAfterDraft?]())
    for draft in drafts where draft.isStarted {
      let (partCheck, partHeld) = try draft.finishReading()
      checks.append(partCheck)
      held.append(partHeld)
    }
    checks += try await check.checkAll(parts[checks.count...], keeping: ReadingTrace.self).get()
    held += Array(repeating: nil, count: parts.count - held.count)
    guard let checked = try await check.verdict(parts, checks, beforeRejection: takeBack) else { return }
    takeBack()
    var sources: [ReportTransformer.Source] = []
    for index in parts.indices {
      // Taken out of the list, not copied: held pages that are shared are copied whole when they
      // are next written to.
      guard case .surveyed(let survey) = checked[index], let partHeld = held[index].take() else {
        sources.append(Self.readAgain(parts[index], checked[index], checks[index].kept))
        continue
      }
      // Out of order: what the reading held after its first record out of order, and the records
      // before it read again.
      let (prefixCount, prefixDigest) = (partHeld.prefixCount, partHeld.prefixDigest)
      sources.append(
        ReportTransformer.Source(
          groups: parts[index].groups,
          reading: SortedHeldTransactions(
            parts[index], survey: survey, prefixCount: prefixCount, prefixDigest: prefixDigest,
            rest: (consume partHeld).rest)))
    }
    try await present(sources, parts, with: transformer, to: check.output)
  }

  /// A checked source as the second reading shows it: its message, its records streamed again,
  /// or, out of report order, held whole from a second reading.
  private static func readAgain(
    _ part: ReportCheck.Part, _ checked: ReportCheck.Checked, _ trace: ReadingTrace
  )
    -> ReportTransformer.Source
  {
    switch checked {
    case .unavailable(let reason), .missing(let reason):
      ReportTransformer.Source(groups: part.groups, unavailable: reason)
    case .surveyed(let survey) where trace.isInReportOrder || survey.count == 0:
      ReportTransformer.Source(
        groups: part.groups, reading: StreamedTransactions(part, survey: survey, digest: trace.digest.value))
    case .surveyed(let survey):
      ReportTransformer.Source(
        groups: part.groups,
        reading: SortedHeldTransactions(
          part, survey: survey, prefixCount: survey.count, prefixDigest: trace.digest.value,
          rest: HeldTransactions()))
    }
  }

  /// Runs the transformer on sources read again.
  ///
  /// - Throws: ``UseCases/ReportStop/sourceChanged(_:)`` when a reading differs from the check,
  ///   or when the transformer finds a total out of range or a transaction of another group, which
  ///   the check found nowhere: the input changed in between.
  private func present(
    _ sources: [ReportTransformer.Source], _ parts: [ReportCheck.Part], with transformer: ReportTransformer,
    to output: any TransactionReportUseCaseOutput
  ) async throws(ReportStop) {
    do {
      try await transformer.present(sources, to: output)
    } catch let stop as ReportStop {
      throw stop
    } catch {
      throw .sourceChanged(SourceChanged(source: parts.map(\.source.name).joined(separator: ", ")))
    }
  }
}

/// What a draft reading held once its source proved out of report order: every transaction from
/// the first one out of order on, and the count and digest of those before it.
struct HeldAfterDraft: Sendable {
  var prefixCount: Int
  var prefixDigest: Int
  var rest: HeldTransactions
}
