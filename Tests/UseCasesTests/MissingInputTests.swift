import Entities
import TestSupport
import Testing
import UseCases

/// A missing input (a file that does not exist) is a mistake to fix, not a service that is
/// down: no report, unless the use case was asked for a partial one (SPEC §8, decision 0023).
@Suite struct MissingInputTests {
  private typealias Call = UseCaseOutputSpy.Call
  private let gone: UnavailableReason = "cannot read 'posted.jsn': No such file or directory"

  @Test("A missing input: one presentMissingInput call, and nothing else, not even its rows")
  func missingStopsTheReport() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "a.json", transactions: try SmallReport.authorized()),
      posted: .missing(name: "posted.jsn", reason: gone))
    #expect(spy.calls == [.missingInput([MissingInput(.group(.posted), reason: gone)])])
  }

  @Test("Two missing inputs are named in one call, in report order")
  func bothMissing() async {
    let other: UnavailableReason = "'data' is a directory"
    let spy = await runTwoSource(
      authorized: .missing(name: "data", reason: other), posted: .missing(name: "posted.jsn", reason: gone))
    #expect(
      spy.calls == [
        .missingInput([
          MissingInput(.group(.authorized), reason: other), MissingInput(.group(.posted), reason: gone),
        ])
      ])
  }

  @Test("A missing input comes with the invalid records of the other source: one run names every problem")
  func missingAndInvalid() async throws {
    let issue = RecordIssue.fixture(source: "a.json", line: 2)
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "a.json", records: [.invalid(issue)]),
      posted: .missing(name: "posted.jsn", reason: gone))
    #expect(
      spy.calls == [
        .missingInput(
          [MissingInput(.group(.posted), reason: gone)], issues: [issue], totalCount: 1, recordCount: 1)
      ])
  }

  @Test("A partial report shows a missing input as unavailable, and the other group in full")
  func partialReport() async throws {
    let posted = try SmallReport.posted()
    let spy = await runTwoSource(
      authorized: .missing(name: "a.jsn", reason: gone),
      posted: FakeTransactionSource(name: "p.json", transactions: posted), partial: true)
    #expect(
      Array(spy.calls.prefix(3)) == [
        .reportStart, .header(.group(.authorized)), .sourceUnavailable(.group(.authorized), reason: gone),
      ])
    #expect(spy.calls.contains(.header(.group(.posted))))
    #expect(Array(spy.calls.suffix(2)) == [.grandFooter(try SmallReport.postedTotal()), .reportEnd])
  }

  @Test("One source: missing gives no report; partial gives All, its message and 0.00")
  func oneSource() async {
    let missing = await runOneSource(.missing(name: "all.jsn", reason: gone))
    #expect(missing.calls == [.missingInput([MissingInput(.allTransactions, reason: gone)])])
    let partial = await runOneSource(.missing(name: "all.jsn", reason: gone), partial: true)
    #expect(
      partial.calls == [
        .reportStart, .header(.allTransactions), .sourceUnavailable(.allTransactions, reason: gone),
        .grandFooter(.zero), .reportEnd,
      ])
  }

  @Test("An unavailable service still gets the report without --partial: that is what its message is for")
  func unavailableServiceStillReports() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "a.json", transactions: try SmallReport.authorized()),
      posted: .unavailable(name: "https://bank/posted", reason: "timed out after 5 s"))
    #expect(spy.calls.contains(.sourceUnavailable(.group(.posted), reason: "timed out after 5 s")))
    #expect(spy.calls.last == .reportEnd)
  }
}
