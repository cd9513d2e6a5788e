/// The issues of one report: the first few kept in full, all of them counted.
///
/// Keeping only the first `limit` issues bounds memory on a file where every record is bad.
struct IssueLog: Sendable {
  let limit: Int
  private(set) var kept: [RecordIssue] = []
  private(set) var count = 0

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  var isEmpty: Bool { count == 0 }

  mutating func record(_ issue: RecordIssue) {
    count += 1
    if kept.count < limit { kept.append(issue) }
  }

  /// Adds the issues of a later log, as if each had been recorded here in its order.
  mutating func append(_ later: IssueLog) {
    for issue in later.kept { record(issue) }
    count += later.count - later.kept.count
  }
}
