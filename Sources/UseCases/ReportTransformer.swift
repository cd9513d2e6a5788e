import Entities

/// The transaction report, defined: the transactions of each source in, one `present…` call for
/// each row out, in order (SPEC §2 to §5).
///
/// The transformer of the blog series the package comes from, and the one statement of the
/// report: every client runs it, the command line and the table view too. How a source keeps its
/// transactions (a list in memory, a sorted file streamed again, an unsorted one held in compact
/// pages) is the business of what it reads them from (`ReportTransactions`), which gives them
/// a date block at a time, in report order. Read it aloud; it is the whole report:
///
/// - The sources come in report order: the Authorized group's, then the Posted group's (in
///   one-source mode, one source holds both).
/// - A source that could not be read shows its header and the "not currently available"
///   message, and adds nothing.
/// - Every group a source holds shows its header, then, when it has no transaction, the
///   "there are no transactions" message; otherwise one banded block for each date, ascending
///   (a subheader, the details in input order, a subfooter), then a footer with its total.
/// - The notes the sources made, the count of records the period left out, and a grand footer
///   with the sum of the group totals end the report.
///
/// The banding is the presenter's: it is how the rows look, not what they are. Totals are exact
/// sums, in 128 bits until shown. The use cases check the input before it gets here; input the
/// transformer cannot present (a transaction of a group its source does not hold, a total that
/// does not fit) makes it throw, never drop a row or show a wrong total.
public struct ReportTransformer: Sendable {
  /// One source of a report, read and checked.
  public struct Source: Sendable {
    /// The groups the source holds, in report order: one in two-source mode, both in one.
    public var groups: [TransactionGroup]
    /// What it gives: its transactions, or why it could not be read.
    let content: Content

    enum Content: Sendable {
      case unavailable(UnavailableReason)
      case kept([Transaction], notes: [AnySourceProblem])
      case reading(any ReportTransactions)
    }

    /// A source that was read.
    ///
    /// - Parameters:
    ///   - groups: The groups it holds, in report order.
    ///   - transactions: Its transactions, in input order, each of one of `groups`.
    ///   - notes: What it said about what it read.
    public init(groups: [TransactionGroup], transactions: [Transaction], notes: [AnySourceProblem] = []) {
      (self.groups, content) = (groups, .kept(transactions, notes: notes))
    }

    /// A source that could not be read.
    ///
    /// - Parameters:
    ///   - groups: The groups it holds, in report order.
    ///   - reason: Why it could not be read.
    public init(groups: [TransactionGroup], unavailable reason: UnavailableReason) {
      (self.groups, content) = (groups, .unavailable(reason))
    }

    /// A source read as it is shown: its transactions come from `reading`, a date block at a time.
    package init(groups: [TransactionGroup], reading: any ReportTransactions) {
      (self.groups, content) = (groups, .reading(reading))
    }

    /// What the source's header and message are about: its one group, or all transactions.
    var scope: ReportScope { groups.count == 1 ? .group(groups[0]) : .allTransactions }
  }

  /// The days the report shows, or `nil` for every day.
  public var period: ReportPeriod?

  /// Creates a transformer.
  ///
  /// - Parameter period: The days the report shows; the transactions of other days are left
  ///   out of the rows and the totals, and counted.
  public init(period: ReportPeriod? = nil) {
    self.period = period
  }

  /// Presents the report of the sources, in order, to `output`.
  ///
  /// - Parameters:
  ///   - sources: The sources, in report order.
  ///   - output: The presenter.
  /// - Throws: ``Refusal`` for a transaction of a group its source does not hold, `MoneyOverflow`
  ///   for a total that does not fit (checked input has neither), or what a source's reading
  ///   throws (the task was cancelled, a file changed while it was read again).
  public func present(_ sources: [Source], to output: any TransactionReportUseCaseOutput) async throws {
    output.presentReportStart()
    var groupTotals: [Money] = []
    var (notes, leftOut) = ([AnySourceProblem](), 0)
    for source in sources {
      guard let transactions = try transactions(of: source, to: output) else { continue }
      for group in source.groups {
        groupTotals.append(try await present(group, from: transactions, to: output))
      }
      (notes, leftOut) = (notes + transactions.notes, leftOut + transactions.outsidePeriodCount)
    }
    for note in notes { output.presentSourceNote(note) }
    if let period, leftOut > 0 { output.presentRecordsOutsidePeriod(count: leftOut, period: period) }
    output.presentGrandFooter(total: try Money.sum(groupTotals))
    output.presentReportEnd()
  }

  /// Presents one group: its header, then its date blocks and footer, or its empty message.
  ///
  /// - Returns: The group's total.
  private func present(
    _ group: TransactionGroup, from transactions: any ReportTransactions,
    to output: any TransactionReportUseCaseOutput
  ) async throws -> Money {
    output.presentHeader(.group(group))
    var (total, blocks) = (Int128(0), 0)
    while let date = try await transactions.nextDate(in: group) {
      output.presentSubheader(date: date)
      while let (description, amount) = try transactions.nextDetail() {
        total += Int128(amount.minorUnits)
        output.presentDetail(description: description, amount: amount)
      }
      output.presentSubfooter(DateBlock(date: date))
      blocks += 1
    }
    guard blocks > 0 else {
      output.presentNoTransactions(group: group)
      return .zero
    }
    guard let units = Int64(exactly: total), let sum = Money(minorUnits: units) else { throw MoneyOverflow() }
    output.presentFooter(total: sum)
    return sum
  }

  /// What the transformer reads a source's transactions from; `nil` when it could not be read,
  /// after its header and message.
  private func transactions(of source: Source, to output: any TransactionReportUseCaseOutput) throws(Refusal)
    -> (any ReportTransactions)?
  {
    switch source.content {
    case .unavailable(let reason):
      output.presentHeader(source.scope)
      output.presentSourceUnavailable(source.scope, reason: reason)
      return nil
    case .kept(let transactions, let notes):
      return try SortedTransactions(transactions, groups: source.groups, notes: notes, period: period)
    case .reading(let reading): return reading
    }
  }
}
