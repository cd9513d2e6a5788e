/// The issues of one report: the first few kept in full, all of them counted.
///
/// Keeping only the first `limit` issues bounds memory on a file where every record is bad.
struct IssueLog {
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
}
