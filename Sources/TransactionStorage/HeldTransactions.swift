import ByteWords
import Entities
import UseCases

/// Transactions held in memory in report order as they are added, in about 16 bytes each plus
/// the bytes of their descriptions.
///
/// A source that is not in report order must be held whole before its first row is shown
/// (``SortedHeldTransactions``), so what one transaction costs in memory decides how large a file
/// can be reported, and how it lies in memory decides how fast it is shown. A `Transaction`
/// takes 56 bytes, and its description, when longer than 15 bytes, a heap object of its own
/// with a 32-byte header. Here the transactions of one group and date are kept together, one
/// after the other (a *bucket*): each as its amount (8 bytes), its description's length and
/// whether it is a credit (8 bytes), then the description's UTF-8 bytes. The group and the
/// date are the bucket's, kept once, in the table that finds a transaction's bucket
/// (``BucketTable``).
///
/// A bucket is a chain of pages, cut one after the other from blocks of 1 MiB that all the
/// buckets share: its first page as large as its first transaction, each next one twice as
/// large as the one before, up to 1 KiB (decision 0042). A date of one transaction then costs
/// little more than that transaction, and a date of thousands is read from a few places.
///
/// Adding a transaction appends to its bucket, so the transactions of a bucket keep their
/// input order, and there is nothing to sort but the dates: the report shows the buckets of
/// the authorized group, date after date, then those of the posted group. Showing reads each
/// bucket from its start to its end, page after page, so the memory is read in the order it
/// lies in, which the processor fetches ahead; transactions kept in input order and shown in report order are
/// each fetched from far away, even with their descriptions fetched ahead (decision 0041).
///
/// Some transactions come before all the others of their group and date, whenever they are
/// added: those a draft reading read before its first one out of order, read again after the
/// rest (`append(_:first:)`). They have buckets of their own, shown before the others.
struct HeldTransactions {
  /// How many transactions there are.
  private(set) var count = 0
  /// The buckets that hold transactions, by group, date and whether they come first.
  private var buckets = BucketTable()
  /// The pages of every bucket, cut one after the other from blocks of ``blockSize`` bytes
  /// (a page larger than that has a block of its own).
  private var blocks: [[UInt8]] = []
  /// The block pages are cut from, and where its next page starts.
  private var block = -1
  private var blockEnd = blockSize
  /// After ``sortInReportOrder()``, the buckets that hold transactions, in report order.
  private var order: [ShownBucket] = []
  private var isSorted = false

  /// The bytes before a transaction's description: its amount, then its description's length
  /// times two, plus one for a credit.
  private static let amountSize = MemoryLayout<Money>.size
  private static let headerSize = amountSize + MemoryLayout<UInt64>.size
  /// The bytes before a page's transactions: where the bucket's next page is (``noPage`` for
  /// none), then how many bytes of transactions the page holds.
  private static let pageHeaderSize = 2 * MemoryLayout<UInt64>.size
  private static let blockSize = 1 << 20
  /// The largest page a bucket grows to, unless one transaction needs more.
  private static let largestPage = 1 << 10
  private static let noPage = UInt64.max

  /// Holds nothing yet.
  init() {}

  /// Adds a transaction after the others of its group and date; or, when `first`, after the
  /// others added with `first`, and before all those added without. Not after
  /// ``sortInReportOrder()``.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - descriptionBytes: Its description's bytes, when they were lent apart from it
  ///     (``RecordLending``): then they are its description, not its empty one.
  ///   - first: Whether it comes before those added without `first`.
  mutating func append(
    _ transaction: Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>? = nil, first: Bool = false
  ) {
    if let descriptionBytes {
      append(transaction, description: descriptionBytes, first: first)
      return
    }
    transaction.description.withUTF8InPlace { append(transaction, description: $0, first: first) }
  }

  /// Adds a transaction whose description is `description`.
  private mutating func append(
    _ transaction: Transaction, description: UnsafeBufferPointer<UInt8>, first: Bool
  ) {
    precondition(!isSorted, "a transaction added after the sort")
    let length = description.count
    let size = Self.headerSize + length
    let (bucket, isNew) = buckets.slot(of: transaction.date, group: transaction.group, first: first)
    if isNew {
      let page = newPage(capacity: size)
      buckets[bucket].first = page
      buckets[bucket].last = page
      buckets[bucket].capacity = UInt32(size)
    } else if Int(buckets[bucket].capacity - buckets[bucket].used) < size {
      chainPage(to: bucket, holding: size)
    }
    let place = buckets[bucket].last
    var offset = Self.start(of: place) + Self.pageHeaderSize
    offset += Int(buckets[bucket].used)
    let credit: UInt64 = transaction.debitCredit == .credit ? 1 : 0
    blocks[Self.block(of: place)].withUnsafeMutableBytes { bytes in
      withUnsafeBytes(of: transaction.amount) {
        UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<offset + Self.amountSize]).copyMemory(from: $0)
      }
      bytes.storeBytes(
        of: UInt64(length) << 1 | credit, toByteOffset: offset + Self.amountSize, as: UInt64.self)
      UnsafeMutableRawBufferPointer(rebasing: bytes[offset + Self.headerSize..<offset + size])
        .copyMemory(from: UnsafeRawBufferPointer(description))
    }
    buckets[bucket].used += UInt32(size)
    count += 1
  }

  /// Ends a bucket's last page, and starts a new one, chained after it, with room for at least
  /// `size` bytes.
  private mutating func chainPage(to bucket: Int, holding size: Int) {
    let capacity = max(size, min(2 * Int(buckets[bucket].capacity), Self.largestPage))
    let page = newPage(capacity: capacity)
    closePage(of: bucket, next: page)
    buckets[bucket].last = page
    buckets[bucket].used = 0
    buckets[bucket].capacity = UInt32(capacity)
  }

  /// Writes in the header of a bucket's last page how many bytes it holds, and what page
  /// comes next.
  private mutating func closePage(of bucket: Int, next: UInt64) {
    let page = buckets[bucket].last
    let start = Self.start(of: page)
    let used = UInt64(buckets[bucket].used)
    blocks[Self.block(of: page)].withUnsafeMutableBytes { bytes in
      bytes.storeBytes(of: next, toByteOffset: start, as: UInt64.self)
      bytes.storeBytes(of: used, toByteOffset: start + MemoryLayout<UInt64>.size, as: UInt64.self)
    }
  }

  /// A page for `capacity` bytes of transactions, cut from the current block, or from a new
  /// one when the rest of the current block is too small (that rest is left unused).
  private mutating func newPage(capacity: Int) -> UInt64 {
    precondition(capacity <= Int(UInt32.max), "a held transaction of 4 GiB or more")
    let size = Self.pageHeaderSize + capacity
    if size > Self.blockSize {
      blocks.append(Self.uninitializedBytes(count: size))
      return Self.page(block: blocks.count - 1, start: 0)
    }
    if blockEnd + size > Self.blockSize {
      blocks.append(Self.uninitializedBytes(count: Self.blockSize))
      (block, blockEnd) = (blocks.count - 1, 0)
    }
    defer { blockEnd += size }
    return Self.page(block: block, start: blockEnd)
  }

  /// The address of the page that starts at `start` in block `block`: the block's index times
  /// 2³², plus the start (blocks are at most 1 MiB, or hold one page).
  private static func page(block: Int, start: Int) -> UInt64 {
    UInt64(block) << 32 | UInt64(start)
  }

  /// The block a page is in.
  private static func block(of page: UInt64) -> Int {
    Int(page >> 32)
  }

  /// Where a page starts in its block.
  private static func start(of page: UInt64) -> Int {
    Int(truncatingIfNeeded: page & 0xFFFF_FFFF)
  }

  /// An array of `count` bytes that are not set: each is written before it is read.
  private static func uninitializedBytes(count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// Sorts the buckets in report order: by group, then date; within one, the input order
  /// stays, with those added `first` before the others.
  mutating func sortInReportOrder() {
    // Nothing is added after the sort, so once `order` is made the table of buckets is not
    // needed: its memory is given back.
    defer { buckets = BucketTable() }
    order = []
    order.reserveCapacity(buckets.count)
    for slot in buckets.slotsInReportOrder() {
      closePage(of: slot, next: Self.noPage)
      order.append(
        ShownBucket(firstPage: buckets[slot].first, date: buckets[slot].date, group: buckets[slot].group))
    }
    isSorted = true
  }

  /// A bucket as ``run(from:count:)`` reads it, in `order`: its group, its date and
  /// its first page side by side, so that a run reads the buckets one after the other, not
  /// each from the tables of dates and buckets (with a date for every transaction, that was
  /// three places far apart in memory for each).
  private struct ShownBucket {
    var firstPage: UInt64
    var date: CalendarDate
    var group: TransactionGroup
  }

  /// Where the next run starts: the place in `order` of its bucket, the page of that bucket
  /// (``noPage`` for the first), and where in the page its next transaction's bytes start.
  struct Position: Equatable, Sendable {
    fileprivate var place = 0
    fileprivate var page = HeldTransactions.noPage
    fileprivate var offset = 0
  }

  /// Whether there is no transaction at or after a position.
  func isAfterLast(_ position: Position) -> Bool { position.place == order.count }

  /// A run of at most `count` transactions from `position` on, in report order (once sorted),
  /// read where they are held: their groups, dates and amounts, and where their descriptions lie
  /// in the blocks the run shares with these pages, so that each description is a slice of them,
  /// with no `String` made (decision 0045).
  ///
  /// - Parameters:
  ///   - position: Where the run starts; on return, where the next starts.
  ///   - count: How many transactions, at most.
  /// - Returns: The run; empty after the last transaction.
  func run(from position: inout Position, count: Int) -> HeldRun {
    var run = HeldRun(blocks: blocks, capacity: count)
    var given = 0
    while given < count, position.place < order.count {
      let (date, group) = (order[position.place].date, order[position.place].group)
      let block = UInt32(
        truncatingIfNeeded: Self.block(
          of: position.page == Self.noPage ? order[position.place].firstPage : position.page))
      readPage(at: &position) { bytes, transactions in
        var offset = transactions.lowerBound
        while given < count, offset < transactions.upperBound {
          let amount = bytes.loadUnaligned(fromByteOffset: offset, as: Money.self)
          let lengthAndCredit = bytes.loadUnaligned(fromByteOffset: offset + Self.amountSize, as: UInt64.self)
          let descriptionStart = offset + Self.headerSize
          offset = descriptionStart + Int(lengthAndCredit >> 1)
          // A description's bytes are valid UTF-8: a `String`'s, or bytes checked as they were
          // lent (`RecordLending`). They are not checked again.
          run.append(
            group: group, date: date, amount: lengthAndCredit & 1 != 0 ? amount.negated : amount,
            block: block,
            description: descriptionStart..<offset)
          given += 1
        }
        return offset
      }
    }
    return run
  }

  /// Reads the page `position` is in: calls `body` with the bytes of its block and the range of
  /// the page's transactions' bytes from `position` on, then moves `position` to where `body`
  /// stopped, or to the bucket's next page (or the next bucket) when it read to the end.
  ///
  /// - Parameters:
  ///   - position: Where to read; on return, where the next reading starts.
  ///   - body: Reads transactions from the range's start, and returns where it stopped: at the
  ///     start of a transaction, or at the range's end.
  private func readPage(
    at position: inout Position, _ body: (UnsafeRawBufferPointer, Range<Int>) -> Int
  ) {
    if position.page == Self.noPage { position.page = order[position.place].firstPage }
    let pageStart = Self.start(of: position.page)
    blocks[Self.block(of: position.page)].withUnsafeBytes { bytes in
      let next = bytes.loadUnaligned(fromByteOffset: pageStart, as: UInt64.self)
      let start = pageStart + Self.pageHeaderSize
      let used = bytes.loadUnaligned(fromByteOffset: pageStart + MemoryLayout<UInt64>.size, as: UInt64.self)
      let end = start + Int(used)
      let offset = body(bytes, (start + position.offset)..<end)
      position.offset = offset - start
      if offset == end {
        position.offset = 0
        position.page = next
        if next == Self.noPage { position.place += 1 }
      }
    }
  }
}

/// The buckets of ``HeldTransactions``, each found by its group, date and whether it comes
/// first: an open-addressing table, at most three quarters full, probed in place by a key of the
/// three. (Half full, it took a tenth more memory on a file with a bucket for every six
/// transactions, and was no faster: a probe goes on to the next entry, in the same line of memory
/// or the next.)
///
/// Every held transaction looks its bucket up. A table of the dates seen, then one of each
/// date's four buckets, then the list of buckets, were three places far apart in memory to read,
/// each after the one before, for every transaction; here it is one entry (and the page the
/// transaction is written to).
private struct BucketTable {
  /// A bucket: one group and date's transactions, a chain of pages, each twice as large as the
  /// one before (up to `HeldTransactions.largestPage`), so that a bucket of one transaction
  /// takes little more than that transaction, and a large one is read from few places.
  struct Bucket {
    /// ``key(date:group:first:)``, or 0 for a free entry.
    fileprivate(set) var key: UInt32 = 0
    /// How many bytes of transactions the last page holds, and can hold.
    var used: UInt32 = 0
    var capacity: UInt32 = 0
    /// The addresses of its first and last pages: a block's index times 2³², plus where the
    /// page starts in the block.
    var first: UInt64 = 0
    var last: UInt64 = 0

    var group: TransactionGroup { key >> 31 == 0 ? .authorized : .posted }

    /// The date, from the key it was made into.
    var date: CalendarDate {
      guard
        let date = try? CalendarDate(
          year: Int(key >> 10 & 0x3FFF), month: Int(key >> 6 & 0xF), day: Int(key >> 1 & 0x1F))
      else { preconditionFailure("a held bucket's key that is not a date's") }
      return date
    }
  }

  private var entries = [Bucket](repeating: Bucket(), count: 64)
  /// How many buckets are in use.
  private(set) var count = 0

  /// A bucket's key, which orders buckets as the report shows them: the group, then the date
  /// (its year, month and day in bits of their own, `CalendarDate`'s), then those added first.
  /// No key is 0: a date's month is at least 1.
  private static func key(date: CalendarDate, group: TransactionGroup, first: Bool) -> UInt32 {
    let dateKey = UInt32(date.year) << 9 | UInt32(date.month) << 5 | UInt32(date.day)
    return (group == .posted ? 1 << 31 : 0) | dateKey << 1 | (first ? 0 : 1)
  }

  subscript(slot: Int) -> Bucket {
    @inline(__always) get { entries[slot] }
    @inline(__always) _modify { yield &entries[slot] }
  }

  /// The slot of a group and date's bucket, and whether it is new (then only its key is set).
  mutating func slot(of date: CalendarDate, group: TransactionGroup, first: Bool) -> (slot: Int, isNew: Bool)
  {
    let key = Self.key(date: date, group: group, first: first)
    let mask = entries.count - 1
    var slot = home(of: key)
    while entries[slot].key != 0 {
      if entries[slot].key == key { return (slot, false) }
      slot = (slot + 1) & mask
    }
    if (count + 1) * 4 > entries.count * 3 {
      grow()
      return self.slot(of: date, group: group, first: first)
    }
    count += 1
    entries[slot].key = key
    return (slot, true)
  }

  /// The slots of the buckets in use, in the order of their keys: the report's.
  func slotsInReportOrder() -> LazyMapSequence<[UInt64], Int> {
    // Each key above its slot: sorted as numbers, in the order of the keys, with no entry read
    // again to compare two (a table of a million dates is far larger than the caches).
    var keyed: [UInt64] = []
    keyed.reserveCapacity(count)
    for slot in entries.indices where entries[slot].key != 0 {
      keyed.append(UInt64(entries[slot].key) << 32 | UInt64(slot))
    }
    keyed.sort()
    return keyed.lazy.map { Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
  }

  /// Where a key's probe starts: the key multiplied by a large odd number, its top bits.
  private func home(of key: UInt32) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> UInt32(32 - entries.count.trailingZeroBitCount))
  }

  /// Doubles the table, placing every bucket again.
  private mutating func grow() {
    let old = entries
    entries = [Bucket](repeating: Bucket(), count: 2 * old.count)
    let mask = entries.count - 1
    for bucket in old where bucket.key != 0 {
      var slot = home(of: bucket.key)
      while entries[slot].key != 0 { slot = (slot + 1) & mask }
      entries[slot] = bucket
    }
  }
}

/// Held transactions as the transformer takes them, a run at a time: each one's group, date and
/// signed amount, and where its description lies in the blocks of the held pages, which the run
/// shares (a reference counted for the run, and one for each description given out).
struct HeldRun {
  private struct Entry {
    var group: TransactionGroup
    var date: CalendarDate
    var amount: Money
    var block: UInt32
    var start: UInt32
    var end: UInt32
  }

  private let blocks: [[UInt8]]
  private var entries: [Entry] = []
  private var next = 0

  /// An empty run of the given blocks, with room for `capacity` transactions.
  init(blocks: [[UInt8]] = [], capacity: Int = 0) {
    self.blocks = blocks
    entries.reserveCapacity(capacity)
  }

  /// Adds a transaction after the others.
  mutating func append(
    group: TransactionGroup, date: CalendarDate, amount: Money, block: UInt32, description: Range<Int>
  ) {
    entries.append(
      Entry(
        group: group, date: date, amount: amount, block: block, start: UInt32(description.lowerBound),
        end: UInt32(description.upperBound)))
  }

  /// Reads a byte of each line of 64 bytes its descriptions take, and returns their sum.
  ///
  /// Done on another core as the run is made (``HeldRunAhead``), so that the descriptions' bytes
  /// are in the cache the two cores share, not only in memory, when the report's task comes to
  /// them; a run is read from many pages far apart. The sum is for the caller to keep: a reading
  /// whose result goes nowhere could be left out by the compiler.
  func readDescriptions() -> UInt64 {
    var sum: UInt64 = 0
    for entry in entries where entry.end > entry.start {
      blocks[Int(entry.block)].withUnsafeBufferPointer { bytes in
        for line in stride(from: Int(entry.start), to: Int(entry.end), by: 64) { sum &+= UInt64(bytes[line]) }
        sum &+= UInt64(bytes[Int(entry.end) - 1])
      }
    }
    return sum
  }

  /// Whether every transaction of the run has been taken.
  var isEmpty: Bool {
    @inline(__always) get { next == entries.count }
  }

  /// The group and date of the next transaction to take, or `nil` when the run is empty.
  var first: (group: TransactionGroup, date: CalendarDate)? {
    @inline(__always) get { next < entries.count ? (entries[next].group, entries[next].date) : nil }
  }

  /// Takes the next transaction; the run must not be empty.
  ///
  /// - Returns: Its description, a slice of the block it lies in, and its signed amount.
  @inline(__always)
  mutating func take() -> ReportDetail {
    let entry = entries[next]
    next += 1
    return (
      DescriptionText(sharing: blocks[Int(entry.block)], range: Int(entry.start)..<Int(entry.end)),
      entry.amount
    )
  }
}
