import Entities

/// The rows of a loaded report, kept in a few bytes each and made ``ReportRow`` values only
/// when a table asks for them (`Architecture/table-view-client.md`).
///
/// A report of a million transactions is a million rows. As `ReportRow` values they take about
/// 230 bytes each, with their strings; here a detail row is one byte of kind and band, its
/// description's UTF-8 bytes after their length, and its amount as a number (a zigzag
/// variable-length integer of minor units, formatted by ``ReportText/amount(_:)`` when the row
/// is read); the other kinds keep their texts as UTF-8 the same way. Rows lie one after the
/// other in one byte array, and every ``stride``-th row's offset is kept, so that reading a
/// row decodes at most `stride - 1` rows before it.
///
/// A value: two stores are equal when they hold the same rows, in the same order, however each
/// was given (a detail row's amount as text or as a number).
struct ReportRowStore: Hashable, Sendable {
  /// Every row's bytes, one after the other.
  private var bytes: [UInt8] = []
  /// The offset in ``bytes`` of row `k × stride`, for every `k`.
  private var checkpoints: [UInt32] = []
  /// How many rows there are.
  private(set) var count = 0
  /// Where each section starts: at a header or a grand footer row, and at row 0.
  private(set) var sectionStarts: [Int] = []
  /// The rows that start a date block (subheaders), in order.
  private(set) var dateStarts: [Int] = []

  /// How many rows lie between two kept offsets.
  static let stride = 16

  private enum Kind: UInt8 {
    case header = 0, subheader, detail, detailWithMoney, subfooter, footer, grandFooter, message
  }

  /// The byte of a row's kind, with its band in the high bit.
  private static let oddBit: UInt8 = 0x80

  init() {}

  static func == (left: Self, right: Self) -> Bool {
    guard left.count == right.count else { return false }
    if left.bytes == right.bytes { return true }
    return (0..<left.count).allSatisfy { left.row(at: $0) == right.row(at: $0) }
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
      startRow(.header, odd: false)
      append(text: title)
    case .subheader(let title, let odd):
      startRow(.subheader, odd: odd)
      append(text: title)
    case .detail(let description, let amount, let odd):
      startRow(.detail, odd: odd)
      append(text: description)
      append(text: amount)
    case .subfooter(let odd):
      startRow(.subfooter, odd: odd)
    case .footer(let total, let odd):
      startRow(.footer, odd: odd)
      append(text: total)
    case .grandFooter(let total):
      startRow(.grandFooter, odd: false)
      append(text: total)
    case .message(let text):
      startRow(.message, odd: false)
      append(text: text)
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
    startRow(.detailWithMoney, odd: odd)
    appendLength(descriptionUTF8.count)
    bytes.append(contentsOf: descriptionUTF8)
    let units = amount.minorUnits
    appendNumber(UInt64(bitPattern: (units << 1) ^ (units >> 63)))
  }

  /// The row at an index, from 0.
  ///
  /// - Parameter index: The row's index.
  /// - Returns: The row, or `nil` outside the rows.
  func row(at index: Int) -> ReportRow? {
    guard let offset = offset(of: index) else { return nil }
    return decode(at: offset)
  }

  /// Whether a detail row's description holds a text, in ASCII letters of either case.
  ///
  /// - Parameters:
  ///   - index: The row's index.
  ///   - needle: The text, its ASCII capitals made small.
  /// - Returns: `false` for a row that is not a detail row.
  func description(at index: Int, contains needle: [UInt8]) -> Bool {
    guard let offset = offset(of: index) else { return false }
    return description(atOffset: offset, contains: needle)
  }

  /// The detail rows, from the first to the last, whose description holds a text.
  ///
  /// - Parameter needle: The text, its ASCII capitals made small.
  /// - Returns: Their indices, in order.
  func detailRows(containing needle: [UInt8]) -> [Int] {
    var found: [Int] = []
    var offset = 0
    for index in 0..<count {
      if description(atOffset: offset, contains: needle) { found.append(index) }
      offset = end(ofRowAt: offset)
    }
    return found
  }

  // MARK: Writing

  private mutating func startRow(_ kind: Kind, odd: Bool) {
    if count % Self.stride == 0 {
      // A report whose rows take 4 GiB would not be held this way: it would not fit anyway.
      precondition(bytes.count <= UInt32.max, "a report of more than 4 GiB of rows")
      checkpoints.append(UInt32(bytes.count))
    }
    if count == 0 || kind == .header || kind == .grandFooter { sectionStarts.append(count) }
    if kind == .subheader { dateStarts.append(count) }
    bytes.append(kind.rawValue | (odd ? Self.oddBit : 0))
    count += 1
  }

  private mutating func append(text: String) {
    var text = text
    text.withUTF8 { utf8 in
      appendLength(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  /// A non-negative number in 7-bit groups, the lowest first, the high bit set on all but the
  /// last.
  private mutating func appendLength(_ value: Int) {
    appendNumber(UInt64(value))
  }

  private mutating func appendNumber(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  // MARK: Reading

  /// The offset of a row's first byte.
  private func offset(of index: Int) -> Int? {
    guard index >= 0, index < count else { return nil }
    var offset = Int(checkpoints[index / Self.stride])
    for _ in 0..<(index % Self.stride) { offset = end(ofRowAt: offset) }
    return offset
  }

  private func readLength(at offset: inout Int) -> Int {
    Int(truncatingIfNeeded: readNumber(at: &offset))
  }

  private func readNumber(at offset: inout Int) -> UInt64 {
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

  private func kind(at offset: Int) -> (Kind, odd: Bool) {
    let byte = bytes[offset]
    return (Kind(rawValue: byte & ~Self.oddBit) ?? .message, byte & Self.oddBit != 0)
  }

  /// The offset just past the row at `offset`.
  private func end(ofRowAt start: Int) -> Int {
    var offset = start + 1
    switch kind(at: start).0 {
    case .subfooter:
      break
    case .header, .subheader, .footer, .grandFooter, .message:
      offset += readLength(at: &offset)
    case .detail:
      offset += readLength(at: &offset)
      offset += readLength(at: &offset)
    case .detailWithMoney:
      offset += readLength(at: &offset)
      _ = readNumber(at: &offset)
    }
    return offset
  }

  private func text(at offset: inout Int) -> String {
    let length = readLength(at: &offset)
    defer { offset += length }
    return bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)]), as: UTF8.self)
    }
  }

  private func decode(at start: Int) -> ReportRow {
    var offset = start + 1
    let (kind, odd) = kind(at: start)
    switch kind {
    case .header: return .header(title: text(at: &offset))
    case .subheader: return .subheader(title: text(at: &offset), odd: odd)
    case .detail:
      let description = text(at: &offset)
      return .detail(description: description, amount: text(at: &offset), odd: odd)
    case .detailWithMoney:
      let description = text(at: &offset)
      let zigzag = readNumber(at: &offset)
      let units = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
      // Only an amount that was a `Money` is kept, so it is one again.
      let amount = Money(minorUnits: units).map(ReportText.amount) ?? ""
      return .detail(description: description, amount: amount, odd: odd)
    case .subfooter: return .subfooter(odd: odd)
    case .footer: return .footer(total: text(at: &offset), odd: odd)
    case .grandFooter: return .grandFooter(total: text(at: &offset))
    case .message: return .message(text(at: &offset))
    }
  }

  private func description(atOffset start: Int, contains needle: [UInt8]) -> Bool {
    let kind = kind(at: start).0
    guard kind == .detail || kind == .detailWithMoney else { return false }
    var offset = start + 1
    let length = readLength(at: &offset)
    return bytes.withUnsafeBufferPointer { buffer in
      Self.contains(UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)]), needle)
    }
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
