import Entities
import TestSupport
import Testing

@testable import TransactionStorage

/// The next run of held transactions is made on another core while a run is shown
/// (``HeldRunAhead``): whoever makes it, a task started for it or the report's task coming to it
/// first, the run and where the next one starts are those ``HeldTransactions/run(from:count:)``
/// gives.
@Suite struct HeldRunAheadTests {
  /// 5,000 transactions over 40 dates of both groups, in no order, held and sorted.
  private static func held() throws -> HeldTransactions {
    var held = HeldTransactions()
    for number in 0..<5_000 {
      let day = (number * 17) % 40
      held.append(
        Transaction(
          group: number % 3 == 0 ? .posted : .authorized,
          date: try CalendarDate(year: 2016, month: 1 + day / 28, day: 1 + day % 28),
          description: "Shop \(number) " + String(repeating: "é", count: number % 30),
          amount: try .fixture("\(number).25"), debitCredit: number % 4 == 0 ? .credit : .debit))
    }
    held.sortInReportOrder()
    return held
  }

  /// What a run gives, in order: each transaction's group, date, description and amount.
  private static func contents(of run: HeldRun) -> [String] {
    var (run, contents) = (run, [String]())
    while let (group, date) = run.first {
      let (description, amount) = run.take()
      contents.append("\(group) \(date) \(description) \(amount.minorUnits)")
    }
    return contents
  }

  /// The runs of 700 transactions (the last shorter), as the held transactions give them.
  private static func runs(
    of held: HeldTransactions,
    _ make: (HeldTransactions.Position) async -> (run: HeldRun, next: HeldTransactions.Position)
  ) async -> [[String]] {
    var (position, runs) = (HeldTransactions.Position(), [[String]]())
    while !held.isAfterLast(position) {
      let made = await make(position)
      runs.append(contents(of: made.run))
      guard made.next != position else {
        Issue.record("a run that does not move on from \(position)")
        break
      }
      position = made.next
    }
    return runs
  }

  @Test("Made by a task started for it, by the report's task, or by both at once: the same runs")
  func sameRunsWhoeverMakesThem() async throws {
    let held = try Self.held()
    let expected = await Self.runs(of: held) { start in
      var next = start
      return (held.run(from: &next, count: 700), next)
    }
    #expect(expected.count == 8)
    #expect(expected.joined().count == 5_000)
    // Taken before anyone made it: the report's task makes it.
    let takenFirst = await Self.runs(of: held) { HeldRunAhead(of: held, from: $0, count: 700).take() }
    #expect(takenFirst == expected)
    // Made, then taken.
    let madeFirst = await Self.runs(of: held) { start in
      let ahead = HeldRunAhead(of: held, from: start, count: 700)
      ahead.make()
      return ahead.take()
    }
    #expect(madeFirst == expected)
    // A task started to make it, and the report's task taking it at once, many times over: each
    // run is made once, by whichever comes first, and the other gets it.
    // (The report's task lets the other start first now and then.)
    for round in 0..<30 {
      let raced = await Self.runs(of: held) { start in
        let ahead = HeldRunAhead(of: held, from: start, count: 700)
        let task = Task { ahead.make() }
        for _ in 0..<round % 3 { await Task.yield() }
        let taken = ahead.take()
        await task.value
        return taken
      }
      #expect(raced == expected)
    }
  }
}
