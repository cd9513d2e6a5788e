import Entities
import TestSupport
import Testing
import UseCases

/// A report's period: only its days are shown, every record is still checked, and the records
/// left out are counted. Each test runs with an output that takes a draft (one reading) and
/// one that does not (a check, then a second reading), which must see the same report.
@Suite struct PeriodTests {
  /// April 2 to April 4, 2016: the middle of ``SmallReport``'s authorized dates.
  static func aprilSecondToFourth() throws -> ReportPeriod {
    try ReportPeriod(first: .fixture("2016-04-02"), last: .fixture("2016-04-04"))
  }

  @Test(
    "Two sources: only the days of the period are shown, and the rest are counted", arguments: [false, true])
  func twoSources(drafts: Bool) async throws {
    let period = try Self.aprilSecondToFourth()
    let spy = UseCaseOutputSpy(acceptsDraft: drafts)
    await TwoSourceReportUseCase(
      authorized: FakeTransactionSource(name: "a.json", transactions: try SmallReport.authorized()),
      posted: FakeTransactionSource(name: "p.json", transactions: try SmallReport.posted()),
      output: spy, period: period
    ).eventGenerateReport()

    let refund = try Money.fixture("-5.00")
    let expected: [Call] = [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(try .fixture("2016-04-02")), .detail("Refund", refund),
      .subfooter(try .fixture("2016-04-02")), .footer(refund),
      .header(.group(.posted)), .noTransactions(.posted),
      .recordsOutsidePeriod(count: 6, period: period),
      .grandFooter(refund),
      .reportEnd,
    ]
    #expect(spy.keptCalls == expected)
  }

  @Test(
    "One source, sorted or newest first: the same report of the period",
    arguments: [false, true], [false, true])
  func oneSource(reversed: Bool, drafts: Bool) async throws {
    let period = try ReportPeriod(first: .fixture("2016-03-31"), last: .fixture("2016-04-01"))
    var transactions = try SmallReport.authorized() + SmallReport.posted()
    // Newest first, as many bank exports are: out of report order.
    if reversed { transactions.reverse() }
    let spy = UseCaseOutputSpy(acceptsDraft: drafts)
    await OneSourceReportUseCase(
      source: FakeTransactionSource(name: "all.json", transactions: transactions), output: spy, period: period
    ).eventGenerateReport()

    let (coffee, books, lunch) = (
      try Money.fixture("3.11"), try Money.fixture("15.34"), try Money.fixture("12.50")
    )
    let firstDetails: [Call] =
      reversed
      ? [.detail("Books", books), .detail("Coffee", coffee)]
      : [
        .detail("Coffee", coffee), .detail("Books", books),
      ]
    let expected: [Call] =
      [.reportStart, .header(.group(.authorized)), .subheader(try .fixture("2016-04-01"))] + firstDetails
      + [
        .subfooter(try .fixture("2016-04-01")), .footer(try .fixture("18.45")),
        .header(.group(.posted)), .subheader(try .fixture("2016-03-31")), .detail("Lunch", lunch),
        .subfooter(try .fixture("2016-03-31")),
        .footer(lunch),
        .recordsOutsidePeriod(count: 4, period: period),
        .grandFooter(try .fixture("30.95")),
        .reportEnd,
      ]
    #expect(spy.keptCalls == expected)
  }

  @Test("A period open at one end: from a day on, or up to a day", arguments: [false, true])
  func openEnded(drafts: Bool) async throws {
    let from = try ReportPeriod(first: .fixture("2016-04-05"), last: nil)
    let upTo = try ReportPeriod(first: nil, last: .fixture("2016-03-30"))
    for (period, shown) in [(from, ["Train"]), (upTo, ["Rent", "Payment"])] {
      let spy = UseCaseOutputSpy(acceptsDraft: drafts)
      await OneSourceReportUseCase(
        source: FakeTransactionSource(
          name: "all.json", transactions: try SmallReport.authorized() + SmallReport.posted()),
        output: spy, period: period
      ).eventGenerateReport()
      let details = spy.keptCalls.compactMap { call in
        if case .detail(let description, _) = call { description } else { nil }
      }
      #expect(details == shown)
      #expect(spy.keptCalls.contains(.recordsOutsidePeriod(count: 7 - shown.count, period: period)))
    }
  }

  @Test("A period with no records at all: both groups get the empty message, the grand total is zero")
  func emptyPeriod() async throws {
    let period = try ReportPeriod.month(year: 2016, month: 6)
    let spy = UseCaseOutputSpy()
    await TwoSourceReportUseCase(
      authorized: FakeTransactionSource(name: "a.json", transactions: try SmallReport.authorized()),
      posted: FakeTransactionSource(name: "p.json", transactions: try SmallReport.posted()),
      output: spy, period: period
    ).eventGenerateReport()
    #expect(
      spy.calls == [
        .reportStart,
        .header(.group(.authorized)), .noTransactions(.authorized),
        .header(.group(.posted)), .noTransactions(.posted),
        .recordsOutsidePeriod(count: 7, period: period),
        .grandFooter(.zero),
        .reportEnd,
      ])
  }

  @Test("Every record inside the period: no count is presented, the report is the whole one")
  func nothingLeftOut() async throws {
    let spy = UseCaseOutputSpy()
    await TwoSourceReportUseCase(
      authorized: FakeTransactionSource(name: "a.json", transactions: try SmallReport.authorized()),
      posted: FakeTransactionSource(name: "p.json", transactions: try SmallReport.posted()),
      output: spy, period: try ReportPeriod(first: .fixture("2016-03-01"), last: .fixture("2016-04-30"))
    ).eventGenerateReport()
    #expect(spy.calls == (try SmallReport.report()))
  }

  @Test("An invalid record outside the period still rejects the input: no row", arguments: [false, true])
  func invalidOutsidePeriod(drafts: Bool) async throws {
    let spy = UseCaseOutputSpy(acceptsDraft: drafts)
    let issue = RecordIssue.fixture(source: "all.json", line: 9)
    await OneSourceReportUseCase(
      source: FakeTransactionSource(
        name: "all.json",
        records: records(try SmallReport.authorized(), source: "all.json") + [.invalid(issue)]),
      output: spy, period: try Self.aprilSecondToFourth()
    ).eventGenerateReport()
    #expect(spy.keptCalls == [.invalidInput([issue], totalCount: 1, recordCount: 1)])
  }

  @Test("A record of the wrong group outside the period still rejects a two-source input")
  func wrongGroupOutsidePeriod() async throws {
    let spy = try await withPeriod(try Self.aprilSecondToFourth()) { output, period in
      TwoSourceReportUseCase(
        authorized: FakeTransactionSource(
          name: "a.json",
          transactions: try SmallReport.authorized() + [.fixture(group: .posted, date: "2016-04-30")]),
        posted: FakeTransactionSource(name: "p.json", transactions: try SmallReport.posted()),
        output: output, period: period)
    }
    #expect(spy.invalidInput?.totalCount == 1)
    #expect(spy.invalidInput?.issues.first?.field == .group)
  }

  @Test("Totals count only the records shown: amounts outside the period that would overflow do not")
  func totalsOfShownRecordsOnly() async throws {
    let huge = "92233720368547758.07"
    let spy = try await withPeriod(try ReportPeriod.month(year: 2016, month: 4)) { output, period in
      OneSourceReportUseCase(
        source: FakeTransactionSource(
          name: "all.json",
          transactions: try [
            .fixture(date: "2016-03-01", amount: huge), .fixture(date: "2016-03-02", amount: huge),
            .fixture(date: "2016-04-01", amount: "1.50"),
          ]),
        output: output, period: period)
    }
    #expect(spy.invalidInput == nil)
    #expect(spy.footerTotals == [try .fixture("1.50")])
    #expect(spy.grandFooterTotals == [try .fixture("1.50")])
  }

  @Test("Shuffled input, in two sources: one reading and two readings make the same report")
  func shuffledDraftAgreesWithSecondReading() async throws {
    var generator = SplitMix64(seed: 14)
    let period = try ReportPeriod(first: .fixture("2016-04-10"), last: .fixture("2016-04-20"))
    var authorized: [Transaction] = []
    var posted: [Transaction] = []
    for index in 0..<300 {
      let day = 1 + Int(generator.next() % 30)
      let date = "2016-04-" + (day < 10 ? "0" : "") + String(day)
      let cents = String(generator.next() % 100_000)
      let amount = cents.count > 2 ? cents.dropLast(2) + "." + cents.suffix(2) : "0." + cents
      let transaction = try Transaction.fixture(
        group: index.isMultiple(of: 2) ? .authorized : .posted, date: date, description: "r\(index)",
        amount: String(amount))
      if transaction.group == .authorized {
        authorized.append(transaction)
      } else {
        posted.append(transaction)
      }
    }
    var reports: [[Call]] = []
    for drafts in [false, true] {
      let spy = UseCaseOutputSpy(acceptsDraft: drafts)
      await TwoSourceReportUseCase(
        authorized: FakeTransactionSource(name: "a.json", transactions: authorized),
        posted: FakeTransactionSource(name: "p.json", transactions: posted),
        output: spy, period: period
      ).eventGenerateReport()
      reports.append(spy.keptCalls)
    }
    #expect(reports[0] == reports[1])
    let dates = reports[0].compactMap { call in if case .subheader(let date) = call { date } else { nil } }
    #expect(!dates.isEmpty)
    #expect(dates.allSatisfy(period.contains))
    let shown = reports[0].count { if case .detail = $0 { true } else { false } }
    let leftOut = reports[0].compactMap { call in
      if case .recordsOutsidePeriod(let count, _) = call { count } else { nil }
    }
    #expect(leftOut == [300 - shown])
  }

  /// Runs a use case made with the given output and period, and returns what it presented.
  private func withPeriod(
    _ period: ReportPeriod,
    _ make: (UseCaseOutputSpy, ReportPeriod) throws -> any TransactionReportUseCaseInput
  ) async rethrows -> UseCaseOutputSpy {
    let spy = UseCaseOutputSpy()
    await (try make(spy, period)).eventGenerateReport()
    return spy
  }
}
