import Entities
import UseCases

/// The second pass over a source: its transactions, in report order.
///
/// When the survey found the source already in report order, the transactions stream straight
/// through, one at a time. Otherwise they are held in memory, compactly, kept together by group
/// and date (``HeldTransactions``), and shown group after group, date after date; transactions
/// of the same group and date keep their input order.
///
/// The second pass expects exactly what the survey saw. Anything else means the source changed
/// between the passes, and ``nextRun(_:)`` (for a source held in memory, the initializer, which
/// reads it whole) throws ``ReportStop/sourceChanged(_:)``: a bad record, a
/// record out of order or of the wrong group, a different count, or the same count of different
/// transactions (the reading's ``ReadingDigest`` differs from the survey's). The digest is
/// compared when the reading ends: before the sorted records are shown, and, for a streamed
/// source, before its last footer.
struct OrderedTransactions {
  private enum Mode {
    case streaming(any TransactionStream, last: ReportOrder?)
    /// The transactions are ``held``, in report order, and given in runs.
    case sorted
  }

  private var mode: Mode
  /// The held transactions, kept apart from `mode` so that giving one does not copy them
  /// (a copy of its arrays, retained and released for every transaction).
  private var held = HeldTransactions()
  /// Where in `held` the next run to show starts.
  private var heldNext = HeldTransactions.Position()
  /// The bytes of the next run of held transactions, being read on another core while the run
  /// before is shown (``HeldTransactions/readAhead(from:count:)``).
  private var readingAhead: Task<HeldTransactions.ReadAhead, Never>?
  /// The sums of the bytes read ahead, kept only so that the compiler keeps the reading.
  private var readAheadSum: UInt64 = 0
  /// How many held transactions one run gives.
  static let runLength = 4_096
  private var remaining: Int
  private var digest = ReadingDigest()
  private var cancellation = CancellationCheck()
  private let survey: InputSurvey
  /// The name of the source being read.
  var source: String { survey.source }

  /// Opens the source again for the second pass, unless the survey found it empty.
  init(source: any TransactionSource, survey: InputSurvey) async throws(ReportStop) {
    guard survey.isInReportOrder || survey.count == 0 else {
      // Out of order: held whole, as a prefix that is the whole reading.
      self = try await OrderedTransactions(
        source: source, survey: survey, prefixCount: survey.count, prefixDigest: survey.digest,
        rest: HeldTransactions())
      return
    }
    self.remaining = survey.count
    self.survey = survey
    guard survey.count > 0 else {
      mode = .sorted
      return
    }
    guard case .available(let stream) = await source.open() else {
      throw .sourceChanged(SourceChanged(source: source.name))
    }
    mode = .streaming(stream, last: nil)
  }

  /// The transactions of a source out of report order, sorted: `rest`, the transactions a
  /// first reading held from its first one out of order on, after the `prefixCount` before
  /// it, which are read again and must have the digest `prefixDigest` (decision 0030). A
  /// prefix of every transaction (`rest` empty) is the whole source read again, and must then
  /// be all there is. With a period, only the transactions inside it are held, in `rest` as
  /// in the prefix (all are read and digested).
  ///
  /// - Throws: ``ReportStop/sourceChanged(_:)`` when the records read again differ from the
  ///   first reading's.
  init(
    source: any TransactionSource, survey: InputSurvey, prefixCount: Int, prefixDigest: Int,
    rest: consuming HeldTransactions
  ) async throws(ReportStop) {
    self.remaining = survey.count
    self.survey = survey
    let changed = ReportStop.sourceChanged(SourceChanged(source: survey.source))
    var all = consume rest
    // A transaction outside the period is read and checked, but not held: the report leaves
    // it out, so holding it would only cost memory.
    if prefixCount > 0 {
      guard case .available(var stream) = await source.open() else { throw changed }
      var (digest, cancellation) = (ReadingDigest(), CancellationCheck())
      for _ in 0..<prefixCount {
        try cancellation.checkStop()
        guard case .transaction(let transaction, _)? = Self.nextSkippingNotes(&stream),
          Self.isExpected(transaction, in: survey)
        else { throw changed }
        digest.add(transaction)
        if survey.period?.contains(transaction.date) ?? true { all.append(transaction, first: true) }
      }
      guard digest.value == prefixDigest else { throw changed }
      // The whole source read again: nothing may follow.
      if prefixCount == survey.count, Self.nextSkippingNotes(&stream) != nil { throw changed }
    }
    guard all.count == survey.count - survey.outsidePeriodCount else { throw changed }
    all.sortInReportOrder()
    held = consume all
    mode = .sorted
    readAhead(from: heldNext)
  }

  /// Starts reading the bytes of the run of held transactions that starts at `position` on
  /// another core, if any are left.
  private mutating func readAhead(from position: HeldTransactions.Position) {
    guard !held.isAfterLast(position) else {
      readingAhead = nil
      return
    }
    let held = held
    readingAhead = Task { held.readAhead(from: position, count: Self.runLength) }
  }

  /// Gives the next transactions in report order to `body`, a run at a time.
  ///
  /// Streamed transactions are read one by one, and checked as the survey saw them. Held ones
  /// come in runs of ``runLength``, read where they are held, each description lent as its bytes
  /// (the transaction's own is empty), so that no `String` is made for them (decision 0045). While
  /// a run is shown, another core reads the next one's bytes, so that they are in the cache the
  /// two cores share when the run is shown.
  ///
  /// A call that throws drops the rest of its run: the transactions cannot be given again.
  ///
  /// - Parameter body: What to do with each transaction and, for a held one, its description,
  ///   lent for the call only.
  /// - Returns: `false` once the transactions have ended (this call may have given the last
  ///   of them).
  /// - Throws: ``ReportStop/sourceChanged(_:)`` when a streamed source differs from its
  ///   survey, ``ReportStop/cancelled``, or what `body` throws.
  mutating func nextRun(
    _ body: (Transaction, UnsafeBufferPointer<UInt8>?) throws(ReportStop) -> Void
  ) async throws(ReportStop) -> Bool {
    if case .streaming = mode {
      for _ in 0..<Self.runLength {
        guard let transaction = try nextStreamed() else { return false }
        try body(transaction, nil)
      }
      return true
    }
    guard !held.isAfterLast(heldNext) else { return false }
    if Task.isCancelled { throw .cancelled }
    // This run's bytes have been read ahead; the next run's are read while it is shown.
    var runEnd: HeldTransactions.Position?
    if let readingAhead {
      let read = await readingAhead.value
      (readAheadSum, runEnd) = (readAheadSum &+ read.sum, read.next)
      readAhead(from: read.next)
    }
    try held.forEach(from: &heldNext, count: Self.runLength, body)
    assert(runEnd == nil || runEnd == heldNext, "the run read ahead is not the run shown")
    return true
  }

  /// Reads no more runs ahead, for a report that stops before its end (a reading under way
  /// reads its one run, and ends).
  mutating func stopReadingAhead() {
    readingAhead?.cancel()
    readingAhead = nil
  }

  /// The next streamed transaction, or `nil` after the last (held ones come in runs).
  private mutating func nextStreamed() throws(ReportStop) -> Transaction? {
    guard case .streaming(var stream, let last) = mode else { return nil }
    try cancellation.checkStop()
    guard let record = Self.nextSkippingNotes(&stream) else {
      guard remaining == 0, digest.value == survey.digest else { throw changed }
      return nil
    }
    guard case .transaction(let transaction, _) = record, Self.isExpected(transaction, in: survey),
      remaining > 0
    else {
      throw changed
    }
    let order = ReportOrder(transaction)
    if let last, order < last { throw changed }
    remaining -= 1
    digest.add(transaction)
    mode = .streaming(stream, last: order)
    return transaction
  }

  /// The stream's next record that is not a note: the survey kept the notes of the first
  /// reading, and a note changes no row.
  private static func nextSkippingNotes(_ stream: inout any TransactionStream) -> SourceRecord? {
    while let record = stream.next() {
      if case .note = record { continue }
      return record
    }
    return nil
  }

  private static func isExpected(_ transaction: Transaction, in survey: InputSurvey) -> Bool {
    survey.expectedGroup == nil || transaction.group == survey.expectedGroup
  }

  private var changed: ReportStop { .sourceChanged(SourceChanged(source: source)) }
}

extension CancellationCheck {
  /// ``check()``, as the reason a report stops.
  mutating func checkStop() throws(ReportStop) {
    do { try check() } catch { throw .cancelled }
  }

}
