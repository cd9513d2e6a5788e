import Entities

/// Transactions held in memory to be sorted into report order, in about 28 bytes each plus the
/// bytes of their descriptions.
///
/// A source that is not in report order must be held whole before its first row is shown
/// (``OrderedTransactions``), so what one transaction costs in memory decides how large a file
/// can be reported. A `Transaction` takes 56 bytes, and its description, when longer than 15
/// bytes, a heap object of its own with a 32-byte header. Here a transaction is one 24-byte
/// entry (its group, debit or credit and date in one number, its amount, and where its
/// description's bytes are), kept in chunks of 65,536, and the descriptions' UTF-8 bytes follow
/// one another in blocks of 1 MiB. Chunks and blocks, not one array each: an array that grows
/// is copied into one twice its size, and at that moment both are in memory; a new chunk or
/// block leaves the others where they are. Dates are kept once each, in a table: a file spans
/// few distinct days.
///
/// The sort is stable, so transactions of the same group and date keep their input order. It
/// is a counting sort by group and date: the entries stay where they are, and 4 more bytes a
/// transaction say their order.
struct HeldTransactions {
  /// One transaction.
  private struct Entry {
    /// The group (bit 31), credit (bit 30) and the date's index in `dates` (bits 0 to 29);
    /// after ``sortInReportOrder()``, the date's rank in date order instead of its index.
    var key: UInt32
    /// The description's length in bytes, or `UInt32.max` for one longer than a block, kept in
    /// `longDescriptions`.
    var length: UInt32
    /// Where the description's bytes start: the block's index times ``blockSize`` plus the
    /// offset in the block; or its index in `longDescriptions`.
    var offset: Int
    var amount: Money
  }

  /// The entries in chunks of ``chunkSize``, every chunk but the last full.
  private var chunks: [[Entry]] = []
  /// How many entries there are.
  private(set) var count = 0
  /// The number of entries in a chunk: 65,536 (`1 << chunkBits`), 1.5 MiB.
  private static let chunkSize = 1 << chunkBits
  private static let chunkBits = 16
  /// How many entries, at the end of `chunks`, come before all the others in input order
  /// (``moveLastToFront(_:)``).
  private var frontCount = 0
  /// The descriptions' bytes, in blocks of ``blockSize`` bytes at most.
  private var blocks: [[UInt8]] = []
  /// The size of a block of description bytes.
  private static let blockSize = 1 << 20
  /// Descriptions longer than a block: no real file has one, but none may make the report fail.
  private var longDescriptions: [String] = []
  private var dates: [CalendarDate] = []
  private var dateIndex = DateIndex()
  private var isSorted = false
  /// After ``sortInReportOrder()``, the index of each entry in report order, 4 bytes each; or,
  /// for more than `UInt32.max` entries, in `wideOrder`, 8 bytes each.
  private var order: [UInt32] = []
  private var wideOrder: [Int] = []

  private static let groupBit: UInt32 = 1 << 31
  private static let creditBit: UInt32 = 1 << 30
  private static let dateBits: UInt32 = (1 << 30) - 1

  /// Holds nothing yet.
  init() {}

  /// The entry at an index, in the order they were added.
  private func entry(_ index: Int) -> Entry {
    chunks[index >> Self.chunkBits][index & (Self.chunkSize - 1)]
  }

  /// Adds an entry after the others, in a new chunk when the last one is full.
  private mutating func appendEntry(_ entry: Entry) {
    if count & (Self.chunkSize - 1) == 0 {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
    }
    chunks[chunks.count - 1].append(entry)
    count += 1
  }

  /// Adds a transaction after the others.
  mutating func append(_ transaction: Transaction) {
    var key = UInt32(0)
    if transaction.group == .posted { key |= Self.groupBit }
    if transaction.debitCredit == .credit { key |= Self.creditBit }
    key |= index(of: transaction.date)
    var description = transaction.description
    let length = description.utf8.count
    guard length <= Self.blockSize else {
      appendEntry(Entry(key: key, length: .max, offset: longDescriptions.count, amount: transaction.amount))
      longDescriptions.append(description)
      return
    }
    if blocks.isEmpty || blocks[blocks.count - 1].count + length > Self.blockSize {
      blocks.append([])
      blocks[blocks.count - 1].reserveCapacity(Self.blockSize)
    }
    let last = blocks.count - 1
    let offset = last * Self.blockSize + blocks[last].count
    description.withUTF8 { bytes in blocks[last].append(contentsOf: bytes) }
    appendEntry(Entry(key: key, length: UInt32(length), offset: offset, amount: transaction.amount))
  }

  /// Puts the last `count` transactions before all the others, keeping their order: for
  /// transactions that came first in the input but were added last. Nothing is moved: the
  /// sort takes them first.
  ///
  /// - Parameter count: How many, at most ``count``; once only.
  mutating func moveLastToFront(_ count: Int) {
    precondition(count <= self.count && frontCount == 0 && !isSorted)
    frontCount = count
  }

  /// Sorts the transactions by group, then date, keeping the input order of the rest.
  mutating func sortInReportOrder() {
    let ranks = dates.indices.sorted { dates[$0] < dates[$1] }
    var rankOfIndex = [UInt32](repeating: 0, count: dates.count)
    for (rank, index) in ranks.enumerated() { rankOfIndex[index] = UInt32(rank) }
    for chunk in chunks.indices {
      for index in chunks[chunk].indices {
        let key = chunks[chunk][index].key
        chunks[chunk][index].key = key & ~Self.dateBits | rankOfIndex[Int(key & Self.dateBits)]
      }
    }
    dates = ranks.map { dates[$0] }
    isSorted = true
    if count <= UInt32.max {
      order = countingSort(as: UInt32.self)
    } else {
      wideOrder = countingSort(as: Int.self)
    }
  }

  /// The indices of the entries in report order. A counting sort, stable: one place for each
  /// group and date, counted, then each entry's index put in its place, in input order (the
  /// last ``frontCount`` entries first). Two passes, and 4 bytes a transaction, where a
  /// comparison sort of the entries took about twenty passes and half of them again in memory.
  private func countingSort<Index: FixedWidthInteger>(as _: Index.Type) -> [Index] {
    func place(_ key: UInt32) -> Int {
      Int(key & Self.dateBits) + (key & Self.groupBit != 0 ? dates.count : 0)
    }
    var next = [Int](repeating: 0, count: 2 * dates.count + 1)
    for chunk in chunks {
      for entry in chunk { next[place(entry.key) + 1] += 1 }
    }
    for index in next.indices.dropFirst() { next[index] += next[index - 1] }
    var order = [Index](repeating: 0, count: count)
    let rest = count - frontCount
    for indices in [rest..<count, 0..<rest] {
      for index in indices {
        let place = place(entry(index).key)
        order[next[place]] = Index(index)
        next[place] += 1
      }
    }
    return order
  }

  /// Where the transaction at a position in report order is among the entries.
  private func entryIndex(_ position: Int) -> Int {
    order.isEmpty ? wideOrder[position] : Int(order[position])
  }

  /// The transaction at a position in report order (once sorted); runs are made of these
  /// (``transactions(_:touched:)``).
  private subscript(position: Int) -> Transaction {
    let entry = entry(entryIndex(position))
    let (block, start) = entry.offset.quotientAndRemainder(dividingBy: Self.blockSize)
    let description =
      entry.length == .max
      ? longDescriptions[entry.offset]
      : blocks[block].withUnsafeBufferPointer { bytes in
        String(decoding: bytes[start..<start + Int(entry.length)], as: UTF8.self)
      }
    return Transaction(
      group: entry.key & Self.groupBit != 0 ? .posted : .authorized,
      date: dates[Int(entry.key & Self.dateBits)], description: description, amount: entry.amount,
      debitCredit: entry.key & Self.creditBit != 0 ? .credit : .debit)
  }

  /// The transactions at some positions, in order: a run to show, made in one call so that
  /// it can be made on another core while the previous run is shown (``OrderedTransactions``).
  ///
  /// - Parameters:
  ///   - positions: The positions, within ``count``.
  ///   - touched: A sum of description bytes read ahead, which the caller keeps, so that the
  ///     reading is not left out.
  /// - Returns: The transactions; fewer when the current task is cancelled.
  func transactions(_ positions: Range<Int>, touched: inout UInt8) -> [Transaction] {
    var run: [Transaction] = []
    run.reserveCapacity(positions.count)
    for start in stride(from: positions.lowerBound, to: positions.upperBound, by: Self.touchedAtOnce) {
      // A run for a report that stopped is not needed: its task is cancelled.
      if Task.isCancelled { break }
      let part = start..<min(start + Self.touchedAtOnce, positions.upperBound)
      touched &+= touchDescriptions(part)
      for position in part { run.append(self[position]) }
    }
    return run
  }

  /// How many transactions have their descriptions fetched at once.
  private static let touchedAtOnce = 128

  /// Reads the first and last byte of the description of each transaction in `positions`,
  /// and returns them summed: read in a loop that does nothing else, many are fetched from
  /// memory at once, so that the transactions then made one by one find their descriptions in
  /// the cache.
  ///
  /// After the sort, the descriptions are far from one another in report order (they lie in
  /// input order), and fetching each one when its transaction is made costs more than all the
  /// rest of showing it.
  private func touchDescriptions(_ positions: Range<Int>) -> UInt8 {
    var sum: UInt8 = 0
    blocks.withUnsafeBufferPointer { blocks in
      for position in positions {
        let entry = entry(entryIndex(position))
        guard entry.length != .max, entry.length > 0 else { continue }
        let (block, start) = entry.offset.quotientAndRemainder(dividingBy: Self.blockSize)
        sum &+= blocks[block].withUnsafeBufferPointer { $0[start] &+ $0[start + Int(entry.length) - 1] }
      }
    }
    return sum
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
