import ByteWords
import Entities
import UseCases

/// Transactions read ahead of the transformer, a batch of records at a time: each one's group,
/// date and signed amount, and its description's bytes, copied into one block that the
/// descriptions given out share (``Entities/DescriptionText``).
///
/// A reading lends its records a batch at a time, where the stream keeps them (decision 0036);
/// the transformer takes them one at a time. A run is what lies between: the reading fills it
/// from a batch in one call, reading each description's bytes where the record holds them (no
/// `String` of the reader's core retained or released on this one), and the transformer takes
/// the transactions out one by one.
struct DetailRun {
  private struct Entry {
    var group: TransactionGroup
    var date: CalendarDate
    var amount: Money
    /// Where the description's bytes are in ``bytes``.
    var start: UInt32
    var count: UInt32
  }

  private var bytes: [UInt8] = []
  private var entries: [Entry] = []
  private var next = 0

  /// Whether every transaction added has been taken.
  var isEmpty: Bool {
    @inline(__always) get { next == entries.count }
  }

  /// The group and date of the next transaction to take, or `nil` when the run is empty.
  var first: (group: TransactionGroup, date: CalendarDate)? {
    @inline(__always) get { next < entries.count ? (entries[next].group, entries[next].date) : nil }
  }

  /// Adds a transaction after the others.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - descriptionBytes: Its description's bytes, when they were lent apart from it; else its
  ///     own description's are read.
  mutating func append(_ transaction: Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>?) {
    let start = bytes.count
    if let descriptionBytes {
      bytes.append(contentsOf: descriptionBytes)
    } else {
      transaction.description.withUTF8InPlace { bytes.append(contentsOf: $0) }
    }
    entries.append(
      Entry(
        group: transaction.group, date: transaction.date, amount: transaction.signedAmount,
        start: UInt32(start), count: UInt32(bytes.count - start)))
  }

  /// Takes the next transaction; the run must not be empty.
  ///
  /// - Returns: Its description, a slice of the run's block, and its signed amount.
  @inline(__always)
  mutating func take() -> ReportDetail {
    let entry = entries[next]
    next += 1
    let start = Int(entry.start)
    return (DescriptionText(sharing: bytes, range: start..<start + Int(entry.count)), entry.amount)
  }

  /// Forgets every transaction, to be filled again: in a block of its own, as descriptions
  /// taken from the last one may still be held.
  mutating func clear() {
    let capacity = bytes.count
    bytes = []
    bytes.reserveCapacity(capacity)
    entries.removeAll(keepingCapacity: true)
    next = 0
  }
}
