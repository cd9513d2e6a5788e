import Entities
import TestSupport
import Testing
import UseCases

@Suite struct OneSourceReportUseCaseTests {
  @Test("One sorted stream holding both groups gives the same report as two sources")
  func normalReport() async throws {
    let source = FakeTransactionSource(
      name: "all.json", transactions: try SmallReport.authorized() + SmallReport.posted())
    #expect(await runOneSource(source).calls == (try SmallReport.report()))
  }

  @Test("A stream with only posted records gives the authorized header and its empty message first")
  func onlyPosted() async throws {
    let spy = await runOneSource(
      FakeTransactionSource(name: "all.json", transactions: try SmallReport.posted()))
    let expected: [Call] =
      [.reportStart, .header(.group(.authorized)), .noTransactions(.authorized)]
      + (try SmallReport.postedBlock()) + [.grandFooter(try SmallReport.postedTotal()), .reportEnd]
    #expect(spy.calls == expected)
  }

  @Test("A stream with only authorized records gives the posted header and its empty message last")
  func onlyAuthorized() async throws {
    let spy = await runOneSource(
      FakeTransactionSource(name: "all.json", transactions: try SmallReport.authorized()))
    let expected: [Call] =
      [.reportStart] + (try SmallReport.authorizedBlock())
      + [
        .header(.group(.posted)), .noTransactions(.posted), .grandFooter(try SmallReport.authorizedTotal()),
        .reportEnd,
      ]
    #expect(spy.calls == expected)
  }

  @Test("An empty stream gives both headers with their empty messages and a zero grand total")
  func emptyStream() async {
    let spy = await runOneSource(FakeTransactionSource(name: "all.json", records: []))
    let expected: [Call] = [
      .reportStart,
      .header(.group(.authorized)), .noTransactions(.authorized),
      .header(.group(.posted)), .noTransactions(.posted),
      .grandFooter(.zero),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
  }

  @Test("An unavailable stream gives the All header, the one-source message and a zero grand total")
  func unavailableStream() async {
    let source = FakeTransactionSource.unavailable(name: "all.json", reason: "all.json: Permission denied")
    let spy = await runOneSource(source)
    let expected: [Call] = [
      .reportStart,
      .header(.allTransactions),
      .sourceUnavailable(.allTransactions, reason: "all.json: Permission denied"),
      .grandFooter(.zero),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
    #expect(source.openCount == 1)
  }

  @Test("A stream that becomes unavailable while it is read is shown as an unavailable source, read once")
  func streamThatBecomesUnavailable() async throws {
    let source = FakeTransactionSource(
      name: "<stdin>",
      records: records(try [.fixture(group: .authorized), .fixture(group: .posted)], source: "<stdin>")
        + [.unavailable("the disk is full")])
    let spy = await runOneSource(source)
    let expected: [Call] = [
      .reportStart,
      .header(.allTransactions),
      .sourceUnavailable(.allTransactions, reason: "the disk is full"),
      .grandFooter(.zero),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
    #expect(source.openCount == 1)
  }

  @Test(
    "A stream that becomes unavailable is read no further, in report order or not, checked or drafted",
    arguments: [true, false], [false, true])
  func streamReadNoFurtherThanUnavailable(inOrder: Bool, engine: Bool) async throws {
    let first: [Transaction] = try [
      .fixture(group: .authorized, date: "2016-04-01"), .fixture(group: .posted, date: "2016-05-01"),
    ]
    let after: [Transaction] = try [.fixture(group: .authorized, date: "2016-04-02"), .fixture()]
    let source = FakeTransactionSource(
      name: "<stdin>",
      records: records(inOrder ? first : first.reversed(), source: "<stdin>") + [
        .unavailable("the disk is full")
      ]
        + records(after, source: "<stdin>"))
    let spy = await runOneSource(source, engine: engine)
    #expect(spy.calls.contains(.sourceUnavailable(.allTransactions, reason: "the disk is full")))
    #expect(source.recordsRead == 3)
  }

  @Test("An invalid record read before the source became unavailable still stops the report")
  func invalidRecordBeforeTheSourceBecameUnavailable() async {
    let issue = RecordIssue.fixture(source: "<stdin>", line: 2)
    let spy = await runOneSource(
      FakeTransactionSource(name: "<stdin>", records: [.invalid(issue), .unavailable("the disk is full")]))
    #expect(spy.calls == [.invalidInput([issue], totalCount: 1, recordCount: 1)])
  }

  @Test("Interleaved, unsorted groups are regrouped: A then P, dates ascending, same-date input order kept")
  func unsortedInterleavedGroups() async throws {
    let shuffled: [Transaction] = try [
      .fixture(group: .posted, date: "2016-05-02", description: "P second day", amount: "2.00"),
      .fixture(group: .authorized, date: "2016-04-03", description: "A later first", amount: "1.10"),
      .fixture(group: .posted, date: "2016-05-01", description: "P first day", amount: "1.00"),
      .fixture(group: .authorized, date: "2016-04-01", description: "A early", amount: "0.5"),
      .fixture(group: .authorized, date: "2016-04-03", description: "A later second", amount: "2.25"),
      .fixture(group: .posted, date: "2016-05-02", description: "P second day again", amount: "0.75"),
      .fixture(
        group: .authorized, date: "2016-04-03", description: "A later third", amount: "3", debit: .credit),
    ]
    let spy = await runOneSource(FakeTransactionSource(name: "all.json", transactions: shuffled))
    let expected: [Call] = try [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("A early", .fixture("0.50")),
      .subfooter(.fixture("2016-04-01")),
      .subheader(.fixture("2016-04-03")),
      .detail("A later first", .fixture("1.10")),
      .detail("A later second", .fixture("2.25")),
      .detail("A later third", .fixture("-3.00")),
      .subfooter(.fixture("2016-04-03")),
      .footer(.fixture("0.85")),
      .header(.group(.posted)),
      .subheader(.fixture("2016-05-01")),
      .detail("P first day", .fixture("1.00")),
      .subfooter(.fixture("2016-05-01")),
      .subheader(.fixture("2016-05-02")),
      .detail("P second day", .fixture("2.00")),
      .detail("P second day again", .fixture("0.75")),
      .subfooter(.fixture("2016-05-02")),
      .footer(.fixture("3.75")),
      .grandFooter(.fixture("4.60")),
      .reportEnd,
    ]
    #expect(spy.calls == expected)
  }

  @Test("Invalid records are all listed in input order, and nothing else is presented")
  func invalidRecords() async throws {
    let source = FakeTransactionSource(
      name: "all.json",
      records: [
        .invalid(.fixture(source: "all.json", line: 2)),
        .transaction(try .fixture(group: .posted), .fixture(source: "all.json", line: 3)),
        .invalid(.fixture(source: "all.json", line: 4, value: "2015-02-29")),
        .transaction(try .fixture(group: .authorized), nil),
        .invalid(.fixture(source: "all.json", line: 6, value: "")),
      ])
    let spy = await runOneSource(source)
    let issues: [RecordIssue] = [
      .fixture(source: "all.json", line: 2),
      .fixture(source: "all.json", line: 4, value: "2015-02-29"),
      .fixture(source: "all.json", line: 6, value: ""),
    ]
    #expect(spy.calls == [.invalidInput(issues, totalCount: 3, recordCount: 3)])
    #expect(source.openCount == 1)
  }
}

/// Unsorted input is held in memory in a compact form and sorted there: what it presents must be
/// what the same transactions, already in report order, present as they stream through.
@Suite struct HeldInMemoryTests {
  @Test("Shuffled transactions report exactly as the same transactions sorted stably by group and date")
  func shuffledReportsAsSorted() async throws {
    var random = SystemRandomNumberGenerator()
    let descriptions = ["", "Café Lune, Montréal", "東京ラーメン", "A description longer than fifteen bytes", "x"]
    let days = ["2016-04-01", "2016-03-31", "2015-12-31", "2016-04-02", "2016-02-29"]
    var transactions: [Transaction] = []
    for index in 0..<300 {
      transactions.append(
        Transaction(
          group: index % 3 == 0 ? .posted : .authorized, date: try .fixture(days[index % 5]),
          description: descriptions[index % 5] + " \(index)",
          amount: Money(minorUnits: Int64(index * 7 % 1000)) ?? .zero,
          debitCredit: index % 4 == 0 ? .credit : .debit))
    }
    transactions.shuffle(using: &random)
    // Swift's sort is stable: equal group and date keep their input order.
    let sorted = transactions.sorted { ($0.group, $0.date) < ($1.group, $1.date) }

    let shuffledReport = await runOneSource(
      FakeTransactionSource(name: "all.json", transactions: transactions))
    let sortedReport = await runOneSource(FakeTransactionSource(name: "all.json", transactions: sorted))
    #expect(shuffledReport.calls.count > 300)
    #expect(shuffledReport.calls == sortedReport.calls)
  }
}
