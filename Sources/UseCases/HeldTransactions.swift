import Entities

/// Transactions held in memory in report order as they are added, in about 16 bytes each plus
/// the bytes of their descriptions (and the slack of arrays that grow by doubling).
///
/// A source that is not in report order must be held whole before its first row is shown
/// (``OrderedTransactions``), so what one transaction costs in memory decides how large a file
/// can be reported, and how it lies in memory decides how fast it is shown. A `Transaction`
/// takes 56 bytes, and its description, when longer than 15 bytes, a heap object of its own
/// with a 32-byte header. Here the transactions of one group and date are kept together, one
/// after the other in an array of bytes of their own (a *bucket*): each as its amount (8
/// bytes), its description's length and whether it is a credit (8 bytes), then the
/// description's UTF-8 bytes. The group and the date are the bucket's. Dates are kept once
/// each, in a table: a file spans few distinct days.
///
/// Adding a transaction appends to its bucket, so the transactions of a bucket keep their
/// input order, and there is nothing to sort but the dates: the report shows the buckets of
/// the authorized group, date after date, then those of the posted group. Showing reads each
/// bucket from its start to its end, so the memory is read in the order it lies in, which the
/// processor fetches ahead; transactions kept in input order and shown in report order are
/// each fetched from far away (decision 0041: showing a million took 0.139 s that way, even with
/// their descriptions fetched ahead, and 0.112 s read in order).
///
/// Some transactions come before all the others of their group and date, whenever they are
/// added: those a draft reading read before its first one out of order, read again after the
/// rest (`append(_:first:)`). They have buckets of their own, shown before the others.
struct HeldTransactions {
  /// The buckets, by ``bucket(dateIndex:group:first:)``; an empty one takes no memory of its
  /// own.
  private var buckets: [[UInt8]] = []
  /// How many transactions there are.
  private(set) var count = 0
  private var dates: [CalendarDate] = []
  private var dateIndex = DateIndex()
  /// After ``sortInReportOrder()``, the buckets that hold transactions, in report order.
  private var order: [Int] = []
  private var isSorted = false

  /// The bytes before a transaction's description: its amount, then its description's length
  /// times two, plus one for a credit.
  private static let amountSize = MemoryLayout<Money>.size
  private static let headerSize = amountSize + MemoryLayout<UInt64>.size

  /// Holds nothing yet.
  init() {}

  /// The bucket of a group and date (the date's index in `dates`): four for each date
  /// (authorized or posted, first or not).
  private static func bucket(dateIndex: UInt32, group: TransactionGroup, first: Bool) -> Int {
    Int(dateIndex) << 2 | (group == .posted ? 2 : 0) | (first ? 0 : 1)
  }

  /// Adds a transaction after the others of its group and date; or, when `first`, after the
  /// others added with `first`, and before all those added without. Not after
  /// ``sortInReportOrder()``.
  mutating func append(_ transaction: Transaction, first: Bool = false) {
    precondition(!isSorted, "a transaction added after the sort")
    let bucket = Self.bucket(dateIndex: index(of: transaction.date), group: transaction.group, first: first)
    if bucket >= buckets.count {
      buckets.append(contentsOf: repeatElement([], count: bucket + 1 - buckets.count))
    }
    var description = transaction.description
    let credit: UInt64 = transaction.debitCredit == .credit ? 1 : 0
    withUnsafeBytes(of: transaction.amount) { buckets[bucket].append(contentsOf: $0) }
    withUnsafeBytes(of: UInt64(description.utf8.count) << 1 | credit) {
      buckets[bucket].append(contentsOf: $0)
    }
    description.withUTF8 { buckets[bucket].append(contentsOf: $0) }
    count += 1
  }

  /// Sorts the buckets in report order: by group, then date; within one, the input order
  /// stays, with those added `first` before the others.
  mutating func sortInReportOrder() {
    let byDate = dates.indices.sorted { dates[$0] < dates[$1] }
    order = []
    for group in [TransactionGroup.authorized, .posted] {
      for dateIndex in byDate {
        for first in [true, false] {
          let bucket = Self.bucket(dateIndex: UInt32(dateIndex), group: group, first: first)
          if bucket < buckets.count, !buckets[bucket].isEmpty { order.append(bucket) }
        }
      }
    }
    isSorted = true
  }

  /// Where the next run starts: the place in `order` of its bucket, and where in the bucket its
  /// next transaction's bytes start.
  struct Position: Sendable {
    fileprivate var place = 0
    fileprivate var offset = 0
  }

  /// Whether there is no transaction at or after a position.
  func isAfterLast(_ position: Position) -> Bool { position.place == order.count }

  /// At most `count` transactions from `position` on, in report order (once sorted): a run to
  /// show, made in one call so that it can be made on another core while the previous run is
  /// shown (``OrderedTransactions``).
  ///
  /// - Parameters:
  ///   - position: Where the run starts; on return, where the next starts.
  ///   - count: How many transactions, at most.
  /// - Returns: The transactions; fewer at the end, or when the current task is cancelled.
  func transactions(from position: inout Position, count: Int) -> [Transaction] {
    var run: [Transaction] = []
    run.reserveCapacity(count)
    while run.count < count, position.place < order.count {
      // A run for a report that stopped is not needed: its task is cancelled.
      if Task.isCancelled { break }
      let bucket = order[position.place]
      let date = dates[bucket >> 2]
      let group: TransactionGroup = bucket & 2 != 0 ? .posted : .authorized
      buckets[bucket].withUnsafeBytes { bytes in
        var offset = position.offset
        while run.count < count, offset < bytes.count {
          let amount = bytes.loadUnaligned(fromByteOffset: offset, as: Money.self)
          let lengthAndCredit = bytes.loadUnaligned(fromByteOffset: offset + Self.amountSize, as: UInt64.self)
          let start = offset + Self.headerSize
          offset = start + Int(lengthAndCredit >> 1)
          run.append(
            Transaction(
              group: group, date: date,
              description: String(decoding: bytes[start..<offset], as: UTF8.self),
              amount: amount,
              debitCredit: lengthAndCredit & 1 != 0 ? .credit : .debit))
        }
        position.offset = offset
        if offset == bytes.count { position = Position(place: position.place + 1, offset: 0) }
      }
    }
    return run
  }

  /// The index of a date in `dates`, adding it when it is new.
  private mutating func index(of date: CalendarDate) -> UInt32 {
    let key = UInt32(date.year) << 9 | UInt32(date.month) << 5 | UInt32(date.day)
    return dateIndex.index(of: key) {
      dates.append(date)
      return UInt32(dates.count - 1)
    }
  }
}

/// The index in `HeldTransactions.dates` of each date seen, by a key made of its year, month
/// and day: an open-addressing table of numbers, probed in place.
///
/// Every held transaction looks its date up, and a `Dictionary` hashed each date with SipHash:
/// a sixth of the time holding a transaction took. Here the key is multiplied and shifted,
/// and the table is at most half full.
private struct DateIndex {
  /// The keys, 0 for a free slot (no date's key is 0: its month is at least 1).
  private var keys = [UInt32](repeating: 0, count: 64)
  private var indices = [UInt32](repeating: 0, count: 64)
  private var count = 0
  /// The table holds `1 << bits` slots.
  private var bits = 6

  /// The index kept for `key`, or the one `add` gives, kept for it.
  mutating func index(of key: UInt32, orAdding add: () -> UInt32) -> UInt32 {
    var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - bits))
    let mask = keys.count - 1
    while keys[slot] != 0 {
      if keys[slot] == key { return indices[slot] }
      slot = (slot + 1) & mask
    }
    let index = add()
    keys[slot] = key
    indices[slot] = index
    count += 1
    if count * 2 > keys.count { grow() }
    return index
  }

  /// Doubles the table, placing every key again.
  private mutating func grow() {
    let (oldKeys, oldIndices) = (keys, indices)
    bits += 1
    keys = [UInt32](repeating: 0, count: 1 << bits)
    indices = [UInt32](repeating: 0, count: 1 << bits)
    count = 0
    for (key, index) in zip(oldKeys, oldIndices) where key != 0 {
      _ = self.index(of: key) { index }
    }
  }
}
