import Entities
import Synchronization
import TestSupport
import Testing
import TransactionStorage
import UseCases

/// A source out of report order is held in memory, grouped by group and date: its transactions
/// come back in report order, each with its group, date, description (byte for byte, however
/// long) and amount.
@Suite struct HeldTransactionsTests {
  @Test("Descriptions of every length, a very long one and empty ones among them, come back whole, sorted")
  func descriptionsComeBackWhole() async throws {
    let long = String(repeating: "é", count: 600_000)  // 1.2 MB
    var transactions: [Transaction] = []
    for number in 0..<3_000 {
      let description = "Shop \(number) " + String(repeating: "x東", count: number % 200)
      transactions.append(try .fixture(date: "2016-04-0\(3 - number % 3)", description: description))
    }
    transactions.insert(try .fixture(date: "2016-04-02", description: long), at: 1_500)
    // Empty ones too: a transaction of no description bytes in a bucket between others.
    transactions.insert(try .fixture(date: "2016-04-01", description: ""), at: 128)
    transactions.append(try .fixture(date: "2016-04-03", description: ""))
    for acceptsDraft in [false, true] {
      let (shown, expected) = await descriptions(of: transactions, acceptsDraft: acceptsDraft)
      #expect(shown.count == expected.count)
      #expect(shown == expected, "draft: \(acceptsDraft)")
    }
  }

  /// The descriptions of the detail rows a one-source report shows, and those it must show
  /// (``inReportOrder(_:)``).
  private func descriptions(
    of transactions: [Transaction], acceptsDraft: Bool
  ) async -> (shown: [String], expected: [String]) {
    let output = UseCaseOutputSpy(acceptsDraft: acceptsDraft)
    await OneSourceReportUseCase(source: FakeTransactionSource(transactions: transactions), output: output)
      .reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
    let shown = output.keptCalls.compactMap { call -> String? in
      if case .detail(let description, _) = call { return description }
      return nil
    }
    return (shown, Self.inReportOrder(transactions).map(\.description))
  }

  /// The transactions as the report must show them: stably sorted by group (authorized first),
  /// then date.
  private static func inReportOrder(_ transactions: [Transaction]) -> [Transaction] {
    transactions.enumerated().sorted {
      ($0.element.group == .posted ? 1 : 0, $0.element.date, $0.offset)
        < ($1.element.group == .posted ? 1 : 0, $1.element.date, $1.offset)
    }.map(\.element)
  }

  @Test(
    "Held or streamed, every transaction is shown with its description as bytes of a shared block, no String made"
  )
  func heldDescriptionsLentAsBytes() async throws {
    var transactions: [Transaction] = []
    for number in 0..<9_000 {
      let description = "Shop \(number) " + String(repeating: "é東", count: number % 40)
      transactions.append(try .fixture(date: "2016-04-0\(1 + number % 9)", description: description))
    }
    let sorted = Self.inReportOrder(transactions)
    for (input, isHeld) in [(transactions, true), (sorted, false)] {
      for acceptsDraft in [false, true] {
        let output = UseCaseOutputSpy(acceptsDraft: acceptsDraft)
        await OneSourceReportUseCase(source: FakeTransactionSource(transactions: input), output: output)
          .reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
        let shown = output.keptCalls.compactMap { call -> String? in
          if case .detail(let description, _) = call { return description }
          return nil
        }
        #expect(shown == sorted.map(\.description), "held: \(isHeld), draft: \(acceptsDraft)")
        // Every detail given, the draft's taken back too, came as bytes: held pages, or a run of a
        // reading.
        let details = output.calls.count { if case .detail = $0 { true } else { false } }
        #expect(details >= 9_000)
        #expect(output.lentDescriptionCount == details, "held: \(isHeld), draft: \(acceptsDraft)")
      }
    }
  }

  @Test("Many dates, in no order, come back by date and in input order within one, run after run")
  func manyDates() async throws {
    // 1,000 dates over three years (the table of dates grows several times), each date ten
    // times, in an order that is not the report's; more transactions than two runs made ahead
    // (OrderedTransactions), and not a whole number of runs.
    var transactions: [Transaction] = []
    for number in 0..<10_000 {
      let day = (number * 7_919) % 1_000
      let date = try CalendarDate(year: 2015 + day / 336, month: 1 + day % 336 / 28, day: 1 + day % 28)
      transactions.append(
        Transaction(
          group: .authorized, date: date, description: "Shop \(number)", amount: try .fixture("1.00"),
          debitCredit: .debit))
    }
    for acceptsDraft in [false, true] {
      let (shown, expected) = await descriptions(of: transactions, acceptsDraft: acceptsDraft)
      #expect(shown == expected, "draft: \(acceptsDraft)")
    }
  }

  @Test(
    "A long start in report order, then records of the same dates out of order: the start comes first within each date"
  )
  func longStartInOrderComesFirst() async throws {
    // 40,000 records in order over ten dates, then 30,000 on the same dates in no order: a
    // draft holds the 30,000 and reads the 40,000 again, added after them, which must come
    // first within each date (HeldTransactions.append(_:first:)).
    var transactions: [Transaction] = []
    for number in 0..<40_000 {
      transactions.append(try .fixture(date: "2016-04-1\(number / 4_000)", description: "Start \(number)"))
    }
    for number in 0..<30_000 {
      transactions.append(
        try .fixture(date: "2016-04-1\(9 - number * 7 % 10)", description: "Rest \(number)"))
    }
    for acceptsDraft in [false, true] {
      let (shown, expected) = await descriptions(of: transactions, acceptsDraft: acceptsDraft)
      #expect(shown.count == 70_000)
      // The first row out of place, not 70,000 rows, when one is.
      let misplaced = zip(shown, expected).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(
        misplaced == nil,
        "draft: \(acceptsDraft); row \(misplaced?.offset ?? 0) is \(misplaced?.element.0 ?? "")")
    }
  }

  @Test(
    "Both groups, a start in order, many dates of one transaction, credits and large amounts: each comes back as it was"
  )
  func groupsDatesAndAmounts() async throws {
    func date(_ day: Int) throws -> CalendarDate {
      try CalendarDate(year: 2000 + day / 336, month: 1 + day % 336 / 28, day: 1 + day % 28)
    }
    // A start in report order over both groups (the draft shows it, then reads it again
    // after the rest: it must come first within each group and date), then the two groups
    // interleaved, dates going back (3,000 of them, most with one transaction, a few with
    // many), debits and credits, amounts from zero to large.
    var transactions: [Transaction] = []
    for group in [TransactionGroup.authorized, .posted] {
      for day in 0..<300 {
        transactions.append(
          Transaction(
            group: group, date: try date(day * 10), description: "Start \(group) \(day)",
            amount: try .fixture("2.50"), debitCredit: .debit))
      }
    }
    // Amounts with bits in seven of their eight bytes; a group's 1,000 of them still fit.
    let large = try #require(Money(minorUnits: 1 << 52 | 0x0102_0304_0506))
    for number in 0..<6_000 {
      let day = number < 5_000 ? 3_000 - number * 3 / 5 : (number * 7) % 5
      let amount = [Money.zero, large, try .fixture("0.01"), try .fixture("1234.56")][number % 4]
      transactions.append(
        Transaction(
          group: number % 3 == 0 ? .posted : .authorized, date: try date(day), description: "Shop \(number)",
          amount: amount, debitCredit: number % 5 == 0 ? .credit : .debit))
    }
    // The headers, date blocks and rows the report must show.
    var expected: [UseCaseOutputSpy.Call] = []
    var last: (TransactionGroup, CalendarDate)?
    for transaction in Self.inReportOrder(transactions) {
      if last?.0 != transaction.group { expected.append(.header(.group(transaction.group))) }
      if last?.0 != transaction.group || last?.1 != transaction.date {
        expected.append(.subheader(transaction.date))
      }
      expected.append(.detail(transaction.description, transaction.signedAmount))
      last = (transaction.group, transaction.date)
    }
    for acceptsDraft in [false, true] {
      let output = UseCaseOutputSpy(acceptsDraft: acceptsDraft)
      await OneSourceReportUseCase(source: FakeTransactionSource(transactions: transactions), output: output)
        .reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
      let shown = output.keptCalls.filter {
        switch $0 {
        case .header, .subheader, .detail: true
        default: false
        }
      }
      #expect(shown.count == expected.count)
      let misplaced = zip(shown, expected).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(
        misplaced == nil,
        "draft: \(acceptsDraft); call \(misplaced?.offset ?? 0) is \(String(describing: misplaced?.element.0))"
      )
    }
  }

  @Test("A report cancelled while it shows held transactions stops at the end of the run it is showing")
  func cancelledBetweenRuns() async throws {
    var transactions: [Transaction] = []
    for number in 0..<20_000 {
      transactions.append(try .fixture(date: "2016-04-0\(9 - number % 9)", description: "Shop \(number)"))
    }
    for acceptsDraft in [false, true] {
      let details = Mutex(0)
      // The output cancels the report's task from inside it, at the 5,000th row, in the
      // second run of 4,096.
      let output = UseCaseOutputSpy(acceptsDraft: acceptsDraft) { call in
        guard case .detail = call else { return }
        if details.withLock({ count in
          count += 1
          return count
        }) == 5_000 {
          withUnsafeCurrentTask { $0?.cancel() }
        }
      }
      await Task.detached {
        await OneSourceReportUseCase(
          source: FakeTransactionSource(transactions: transactions), output: output
        )
        .reading(with: CompactReading(takingBackDrafts: output.takeBack)).eventGenerateReport()
      }.value
      // The rows shown after the first record out of order took the draft back, if it did.
      let calls = output.calls
      let held = calls[(calls.firstIndex(of: .draftDiscarded).map { $0 + 1 } ?? 0)...]
      let shown = held.prefix { $0 != .draftDiscarded && $0 != .reportCancelled }.filter {
        if case .detail = $0 { true } else { false }
      }
      #expect((4_999...8_192).contains(shown.count), "draft: \(acceptsDraft), \(shown.count) rows shown")
      let ended = calls.contains(.reportEnd)
      #expect(!ended, "draft: \(acceptsDraft)")
      // The report ends as cancelled, its draft taken back first.
      #expect(calls.last == .reportCancelled)
      if acceptsDraft { #expect(calls.dropLast().last == .draftDiscarded) }
    }
  }
}
