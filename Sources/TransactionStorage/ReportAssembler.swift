import Entities
import UseCases

/// The engine's twin of ``ReportTransformer``: the same calls, made from transactions that come
/// one at a time, already in report order (they stream from a sorted file), so that it keeps
/// only the current date and the running totals. A change to the report's structure is made in
/// the transformer first, then here; the tests that compare the two fail until both agree.
///
/// For each group: a header; for each date, a subheader, the details and a subfooter; then a
/// footer with the group total. A group without transactions gets the "no transactions"
/// message instead. The assembler keeps only the current date and the running totals.
///
/// With a period, a transaction dated outside it is passed over as if it were not there: its
/// group gets the "no transactions" message when no other transaction is left, and no total
/// counts it. (The survey counts those it leaves out; the reading that brings them here has
/// checked them like every other.)
struct ReportAssembler {
  private let output: any TransactionReportUseCaseOutput
  /// The output's fast path, when it has one: descriptions lent as bytes go to it as they are.
  private let fastOutput: (any EngineOutput)?
  /// The days shown, or `nil` for every day.
  private let period: ReportPeriod?
  /// The source of the group being assembled, named if its second reading proves different.
  private var source = ""
  private var group: TransactionGroup?
  private var date: CalendarDate?
  /// The total of the group being assembled; ``begin(_:)`` starts it for each group.
  private var groupTotal = RunningTotal(.group(.authorized))
  private var grand = RunningTotal(.grand)
  /// The groups of the current source not begun yet, in report order.
  private var upcoming: ArraySlice<TransactionGroup> = []

  init(
    output: any TransactionReportUseCaseOutput, fastOutput: (any EngineOutput)?, period: ReportPeriod? = nil
  ) {
    self.output = output
    self.fastOutput = fastOutput
    self.period = period
  }

  /// Starts a group: its header.
  mutating func begin(_ group: TransactionGroup) {
    self.group = group
    date = nil
    groupTotal = RunningTotal(.group(group))
    output.presentHeader(.group(group))
  }

  /// The sum of the group totals presented so far.
  ///
  /// - Throws: ``ReportStop/sourceChanged(_:)`` when it does not fit: the survey found that it
  ///   did.
  func grandTotal() throws(ReportStop) -> Money {
    guard let total = grand.sum else { throw .sourceChanged(SourceChanged(source: source)) }
    return total
  }

  /// Adds one transaction of the current group, opening a new date block when the date changes.
  ///
  /// A transaction held in memory comes with its description lent as bytes (its own is empty,
  /// so every caller says which it gives): it is presented so, and no `String` is made for it
  /// (decision 0045).
  mutating func add(_ transaction: Transaction, lentDescription: UnsafeBufferPointer<UInt8>?) {
    if transaction.date != date {
      if date != nil { output.presentSubfooter() }
      date = transaction.date
      output.presentSubheader(date: transaction.date)
    }
    groupTotal.add(transaction, origin: nil, source: source)
    if let lentDescription {
      if let fastOutput {
        fastOutput.presentDetail(descriptionUTF8: lentDescription, amount: transaction.signedAmount)
      } else {
        output.presentDetail(
          description: String(decoding: lentDescription, as: UTF8.self), amount: transaction.signedAmount)
      }
    } else {
      output.presentDetail(description: transaction.description, amount: transaction.signedAmount)
    }
  }

  /// Ends the current group: its footer, or the empty message when it had no transactions.
  mutating func end() throws(ReportStop) {
    guard let group else { return }
    if date == nil {
      output.presentNoTransactions(group: group)
    } else {
      // The survey checked that every total fits; one that does not means the data changed.
      guard let total = groupTotal.sum else { throw .sourceChanged(SourceChanged(source: source)) }
      output.presentSubfooter()
      output.presentFooter(total: total)
      grand.add(total)
    }
    self.group = nil
  }

  /// Adds the given groups, in order, from transactions already in report order.
  ///
  /// Every group gets its block, even one with no transactions.
  mutating func assemble(
    _ groups: [TransactionGroup],
    from transactions: inout OrderedTransactions
  ) async throws(ReportStop) {
    beginSource(transactions.source, groups: groups)
    do {
      while try await transactions.nextRun({ (transaction, lentDescription) throws(ReportStop) in
        try add(inReportOrder: transaction, lentDescription: lentDescription)
      }) {}
    } catch {
      transactions.stopReadingAhead()
      throw error
    }
    try endSource()
  }

  /// Starts the blocks of one source, which holds the given groups.
  ///
  /// - Parameters:
  ///   - source: The source's name.
  ///   - groups: Its groups, in report order.
  mutating func beginSource(_ source: String, groups: [TransactionGroup]) {
    self.source = source
    upcoming = groups[...]
  }

  /// Adds the source's next transaction in report order: ends the current group when the
  /// transaction is of a later one, and gives each group in between its block. A transaction
  /// outside the period is passed over.
  ///
  /// - Throws: ``ReportStop/sourceChanged(_:)`` when the transaction is of none of the
  ///   source's groups still to come, or a group total does not fit: the check found neither.
  mutating func add(
    inReportOrder transaction: Transaction, lentDescription: UnsafeBufferPointer<UInt8>?
  )
    throws(ReportStop)
  {
    if let period, !period.contains(transaction.date) { return }
    guard transaction.group != group || group == nil else {
      return add(transaction, lentDescription: lentDescription)
    }
    try end()
    while let next = upcoming.popFirst() {
      begin(next)
      if next == transaction.group { return add(transaction, lentDescription: lentDescription) }
      try end()
    }
    throw .sourceChanged(SourceChanged(source: source))
  }

  /// Ends the source: the current group, and the blocks of its groups still to come.
  mutating func endSource() throws(ReportStop) {
    try end()
    while let next = upcoming.popFirst() {
      begin(next)
      try end()
    }
  }

  /// A source that could not be read: the header of what it holds (its group, or `All` for a
  /// source of every group) and the unavailable message. It adds nothing to the grand total.
  func unavailable(_ scope: ReportScope, reason: UnavailableReason) {
    output.presentHeader(scope)
    output.presentSourceUnavailable(scope, reason: reason)
  }
}
