import Presenters
import Testing
import UseCases

@Suite struct InputRejectionTests {
  @Test(
    "The summary counts the invalid records, their problems when there are more, singular or plural, and says how many are not shown",
    arguments: [
      (1, 1, 1, "1 invalid record; no report was made."),
      (3, 3, 3, "3 invalid records; no report was made."),
      (20, 25, 25, "25 invalid records (5 not shown); no report was made."),
      (0, 1, 1, "1 invalid record (1 not shown); no report was made."),
      (2, 2, 2, "2 invalid records; no report was made."),
      (4, 4, 1, "1 invalid record with 4 problems; no report was made."),
      (20, 25, 2, "2 invalid records with 25 problems (5 not shown); no report was made."),
      (1, 1, 5, "5 invalid records; no report was made."),
    ])
  func summary(listed: Int, total: Int, records: Int, text: String) {
    #expect(
      EnglishReportWording().rejectionSummary(
        recordCount: records, issueCount: total, unlistedCount: total - listed)
        == text)
    let rejection = InputRejection(
      issues: [], lines: Array(repeating: "x.json: error: bad", count: listed), totalCount: total,
      recordCount: records, summary: text)
    #expect(rejection.unlistedCount == total - listed)
  }

  @Test("The unlisted count is never negative")
  func unlistedNeverNegative() {
    #expect(
      InputRejection(issues: [], lines: ["a", "b"], totalCount: 1, recordCount: 1, summary: "").unlistedCount
        == 0)
  }

  @Test(
    "A warning reads as one line: the subject, then the reason in the source's words, and its hint",
    arguments: [
      ("the service is down", "Posted Transactions are not available: the service is down"),
      (
        UnavailableReason(
          StatedProblem(
            "cannot read '\(shown: "a\u{1B}.csv")': gone", hint: "did you mean '\(shown: "b.csv")'?")),
        #"Posted Transactions are not available: cannot read 'a\u{1B}.csv': gone; did you mean 'b.csv'?"#
      ),
    ])
  func warningText(reason: UnavailableReason, text: String) {
    #expect(EnglishReportWording().warning(.group(.posted), reason: reason) == text)
  }
}
