import Entities

/// Turns transactions in report order into `present…` calls: the shape of SPEC §3 and §4.
///
/// For each group: a header; for each date, a subheader, the details and a subfooter; then a
/// footer with the group total. A group without transactions gets the "no transactions"
/// message instead. The assembler keeps only the current date and the running totals.
struct ReportAssembler {
  private let output: any TransactionReportUseCaseOutput
  private var group: TransactionGroup?
  private var date: CalendarDate?
  private var groupTotal = Money.zero
  private(set) var grandTotal = Money.zero

  init(output: any TransactionReportUseCaseOutput) {
    self.output = output
  }

  /// Starts a group: its header.
  mutating func begin(_ group: TransactionGroup) {
    self.group = group
    date = nil
    groupTotal = .zero
    output.presentHeader(.group(group))
  }

  /// Adds one transaction of the current group, opening a new date block when the date changes.
  mutating func add(_ transaction: Transaction) throws(SourceChanged) {
    if transaction.date != date {
      if date != nil { output.presentSubfooter() }
      date = transaction.date
      output.presentSubheader(date: transaction.date)
    }
    do {
      groupTotal = try groupTotal.adding(transaction.signedAmount)
    } catch {
      throw SourceChanged(source: "the report totals")
    }
    output.presentDetail(description: transaction.description, amount: transaction.signedAmount)
  }

  /// Ends the current group: its footer, or the empty message when it had no transactions.
  mutating func end() throws(SourceChanged) {
    guard let group else { return }
    if date == nil {
      output.presentNoTransactions(group: group)
    } else {
      output.presentSubfooter()
      output.presentFooter(total: groupTotal)
      do {
        grandTotal = try grandTotal.adding(groupTotal)
      } catch {
        throw SourceChanged(source: "the report totals")
      }
    }
    self.group = nil
  }

  /// Adds the given groups, in order, from transactions already in report order.
  ///
  /// Every group gets its block, even one with no transactions.
  mutating func assemble(
    _ groups: [TransactionGroup],
    from transactions: inout OrderedTransactions
  ) throws(SourceChanged) {
    var pending = try transactions.next()
    for group in groups {
      begin(group)
      while let transaction = pending, transaction.group == group {
        try add(transaction)
        pending = try transactions.next()
      }
      try end()
    }
  }

  /// A group whose source could not be read: its header and the unavailable message.
  func unavailable(_ group: TransactionGroup, reason: String) {
    output.presentHeader(.group(group))
    output.presentSourceUnavailable(.group(group), reason: reason)
  }
}
