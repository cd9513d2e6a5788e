/// The issues of one report: the first few kept in full, all of them counted.
///
/// Keeping only the first `limit` issues bounds memory on a file where every record is bad. The
/// kept issues are always the first ones in input order: once some issues are only counted (a
/// source kept only the first issues of a record), no later issue is kept.
package struct IssueLog: Sendable {
  package let limit: Int
  package private(set) var kept: [RecordIssue] = []
  package private(set) var count = 0
  /// How many records the issues are of: an issue of the same record as the one before it
  /// (``RecordIssue/isOfSameRecord(as:)``) adds none, and unlisted issues are of the record
  /// before them.
  package private(set) var recordCount = 0
  /// Whether issues were counted that are not kept, so that a later one may not be kept either.
  private var hasUnlisted = false
  /// The issue recorded last, to tell whether the next one is of the same record.
  private var last: RecordIssue?

  package init(limit: Int) {
    self.limit = max(0, limit)
  }

  package var isEmpty: Bool { count == 0 }

  /// Counts an issue, and keeps it while fewer than `limit` are kept.
  ///
  /// - Parameters:
  ///   - issue: The issue.
  ///   - recordCount: How many records it is about when it stands for many (two sources given
  ///     the other way round); `nil` for the usual one record, or none more when it is of the
  ///     same record as the issue before it.
  package mutating func record(_ issue: RecordIssue, recordCount: Int? = nil) {
    count += 1
    let isOfAnotherRecord = last.map { !issue.isOfSameRecord(as: $0) } ?? true
    self.recordCount += recordCount ?? (isOfAnotherRecord ? 1 : 0)
    last = issue
    if !hasUnlisted, kept.count < limit { kept.append(issue) }
  }

  /// Counts issues known only by their number (``SourceRecord/unlistedIssues(count:)``).
  package mutating func recordUnlisted(_ count: Int) {
    guard count > 0 else { return }
    self.count += count
    hasUnlisted = true
  }

  /// Adds the issues of a later log, of another source, as if each had been recorded here in
  /// its order.
  package mutating func append(_ later: IssueLog) {
    for issue in later.kept where !hasUnlisted && kept.count < limit { kept.append(issue) }
    hasUnlisted = hasUnlisted || later.hasUnlisted || later.kept.count < later.count
    count += later.count
    recordCount += later.recordCount
    last = later.last ?? last
  }
}
