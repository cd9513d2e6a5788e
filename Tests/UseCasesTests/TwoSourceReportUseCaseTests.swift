import Entities
import TestSupport
import Testing
import UseCases

@Suite struct TwoSourceReportUseCaseTests {
  @Test("Sorted sources give, per group, a header, one block per date and a footer, then the grand total")
  func normalReport() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "authorized.json", transactions: try SmallReport.authorized()),
      posted: FakeTransactionSource(name: "posted.json", transactions: try SmallReport.posted()))
    #expect(spy.calls == (try SmallReport.report()))
  }

  /// What one source does in ``sourceStates(authorized:posted:)``.
  enum SourceState: String, CaseIterable, Sendable {
    case normal
    case unavailable
    case empty
  }

  @Test(
    "Unavailable and empty sources give a header and a message, no footer, and add nothing to the grand total",
    arguments: SourceState.allCases, SourceState.allCases)
  func sourceStates(authorized: SourceState, posted: SourceState) async throws {
    func source(_ state: SourceState, name: String, _ transactions: [Transaction]) -> FakeTransactionSource {
      switch state {
      case .normal: FakeTransactionSource(name: name, transactions: transactions)
      case .unavailable:
        .unavailable(
          name: name, reason: UnavailableReason(StatedProblem("\(shown: name): No such file or directory")))
      case .empty: FakeTransactionSource(name: name, records: [])
      }
    }
    func block(_ state: SourceState, _ group: TransactionGroup, name: String, normal: [Call]) -> [Call] {
      switch state {
      case .normal: normal
      case .unavailable:
        [
          .header(.group(group)),
          .sourceUnavailable(
            .group(group),
            reason: UnavailableReason(StatedProblem("\(shown: name): No such file or directory"))),
        ]
      case .empty: [.header(.group(group)), .noTransactions(group)]
      }
    }
    let spy = await runTwoSource(
      authorized: source(authorized, name: "authorized.json", try SmallReport.authorized()),
      posted: source(posted, name: "posted.json", try SmallReport.posted()))

    var grand = Money.zero
    if authorized == .normal { grand = try grand.adding(SmallReport.authorizedTotal()) }
    if posted == .normal { grand = try grand.adding(SmallReport.postedTotal()) }
    let expected: [Call] =
      [.reportStart]
      + block(authorized, .authorized, name: "authorized.json", normal: try SmallReport.authorizedBlock())
      + block(posted, .posted, name: "posted.json", normal: try SmallReport.postedBlock())
      + [.grandFooter(grand), .reportEnd]
    #expect(spy.calls == expected)
  }

  @Test("Unsorted input is grouped by date ascending, and same-date records keep their input order")
  func unsortedInput() async throws {
    let shuffled: [Transaction] = try [
      .fixture(date: "2016-04-03", description: "Cinema", amount: "12.00"),
      .fixture(date: "2016-04-01", description: "Bakery", amount: "2.50"),
      .fixture(date: "2016-04-02", description: "Taxi", amount: "20.00"),
      .fixture(date: "2016-04-01", description: "Grocer", amount: "31.20"),
      .fixture(date: "2016-04-03", description: "Parking", amount: "4.00", debit: .credit),
      .fixture(date: "2016-04-01", description: "Florist", amount: "9.99"),
    ]
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(name: "authorized.json", transactions: shuffled),
      posted: FakeTransactionSource(name: "posted.json", records: []))
    let expected: [Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Bakery", .fixture("2.50")),
      .detail("Grocer", .fixture("31.20")),
      .detail("Florist", .fixture("9.99")),
      .subfooter(.fixture("2016-04-01")),
      .subheader(.fixture("2016-04-02")),
      .detail("Taxi", .fixture("20.00")),
      .subfooter(.fixture("2016-04-02")),
      .subheader(.fixture("2016-04-03")),
      .detail("Cinema", .fixture("12.00")),
      .detail("Parking", .fixture("-4.00")),
      .subfooter(.fixture("2016-04-03")),
      .footer(.fixture("71.69")),
      .header(.group(.posted)),
      .noTransactions(.posted),
      .grandFooter(.fixture("71.69")),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
  }

  @Test("Totals that sum to zero are zero, in the footer and in the grand footer")
  func zeroTotal() async throws {
    let spy = await runTwoSource(
      authorized: FakeTransactionSource(
        name: "authorized.json",
        transactions: try [
          .fixture(date: "2016-04-01", description: "Shoes", amount: "10"),
          .fixture(date: "2016-04-02", description: "Refund", amount: "10.00", debit: .credit),
        ]),
      posted: FakeTransactionSource(name: "posted.json", records: []))
    let expected: [Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Shoes", .fixture("10.00")),
      .subfooter(.fixture("2016-04-01")),
      .subheader(.fixture("2016-04-02")),
      .detail("Refund", .fixture("-10.00")),
      .subfooter(.fixture("2016-04-02")),
      .footer(.zero),
      .header(.group(.posted)),
      .noTransactions(.posted),
      .grandFooter(.zero),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
  }
}
