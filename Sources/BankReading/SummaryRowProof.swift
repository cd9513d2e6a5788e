/// What proves a row worded only as a total or a balance (`Total`, `Summe`, `Balance`: see
/// ``BankWords/isSummaryWord(_:)``) to be the bank's summary, not a transaction: the sums of the
/// transactions above it, kept as the rows are read.
///
/// A payee may be called `Total` or `Balance`, so the word alone proves nothing. A summary
/// shows itself by its amount: it has none (a balance written in a balance column only), or its
/// amount is the sum of two rows or more above it, as a bank sums them: all of them, their
/// debits, or their credits; since the start of the file, or since the summary before it (a
/// total of each section). A row that shows neither is asked (``ReadingQuestion/Kind/summaryRowUntold``).
package struct SummaryRowProof: Sendable {
  /// The sums of a run of transactions, in minor units: wrapping, as a sum that overflowed can
  /// only fail to match, never match by mistake more than any other value.
  private struct Sums: Sendable {
    var net = Sum()
    var debits = Sum()
    var credits = Sum()

    mutating func add(_ change: Int64) {
      net.add(change)
      if change < 0 { debits.add(change) } else { credits.add(change) }
    }

    /// Whether an amount is one of these sums, whatever sign it is written with.
    func hold(_ amount: Int64) -> Bool {
      [net, debits, credits].contains { $0.holds(amount) }
    }
  }

  /// A sum of amounts, and how many.
  private struct Sum: Sendable {
    var total: Int64 = 0
    var count = 0

    mutating func add(_ amount: Int64) {
      total = total &+ amount
      count += 1
    }

    /// Whether an amount is this sum of two amounts or more: one amount alone, written again,
    /// is what a second transaction of the same amount also shows.
    func holds(_ amount: Int64) -> Bool { count > 1 && total.magnitude == amount.magnitude }
  }

  private var sinceStart = Sums()
  private var sinceSummary = Sums()

  /// A proof with no transaction read yet.
  package init() {}

  /// Counts a transaction read: what it adds to the account, in minor units.
  package mutating func add(_ change: Int64) {
    sinceStart.add(change)
    sinceSummary.add(change)
  }

  /// Whether a summary row's amount (what it would add to the account, in minor units) is a
  /// sum of the transactions above it; if it is, the sums start again after it.
  ///
  /// - Parameter amount: The row's amount, signed as a transaction's would be.
  /// - Returns: Whether it is a sum of the rows above it.
  package mutating func isSum(_ amount: Int64) -> Bool {
    guard sinceStart.hold(amount) || sinceSummary.hold(amount) else { return false }
    sinceSummary = Sums()
    return true
  }
}
