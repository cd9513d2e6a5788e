import Presenters
import Testing

@Suite struct InputRejectionTests {
  @Test(
    "The summary counts every issue, singular or plural, and says how many are not shown",
    arguments: [
      (1, 1, "1 invalid record; no report was made."),
      (3, 3, "3 invalid records; no report was made."),
      (20, 25, "25 invalid records (5 not shown); no report was made."),
      (0, 1, "1 invalid record (1 not shown); no report was made."),
      (2, 2, "2 invalid records; no report was made."),
    ])
  func summary(listed: Int, total: Int, text: String) {
    let rejection = InputRejection(
      lines: Array(repeating: "x.json: error: bad", count: listed), totalCount: total)
    #expect(rejection.summary == text)
    #expect(rejection.unlistedCount == total - listed)
  }

  @Test("The unlisted count is never negative")
  func unlistedNeverNegative() {
    #expect(InputRejection(lines: ["a", "b"], totalCount: 1).unlistedCount == 0)
  }

  @Test("A warning reads as one line: subject, then the reason")
  func warningText() {
    let warning = SourceWarning(
      subject: "Posted Transactions", reason: "posted.json: No such file or directory")
    #expect(warning.text == "Posted Transactions are not available: posted.json: No such file or directory")
  }
}
