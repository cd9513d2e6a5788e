import Entities
import Synchronization

/// The rows of a loaded report, kept in a few bytes each and made ``ReportRow`` values only
/// when a table asks for them (`Architecture/table-view-client.md`).
///
/// A report of a million transactions is a million rows. As `ReportRow` values they take about
/// 230 bytes each, with their strings; here a detail row is one byte of kind and band, its
/// description's UTF-8 bytes after their length, and its amount as a number (a zigzag
/// variable-length integer of minor units, formatted by ``ReportText/amount(_:)`` when the row
/// is read); the other kinds keep their texts as UTF-8 the same way.
///
/// Rows lie one after the other in blocks of 1 MiB (a row is never cut between two; one larger
/// than a block has a block of its own), so that the rows grow without ever being copied, nor
/// held twice while an array doubles. A full block goes to the ``ReportRowSpool`` when there is
/// one: then memory holds, besides the block being written, only each block's first row, each
/// section's and each date block's first row (for the keys that jump from date to date), and
/// the last few blocks read (``BlockCache``), each with where its rows start. A report grows in
/// memory by a few bytes a date block, not a row.
///
/// A value: two stores are equal when they hold the same rows, in the same order, however each
/// was given (a detail row's amount as text or as a number), and wherever they are kept.
struct ReportRowStore: Hashable, Sendable {
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
  /// How many rows there are.
  private(set) var count = 0
  /// Where each section starts: at a header or a grand footer row, and at row 0.
  private(set) var sectionStarts: [Int] = []
  /// The rows that start a date block (subheaders), in order.
  private(set) var dateStarts: [Int] = []

  /// The size of a block.
  static let blockSize = 1 << 20

  private enum Kind: UInt8 {
    case header = 0
    case subheader = 1
    case detail = 2
    case detailWithMoney = 3
    case subfooter = 4
    case footer = 5
    case grandFooter = 6
    case message = 7
  }

  /// The byte of a row's kind, with its band in the high bit.
  private static let oddBit: UInt8 = 0x80

  /// An empty store.
  ///
  /// - Parameter spool: Where full blocks go; none by default, and they stay in memory.
  init(spool: (any ReportRowSpool)? = nil) {
    self.spool = spool
    spool?.removeAll()
  }

  static func == (left: Self, right: Self) -> Bool {
    left.count == right.count && (0..<left.count).allSatisfy { left.row(at: $0) == right.row(at: $0) }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for index in 0..<count { hasher.combine(row(at: index)) }
  }

  /// Keeps a row after the others.
  ///
  /// - Parameter row: The row.
  mutating func append(_ row: ReportRow) {
    switch row {
    case .header(let title):
      append(.header, odd: false, texts: [title])
    case .subheader(let title, let odd):
      append(.subheader, odd: odd, texts: [title])
    case .detail(let description, let amount, let odd):
      append(.detail, odd: odd, texts: [description.description, amount])
    case .subfooter(let odd):
      append(.subfooter, odd: odd, texts: [])
    case .footer(let total, let odd):
      append(.footer, odd: odd, texts: [total])
    case .grandFooter(let total):
      append(.grandFooter, odd: false, texts: [total])
    case .message(let text):
      append(.message, odd: false, texts: [text])
    }
  }

  /// Keeps a detail row given as its description's bytes and its amount, which is formatted
  /// when the row is read.
  ///
  /// - Parameters:
  ///   - descriptionUTF8: The description: valid UTF-8.
  ///   - amount: The signed amount.
  ///   - odd: The row's band.
  mutating func appendDetail(descriptionUTF8: UnsafeBufferPointer<UInt8>, amount: Money, odd: Bool) {
    let units = amount.minorUnits
    let zigzag = UInt64(bitPattern: (units << 1) ^ (units >> 63))
    let size =
      1 + Self.numberSize(UInt64(descriptionUTF8.count)) + descriptionUTF8.count + Self.numberSize(zigzag)
    startRow(.detailWithMoney, odd: odd, size: size)
    appendNumber(UInt64(descriptionUTF8.count))
    open.append(contentsOf: descriptionUTF8)
    appendNumber(zigzag)
  }

  /// The row at an index, from 0.
  ///
  /// - Parameter index: The row's index.
  /// - Returns: The row, or `nil` outside the rows (or in a block the spool cannot give back).
  func row(at index: Int) -> ReportRow? {
    guard index >= 0, index < count else { return nil }
    let block = block(ofRow: index)
    guard let (bytes, starts) = readBlock(block) else { return nil }
    return bytes.withUnsafeBufferPointer { Self.decode(at: Int(starts[index - firstRows[block]]), in: $0) }
  }

  // MARK: Searching block by block

  /// How many blocks of rows there are (the last may be the one being written).
  var blockCount: Int { firstRows.count }

  /// The rows of a block.
  func rows(ofBlock block: Int) -> Range<Int> {
    firstRows[block]..<(block + 1 < firstRows.count ? firstRows[block + 1] : count)
  }

  /// The block that holds a row.
  func block(ofRow index: Int) -> Int {
    Self.lastIndex(in: firstRows, atOrBelow: index)
  }

  /// How many detail rows of a block have a description that holds a text: one reading of the
  /// block, and no list of rows.
  ///
  /// - Parameters:
  ///   - needle: The text, its ASCII capitals made small.
  ///   - block: The block.
  /// - Returns: The count; 0 for a block the spool cannot give back.
  func detailCount(containing needle: [UInt8], inBlock block: Int) -> Int {
    guard let bytes = blockBytes(block) else { return 0 }
    var found = 0
    bytes.withUnsafeBufferPointer { bytes in
      var offset = 0
      while offset < bytes.count {
        if Self.description(ofRowAt: offset, in: bytes, contains: needle) { found += 1 }
        offset = Self.end(ofRowAt: offset, in: bytes)
      }
    }
    return found
  }

  /// The detail rows of one block, among `rows`, whose description holds a text, in order.
  ///
  /// - Parameters:
  ///   - needle: The text, its ASCII capitals made small.
  ///   - rows: Rows of one block.
  /// - Returns: Their indices.
  func detailRows(containing needle: [UInt8], in rows: Range<Int>) -> [Int] {
    guard let first = rows.first else { return [] }
    let block = block(ofRow: first)
    let blockRows = self.rows(ofBlock: block)
    guard let (bytes, starts) = readBlock(block) else { return [] }
    return bytes.withUnsafeBufferPointer { bytes in
      rows.clamped(to: blockRows).filter { index in
        Self.description(ofRowAt: Int(starts[index - blockRows.lowerBound]), in: bytes, contains: needle)
      }
    }
  }

  /// A block's bytes, read through: not kept in the cache (a search reads every block once).
  /// The block being written is the one after the full ones.
  private func blockBytes(_ block: Int) -> [UInt8]? {
    switch block < blocks.count ? blocks[block] : .held(open) {
    case .held(let held): return held
    case .spooled(let index): return spool?.block(index)
    }
  }

  /// A block's bytes and where each of its rows starts: a full block's from the cache, or read
  /// (from memory or the spool) and kept in it; the block being written's as it is now (it is
  /// read while the report loads, which a table does not do, and it still grows).
  private func readBlock(_ block: Int) -> (bytes: [UInt8], starts: [UInt32])? {
    let isFull = block < blocks.count
    if isFull, let cached = cache.block(block) { return cached }
    guard let bytes = blockBytes(block) else { return nil }
    var starts: [UInt32] = []
    starts.reserveCapacity(rows(ofBlock: block).count)
    bytes.withUnsafeBufferPointer { bytes in
      var offset = 0
      while offset < bytes.count {
        starts.append(UInt32(offset))
        offset = Self.end(ofRowAt: offset, in: bytes)
      }
    }
    if isFull { cache.keep(block, bytes: bytes, starts: starts) }
    return (bytes, starts)
  }

  /// The last index of sorted values whose value is at most `value` (0 when none is).
  static func lastIndex(in values: [Int], atOrBelow value: Int) -> Int {
    var low = 0
    var high = values.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if values[middle] <= value { low = middle } else { high = middle - 1 }
    }
    return low
  }

  // MARK: Writing

  private mutating func append(_ kind: Kind, odd: Bool, texts: [String]) {
    let utf8 = texts.map { Array($0.utf8) }
    let size = utf8.reduce(1) { $0 + Self.numberSize(UInt64($1.count)) + $1.count }
    startRow(kind, odd: odd, size: size)
    for text in utf8 {
      appendNumber(UInt64(text.count))
      open.append(contentsOf: text)
    }
  }

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
    if count == 0 || kind == .header || kind == .grandFooter { sectionStarts.append(count) }
    if kind == .subheader { dateStarts.append(count) }
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
  func finished() -> ReportRowStore {
    guard !open.isEmpty else { return self }
    var store = self
    store.closeBlock()
    return store
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

  /// How many bytes ``appendNumber(_:)`` writes for a number.
  private static func numberSize(_ value: UInt64) -> Int {
    var size = 1
    var rest = value
    while rest >= 0x80 {
      size += 1
      rest >>= 7
    }
    return size
  }

  // MARK: Reading

  private static func readNumber(at offset: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  private static func readLength(at offset: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    Int(truncatingIfNeeded: readNumber(at: &offset, in: bytes))
  }

  private static func kind(of byte: UInt8) -> (Kind, odd: Bool) {
    (Kind(rawValue: byte & ~oddBit) ?? .message, byte & oddBit != 0)
  }

  /// The offset just past the row at `start`.
  private static func end(ofRowAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var offset = start + 1
    switch kind(of: bytes[start]).0 {
    case .subfooter:
      break
    case .header, .subheader, .footer, .grandFooter, .message:
      offset += readLength(at: &offset, in: bytes)
    case .detail:
      offset += readLength(at: &offset, in: bytes)
      offset += readLength(at: &offset, in: bytes)
    case .detailWithMoney:
      offset += readLength(at: &offset, in: bytes)
      _ = readNumber(at: &offset, in: bytes)
    }
    return offset
  }

  private static func text(at offset: inout Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let length = readLength(at: &offset, in: bytes)
    defer { offset += length }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
  }

  private static func decode(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> ReportRow {
    var offset = start + 1
    let (kind, odd) = Self.kind(of: bytes[start])
    switch kind {
    case .header: return .header(title: Self.text(at: &offset, in: bytes))
    case .subheader: return .subheader(title: Self.text(at: &offset, in: bytes), odd: odd)
    case .detail:
      let description = Self.text(at: &offset, in: bytes)
      return .detail(
        description: DescriptionText(description), amount: Self.text(at: &offset, in: bytes), odd: odd)
    case .detailWithMoney:
      let description = Self.text(at: &offset, in: bytes)
      let zigzag = Self.readNumber(at: &offset, in: bytes)
      let units = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
      // Only an amount that was a `Money` is kept, so it is one again.
      let amount = Money(minorUnits: units).map(ReportText.amount) ?? ""
      return .detail(description: DescriptionText(description), amount: amount, odd: odd)
    case .subfooter: return .subfooter(odd: odd)
    case .footer: return .footer(total: Self.text(at: &offset, in: bytes), odd: odd)
    case .grandFooter: return .grandFooter(total: Self.text(at: &offset, in: bytes))
    case .message: return .message(Self.text(at: &offset, in: bytes))
    }
  }

  private static func description(
    ofRowAt start: Int, in bytes: UnsafeBufferPointer<UInt8>, contains needle: [UInt8]
  ) -> Bool {
    let kind = kind(of: bytes[start]).0
    guard kind == .detail || kind == .detailWithMoney else { return false }
    var offset = start + 1
    let length = readLength(at: &offset, in: bytes)
    return contains(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), needle)
  }

  /// Whether bytes hold a text, their ASCII capitals made small.
  static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    guard let first = needle.first else { return true }
    var start = 0
    while start + needle.count <= haystack.count {
      if folded(haystack[start]) == first {
        var offset = 1
        while offset < needle.count, folded(haystack[start + offset]) == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  /// A text's bytes with their ASCII capitals made small, as ``contains(_:_:)`` compares them.
  static func folded(_ bytes: [UInt8]) -> [UInt8] { bytes.map(folded) }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
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
