import ByteWords
import Entities

/// The fields of a CSV row on a fast path, read straight from a chunk's bytes: where each
/// field's content is, whether it is ASCII, and what ended it; `nil` at anything that is not
/// plain (a quoted field with a line break or a stray quote, a bare carriage return, a row that
/// runs past the end of the chunk). Shared by the native format's ``CSVRowScanner`` and a bank's
/// export's ``BankRowScanner``, which differ only in what a row's fields mean.
struct CSVFieldReader {
  /// Where the reader is.
  private(set) var cursor: ChunkCursor
  /// The byte between fields.
  private let delimiter: UInt8

  /// Creates a reader of a chunk's unread bytes.
  ///
  /// - Parameters:
  ///   - cursor: The bytes, at the start of a field.
  ///   - delimiter: The byte between fields.
  init(_ cursor: ChunkCursor, delimiter: UInt8) {
    self.cursor = cursor
    self.delimiter = delimiter
  }

  private var bytes: UnsafeBufferPointer<UInt8> { cursor.bytes }

  /// One field: where its content is, and what ended it.
  struct Field {
    /// The content: the bytes between the quotes of a quoted field.
    var range: Range<Int>
    /// Whether the content holds a quote written twice, to be read as one.
    var hasDoubledQuotes: Bool
    var isASCII: Bool
    /// Whether a line break ended it (and was consumed), rather than the delimiter.
    var endsRow: Bool
  }

  /// The content of a field with no doubled quotes.
  func plainBytes(_ field: Field) -> UnsafeBufferPointer<UInt8>? {
    field.hasDoubledQuotes ? nil : UnsafeBufferPointer(rebasing: bytes[field.range])
  }

  /// The text of a field, with doubled quotes made one; `nil` when it is not UTF-8.
  private func text(_ field: Field) -> String? {
    let content = UnsafeBufferPointer(rebasing: bytes[field.range])
    guard field.hasDoubledQuotes else {
      return field.isASCII
        ? String(decoding: content, as: UTF8.self) : String(exactUTF8: content)
    }
    return withUnquoted(content) { String(exactUTF8: $0) }
  }

  /// Lends a field's text to a slot that takes descriptions as bytes, checked to be UTF-8,
  /// without its doubled quotes; `false` for bytes that are not UTF-8.
  private func lendText(_ field: Field, to lender: DescriptionLender) -> Bool {
    let content = UnsafeBufferPointer(rebasing: bytes[field.range])
    guard field.hasDoubledQuotes else { return lender.lend(content, isASCII: field.isASCII) }
    return withUnquoted(content) { lender.lend($0) }
  }

  /// A field as the description of the record built in `slot`: lent as bytes when the slot's
  /// batch takes them so (decision 0043: checked as UTF-8, not made a `String`, and the
  /// transaction's own description empty), else its text; `nil` when it is not UTF-8.
  func description(_ field: Field, for slot: RecordSlot) -> String? {
    guard let lender = slot.descriptionLender else { return text(field) }
    return lendText(field, to: lender) ? "" : nil
  }

  /// Calls `body` with a field's content as its text reads: each doubled quote made one.
  func withContent<Result>(_ field: Field, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let content = UnsafeBufferPointer(rebasing: bytes[field.range])
    return field.hasDoubledQuotes ? withUnquoted(content, body) : body(content)
  }

  /// Calls `body` with a quoted field's bytes, each doubled quote made one.
  ///
  /// The bytes are written into memory lent for the call (on the stack when they are few), not
  /// into an array: an array was a `malloc` and a `free` for each field with a doubled quote.
  private func withUnquoted<Result>(
    _ content: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { unquoted in
      // The runs between quotes copied whole, each quote kept and one after it dropped: the
      // first two of three quotes in a row are one, as a byte-by-byte reading pairs them.
      let quote = UInt8(ascii: "\"")
      var (read, count) = (0, 0)
      while read < content.count {
        let next = Self.firstQuote(in: content, from: read)
        let run = next &- read
        if run > 0 {
          unquoted.baseAddress.unsafelyUnwrapped.advanced(by: count).initialize(
            from: content.baseAddress.unsafelyUnwrapped.advanced(by: read), count: run)
          count &+= run
        }
        guard next < content.count else { break }
        unquoted[count] = quote
        count &+= 1
        read = next &+ 1 < content.count && content[next &+ 1] == quote ? next &+ 2 : next &+ 1
      }
      return body(UnsafeBufferPointer(rebasing: unquoted[..<count]))
    }
  }

  /// The index of the first quote in `bytes` from `start` on, eight bytes at a time; the count
  /// of the bytes when there is none.
  private static func firstQuote(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index &+ 8 <= bytes.count {
      let quotes = UInt64(wordAt: index, of: bytes).bytes(equalTo: UInt8(ascii: "\""))
      if quotes != 0 { return index &+ quotes.firstMarkedByte }
      index &+= 8
    }
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index &+= 1 }
    return index
  }

  /// The unread bytes, from the start of the next field.
  var unread: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[cursor.offset...])
  }

  /// Whether a byte, where ``readField()`` reads a field, ends it or makes it not plain: the
  /// delimiter, a quote or a line break. A value read where it lies
  /// (``passField(ofCount:isLast:)``) holds none of them.
  ///
  /// - Parameters:
  ///   - byte: The byte.
  ///   - delimiter: The file's delimiter.
  /// - Returns: Whether it is one of those bytes.
  static func endsField(_ byte: UInt8, delimiter: UInt8) -> Bool {
    byte == delimiter || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// Passes a field whose content is the next `count` bytes, ASCII that ``readField()`` reads
  /// as they are (none of them a quote, the delimiter or a line break), when what follows them
  /// ends it as it must: a line break when it is the row's last field, else the delimiter.
  /// `false`, passing nothing, for anything else.
  ///
  /// A field of a known short form (a date, an amount, one letter) is read where it lies, and
  /// only its end looked for here: the same field ``readField()`` would give, without a look
  /// for its end at each byte of it.
  ///
  /// - Parameters:
  ///   - count: How many bytes the field has.
  ///   - isLast: Whether it is the row's last field.
  /// - Returns: Whether it was passed, with the delimiter or line break after it.
  mutating func passField(ofCount count: Int, isLast: Bool) -> Bool {
    let end = cursor.offset &+ count
    guard end < bytes.count else { return false }
    switch bytes[end] {
    case delimiter where !isLast:
      cursor.offset = end &+ 1
    case UInt8(ascii: "\n") where isLast:
      cursor.offset = end &+ 1
      cursor.startLine()
    case UInt8(ascii: "\r") where isLast:
      guard end &+ 1 < bytes.count, bytes[end &+ 1] == UInt8(ascii: "\n") else { return false }
      cursor.offset = end &+ 2
      cursor.startLine()
    default:
      return false
    }
    return true
  }

  /// Reads a field and the delimiter or line break after it; `nil` when it is not plain.
  mutating func readField() -> Field? {
    var nonASCII: UInt8 = 0
    var continuations = 0
    var hasDoubledQuotes = false
    var index = cursor.offset
    let content: Range<Int>
    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
      index += 1
      let first = index
      while true {
        // Eight bytes at a time up to the first quote or line break (see JSONRecordScanner).
        if index &+ 8 <= bytes.count {
          let word = UInt64(wordAt: index, of: bytes)
          let stops =
            word.bytes(equalTo: UInt8(ascii: "\"")) | word.bytes(equalTo: UInt8(ascii: "\n"))
            | word.bytes(equalTo: UInt8(ascii: "\r"))
          let run = word.plainRun(stops: stops)
          if run.highBits != 0 { nonASCII = 0x80 }
          continuations &+= run.continuations
          index &+= run.count
          if stops == 0 { continue }
        }
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          guard index + 1 < bytes.count else { return nil }
          guard bytes[index + 1] == UInt8(ascii: "\"") else { break }
          hasDoubledQuotes = true
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
        nonASCII |= byte & 0x80
        continuations &+= byte & 0xC0 == 0x80 ? 1 : 0
        index += 1
      }
      content = first..<index
      index += 1
    } else {
      let first = index
      while index < bytes.count {
        // Eight bytes at a time up to the first delimiter, line break or quote.
        if index &+ 8 <= bytes.count {
          let word = UInt64(wordAt: index, of: bytes)
          let stops =
            word.bytes(equalTo: delimiter) | word.bytes(equalTo: UInt8(ascii: "\n"))
            | word.bytes(equalTo: UInt8(ascii: "\r")) | word.bytes(equalTo: UInt8(ascii: "\""))
          let run = word.plainRun(stops: stops)
          if run.highBits != 0 { nonASCII = 0x80 }
          continuations &+= run.continuations
          index &+= run.count
          if stops == 0 { continue }
        }
        let byte = bytes[index]
        if byte == delimiter || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
        if byte == UInt8(ascii: "\"") { return nil }
        nonASCII |= byte & 0x80
        continuations &+= byte & 0xC0 == 0x80 ? 1 : 0
        index += 1
      }
      content = first..<index
    }
    // The bytes end at the chunk's end or the record's limit: a row that reaches it is read fully.
    guard index < bytes.count else { return nil }
    let endsRow: Bool
    switch bytes[index] {
    case delimiter:
      endsRow = false
      index += 1
    case UInt8(ascii: "\n"):
      endsRow = true
      index += 1
    case UInt8(ascii: "\r"):
      guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else { return nil }
      endsRow = true
      index += 2
    default:
      return nil
    }
    cursor.offset = index
    cursor.skipColumns(continuations)
    if endsRow { cursor.startLine() }
    return Field(range: content, hasDoubledQuotes: hasDoubledQuotes, isASCII: nonASCII == 0, endsRow: endsRow)
  }
}
