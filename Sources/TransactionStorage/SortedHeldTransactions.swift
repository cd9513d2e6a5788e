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
/// While a run of ``runLength`` transactions is shown, a task on the other core reads the next
/// run's bytes (``HeldTransactions/readAhead(from:count:)``), so that they are in the cache the
/// two cores share when the run is shown.
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
  /// How many runs were taken to be shown.
  @exclusivity(unchecked) private var runsTaken = 0
  /// The reading of the bytes of a run on another core, and which run it is, counting from 1.
  @exclusivity(unchecked) private var readingAhead: (task: Task<HeldTransactions.ReadAhead, Never>, run: Int)?
  /// The sums of the bytes read ahead, kept only so that the compiler keeps the reading.
  @exclusivity(unchecked) private var readAheadSum: UInt64 = 0
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
    readingAhead?.task.cancel()
  }

  func nextDate(in group: TransactionGroup) async throws -> CalendarDate? {
    if !isSorted { try await holdAll() }
    if run.isEmpty { try nextRun() }
    // The run read ahead is being shown: its reading is done by now, or nearly; the next run's
    // starts once it is.
    if let readingAhead, readingAhead.run <= runsTaken {
      readAheadSum &+= await readingAhead.task.value.sum
      self.readingAhead = nil
      readAhead()
    }
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

  /// Takes the next run from the held pages, and starts reading the one after it on another core
  /// when no reading ahead is under way.
  ///
  /// - Throws: ``UseCases/ReportStop/cancelled`` when the task is cancelled: a report stops at
  ///   the end of the run it is showing.
  private func nextRun() throws(ReportStop) {
    if Task.isCancelled { throw .cancelled }
    run = held.run(from: &position, count: Self.runLength)
    runsTaken += 1
    if readingAhead == nil { readAhead() }
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

  /// Starts reading the bytes of the run after the one being shown on another core, if any are
  /// left.
  private func readAhead() {
    let (held, position) = (held, position)
    guard !held.isAfterLast(position) else { return }
    readingAhead = (Task { held.readAhead(from: position, count: Self.runLength) }, runsTaken + 1)
  }
}
