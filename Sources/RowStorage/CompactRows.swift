import Entities
import Presenters
import Synchronization

/// The rows of a loaded report, kept in a few bytes each and made ``Presenters/ReportRow``
/// values only when a table asks for them (`Architecture/table-view-client.md`): what the
/// terminal's table view hands its collector.
///
/// A report of a million transactions is a million rows. As `ReportRow` values they take about
/// 230 bytes each, with their strings; here a detail row is one byte of kind and band, its
/// description's UTF-8 bytes after their length, and its amount's; a subheader is its kind and
/// band and its title. Every other row (a header, a subfooter, a footer, a message, the grand
/// footer) is one of few distinct values, kept once in a table and named by its place there: a
/// row that gains a value needs nothing changed here.
///
/// Rows lie one after the other in blocks of 1 MiB (a row is never cut between two; one larger
/// than a block has a block of its own), so that the rows grow without ever being copied, nor
/// held twice while an array doubles. A full block goes to the ``ReportRowSpool`` when there is
/// one: then memory holds, besides the block being written, only each block's first row, each
/// section's and each date block's first row (for the keys that jump from date to date), the
/// table of distinct rows, and the last few blocks read (``BlockCache``), each with where its
/// rows start. A report grows in memory by a few bytes a date block, not a row. A row read back
/// is made from its block where it lies: its description a slice of the block, shared.
package struct CompactRows: ReportRows {
  /// A full block: in memory, or in the spool at an index.
  private enum Block: Sendable {
    case held([UInt8])
    case spooled(Int)
  }

  /// The full blocks, in order.
  private var blocks: [Block] = []
  /// The block being written, after the full ones.
  private var open: [UInt8] = []
  /// The first row of each block, the open one last.
  private var firstRows: [Int] = []
  /// Where full blocks go, if anywhere, and how many it holds.
  private let spool: (any ReportRowSpool)?
  private var spooledCount = 0
  /// The blocks read last, with where their rows start.
  private let cache = BlockCache()
  /// The rows kept as their place in this table, and that place by row.
  private var distinctRows: [ReportRow] = []
  private var places: [ReportRow: UInt32] = [:]
  /// How many rows there are.
  package private(set) var count = 0
  package private(set) var sectionStarts: [Int] = []
  package private(set) var dateStarts: [Int] = []

  /// The size of a block.
  package static let blockSize = 1 << 20

  private enum Kind: UInt8 {
    case subheader = 0
    case detail = 1
    case kept = 2
  }

  /// The byte of a row's kind, with its band in the high bit.
  private static let oddBit: UInt8 = 0x80

  /// An empty store.
  ///
  /// - Parameter spool: Where full blocks go; none by default, and they stay in memory.
  package init(spool: (any ReportRowSpool)? = nil) {
    self.spool = spool
    spool?.removeAll()
  }

  package func emptied() -> CompactRows { CompactRows(spool: spool) }

  /// Keeps a row after the others.
  ///
  /// - Parameter row: The row.
  package mutating func append(_ row: ReportRow) {
    switch row {
    case .header, .grandFooter: sectionStarts.append(count)
    default: if count == 0 { sectionStarts.append(0) }
    }
    switch row {
    case .detail(let description, let amount, let odd):
      var amount = amount
      description.withUTF8 { bytes in
        amount.withUTF8 { amountBytes in
          startRow(.detail, odd: odd, size: 1 + Self.textSize(bytes) + Self.textSize(amountBytes))
          appendText(bytes)
          appendText(amountBytes)
        }
      }
    case .subheader(let title, let odd):
      var title = title
      dateStarts.append(count)
      title.withUTF8 { bytes in
        startRow(.subheader, odd: odd, size: 1 + Self.textSize(bytes))
        appendText(bytes)
      }
    default:
      appendKept(row)
    }
  }

  /// Keeps a row as its place in the table of distinct rows.
  private mutating func appendKept(_ row: ReportRow) {
    let place: UInt32
    if let known = places[row] {
      place = known
    } else {
      place = UInt32(distinctRows.count)
      distinctRows.append(row)
      places[row] = place
    }
    startRow(.kept, odd: false, size: 1 + Self.numberSize(Int(place)))
    appendNumber(UInt64(place))
  }

  /// The row at an index, from 0.
  ///
  /// - Parameter index: The row's index.
  /// - Returns: The row, or `nil` outside the rows (or in a block the spool cannot give back).
  package func row(at index: Int) -> ReportRow? {
    guard index >= 0, index < count else { return nil }
    let block = block(ofRow: index)
    guard let (bytes, starts) = readBlock(block) else { return nil }
    return decode(at: Int(starts[index - firstRows[block]]), in: bytes)
  }

  // MARK: Searching block by block

  package func chunk(containing index: Int) -> Range<Int> {
    guard !firstRows.isEmpty else { return 0..<0 }
    return rows(ofBlock: block(ofRow: index))
  }

  package func forEachDetail(in rows: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    guard let first = rows.first else { return }
    let block = block(ofRow: first)
    let blockRows = self.rows(ofBlock: block)
    guard let (bytes, starts) = rows.count > blockRows.count / 2 ? readThrough(block) : readBlock(block)
    else {
      return
    }
    bytes.withUnsafeBufferPointer { bytes in
      for index in rows.clamped(to: blockRows) {
        var offset = Int(starts[index - blockRows.lowerBound])
        guard Self.kind(of: bytes[offset]).0 == .detail else { continue }
        offset += 1
        body(index, Self.text(at: &offset, in: bytes))
      }
    }
  }

  /// The rows of a block.
  private func rows(ofBlock block: Int) -> Range<Int> {
    firstRows[block]..<(block + 1 < firstRows.count ? firstRows[block + 1] : count)
  }

  /// The block that holds a row.
  private func block(ofRow index: Int) -> Int {
    var (low, high) = (0, firstRows.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if firstRows[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// A block's bytes, from memory or the spool. The block being written is the one after the
  /// full ones.
  private func blockBytes(_ block: Int) -> [UInt8]? {
    switch block < blocks.count ? blocks[block] : .held(open) {
    case .held(let held): return held
    case .spooled(let index): return spool?.block(index)
    }
  }

  /// A block's bytes and where each of its rows starts, read through: not kept in the cache (a
  /// search reads every block once).
  private func readThrough(_ block: Int) -> (bytes: [UInt8], starts: [UInt32])? {
    guard let bytes = blockBytes(block) else { return nil }
    return (bytes, Self.starts(of: bytes, rows: rows(ofBlock: block).count))
  }

  /// A block's bytes and where each of its rows starts: a full block's from the cache, or read
  /// and kept in it; the block being written's as it is now.
  private func readBlock(_ block: Int) -> (bytes: [UInt8], starts: [UInt32])? {
    let isFull = block < blocks.count
    if isFull, let cached = cache.block(block) { return cached }
    guard let read = readThrough(block) else { return nil }
    if isFull { cache.keep(block, bytes: read.bytes, starts: read.starts) }
    return read
  }

  /// Where each row of a block starts.
  private static func starts(of bytes: [UInt8], rows: Int) -> [UInt32] {
    var starts: [UInt32] = []
    starts.reserveCapacity(rows)
    bytes.withUnsafeBufferPointer { bytes in
      var offset = 0
      while offset < bytes.count {
        starts.append(UInt32(offset))
        offset = end(ofRowAt: offset, in: bytes)
      }
    }
    return starts
  }

  // MARK: Writing

  /// Starts a row of `size` bytes in the open block, or in a new one where it does not fit.
  private mutating func startRow(_ kind: Kind, odd: Bool, size: Int) {
    if firstRows.isEmpty {
      open.reserveCapacity(max(Self.blockSize, size))
      firstRows.append(count)
    } else if open.count + size > open.capacity {
      closeBlock()
      open.reserveCapacity(max(Self.blockSize, size))
      firstRows.append(count)
    }
    open.append(kind.rawValue | (odd ? Self.oddBit : 0))
    count += 1
  }

  /// Moves the open block to the full ones (into the spool, when there is one and it takes it),
  /// and opens none: the next row opens the next.
  private mutating func closeBlock() {
    if let spool, spool.keep(open) {
      blocks.append(.spooled(spooledCount))
      spooledCount += 1
    } else {
      blocks.append(.held(open))
    }
    open = []
  }

  /// The store with its last block full too (spooled, and cached when read): a report that
  /// has ended.
  package func finished() -> CompactRows {
    guard !open.isEmpty else { return self }
    var store = self
    store.closeBlock()
    return store
  }

  /// A text's bytes after their length.
  private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
    appendNumber(UInt64(bytes.count))
    open.append(contentsOf: bytes)
  }

  /// A number in 7-bit groups, the lowest first, the high bit set on all but the last.
  private mutating func appendNumber(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      open.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    open.append(UInt8(rest))
  }

  /// How many bytes ``appendText(_:)`` writes for a text.
  private static func textSize(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    numberSize(bytes.count) + bytes.count
  }

  /// How many bytes ``appendNumber(_:)`` writes for a number.
  private static func numberSize(_ value: Int) -> Int {
    var (size, rest) = (1, UInt64(value))
    while rest >= 0x80 {
      size += 1
      rest >>= 7
    }
    return size
  }

  // MARK: Reading

  private static func readNumber(at offset: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var (value, shift): (UInt64, UInt64) = (0, 0)
    while true {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return Int(truncatingIfNeeded: value) }
      shift += 7
    }
  }

  private static func kind(of byte: UInt8) -> (Kind, odd: Bool) {
    (Kind(rawValue: byte & ~oddBit) ?? .kept, byte & oddBit != 0)
  }

  /// Where a text's bytes are, after its length at `offset`, which moves past them.
  private static func textRange(at offset: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let length = readNumber(at: &offset, in: bytes)
    defer { offset += length }
    return offset..<(offset + length)
  }

  /// A text's bytes, after its length at `offset`, which moves past them.
  private static func text(at offset: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<
    UInt8
  > {
    UnsafeBufferPointer(rebasing: bytes[textRange(at: &offset, in: bytes)])
  }

  /// The offset just past the row at `start`.
  private static func end(ofRowAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var offset = start + 1
    switch kind(of: bytes[start]).0 {
    case .subheader: _ = text(at: &offset, in: bytes)
    case .detail: (_, _) = (text(at: &offset, in: bytes), text(at: &offset, in: bytes))
    case .kept: _ = readNumber(at: &offset, in: bytes)
    }
    return offset
  }

  /// The row at `start` of a block, its description a slice of the block.
  private func decode(at start: Int, in block: [UInt8]) -> ReportRow {
    block.withUnsafeBufferPointer { bytes in
      var offset = start + 1
      let (kind, odd) = Self.kind(of: bytes[start])
      switch kind {
      case .subheader:
        return .subheader(title: String(decoding: Self.text(at: &offset, in: bytes), as: UTF8.self), odd: odd)
      case .detail:
        let description = Self.textRange(at: &offset, in: bytes)
        return .detail(
          description: DescriptionText(sharing: block, range: description),
          amount: String(decoding: Self.text(at: &offset, in: bytes), as: UTF8.self), odd: odd)
      case .kept:
        return distinctRows[Self.readNumber(at: &offset, in: bytes)]
      }
    }
  }
}

/// The blocks of a store read last, with where their rows start: a screen reads the same few
/// blocks again and again as it scrolls, and a block of the spool is read back once for them.
final class BlockCache: Sendable {
  private struct Entry {
    var block: Int
    var bytes: [UInt8]
    var starts: [UInt32]
  }

  /// The most recently read first.
  private let entries = Mutex<[Entry]>([])
  /// How many blocks are kept: a screen spans two at most, a search's match and a jump back
  /// two more.
  private static let capacity = 4

  /// A block read before, moved to the front.
  func block(_ block: Int) -> (bytes: [UInt8], starts: [UInt32])? {
    entries.withLock { entries in
      guard let index = entries.firstIndex(where: { $0.block == block }) else { return nil }
      let entry = entries.remove(at: index)
      entries.insert(entry, at: 0)
      return (entry.bytes, entry.starts)
    }
  }

  /// Keeps a block read, forgetting the one read longest ago when full.
  func keep(_ block: Int, bytes: [UInt8], starts: [UInt32]) {
    entries.withLock { entries in
      entries.insert(Entry(block: block, bytes: bytes, starts: starts), at: 0)
      if entries.count > Self.capacity { entries.removeLast() }
    }
  }
}
