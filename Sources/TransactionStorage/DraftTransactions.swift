import Entities
import UseCases

/// The one reading of a source for a draft: each record checked as it is read, and shown while
/// the draft can still be the report (decision 0030).
///
/// The records are lent a batch at a time where the stream keeps them (a batch read ahead), not
/// moved out of it; the transactions the draft shows go into a ``DetailRun`` the transformer
/// takes them from. The draft stops (``DraftStopped``) at the first record that keeps it from
/// being the report: an issue, a record out of report order, the end of what could be read.
/// ``finishReading()`` then reads the rest as a check; from a first record out of order on, when
/// nothing else went wrong, it holds what it reads (``HeldAfterDraft``), its descriptions as
/// bytes, so that only the records before it need be read again.
final class DraftTransactions: ReportTransactions, @unchecked Sendable {
  // Unchecked, its `Sendable` and its exclusivity: one report reads it, from one task at a time,
  // and checking each access at run time cost a tenth of a sorted file's report.
  private let part: ReportCheck.Part
  /// The reading's check: moved out while a batch is read, and back.
  @exclusivity(unchecked) private var reading: DraftReading
  @exclusivity(unchecked) private var stream: (any RecordLending)?
  /// What opening the source gave, when it could not be read.
  @exclusivity(unchecked) private var unreadable: ReportCheck.Checked?
  /// Whether the source was opened: the transformer has come to it.
  @exclusivity(unchecked) private(set) var isStarted = false
  @exclusivity(unchecked) private var run = DetailRun()
  @exclusivity(unchecked) private var block: (group: TransactionGroup, date: CalendarDate)?

  var notes: [AnySourceProblem] { reading.survey.notes }
  var outsidePeriodCount: Int { reading.survey.outsidePeriodCount }

  /// The draft of a part of a report, which opens its source when the transformer comes to it.
  init(_ part: ReportCheck.Part, check: ReportCheck) {
    self.part = part
    reading = DraftReading(
      survey: InputSurvey(source: part.source.name, expectedGroup: part.expectedGroup, period: check.period),
      issues: IssueLog(limit: check.issueLimit))
  }

  func nextDate(in group: TransactionGroup) async throws -> CalendarDate? {
    if !isStarted { try await open() }
    if run.isEmpty { try fill() }
    guard let first = run.first, first.group == group else { return nil }
    block = first
    return first.date
  }

  func nextDetail() throws -> ReportDetail? {
    if run.isEmpty { try fill() }
    guard let block, let first = run.first, first.group == block.group, first.date == block.date else {
      return nil
    }
    return run.take()
  }

  private func open() async throws {
    isStarted = true
    switch await part.reading.open() {
    case .unavailable(let reason):
      unreadable = .unavailable(reason: reason)
      throw DraftStopped()
    case .missing(let reason):
      unreadable = .missing(reason: reason)
      throw DraftStopped()
    case .available(let opened):
      stream = opened
    }
  }

  /// Reads the next batch of records, checking each, into the run.
  ///
  /// - Throws: ``DraftStopped`` at a record that keeps the draft from being the report;
  ///   ``UseCases/ReportStop/cancelled`` when the task is cancelled.
  private func fill() throws {
    guard let stream, !reading.isAtEnd else { return }
    run.clear()
    var read = DraftReading.moved(from: &reading)
    defer { swap(&read, &reading) }
    while run.isEmpty, read.presents, !read.isAtEnd {
      read.isAtEnd = !run.fill(from: stream, by: &read)
      // Looked at after each call: a client's stream lends one record a call, the package's a
      // batch read ahead; and a report cancelled as its last record was read is not made.
      if Task.isCancelled { throw ReportStop.cancelled }
    }
    guard read.presents else { throw DraftStopped() }
  }

  /// Reads the rest of the source as a check, once the transformer is done with it, or its draft
  /// stopped; from a record out of order on, holding what it reads, descriptions as bytes.
  ///
  /// - Returns: What the check found, and what was held when the draft stopped at a record out of
  ///   order and nothing else went wrong.
  /// - Throws: ``UseCases/ReportStop/cancelled`` when the task is cancelled.
  func finishReading() throws(ReportStop) -> (ReportCheck.PartCheck<ReadingTrace>, HeldAfterDraft?) {
    if let unreadable {
      return (
        ReportCheck.PartCheck(
          checked: unreadable, issues: reading.issues, totals: reading.totals, kept: reading.trace),
        nil
      )
    }
    var read = DraftReading.moved(from: &reading)
    defer { swap(&read, &reading) }
    if let stream, !read.isAtEnd {
      read.presents = false
      var ignored = DetailRun()
      do {
        try stream.readRecords(
          while: { !read.survey.hasStopped },
          each: { read.take($0, descriptionBytes: $1, into: &ignored) })
      } catch {
        throw .cancelled
      }
      read.isAtEnd = true
    }
    let checked: ReportCheck.Checked
    if let reason = read.survey.unavailableReason {
      checked = read.survey.endedAsMissing ? .missing(reason: reason) : .unavailable(reason: reason)
      (read.held, read.holds) = (nil, false)
    } else {
      checked = .surveyed(read.survey)
    }
    return (
      ReportCheck.PartCheck(checked: checked, issues: read.issues, totals: read.totals, kept: read.trace),
      read.held
    )
  }
}

/// The check of a draft's reading, record by record, as a value the reading of a batch holds in
/// its own hands (a class's properties would be reached through it for every record).
private struct DraftReading: RunFilling {
  var survey: InputSurvey
  var issues: IssueLog
  var totals = ReportTotals()
  /// The order and digest of the valid transactions so far.
  var trace = ReadingTrace()
  /// Whether every record so far is in the draft: all valid, in report order.
  var presents = true
  /// What the reading holds once a record came out of report order, if nothing else went wrong.
  var held: HeldAfterDraft?
  /// Whether ``held`` holds: asked for every record, which a look at the optional would copy.
  var holds = false
  var isAtEnd = false

  /// The reading's check, taken out of `reading`, which is left with an empty one.
  static func moved(from reading: inout DraftReading) -> DraftReading {
    var taken = DraftReading(
      survey: InputSurvey(source: "", expectedGroup: nil), issues: IssueLog(limit: 0))
    swap(&taken, &reading)
    return taken
  }

  /// Checks the next record, and adds its transaction to the run while the draft can still show
  /// it; once the draft has stopped, holds it if the reading holds.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - descriptionBytes: Its transaction's description, when lent as bytes apart from it (the
  ///     reading asks for them as it opens the source; records read ahead before may keep theirs).
  ///   - run: Where the transactions to show go.
  mutating func take(
    _ record: SourceRecord, descriptionBytes: UnsafeBufferPointer<UInt8>?, into run: inout DetailRun
  ) {
    // One look at the record's case, its transaction taken from it once: nearly every record
    // is one, and each look at an enum of several payloads copies it.
    switch record {
    case .transaction(let transaction, let origin):
      take(transaction, origin: origin, descriptionBytes: descriptionBytes, into: &run)
    case .note:
      // A note changes no row and no total: the draft goes on.
      survey.take(record, totals: &totals, issues: &issues, keeping: &trace)
    default:
      // An issue (or the end of what could be read): nothing will be reported from these.
      survey.take(record, totals: &totals, issues: &issues, keeping: &trace)
      presents = false
      if holds { (held, holds) = (nil, false) }
    }
  }

  /// ``take(_:descriptionBytes:into:)`` of a record that holds a transaction.
  private mutating func take(
    _ transaction: Transaction, origin: RecordOrigin?, descriptionBytes: UnsafeBufferPointer<UInt8>?,
    into run: inout DetailRun
  ) {
    let digestBefore = trace.digest.value
    let isTransaction = survey.take(
      transaction, origin: origin, descriptionBytes: descriptionBytes, totals: &totals, issues: &issues,
      keeping: &trace)
    guard presents else {
      // An issue (or the end of what could be read): nothing will be reported from these.
      guard holds, isTransaction else {
        if holds { (held, holds) = (nil, false) }
        return
      }
      if survey.period?.contains(transaction.date) ?? true {
        held?.rest.append(transaction, descriptionBytes: descriptionBytes)
      }
      return
    }
    guard isTransaction else {
      presents = false
      return
    }
    guard trace.isInReportOrder else {
      presents = false
      guard survey.issueCount == 0 else { return }
      // The first record out of order: hold it and what follows.
      var rest = HeldTransactions()
      if survey.period?.contains(transaction.date) ?? true {
        rest.append(transaction, descriptionBytes: descriptionBytes)
      }
      held = HeldAfterDraft(prefixCount: survey.count - 1, prefixDigest: digestBefore, rest: rest)
      holds = true
      return
    }
    if survey.period?.contains(transaction.date) ?? true {
      run.append(transaction, descriptionBytes: descriptionBytes)
    }
  }
}

/// What stops a draft: a record that keeps it from being the report.
struct DraftStopped: Error {}
