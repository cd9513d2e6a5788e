import Entities
import UseCases

/// The second reading of a source in report order, as the transformer reads it: its records lent
/// a batch at a time, checked against the survey of the first reading, and taken from a
/// ``DetailRun``, in constant memory.
///
/// The second reading expects exactly what the survey of the first saw. Anything else means the
/// source changed in between, and it throws ``UseCases/ReportStop/sourceChanged(_:)``: a bad
/// record, a record out of order or of the wrong group, a different count, or the same count of
/// different transactions (the reading's ``ReadingDigest`` differs from the check's,
/// compared when the reading ends, before the source's last subfooter). A source the survey found
/// empty is not opened again.
final class StreamedTransactions: ReportTransactions, @unchecked Sendable {
  // Unchecked, its `Sendable` and its exclusivity: one report reads it, from one task at a time,
  // and checking each access at run time cost a tenth of a sorted file's report.
  private let part: ReportCheck.Part
  private let survey: InputSurvey
  /// The digest of the first reading's valid transactions (``ReadingTrace``).
  private let digest: Int
  @exclusivity(unchecked) private var stream: (any RecordLending)?
  @exclusivity(unchecked) private var isOpened = false
  @exclusivity(unchecked) private var reading: SecondReading
  @exclusivity(unchecked) private var run = DetailRun()
  @exclusivity(unchecked) private var block: (group: TransactionGroup, date: CalendarDate)?

  var notes: [AnySourceProblem] { survey.notes }
  var outsidePeriodCount: Int { survey.outsidePeriodCount }

  /// The second reading of a part's source, which opens it when the transformer comes to it.
  init(_ part: ReportCheck.Part, survey: InputSurvey, digest: Int) {
    self.part = part
    self.survey = survey
    self.digest = digest
    reading = SecondReading(survey: survey)
  }

  func nextDate(in group: TransactionGroup) async throws -> CalendarDate? {
    if !isOpened {
      isOpened = true
      if survey.count > 0 {
        guard case .available(let opened) = await part.reading.open() else { throw changed }
        stream = opened
      }
    }
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

  /// Reads the next batch of records, checking each against the survey, into the run; at the
  /// end of the source, checks that the count and the digest are the survey's.
  private func fill() throws(ReportStop) {
    guard let stream, !reading.isAtEnd else { return }
    run.clear()
    var read = reading
    defer { reading = read }
    while run.isEmpty, !read.isChanged, !read.isAtEnd {
      read.isAtEnd = !run.fill(from: stream, by: &read)
      // Looked at after each call: a client's stream lends one record a call, the package's a
      // batch read ahead.
      if Task.isCancelled { throw .cancelled }
    }
    if read.isChanged || (read.isAtEnd && (read.remaining != 0 || read.digest.value != digest)) {
      throw changed
    }
  }

  private var changed: ReportStop { .sourceChanged(SourceChanged(source: survey.source)) }
}

/// The check of a second reading, record by record, as a value the reading of a batch holds in
/// its own hands.
private struct SecondReading: RunFilling {
  let expectedGroup: TransactionGroup?
  let period: ReportPeriod?
  /// How many valid records the survey counted that are still to come.
  var remaining: Int
  var last: ReportOrder?
  var digest = ReadingDigest()
  var isChanged = false
  var isAtEnd = false

  init(survey: InputSurvey) {
    (expectedGroup, period, remaining) = (survey.expectedGroup, survey.period, survey.count)
  }

  /// Checks the next record as the survey saw it, and adds its transaction to the run when it is
  /// inside the period.
  mutating func take(
    _ record: SourceRecord, descriptionBytes: UnsafeBufferPointer<UInt8>?, into run: inout DetailRun
  ) {
    guard !isChanged else { return }
    // The survey kept the notes of the first reading, and a note changes no row.
    if case .note = record { return }
    guard let transaction = record.transaction, expectedGroup == nil || transaction.group == expectedGroup,
      remaining > 0
    else {
      isChanged = true
      return
    }
    let order = ReportOrder(transaction)
    if let last, order < last {
      isChanged = true
      return
    }
    (remaining, last) = (remaining - 1, order)
    digest.add(transaction, descriptionBytes: descriptionBytes)
    if period?.contains(transaction.date) ?? true {
      run.append(transaction, descriptionBytes: descriptionBytes)
    }
  }
}
