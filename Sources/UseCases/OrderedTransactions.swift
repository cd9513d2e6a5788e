import Entities

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
    /// The transactions are ``held``, in report order, and given in runs (``ahead`` is the
    /// next).
    case sorted
  }

  private var mode: Mode
  /// The held transactions, kept apart from `mode` so that giving one does not copy them
  /// (a copy of its arrays, retained and released for every transaction).
  private var held = HeldTransactions()
  /// Where in `held` the next run to make starts.
  private var heldNext = HeldTransactions.Position()
  /// The next run of held transactions, being made on another core.
  private var ahead: Task<HeldRun, Never>?
  /// The run shown last, for the task that makes the next run to free.
  private var spent: [Transaction] = []
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
        guard case .transaction(let transaction, _)? = stream.next(), Self.isExpected(transaction, in: survey)
        else { throw changed }
        digest.add(transaction)
        if survey.period?.contains(transaction.date) ?? true { all.append(transaction, first: true) }
      }
      guard digest.value == prefixDigest else { throw changed }
      // The whole source read again: nothing may follow.
      if prefixCount == survey.count, stream.next() != nil { throw changed }
    }
    guard all.count == survey.count - survey.outsidePeriodCount else { throw changed }
    all.sortInReportOrder()
    held = consume all
    mode = .sorted
    makeNextRun()
  }

  /// A run of held transactions, and where the next starts.
  private struct HeldRun {
    var transactions: [Transaction]
    var next: HeldTransactions.Position
  }

  /// Starts making the next run of held transactions on another core, if any are left.
  ///
  /// The task also takes the run shown last (``spent``), which is freed when the task ends: its
  /// descriptions were made by such a task, and freeing them there, not on the report's task,
  /// leaves the report's task only the showing (and a block freed on another thread costs the
  /// allocator more; the pool's threads are not tied to either task, but on two cores the task
  /// runs beside the report's).
  private mutating func makeNextRun() {
    guard !held.isAfterLast(heldNext) else {
      ahead = nil
      spent = []
      return
    }
    let (held, spent, start) = (held, spent, heldNext)
    self.spent = []
    ahead = Task {
      withExtendedLifetime(spent) {}
      var next = start
      let transactions = held.transactions(from: &next, count: Self.runLength)
      return HeldRun(transactions: transactions, next: next)
    }
  }

  /// Gives the next transactions in report order to `body`, a run at a time.
  ///
  /// Streamed transactions are read one by one, and checked as the survey saw them. Held ones come in
  /// runs of ``runLength``, each made on another core while the one before it is shown:
  /// making a transaction from its held bytes (its description a `String` again) is about a
  /// third of the work of showing it, and after the reading the other core has nothing else to
  /// do.
  ///
  /// A call that throws drops the rest of its run: the transactions cannot be given again.
  /// ``stopMakingRuns()`` cancels the run being made.
  ///
  /// - Parameter body: What to do with each transaction.
  /// - Returns: `false` once the transactions have ended (this call may have given the last
  ///   of them).
  /// - Throws: ``ReportStop/sourceChanged(_:)`` when a streamed source differs from its
  ///   survey, ``ReportStop/cancelled``, or what `body` throws.
  mutating func nextRun(_ body: (Transaction) throws(ReportStop) -> Void) async throws(ReportStop) -> Bool {
    if case .streaming = mode {
      for _ in 0..<Self.runLength {
        guard let transaction = try nextStreamed() else { return false }
        try body(transaction)
      }
      return true
    }
    guard let ahead else { return false }
    if Task.isCancelled { throw .cancelled }
    let run = await ahead.value
    heldNext = run.next
    makeNextRun()
    for transaction in run.transactions { try body(transaction) }
    spent = run.transactions
    return true
  }

  /// Cancels the run being made, if any, for a report that stops before its end: the task then
  /// stops at its next group and date, and lets the held transactions go.
  mutating func stopMakingRuns() {
    ahead?.cancel()
    ahead = nil
  }

  /// The next streamed transaction, or `nil` after the last (held ones come in runs).
  private mutating func nextStreamed() throws(ReportStop) -> Transaction? {
    guard case .streaming(var stream, let last) = mode else { return nil }
    try cancellation.checkStop()
    guard let record = stream.next() else {
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

/// The error of a source whose second reading differs from its first.
struct SourceChanged: Error {
  let source: String

  /// The issue that says so.
  var issue: RecordIssue {
    RecordIssue(source: source, position: nil, field: nil, problem: .sourceChanged)
  }

}
