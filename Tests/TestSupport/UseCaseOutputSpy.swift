import Entities
import Synchronization
import Testing
import UseCases

/// A use-case output that records every `present…` call, in order, so a test can compare the
/// whole sequence at once.
///
/// Give it to a use case in place of a presenter, run the use case, then compare ``calls`` with
/// the expected list of ``Call`` values. ``replay(into:)`` sends the recorded calls on to a real
/// presenter, so presenter tests can be driven by what a use case really said.
///
/// A date block's end is recorded by its date; every value the use case gives of the block
/// (its `DateBlock`) is checked as it comes against the block the spy saw presented
/// (`DateBlock.seen(date:amounts:)`), so that every test with a spy checks a value a block
/// gains (workshop, exercise 3) with no expectation written anew.
public final class UseCaseOutputSpy: TransactionReportUseCaseOutput {
  /// One call to the output boundary, with its arguments.
  public enum Call: Hashable, Sendable {
    /// ``TransactionReportUseCaseOutput/presentReportStart()``.
    case reportStart
    /// ``TransactionReportUseCaseOutput/presentHeader(_:)``.
    case header(ReportScope)
    /// ``TransactionReportUseCaseOutput/presentSubheader(date:)``.
    case subheader(CalendarDate)
    /// ``TransactionReportUseCaseOutput/presentDetail(description:amount:)``, the description as
    /// its text.
    case detail(String, Money)
    /// ``TransactionReportUseCaseOutput/presentSubfooter(_:)``: the block's date. The block's
    /// other values are checked as they come (`DateBlock.seen(date:amounts:)`).
    case subfooter(CalendarDate)
    /// ``TransactionReportUseCaseOutput/presentFooter(total:)``.
    case footer(Money)
    /// ``TransactionReportUseCaseOutput/presentGrandFooter(total:)``.
    case grandFooter(Money)
    /// ``TransactionReportUseCaseOutput/presentSourceUnavailable(_:reason:)``.
    case sourceUnavailable(ReportScope, reason: UnavailableReason)
    /// ``TransactionReportUseCaseOutput/presentNoTransactions(group:)``.
    case noTransactions(TransactionGroup)
    /// ``TransactionReportUseCaseOutput/presentReportEnd()``.
    case reportEnd
    /// ``TransactionReportUseCaseOutput/presentInvalidInput(issues:totalCount:recordCount:)``.
    case invalidInput([RecordIssue], totalCount: Int, recordCount: Int)
    /// ``TransactionReportUseCaseOutput/presentMissingInput(_:issues:totalCount:recordCount:)``.
    case missingInput([MissingInput], issues: [RecordIssue] = [], totalCount: Int = 0, recordCount: Int = 0)
    /// A draft taken back (``takeBack``), by a reading handed it.
    case draftDiscarded
    /// ``TransactionReportUseCaseOutput/presentReportCancelled()``.
    case reportCancelled
    /// ``TransactionReportUseCaseOutput/presentRecordsOutsidePeriod(count:period:)``.
    case recordsOutsidePeriod(count: Int, period: ReportPeriod)
    /// ``TransactionReportUseCaseOutput/presentSourceNote(_:)``.
    case sourceNote(AnySourceProblem)

    /// Makes the calls on another output, in order: a block's end with the block its calls
    /// since its subheader make (`DateBlock.seen(date:amounts:)`).
    ///
    /// - Parameters:
    ///   - calls: The calls.
    ///   - output: The output to call, such as a real presenter.
    public static func send(_ calls: [Call], to output: any TransactionReportUseCaseOutput) {
      var amounts: [Money] = []
      for call in calls {
        switch call {
        case .subheader: amounts = []
        case .detail(_, let amount): amounts.append(amount)
        case .subfooter(let date): output.presentSubfooter(DateBlock.seen(date: date, amounts: amounts))
        default: break
        }
        if case .subfooter = call { continue }
        call.send(to: output)
      }
    }

    /// Makes the same call on another output; a block's end, with no details seen.
    private func send(to output: any TransactionReportUseCaseOutput) {
      switch self {
      case .reportStart: output.presentReportStart()
      case .header(let scope): output.presentHeader(scope)
      case .subheader(let date): output.presentSubheader(date: date)
      case .detail(let description, let amount):
        output.presentDetail(description: DescriptionText(description), amount: amount)
      case .subfooter(let date): output.presentSubfooter(DateBlock.seen(date: date, amounts: []))
      case .footer(let total): output.presentFooter(total: total)
      case .grandFooter(let total): output.presentGrandFooter(total: total)
      case .sourceUnavailable(let scope, let reason): output.presentSourceUnavailable(scope, reason: reason)
      case .noTransactions(let group): output.presentNoTransactions(group: group)
      case .reportEnd: output.presentReportEnd()
      case .invalidInput(let issues, let totalCount, let recordCount):
        output.presentInvalidInput(issues: issues, totalCount: totalCount, recordCount: recordCount)
      case .missingInput(let missing, let issues, let totalCount, let recordCount):
        output.presentMissingInput(missing, issues: issues, totalCount: totalCount, recordCount: recordCount)
      case .draftDiscarded: break
      case .reportCancelled: output.presentReportCancelled()
      case .recordsOutsidePeriod(let count, let period):
        output.presentRecordsOutsidePeriod(count: count, period: period)
      case .sourceNote(let note): output.presentSourceNote(note)
      }
    }
  }

  private let recorded = Mutex<[Call]>([])
  private let lent = Mutex(0)
  /// The date and the amounts of the block being presented, for the check of its end.
  private let block = Mutex((date: CalendarDate?.none, amounts: [Money]()))

  /// How many of the ``Call/detail(_:_:)`` calls gave their description as bytes of a shared
  /// block (`DescriptionText`), rather than as a `String`.
  public var lentDescriptionCount: Int { lent.withLock { $0 } }

  /// Every call so far, in the order it was made.
  public var calls: [Call] { recorded.withLock { $0 } }

  private let observer: (@Sendable (Call) -> Void)?

  /// Whether the spy takes a draft, as an output that holds the report until its end does:
  /// then ``takeBack`` takes it back.
  public let acceptsDraft: Bool

  /// What takes back a draft, to hand a reading that drafts (`CompactReading`), when the spy
  /// takes one: it records ``Call/draftDiscarded``.
  public var takeBack: (@Sendable () -> Void)? {
    guard acceptsDraft else { return nil }
    return { @Sendable [self] in discardDraft() }
  }

  /// Creates a spy with no calls recorded.
  ///
  /// - Parameters:
  ///   - acceptsDraft: Whether to take a draft, as an output that holds the report until its
  ///     end does; `false` by default.
  ///   - observer: Called with each call as it is recorded, for tests that check what else had
  ///     happened at that moment (for example how many records a source had yielded).
  public init(acceptsDraft: Bool = false, observer: (@Sendable (Call) -> Void)? = nil) {
    self.acceptsDraft = acceptsDraft
    self.observer = observer
  }

  /// The calls that stand after the last ``Call/draftDiscarded``: what a view that takes a
  /// draft ends up showing. All the calls when no draft was discarded.
  public var keptCalls: [Call] {
    let calls = calls
    guard let last = calls.lastIndex(of: .draftDiscarded) else { return calls }
    return Array(calls[(last + 1)...])
  }

  /// The arguments of the first ``Call/invalidInput(_:totalCount:recordCount:)`` call, or `nil`
  /// if there was none.
  public var invalidInput: (issues: [RecordIssue], totalCount: Int, recordCount: Int)? {
    for call in calls {
      if case .invalidInput(let issues, let totalCount, let recordCount) = call {
        return (issues, totalCount, recordCount)
      }
    }
    return nil
  }

  /// The totals of the footer calls, in order.
  public var footerTotals: [Money] {
    calls.compactMap { call in
      if case .footer(let total) = call { return total }
      return nil
    }
  }

  /// The totals of the grand-footer calls, in order (a complete report has exactly one).
  public var grandFooterTotals: [Money] {
    calls.compactMap { call in
      if case .grandFooter(let total) = call { return total }
      return nil
    }
  }

  /// Sends every recorded call, in order, to another output.
  ///
  /// - Parameter output: The output to call, such as a real presenter.
  public func replay(into output: any TransactionReportUseCaseOutput) {
    Call.send(calls, to: output)
  }

  private func record(_ call: Call) {
    recorded.withLock { $0.append(call) }
    observer?(call)
  }

  /// Records ``Call/reportStart``.
  public func presentReportStart() { record(.reportStart) }

  /// Records ``Call/header(_:)``.
  ///
  /// - Parameter scope: The group, or all transactions.
  public func presentHeader(_ scope: ReportScope) { record(.header(scope)) }

  /// Records ``Call/subheader(_:)``.
  ///
  /// - Parameter date: The date of the block.
  public func presentSubheader(date: CalendarDate) {
    block.withLock { $0 = (date, []) }
    record(.subheader(date))
  }

  /// Records ``Call/detail(_:_:)``.
  ///
  /// - Parameters:
  ///   - description: The transaction's description.
  ///   - amount: The signed amount.
  public func presentDetail(description: DescriptionText, amount: Money) {
    if description.isShared { lent.withLock { $0 += 1 } }
    block.withLock { $0.amounts.append(amount) }
    record(.detail(description.description, amount))
  }

  /// Records ``Call/subfooter(_:)``, after checking the block against the one the spy saw: its
  /// subheader's date, its details' amounts.
  ///
  /// - Parameter block: The block that ends.
  public func presentSubfooter(_ block: DateBlock) {
    let seen = self.block.withLock { DateBlock.seen(date: $0.date ?? block.date, amounts: $0.amounts) }
    if block != seen {
      Issue.record(
        "the use case ends a date block as \(block), but its calls make it \(seen) (DateBlock.seen in TestSupport)"
      )
    }
    record(.subfooter(block.date))
  }

  /// Records ``Call/footer(_:)``.
  ///
  /// - Parameter total: The group total.
  public func presentFooter(total: Money) { record(.footer(total)) }

  /// Records ``Call/grandFooter(_:)``.
  ///
  /// - Parameter total: The grand total.
  public func presentGrandFooter(total: Money) { record(.grandFooter(total)) }

  /// Records ``Call/sourceUnavailable(_:reason:)``.
  ///
  /// - Parameters:
  ///   - scope: The group, or all transactions.
  ///   - reason: Why the source is unavailable.
  public func presentSourceUnavailable(_ scope: ReportScope, reason: UnavailableReason) {
    record(.sourceUnavailable(scope, reason: reason))
  }

  /// Records ``Call/noTransactions(_:)``.
  ///
  /// - Parameter group: The empty group.
  public func presentNoTransactions(group: TransactionGroup) { record(.noTransactions(group)) }

  /// Records ``Call/reportEnd``.
  public func presentReportEnd() { record(.reportEnd) }

  /// Records ``Call/invalidInput(_:totalCount:recordCount:)``.
  ///
  /// - Parameters:
  ///   - issues: The issues listed.
  ///   - totalCount: How many issues there were in all.
  ///   - recordCount: How many invalid records they were found in.
  public func presentInvalidInput(issues: [RecordIssue], totalCount: Int, recordCount: Int) {
    record(.invalidInput(issues, totalCount: totalCount, recordCount: recordCount))
  }

  /// Records ``Call/recordsOutsidePeriod(count:period:)``.
  ///
  /// - Parameters:
  ///   - count: How many valid records the period left out.
  ///   - period: The period.
  public func presentRecordsOutsidePeriod(count: Int, period: ReportPeriod) {
    record(.recordsOutsidePeriod(count: count, period: period))
  }

  /// Records ``Call/sourceNote(_:)``.
  ///
  /// - Parameter note: The note.
  public func presentSourceNote(_ note: AnySourceProblem) {
    record(.sourceNote(note))
  }

  /// Records ``Call/draftDiscarded``.
  public func discardDraft() { record(.draftDiscarded) }

  /// Records ``Call/reportCancelled``.
  public func presentReportCancelled() { record(.reportCancelled) }

  /// Records ``Call/missingInput(_:issues:totalCount:recordCount:)``.
  ///
  /// - Parameters:
  ///   - missing: The missing inputs.
  ///   - issues: The issues of the other inputs listed.
  ///   - totalCount: How many issues there were in all.
  ///   - recordCount: How many invalid records they were found in.
  public func presentMissingInput(
    _ missing: [MissingInput], issues: [RecordIssue], totalCount: Int, recordCount: Int
  ) {
    record(.missingInput(missing, issues: issues, totalCount: totalCount, recordCount: recordCount))
  }
}
