import Entities

/// The transaction report, defined: the transactions of each source in, one `present…` call for
/// each row out, in order (SPEC §2 to §5).
///
/// This is the transformer of the blog series the package comes from, and the reference for
/// everything else here: the use cases present what it presents, and the engine the command line
/// uses for speed (`ReportEngine`) is checked against it by a test and by a fuzzer on every
/// input. Read it aloud; it is the whole report:
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
/// The banding (the `odd` flag that flips before every subheader and footer) is the
/// presenter's, since it is how the rows look, not what they are.
///
/// Totals are exact sums (`Money.sum(_:)`, in Entities). The input is checked before it gets here (every
/// record valid, every total in range), so a total never overflows; if one did, the transformer
/// would throw rather than show a wrong one.
public struct ReportTransformer: Sendable {
  /// One source of a report, read and checked.
  public struct Source: Sendable {
    /// The groups the source holds, in report order: one in two-source mode, both in one.
    public var groups: [TransactionGroup]
    /// Its transactions, in input order; `nil` when it could not be read.
    public var transactions: [Transaction]?
    /// Why it could not be read, when it could not.
    public var unavailableReason: UnavailableReason?
    /// What the source said about what it read (rows it skipped, another encoding).
    public var notes: [AnySourceProblem]

    /// A source that was read.
    ///
    /// - Parameters:
    ///   - groups: The groups it holds, in report order.
    ///   - transactions: Its transactions, in input order.
    ///   - notes: What it said about what it read.
    public init(groups: [TransactionGroup], transactions: [Transaction], notes: [AnySourceProblem] = []) {
      (self.groups, self.transactions, self.unavailableReason, self.notes) = (
        groups, transactions, nil, notes
      )
    }

    /// A source that could not be read.
    ///
    /// - Parameters:
    ///   - groups: The groups it holds, in report order.
    ///   - reason: Why it could not be read.
    public init(groups: [TransactionGroup], unavailable reason: UnavailableReason) {
      (self.groups, self.transactions, self.unavailableReason, self.notes) = (groups, nil, reason, [])
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
  /// - Throws: `MoneyOverflow` when a total does not fit, which checked input never does.
  public func present(
    _ sources: [Source], to output: any TransactionReportUseCaseOutput
  ) throws(MoneyOverflow) {
    output.presentReportStart()
    var groupTotals: [Money] = []
    var leftOut = 0
    for source in sources {
      guard let transactions = source.transactions else {
        output.presentHeader(source.scope)
        output.presentSourceUnavailable(source.scope, reason: source.unavailableReason ?? "")
        continue
      }
      let shown = transactions.filter { period?.contains($0.date) ?? true }
      leftOut += transactions.count - shown.count
      for group in source.groups { groupTotals.append(try present(group, from: shown, to: output)) }
    }
    for note in sources.flatMap(\.notes) { output.presentSourceNote(note) }
    if let period, leftOut > 0 { output.presentRecordsOutsidePeriod(count: leftOut, period: period) }
    output.presentGrandFooter(total: try Money.sum(groupTotals))
    output.presentReportEnd()
  }

  /// Presents one group: its header, then its date blocks and footer, or its empty message.
  ///
  /// - Returns: The group's total.
  private func present(
    _ group: TransactionGroup, from transactions: [Transaction], to output: any TransactionReportUseCaseOutput
  ) throws(MoneyOverflow) -> Money {
    output.presentHeader(.group(group))
    // Swift's sort is stable: transactions of the same date keep their input order.
    let inGroup = transactions.filter { $0.group == group }.sorted { $0.date < $1.date }
    guard !inGroup.isEmpty else {
      output.presentNoTransactions(group: group)
      return .zero
    }
    var next = inGroup.startIndex
    while next < inGroup.endIndex {
      let date = inGroup[next].date
      output.presentSubheader(date: date)
      while next < inGroup.endIndex, inGroup[next].date == date {
        output.presentDetail(description: inGroup[next].description, amount: inGroup[next].signedAmount)
        next += 1
      }
      output.presentSubfooter()
    }
    let total = try Money.sum(inGroup.map(\.signedAmount))
    output.presentFooter(total: total)
    return total
  }
}
