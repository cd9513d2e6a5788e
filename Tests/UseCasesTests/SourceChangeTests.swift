import Entities
import TestSupport
import Testing
import UseCases

/// The report pass expects exactly what the survey pass saw; anything else ends the report with
/// one "changed" issue.
@Suite struct SourceChangeTests {
  /// How the second opening of the authorized source differs from the first.
  enum Change: String, CaseIterable, Sendable {
    case fewerRecords
    case moreRecords
    case unavailable
    case invalidRecord
    case outOfOrder
    case wrongGroup
    // The same count, order and groups, other data: only the digest of the reading tells.
    case otherAmount
    case otherDescription
    case otherDebitCredit
    case otherSameDateOrder
  }

  private func secondOpening(_ change: Change) throws -> FakeTransactionSource.Opening {
    let original = try SmallReport.authorized()
    switch change {
    case .fewerRecords:
      return .records(original.dropLast().map { .transaction($0, nil) })
    case .moreRecords:
      return .records((original + [try .fixture(date: "2016-04-06")]).map { .transaction($0, nil) })
    case .unavailable:
      return .unavailable(reason: "authorized.json: No such file or directory")
    case .invalidRecord:
      return .records(
        original.prefix(2).map { .transaction($0, nil) } + [
          .invalid(.fixture(source: "authorized.json", line: 4))
        ])
    case .outOfOrder:
      return .records(original.reversed().map { .transaction($0, nil) })
    case .wrongGroup:
      var changed = original
      changed[1].group = .posted
      return .records(changed.map { .transaction($0, nil) })
    case .otherAmount:
      var changed = original
      changed[1].amount = try .fixture("999.99")
      return .records(changed.map { .transaction($0, nil) })
    case .otherDescription:
      var changed = original
      changed[2].description = "Not what was checked"
      return .records(changed.map { .transaction($0, nil) })
    case .otherDebitCredit:
      var changed = original
      changed[0].debitCredit = changed[0].debitCredit == .debit ? .credit : .debit
      return .records(changed.map { .transaction($0, nil) })
    case .otherSameDateOrder:
      var changed = original
      let sameDate = try #require(
        changed.indices.dropFirst().first { changed[$0].date == changed[$0 - 1].date },
        "SmallReport.authorized() needs two records on one date")
      changed.swapAt(sameDate, sameDate - 1)
      return .records(changed.map { .transaction($0, nil) })
    }
  }

  @Test(
    "A sorted source that changes before its second reading ends the report with one issue",
    arguments: Change.allCases)
  func sortedSourceChanges(change: Change) async throws {
    let authorized = FakeTransactionSource(
      name: "authorized.json",
      openings: [
        .records(try SmallReport.authorized().map { .transaction($0, nil) }), try secondOpening(change),
      ])
    let spy = await runTwoSource(
      engine: true,
      authorized: authorized,
      posted: FakeTransactionSource(name: "posted.json", transactions: try SmallReport.posted()))

    #expect(spy.calls.first == .reportStart)
    let last = try #require(spy.calls.last)
    guard case .invalidInput(let issues, let totalCount, _) = last else {
      Issue.record("the report did not end with presentInvalidInput: \(spy.calls)")
      return
    }
    #expect(totalCount == 1)
    let issue = try #require(issues.first)
    #expect(issues.count == 1)
    #expect(issue.source == "authorized.json")
    #expect(issue.position == nil)
    #expect(issue.field == nil)
    #expect(issue.problem == .sourceChanged)
    #expect(!spy.calls.contains(.reportEnd))
    #expect(spy.grandFooterTotals.isEmpty)
    #expect(spy.footerTotals.isEmpty)
    #expect(!spy.calls.contains(.header(.group(.posted))))
    #expect(spy.calls.filter { if case .invalidInput = $0 { true } else { false } }.count == 1)
    #expect(authorized.openCount == 2)
  }

  @Test("Rows already presented from a sorted source stay in order before the changed issue")
  func rowsBeforeTheIssue() async throws {
    let original = try SmallReport.authorized()
    let authorized = FakeTransactionSource(
      name: "authorized.json",
      openings: [
        .records(original.map { .transaction($0, nil) }),
        .records(original.prefix(3).map { .transaction($0, nil) }),
      ])
    let spy = await runTwoSource(
      engine: true,
      authorized: authorized, posted: FakeTransactionSource(name: "posted.json", records: []))
    let rejection = try #require(spy.invalidInput)
    let expected: [Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Coffee", .fixture("3.11")),
      .detail("Books", .fixture("15.34")),
      .subfooter(.fixture("2016-04-01")),
      .subheader(.fixture("2016-04-02")),
      .detail("Refund", .fixture("-5.00")),
      .invalidInput(rejection.issues, totalCount: 1, recordCount: 1),
    ]
    #expect(spy.calls == expected)
  }

  @Test("An unsorted source that gives the same count of other transactions is caught before its date blocks")
  func unsortedSourceChangesItsData() async throws {
    let shuffled = try SmallReport.posted().reversed().map { SourceRecord.transaction($0, nil) }
    var changed = try SmallReport.posted().reversed().map { $0 }
    changed[0].amount = try .fixture("0.01")
    let posted = FakeTransactionSource(
      name: "posted.json", openings: [.records(shuffled), .records(changed.map { .transaction($0, nil) })])
    let spy = await runTwoSource(
      engine: true,
      authorized: FakeTransactionSource(name: "authorized.json", transactions: try SmallReport.authorized()),
      posted: posted)
    let rejection = try #require(spy.invalidInput)
    #expect(rejection.issues.map(\.source) == ["posted.json"])
    // It is read whole when its group starts, before its first date block.
    let expected: [Call] =
      [.reportStart] + (try SmallReport.authorizedBlock()) + [
        .header(.group(.posted)), .invalidInput(rejection.issues, totalCount: 1, recordCount: 1),
      ]
    #expect(spy.calls == expected)
  }

  @Test("An unsorted source that changes is caught before any of its date blocks")
  func unsortedSourceChanges() async throws {
    let shuffled = try SmallReport.posted().reversed().map { SourceRecord.transaction($0, nil) }
    let posted = FakeTransactionSource(
      name: "posted.json", openings: [.records(shuffled), .records(Array(shuffled.dropFirst()))])
    let spy = await runTwoSource(
      engine: true,
      authorized: FakeTransactionSource(name: "authorized.json", transactions: try SmallReport.authorized()),
      posted: posted)
    let rejection = try #require(spy.invalidInput)
    #expect(rejection.totalCount == 1)
    #expect(rejection.issues.map(\.source) == ["posted.json"])
    let expected: [Call] =
      [.reportStart] + (try SmallReport.authorizedBlock()) + [
        .header(.group(.posted)), .invalidInput(rejection.issues, totalCount: 1, recordCount: 1),
      ]
    #expect(spy.calls == expected)
    #expect(posted.openCount == 2)
  }

  @Test("A one-source stream that changes ends the report with one issue naming it")
  func oneSourceChanges() async throws {
    let all = try SmallReport.authorized() + SmallReport.posted()
    let source = FakeTransactionSource(
      name: "all.json",
      openings: [
        .records(all.map { .transaction($0, nil) }), .records(all.dropLast().map { .transaction($0, nil) }),
      ])
    let spy = await runOneSource(source, engine: true)
    let rejection = try #require(spy.invalidInput)
    #expect(rejection.totalCount == 1)
    #expect(rejection.issues.map(\.source) == ["all.json"])
    #expect(spy.calls.last == .invalidInput(rejection.issues, totalCount: 1, recordCount: 1))
    #expect(spy.calls.first == .reportStart)
    #expect(!spy.calls.contains(.reportEnd))
  }

  @Test("A posted source whose amounts change so that its total no longer fits is the source named")
  func changedAmountsNameTheirSource() async throws {
    let small = try [
      Transaction.fixture(group: .posted, date: "2016-04-01", amount: "0.01"),
      Transaction.fixture(group: .posted, date: "2016-04-02", amount: "0.01"),
    ]
    let huge = try [
      Transaction.fixture(group: .posted, date: "2016-04-01", amount: "92233720368547758.07"),
      Transaction.fixture(group: .posted, date: "2016-04-02", amount: "92233720368547758.07"),
    ]
    let posted = FakeTransactionSource(
      name: "posted.json",
      openings: [.records(small.map { .transaction($0, nil) }), .records(huge.map { .transaction($0, nil) })])
    let spy = await runTwoSource(
      engine: true,
      authorized: FakeTransactionSource(name: "authorized.json", transactions: try SmallReport.authorized()),
      posted: posted)
    let rejection = try #require(spy.invalidInput)
    #expect(rejection.totalCount == 1)
    #expect(rejection.issues.map(\.source) == ["posted.json"])
    #expect(spy.calls.last == .invalidInput(rejection.issues, totalCount: 1, recordCount: 1))
    #expect(spy.footerTotals == [try SmallReport.authorizedTotal()])
    #expect(!spy.calls.contains(.reportEnd))
  }
}
