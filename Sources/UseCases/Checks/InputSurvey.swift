import Entities

/// The first pass over a source: every record is checked, none is kept.
///
/// The survey validates each record (the gateway has already checked its fields; the survey
/// adds the rules that need more than one record: the group must match the source, and no
/// total may overflow) and counts the valid records, each of which it gives to what its caller
/// keeps (``CheckKeeping``). It holds nothing but counters, so a source of any size is surveyed
/// in constant memory.
package struct InputSurvey: Sendable {
  package let source: String
  package let expectedGroup: TransactionGroup?
  /// The days reported, or `nil` for every day: a valid record outside them is counted and
  /// checked like any other, but adds to no total.
  package let period: ReportPeriod?
  package private(set) var count = 0
  /// How many of the valid records are dated outside ``period``: the report leaves them out.
  package private(set) var outsidePeriodCount = 0
  /// How many valid records of another group than ``expectedGroup`` the source holds.
  package private(set) var otherGroupCount = 0
  /// How many issues the source's records gave, its group mismatches included.
  package private(set) var issueCount = 0
  /// Why the source became unavailable while it was read (``SourceRecord/unavailable(_:)``),
  /// if it did: the survey stopped there.
  package private(set) var unavailableReason: UnavailableReason? {
    didSet { hasStopped = unavailableReason != nil }
  }
  /// Whether the survey stopped (``unavailableReason`` is set): kept apart for the loops that
  /// ask it before every record, as a look at the optional reason copied it, a record at a time.
  package private(set) var hasStopped = false
  /// Whether the source ended as missing input (``SourceRecord/missing(_:)``), not as an
  /// unavailable one: ``unavailableReason`` then says why it could not be read.
  package private(set) var endedAsMissing = false
  /// What the source said about what it read (``SourceRecord/note(_:)``), in order.
  package private(set) var notes: [AnySourceProblem] = []

  /// Starts a survey of a source; ``take(_:totals:issues:)`` checks its records one by one.
  ///
  /// - Parameters:
  ///   - source: The source's name, for issues without an origin.
  ///   - expectedGroup: In two-source mode, the only group this source may hold.
  ///   - period: The days reported, or `nil` for every day.
  package init(source: String, expectedGroup: TransactionGroup?, period: ReportPeriod? = nil) {
    self.source = source
    self.expectedGroup = expectedGroup
    self.period = period
  }

  /// Checks the next record of the source, and counts it. A source that becomes unavailable or
  /// missing ends the survey: the reason is kept, and the caller reads no further.
  ///
  /// - Parameters:
  ///   - record: The next record.
  ///   - descriptionBytes: Its description's bytes, when lent apart from it (``RecordLending``).
  ///   - totals: The running totals the report will show, checked for overflow.
  ///   - issues: Where bad records are logged.
  ///   - kept: What is kept of each valid transaction of the expected group.
  /// - Returns: Whether the record is a transaction of the expected group (inside the period or
  ///   not), which the caller reads from the record it still holds.
  @discardableResult
  package mutating func take<Kept: CheckKeeping>(
    _ record: SourceRecord, descriptionBytes: UnsafeBufferPointer<UInt8>? = nil, totals: inout ReportTotals,
    issues: inout IssueLog, keeping kept: inout Kept
  ) -> Bool {
    switch record {
    case .unavailable(let reason):
      unavailableReason = reason
      return false
    case .missing(let reason):
      unavailableReason = reason
      endedAsMissing = true
      return false
    case .invalid(let issue):
      issues.record(issue)
      issueCount += 1
      return false
    case .unlistedIssues(let count):
      issues.recordUnlisted(count)
      issueCount += max(0, count)
      return false
    case .note(let note):
      notes.append(note)
      return false
    case .transaction(let transaction, let origin):
      return take(
        transaction, origin: origin, descriptionBytes: descriptionBytes, totals: &totals, issues: &issues,
        keeping: &kept)
    }
  }

  /// Checks the transaction of a record (``take(_:descriptionBytes:totals:issues:keeping:)`` of
  /// a ``SourceRecord/transaction(_:origin:)``), for a reading that has matched the record's
  /// case already: the record is not looked at, or copied, again.
  ///
  /// - Parameters:
  ///   - transaction: The record's transaction.
  ///   - origin: Where the record is in its source.
  ///   - descriptionBytes: The description's bytes, when lent apart from the transaction.
  ///   - totals: The running totals, in report order.
  ///   - issues: Where a record of the wrong group is logged.
  ///   - kept: What is kept of each valid transaction of the expected group.
  /// - Returns: Whether the transaction is of the expected group (inside the period or not).
  @discardableResult
  package mutating func take<Kept: CheckKeeping>(
    _ transaction: Transaction, origin: RecordOrigin?, descriptionBytes: UnsafeBufferPointer<UInt8>? = nil,
    totals: inout ReportTotals, issues: inout IssueLog, keeping kept: inout Kept
  ) -> Bool {
    if let expectedGroup, transaction.group != expectedGroup {
      issues.record(Self.groupMismatch(transaction, expected: expectedGroup, origin: origin, source: source))
      issueCount += 1
      otherGroupCount += 1
      return false
    }
    kept.keep(transaction, descriptionBytes: descriptionBytes)
    // Only the records the report shows count towards its totals.
    if let period, !period.contains(transaction.date) {
      outsidePeriodCount += 1
    } else {
      totals.add(transaction, origin: origin, source: source)
    }
    count += 1
    return true
  }

  /// Whether every record of the source is a valid record of another group than the one it
  /// may hold, and there is at least one: what a source given for the other group holds.
  package var holdsOnlyAnotherGroup: Bool {
    expectedGroup != nil && count == 0 && otherGroupCount > 0 && issueCount == otherGroupCount
  }

  private static func groupMismatch(
    _ transaction: Transaction,
    expected: TransactionGroup,
    origin: RecordOrigin?,
    source: String
  ) -> RecordIssue {
    RecordIssue(
      source: origin?.source ?? source,
      position: origin?.group,
      field: .group,
      problem: .groupMismatch(expected: expected, found: transaction.group),
      value: transaction.group.code,
      recordStart: origin?.start
    )
  }

}

/// The totals a report shows, summed in any order and checked once all records are in.
package struct ReportTotals: Sendable {
  private var authorized = RunningTotal(.group(.authorized))
  private var posted = RunningTotal(.group(.posted))
  private var grand = RunningTotal(.grand)

  /// Nothing yet.
  package init() {}

  /// Adds the totals of records read after these, as if they had been added here one by one.
  ///
  /// - Returns: `false` when the result may differ from adding them one by one: when both add
  ///   to a total that ends out of range, whose issue depends on the order (see
  ///   ``RunningTotal/append(_:)``).
  package mutating func append(_ later: ReportTotals) -> Bool {
    let results = [
      authorized.append(later.authorized), posted.append(later.posted), grand.append(later.grand),
    ]
    return !results.contains(false)
  }

  /// Adds a transaction to its group's total and to the grand total.
  package mutating func add(_ transaction: Transaction, origin: RecordOrigin?, source: String) {
    switch transaction.group {
    case .authorized: authorized.add(transaction, origin: origin, source: source)
    case .posted: posted.add(transaction, origin: origin, source: source)
    }
    grand.add(transaction, origin: origin, source: source)
  }

  /// The issues of the totals that do not fit in `Money`.
  ///
  /// - Returns: One issue for each group total that overflows; or, when both fit, the grand
  ///   total's issue if it overflows; or none.
  package func overflowIssues() -> [RecordIssue] {
    let groupIssues = [authorized, posted].compactMap { $0.overflowIssue() }
    // Reported once: a grand total that overflows because a group total does adds nothing.
    guard groupIssues.isEmpty else { return groupIssues }
    return [grand.overflowIssue()].compactMap { $0 }
  }
}
