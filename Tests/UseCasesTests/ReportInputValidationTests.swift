import Entities
import TestSupport
import Testing
import UseCases

/// The survey pass: bad input is rejected, with every issue located, before any row is presented.
@Suite struct ReportInputValidationTests {
  @Test("A record of the wrong group is an issue at its group value, and no row is presented")
  func groupMismatch() async throws {
    let authorized = FakeTransactionSource(
      name: "authorized.json",
      records: records(
        try [
          .fixture(group: .authorized, date: "2016-04-01"),
          .fixture(group: .posted, date: "2016-04-02"),
          .fixture(group: .authorized, date: "2016-04-03"),
        ], source: "authorized.json"))
    let posted = FakeTransactionSource(name: "posted.json", transactions: try SmallReport.posted())
    let spy = await runTwoSource(authorized: authorized, posted: posted)

    let call = try #require(spy.calls.first)
    #expect(spy.calls.count == 1)
    guard case .invalidInput(let issues, let totalCount, _) = call else {
      Issue.record("expected only presentInvalidInput, got \(spy.calls)")
      return
    }
    #expect(totalCount == 1)
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.source == "authorized.json")
    #expect(issue.position == TextPosition(line: 3, column: RecordOrigin.groupColumn))
    #expect(issue.field == .group)
    #expect(issue.value == "P")
    #expect(issue.problem == .groupMismatch(expected: .authorized, found: .posted))
    #expect(authorized.openCount == 1)
    #expect(posted.openCount == 1)
  }

  @Test(
    "Wrong-group records in both sources are all listed, authorized first; without an origin, the source is named"
  )
  func groupMismatchInBothSources() async throws {
    // The posted source also holds a posted record: the sources are not simply swapped.
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json", transactions: try [.fixture(group: .posted)]),
      posted: FakeTransactionSource(
        name: "posted.json",
        records: records(try [.fixture(group: .authorized), .fixture(group: .posted)], source: "posted.json"))
    )
    let rejection = try #require(spy.invalidInput)
    #expect(spy.calls.count == 1)
    #expect(rejection.totalCount == 2)
    #expect(rejection.issues.map(\.source) == ["authorized.json", "posted.json"])
    #expect(
      rejection.issues.map(\.position) == [nil, TextPosition(line: 2, column: RecordOrigin.groupColumn)])
    #expect(rejection.issues.map(\.value) == ["P", "A"])
    #expect(rejection.issues.allSatisfy { $0.field == .group })
  }

  @Test("Invalid records from both streams are listed in order, and each source is read only once")
  func invalidRecords() async throws {
    let authorized = FakeTransactionSource(
      name: "authorized.json",
      records: [
        .invalid(.fixture(source: "authorized.json", line: 2)),
        .transaction(try .fixture(), .fixture(source: "authorized.json", line: 3)),
        .invalid(.fixture(source: "authorized.json", line: 4, value: "2016-13-01")),
      ])
    let posted = FakeTransactionSource(
      name: "posted.json", records: [.invalid(.fixture(source: "posted.json", line: 7))])
    let spy = await runTwoSource(authorized: authorized, posted: posted)
    let issues: [RecordIssue] = [
      .fixture(source: "authorized.json", line: 2),
      .fixture(source: "authorized.json", line: 4, value: "2016-13-01"),
      .fixture(source: "posted.json", line: 7),
    ]
    #expect(spy.calls == [.invalidInput(issues, totalCount: 3, recordCount: 3)])
    #expect(authorized.openCount == 1)
    #expect(posted.openCount == 1)
  }

  @Test("An invalid source is rejected even when the other source is unavailable")
  func invalidBesideUnavailable() async {
    let spy = await runTwoSource(
      authorized: .unavailable(name: "authorized.json", reason: "gone"),
      posted: FakeTransactionSource(
        name: "posted.json", records: [.invalid(.fixture(source: "posted.json", line: 2))]))
    #expect(
      spy.calls == [.invalidInput([.fixture(source: "posted.json", line: 2)], totalCount: 1, recordCount: 1)])
  }

  @Test(
    "Only the first issueLimit issues are passed on; the count includes them all",
    arguments: [0, 1, 3, 5, 20])
  func issueLimit(limit: Int) async {
    let issues = (1...5).map { RecordIssue.fixture(source: "authorized.json", line: $0 + 1) }
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "authorized.json", records: issues.map { .invalid($0) }),
      posted: FakeTransactionSource(name: "posted.json", records: []),
      issueLimit: limit)
    #expect(spy.calls == [.invalidInput(Array(issues.prefix(limit)), totalCount: 5, recordCount: 5)])
  }

  @Test(
    "Issues of two sources, checked at once, are listed and counted as if one source was read after the other",
    arguments: [1, 3, 4, 6, 20])
  func issuesOfTwoSourcesInOrder(limit: Int) async {
    let authorizedIssues = (1...3).map { RecordIssue.fixture(source: "authorized.json", line: $0 + 1) }
    let postedIssues = (1...4).map { RecordIssue.fixture(source: "posted.json", line: $0 + 1) }
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json", records: authorizedIssues.map { .invalid($0) }),
      posted: FakeTransactionSource(name: "posted.json", records: postedIssues.map { .invalid($0) }),
      issueLimit: limit)
    #expect(
      spy.calls == [
        .invalidInput(Array((authorizedIssues + postedIssues).prefix(limit)), totalCount: 7, recordCount: 7)
      ])
  }

  @Test(
    "Issues a source only counts are in the total, of the record before them, and no later issue is listed before them",
    arguments: [1, 2, 3, 20])
  func unlistedIssuesAreCounted(limit: Int) async {
    let first = (1...2).map { RecordIssue.fixture(source: "all.json", line: $0 + 1) }
    let later = RecordIssue.fixture(source: "all.json", line: 9)
    let spy = await runOneSource(
      FakeTransactionSource(
        name: "all.json",
        records: first.map { .invalid($0) } + [.unlistedIssues(count: 1_999_998), .invalid(later)]),
      issueLimit: limit)
    #expect(spy.calls == [.invalidInput(Array(first.prefix(limit)), totalCount: 2_000_001, recordCount: 3)])
  }

  @Test("Issues counted by the authorized source end the listing before the posted source's issues")
  func unlistedIssuesOfTwoSources() async {
    let authorized = RecordIssue.fixture(source: "authorized.json", line: 2)
    let posted = RecordIssue.fixture(source: "posted.json", line: 2)
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json", records: [.invalid(authorized), .unlistedIssues(count: 5)]),
      posted: FakeTransactionSource(name: "posted.json", records: [.invalid(posted)]))
    #expect(spy.calls == [.invalidInput([authorized], totalCount: 7, recordCount: 2)])
  }

  @Test(
    "Invalid records are counted apart from their issues: one record's issues share its start and source; an issue that does not say is a record of its own"
  )
  func recordsAreCountedApartFromIssues() async {
    func issue(_ source: String, line: Int, recordStart: Int?) -> RecordIssue {
      var issue = RecordIssue.fixture(source: source, line: line)
      issue.recordStart = recordStart.map { TextPosition(line: $0, column: 1) }
      return issue
    }
    // Records at lines 2 (three issues), 5 (one issue, then two only counted), 2 again in
    // another source (one issue), and two issues that do not say which record they are of.
    let authorized = [issue("a.json", line: 2, recordStart: 2), issue("a.json", line: 3, recordStart: 2)]
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "a.json",
        records: authorized.map { .invalid($0) } + [
          .invalid(issue("a.json", line: 4, recordStart: 2)),
          .invalid(issue("a.json", line: 5, recordStart: 5)),
          .unlistedIssues(count: 2),
        ]),
      posted: FakeTransactionSource(
        name: "p.json",
        records: [
          .invalid(issue("p.json", line: 2, recordStart: 2)),
          .invalid(issue("p.json", line: 3, recordStart: nil)),
          .invalid(issue("p.json", line: 3, recordStart: nil)),
        ]),
      issueLimit: 2)
    #expect(spy.calls == [.invalidInput(authorized, totalCount: 9, recordCount: 5)])
  }

  @Test("The one-source use case applies the issue limit too")
  func issueLimitOneSource() async {
    let issues = (1...4).map { RecordIssue.fixture(source: "all.json", line: $0 + 1) }
    let spy = await runOneSource(
      FakeTransactionSource(name: "all.json", records: issues.map { .invalid($0) }), issueLimit: 2)
    #expect(spy.calls == [.invalidInput(Array(issues.prefix(2)), totalCount: 4, recordCount: 4)])
  }

  @Test(
    "A group total that would overflow, in either direction, is an issue at the amount that overflows it",
    arguments: [DebitCredit.debit, .credit])
  func groupTotalOverflow(direction: DebitCredit) async throws {
    let authorized = FakeTransactionSource(
      name: "authorized.json",
      records: records(
        try [
          .fixture(date: "2016-04-01", amount: "92233720368547758.07", debit: direction),
          .fixture(date: "2016-04-02", amount: "0.01", debit: direction),
        ], source: "authorized.json"))
    let spy = await runTwoSource(
      authorized: authorized, posted: FakeTransactionSource(name: "posted.json", records: []))
    let rejection = try #require(spy.invalidInput)
    #expect(spy.calls.count == 1)
    let first = try #require(rejection.issues.first)
    #expect(first.source == "authorized.json")
    #expect(first.position == TextPosition(line: 3, column: RecordOrigin.amountColumn))
    #expect(first.field == .amount)
    #expect(first.problem == .totalOverflow(.group(.authorized), amount: try .fixture("0.01")))
    #expect(rejection.issues.allSatisfy { $0.position == first.position && $0.field == .amount })
  }

  @Test("A grand total that would overflow is an issue at the amount that overflows it")
  func grandTotalOverflow() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json", transactions: try [.fixture(amount: "92233720368547758.07")]),
      posted: FakeTransactionSource(
        name: "posted.json",
        records: records(try [.fixture(group: .posted, amount: "0.5")], source: "posted.json")))
    let rejection = try #require(spy.invalidInput)
    #expect(spy.calls.count == 1)
    #expect(rejection.totalCount == 1)
    let issue = try #require(rejection.issues.first)
    #expect(issue.source == "posted.json")
    #expect(issue.position == TextPosition(line: 2, column: RecordOrigin.amountColumn))
    #expect(issue.field == .amount)
    #expect(issue.problem == .totalOverflow(.grand, amount: try .fixture("0.50")))
  }

  @Test("An overflowing total in one-source mode is an issue at the amount too")
  func oneSourceOverflow() async throws {
    let spy = await runOneSource(
      FakeTransactionSource(
        name: "all.json",
        records: records(
          try [
            .fixture(group: .posted, amount: "92233720368547758.07"),
            .fixture(group: .posted, date: "2016-04-02", amount: "92233720368547758.07"),
          ], source: "all.json")))
    let rejection = try #require(spy.invalidInput)
    #expect(spy.calls.count == 1)
    let issue = try #require(rejection.issues.first)
    #expect(issue.position == TextPosition(line: 3, column: RecordOrigin.amountColumn))
    #expect(issue.problem == .totalOverflow(.group(.posted), amount: try .fixture("92233720368547758.07")))
  }

  @Test("An overflowing total from records without an origin names the source the records came from")
  func overflowWithoutOriginNamesItsSource() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "authorized.json", transactions: try SmallReport.authorized()),
      posted: FakeTransactionSource(
        name: "posted.json",
        transactions: try [
          .fixture(group: .posted, amount: "92233720368547758.07"),
          .fixture(group: .posted, date: "2016-04-02", amount: "0.01"),
        ]))
    let rejection = try #require(spy.invalidInput)
    #expect(spy.calls.count == 1)
    let issue = try #require(rejection.issues.first)
    #expect(rejection.issues.count == 1)
    #expect(issue.source == "posted.json", "the Posted total's overflow is blamed on \(issue.source)")
    #expect(issue.position == nil)
    #expect(issue.field == .amount)
    #expect(issue.problem == .totalOverflow(.group(.posted), amount: try .fixture("0.01")))
  }

  // MARK: Totals: one issue per bad record, and exact whatever the order of the additions (SPEC §6, §8).

  @Test("A record that overflows its group total and the grand total is one invalid record, not two")
  func oneRecordOneIssue() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json",
        records: records(
          try [.fixture(amount: "92233720368547758.07"), .fixture(amount: "0.01")], source: "authorized.json")
      ),
      posted: FakeTransactionSource(name: "posted.json", records: []))
    let rejection = try #require(spy.invalidInput)
    #expect(rejection.totalCount == 1, "one bad record is counted as \(rejection.totalCount) invalid records")
    #expect(rejection.issues.count == 1)
  }

  @Test("A running sum that passes the limit on the way is not an overflow when every total shown fits")
  func runningSumPastTheLimitWhoseTotalsFit() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json", transactions: try [.fixture(amount: "92233720368547758.07")]),
      posted: FakeTransactionSource(
        name: "posted.json",
        transactions: try [
          .fixture(group: .posted, description: "Charge", amount: "0.01"),
          .fixture(group: .posted, description: "Refund", amount: "0.01", debit: .credit),
        ]))
    let expected: [Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Starbucks", .maximum),
      .subfooter(.fixture("2016-04-01")),
      .footer(.maximum),
      .header(.group(.posted)),
      .subheader(.fixture("2016-04-01")),
      .detail("Charge", .fixture("0.01")),
      .detail("Refund", .fixture("-0.01")),
      .subfooter(.fixture("2016-04-01")),
      .footer(.zero),
      .grandFooter(.maximum),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
  }

  @Test("Sorting unsorted input never turns a total that fits into a 'source changed' rejection")
  func sortingDoesNotOverflow() async throws {
    // In input order the running total is -0.01, max - 0.01, max: it fits. In report order it
    // is max, then max + 0.01 (past the limit), then max: the total shown still fits.
    let spy = await runOneSource(
      FakeTransactionSource(
        name: "all.json",
        transactions: try [
          .fixture(date: "2016-04-03", description: "Refund", amount: "0.01", debit: .credit),
          .fixture(date: "2016-04-01", description: "Big", amount: "92233720368547758.07"),
          .fixture(date: "2016-04-02", description: "Fee", amount: "0.01"),
        ]))
    let expected: [Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Big", .maximum),
      .subfooter(.fixture("2016-04-01")),
      .subheader(.fixture("2016-04-02")),
      .detail("Fee", .fixture("0.01")),
      .subfooter(.fixture("2016-04-02")),
      .subheader(.fixture("2016-04-03")),
      .detail("Refund", .fixture("-0.01")),
      .subfooter(.fixture("2016-04-03")),
      .footer(.maximum),
      .header(.group(.posted)),
      .noTransactions(.posted),
      .grandFooter(.maximum),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
  }
}
