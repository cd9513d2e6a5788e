import BankReading
import Testing
import UseCases

/// A running balance checked row after row, oldest first or newest first, with rows that have
/// no balance between.
@Suite struct RunningBalanceTests {
  private func rows(_ pairs: [(change: Int64, balance: Int64?)]) -> [RunningBalance.Row] {
    pairs.enumerated().map { index, pair in
      RunningBalance.Row(
        change: pair.change, balance: pair.balance, position: TextPosition(line: index + 2, column: 9),
        written: pair.balance.map(String.init) ?? "")
    }
  }

  @Test(
    "Oldest first, each balance is the one before it plus the row's change; newest first, minus the one before"
  )
  func orders() {
    let oldest = rows([(-500, 10_000), (-250, 9750), (1000, 10_750)])
    let newest = rows([(1000, 10_750), (-250, 9750), (-500, 10_000)])

    #expect(RunningBalance.check(oldest, order: .oldestFirst).disagreement == nil)
    #expect(RunningBalance.check(oldest, order: .oldestFirst).agreed == 2)
    #expect(RunningBalance.check(newest, order: .newestFirst).disagreement == nil)
    #expect(RunningBalance.check(newest, order: .oldestFirst).disagreement != nil)
  }

  @Test("Rows without a balance are carried to the next one, in either order")
  func gaps() {
    let oldest = rows([(0, 10_000), (-100, nil), (-200, nil), (-300, 9400)])
    let newest = rows([(-300, 9400), (-200, nil), (-100, nil), (0, 10_000)])

    #expect(RunningBalance.check(oldest, order: .oldestFirst).disagreement == nil)
    #expect(RunningBalance.check(newest, order: .newestFirst).disagreement == nil)
    #expect(RunningBalance.check(newest, order: .newestFirst).agreed == 1)
  }

  @Test(
    "A dropped row, a fee left out of an amount and a sign read wrong are each a disagreement at the balance")
  func disagreements() throws {
    // 10000, -500 → 9500, -250 → 9250: the middle row dropped.
    let dropped = rows([(0, 10_000), (-250, 9250)])
    // -42.18 and a fee of 0.42: 42.60 left the account.
    let fee = rows([(0, 10_000), (-4218, 5740)])
    // A payment of 300.00 read as a charge.
    let sign = rows([(0, 10_000), (-30_000, 40_000)])

    let droppedRow = try #require(RunningBalance.check(dropped, order: .oldestFirst).disagreement)
    let feeLeftOut = try #require(RunningBalance.check(fee, order: .oldestFirst).disagreement)
    let signWrong = try #require(RunningBalance.check(sign, order: .oldestFirst).disagreement)

    #expect(droppedRow.position == TextPosition(line: 3, column: 9))
    #expect(droppedRow.expected == 9750)
    #expect(droppedRow.difference == -500)
    #expect(droppedRow.previousWritten == "10000")
    #expect(feeLeftOut.difference == -42)
    #expect(signWrong.difference == 60_000)
  }
}
