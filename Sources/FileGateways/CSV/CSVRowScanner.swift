import ByteWords
import Entities
import UseCases

/// The fast path of reading a CSV row: one pass over the bytes of a chunk that either gives a
/// valid transaction or gives up, having changed nothing.
///
/// It is the CSV twin of ``JSONRecordScanner``, and gives up in the same spirit: at a row that
/// is not plain (a field with a line break or a stray quote, a bare carriage return, the wrong
/// number of fields, an extra column with text that is not ASCII, a row that runs past the end
/// of the chunk) or not valid by the validator's rules. ``CSVRecordDecoder`` then reads that
/// row fully, and its errors are the ones users see (decision 0022). Quoted fields, with quotes
/// written twice inside, are plain.
struct CSVRowScanner {
  private var cursor: ChunkCursor
  /// The decoder's columns, lent for one row: an array would count a reference for every row.
  private let columns: UnsafeBufferPointer<RecordField?>

  /// Creates a scanner of a chunk's unread bytes.
  ///
  /// - Parameters:
  ///   - cursor: The bytes, at a row that is not empty.
  ///   - columns: The field each column of the header holds, or `nil` for an extra column;
  ///     valid while the scanner is used.
  init(_ cursor: ChunkCursor, columns: UnsafeBufferPointer<RecordField?>) {
    self.cursor = cursor
    self.columns = columns
  }

  /// Where the scanner is: at the start of the next line, after ``validRow(into:)`` found a row.
  var end: ChunkCursor { cursor }

  private var bytes: UnsafeBufferPointer<UInt8> { cursor.bytes }
  private var position: TextPosition { cursor.position }

  /// Reads a row and its line break.
  ///
  /// - Parameter slot: Where to build the row's record.
  /// - Returns: Whether `slot` holds the valid record with its positions; `false` when the row
  ///   is not plain or not valid (then `slot` is left as it was, ``end`` means nothing, and the
  ///   caller reads the row again, fully).
  mutating func validRow(into slot: RecordSlot) -> Bool {
    // A description lent as bytes before the row proved not plain is forgotten.
    guard scanRow(into: slot) else {
      slot.forgetLentDescription()
      return false
    }
    return true
  }

  /// ``validRow(into:)``, but for a description lent as bytes when the row is not valid.
  private mutating func scanRow(into slot: RecordSlot) -> Bool {
    let start = position
    var group: (TransactionGroup, TextPosition)?
    var date: (CalendarDate, TextPosition)?
    var description: (String, TextPosition)?
    var amount: (Money, TextPosition)?
    var debitCredit: DebitCredit?
    for (index, column) in columns.enumerated() {
      let fieldStart = position
      guard let field = readField() else { return false }
      let isLast = index == columns.count - 1
      guard field.endsRow == isLast else { return false }
      switch column {
      case nil:
        guard field.isASCII else { return false }
      case .group?:
        guard let value = plainBytes(field), value.count == 1 else { return false }
        switch value[0] {
        case UInt8(ascii: "A"): group = (.authorized, fieldStart)
        case UInt8(ascii: "P"): group = (.posted, fieldStart)
        default: return false
        }
      case .date?:
        guard let text = plainBytes(field), let value = try? CalendarDate(iso8601UTF8: text) else {
          return false
        }
        date = (value, fieldStart)
      case .description?:
        if let lender = slot.descriptionLender {
          // Checked, not made a `String`: the bytes are lent with the record (decision 0043).
          guard lendText(field, to: lender) else { return false }
          description = ("", fieldStart)
        } else {
          guard let text = text(field) else { return false }
          description = (text, fieldStart)
        }
      case .amount?:
        guard let text = plainBytes(field), let value = try? Money(parsingUnsignedDecimalUTF8: text) else {
          return false
        }
        amount = (value, fieldStart)
      case .debit?:
        guard let value = plainBytes(field), value.count == 1 else { return false }
        switch value[0] {
        case UInt8(ascii: "D"): debitCredit = .debit
        case UInt8(ascii: "C"): debitCredit = .credit
        default: return false
        }
      }
    }
    guard let group, let date, let description, let amount, let debitCredit else { return false }
    slot.place(
      Transaction(
        group: group.0, date: date.0, description: description.0, amount: amount.0, debitCredit: debitCredit),
      start: start, group: group.1, amount: amount.1, date: date.1, description: description.1)
    return true
  }

  /// One field: where its content is, and what ended it.
  private struct Field {
    /// The content: the bytes between the quotes of a quoted field.
    var range: Range<Int>
    /// Whether the content holds a quote written twice, to be read as one.
    var hasDoubledQuotes: Bool
    var isASCII: Bool
    /// Whether a line break ended it (and was consumed), rather than a comma.
    var endsRow: Bool
  }

  /// The content of a field with no doubled quotes.
  private func plainBytes(_ field: Field) -> UnsafeBufferPointer<UInt8>? {
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

  /// Calls `body` with a quoted field's bytes, each doubled quote made one.
  ///
  /// The bytes are written into memory lent for the call (on the stack when they are few), not
  /// into an array: an array was a `malloc` and a `free` for each field with a doubled quote.
  private func withUnquoted<Result>(
    _ content: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { unquoted in
      var count = 0
      var previousWasQuote = false
      for byte in content {
        if byte == UInt8(ascii: "\""), previousWasQuote {
          previousWasQuote = false
          continue
        }
        previousWasQuote = byte == UInt8(ascii: "\"")
        unquoted[count] = byte
        count &+= 1
      }
      return body(UnsafeBufferPointer(rebasing: unquoted[..<count]))
    }
  }

  /// Reads a field and the comma or line break after it; `nil` when it is not plain.
  private mutating func readField() -> Field? {
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
        // Eight bytes at a time up to the first comma, line break or quote.
        if index &+ 8 <= bytes.count {
          let word = UInt64(wordAt: index, of: bytes)
          let stops =
            word.bytes(equalTo: UInt8(ascii: ",")) | word.bytes(equalTo: UInt8(ascii: "\n"))
            | word.bytes(equalTo: UInt8(ascii: "\r")) | word.bytes(equalTo: UInt8(ascii: "\""))
          let run = word.plainRun(stops: stops)
          if run.highBits != 0 { nonASCII = 0x80 }
          continuations &+= run.continuations
          index &+= run.count
          if stops == 0 { continue }
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
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
    case UInt8(ascii: ","):
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
