/// The issues of one report: the first few kept in full, all of them counted.
///
/// Keeping only the first `limit` issues bounds memory on a file where every record is bad. The
/// kept issues are always the first ones in input order: once some issues are only counted (a
/// source kept only the first issues of a record), no later issue is kept.
struct IssueLog: Sendable {
  let limit: Int
  private(set) var kept: [RecordIssue] = []
  private(set) var count = 0
  /// Whether issues were counted that are not kept, so that a later one may not be kept either.
  private var hasUnlisted = false

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  var isEmpty: Bool { count == 0 }

  mutating func record(_ issue: RecordIssue) {
    count += 1
    if !hasUnlisted, kept.count < limit { kept.append(issue) }
  }

  /// Counts issues known only by their number (``SourceRecord/unlistedIssues(count:)``).
  mutating func recordUnlisted(_ count: Int) {
    guard count > 0 else { return }
    self.count += count
    hasUnlisted = true
  }

  /// Adds the issues of a later log, as if each had been recorded here in its order.
  mutating func append(_ later: IssueLog) {
    for issue in later.kept { record(issue) }
    recordUnlisted(later.count - later.kept.count)
  }
}
