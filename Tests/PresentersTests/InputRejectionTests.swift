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
    "A warning reads as one line: the subject, then the reason, worded from its value",
    arguments: [
      (
        UnavailableReason.cannotOpen(path: "posted.json", systemError: "No such file or directory"),
        "Posted Transactions are not available: cannot read 'posted.json': No such file or directory"
      ),
      (.isDirectory(path: "data"), "Posted Transactions are not available: 'data' is a directory"),
      (.standardInputClosed, "Posted Transactions are not available: standard input is closed"),
      (.standardInputIsDirectory, "Posted Transactions are not available: standard input is a directory"),
      (
        .cannotCopy(path: nil, .create(folder: "/tmp", systemError: "No space left on device")),
        "Posted Transactions are not available: cannot read standard input twice: cannot create a temporary file"
          + " in /tmp: No space left on device"
      ),
      (
        .cannotCopy(path: "fifo", .unlink(folder: "/tmp", systemError: "Permission denied")),
        "Posted Transactions are not available: cannot read 'fifo' twice: cannot unlink a temporary file in /tmp:"
          + " Permission denied"
      ),
      (
        .pathContainsNUL(path: "a\u{0}b"),
        "Posted Transactions are not available: cannot read 'a\\u{0}b': the path contains a NUL character"
      ),
      (
        .noSuchFile(path: #"a\u{1B}.csv"#, similarPath: "a\u{1B}.csv"),
        #"Posted Transactions are not available: cannot read 'a\\u{1B}.csv': No such file or directory;"#
          + #" did you mean 'a\u{1B}.csv'?"#
      ),
      ("the service is down", "Posted Transactions are not available: the service is down"),
      (
        .serviceFailed(url: "https://h/p", .timedOut(seconds: 5)),
        "Posted Transactions are not available: https://h/p: timed out after 5 s"
      ),
      (
        .serviceFailed(url: "u", .timedOut(seconds: 0.25)),
        "Posted Transactions are not available: u: timed out after 0.25 s"
      ),
      (
        .serviceFailed(url: "u", .status(503)),
        "Posted Transactions are not available: u: the server answered 503 Service Unavailable"
      ),
      (
        .serviceFailed(url: "u", .status(418)),
        "Posted Transactions are not available: u: the server answered 418"
      ),
      (
        .serviceFailed(url: "u", .brokenOff(received: 10, expected: 20)),
        "Posted Transactions are not available: u: the answer broke off after 10 bytes of 20"
      ),
      (
        .serviceFailed(url: "u", .brokenOff(received: 10, expected: nil)),
        "Posted Transactions are not available: u: the answer broke off after 10 bytes"
      ),
      (
        .serviceFailed(url: "u", .tooLarge(limit: 1024)),
        "Posted Transactions are not available: u: the answer is larger than 1024 bytes (--max-response-size)"
      ),
      (
        .serviceFailed(url: "u", .tooManyRedirects(limit: 5)),
        "Posted Transactions are not available: u: more than 5 redirects"
      ),
      (
        .serviceFailed(url: "u", .cannotConnect(detail: "refused")),
        "Posted Transactions are not available: u: cannot connect: refused"
      ),
      (
        .serviceFailed(url: "u", .secureConnectionFailed(detail: "untrusted\u{1B}")),
        #"Posted Transactions are not available: u: the secure connection failed: untrusted\u{1B}"#
      ),
    ])
  func warningText(reason: UnavailableReason, text: String) {
    #expect(EnglishReportWording().warning(.group(.posted), reason: reason) == text)
  }
}
