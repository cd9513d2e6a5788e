import Entities
import UseCases

/// A source out of report order, as the transformer reads it: held whole in compact pages by
/// group and date (``HeldTransactions``), then shown from them in report order, each description
/// a slice of the pages it lies in, with no `String` made (decision 0045).
///
/// What it holds is read before the first block is shown: the transactions a first reading held
/// after its first one out of order (`rest`), and the `prefixCount` before it, read again, which
/// must have the digest `prefixDigest` (decision 0030). A prefix of every transaction (`rest`
/// empty) is the whole source read again, and must then be all there is. With a period, only the
/// transactions inside it are held (all are read and digested).
///
/// While a run of ``runLength`` transactions is shown, a task on the other core makes the next
/// one (``HeldRunAhead``): it reads the run's pages, so that their bytes are in the cache the
/// two cores share when the run is shown, and the report's task takes the run made.
final class SortedHeldTransactions: ReportTransactions, @unchecked Sendable {
  // Unchecked: one report reads it, from one task at a time; the task reading ahead reads a copy
  // of the held pages, which are no longer written.
  private let part: ReportCheck.Part
  private let survey: InputSurvey
  private let prefixCount: Int
  private let prefixDigest: Int
  @exclusivity(unchecked) private var held: HeldTransactions
  @exclusivity(unchecked) private var isSorted = false
  @exclusivity(unchecked) private var position = HeldTransactions.Position()
  /// The run being shown.
  @exclusivity(unchecked) private var run = HeldRun()
  @exclusivity(unchecked) private var block: (group: TransactionGroup, date: CalendarDate)?
  /// The next run, being made on another core, and the task that makes it.
  @exclusivity(unchecked) private var nextRunAhead: (run: HeldRunAhead, task: Task<Void, Never>)?
  /// How many held transactions one run gives.
  static let runLength = 4_096

  var notes: [AnySourceProblem] { survey.notes }
  var outsidePeriodCount: Int { survey.outsidePeriodCount }

  /// The transactions of a part's source out of report order: `rest`, held by a first reading,
  /// after the `prefixCount` before it, to be read again.
  init(
    _ part: ReportCheck.Part, survey: InputSurvey, prefixCount: Int, prefixDigest: Int,
    rest: consuming HeldTransactions
  ) {
    self.part = part
    self.survey = survey
    self.prefixCount = prefixCount
    self.prefixDigest = prefixDigest
    held = rest
  }

  deinit {
    // A report that ends before its last run (cancelled, or stopped by a change of its source)
    // does not have the next one made.
    nextRunAhead?.task.cancel()
  }

  func nextDate(in group: TransactionGroup) async throws -> CalendarDate? {
    if !isSorted { try await holdAll() }
    if run.isEmpty { try nextRun() }
    guard let first = run.first, first.group == group else { return nil }
    block = first
    return first.date
  }

  func nextDetail() throws -> ReportDetail? {
    if run.isEmpty { try nextRun() }
    guard let block, let first = run.first, first.group == block.group, first.date == block.date else {
      return nil
    }
    return run.take()
  }

  /// Takes the next run, made on another core (or here, when the report comes to it first, as it
  /// does to the first run), and starts making the one after it there.
  ///
  /// - Throws: ``UseCases/ReportStop/cancelled`` when the task is cancelled: a report stops at
  ///   the end of the run it is showing.
  private func nextRun() throws(ReportStop) {
    if Task.isCancelled { throw .cancelled }
    let taken = nextRunAhead.take()?.run ?? HeldRunAhead(of: held, from: position, count: Self.runLength)
    (run, position) = taken.take()
    guard !held.isAfterLast(position) else { return }
    let ahead = HeldRunAhead(of: held, from: position, count: Self.runLength)
    nextRunAhead = (ahead, Task { ahead.make() })
  }

  /// Reads the prefix again, holds it before `rest`, and sorts.
  private func holdAll() async throws(ReportStop) {
    isSorted = true
    let changed = ReportStop.sourceChanged(SourceChanged(source: survey.source))
    if prefixCount > 0 {
      guard case .available(let stream) = await part.reading.open() else { throw changed }
      var (digest, read, isSame) = (ReadingDigest(), 0, true)
      let (period, expectedGroup, isWhole) = (
        survey.period, survey.expectedGroup, prefixCount == survey.count
      )
      do {
        try stream.readRecords(
          while: { isSame && (isWhole || read < prefixCount) },
          each: { record, bytes in
            if case .note = record { return }
            guard read < prefixCount, let transaction = record.transaction,
              expectedGroup == nil || transaction.group == expectedGroup
            else {
              isSame = false
              return
            }
            read += 1
            digest.add(transaction, descriptionBytes: bytes)
            if period?.contains(transaction.date) ?? true {
              held.append(transaction, descriptionBytes: bytes, first: true)
            }
          })
      } catch {
        throw .cancelled
      }
      guard isSame, read == prefixCount, digest.value == prefixDigest else { throw changed }
    }
    guard held.count == survey.count - survey.outsidePeriodCount else { throw changed }
    held.sortInReportOrder()
  }
}
