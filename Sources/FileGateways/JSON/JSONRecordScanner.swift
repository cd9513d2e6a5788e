import ByteWords
import Entities
import UseCases

/// The fast path of reading a JSON record: one pass over the bytes of a chunk that either gives
/// a valid transaction or gives up, having changed nothing.
///
/// Most records in a real file are plain: the five keys once each, strings without escapes,
/// valid values. The scanner reads such a record straight from the chunk that ``ByteInput``
/// holds, with no `String` for any value but the description, no ``RawRecord``, no line and
/// column kept per byte, and checks its values with the same rules the ``RecordValidator``
/// applies (the parsers of Entities, called on the bytes). Escapes are plain in a description
/// (where quotes and accents written as `\"` and `\u00e9` are common) and nowhere else. It gives
/// up, returning `nil`, at the first thing that is not plain: an unknown or repeated key, a
/// missing field, an escape outside a description or one that is not valid, a
/// value that breaks a rule, bytes that are not UTF-8, a record that runs past the end of the
/// chunk or the limit of a record (``ByteInput/readQuickly(_:)`` gives the bytes up to the
/// nearer), a line feed in an NDJSON record. The full ``JSONRecordParser`` then reads that record
/// from its start, and its errors are the ones users see; so the fast path changes the speed of
/// valid records and nothing else (decision 0022).
///
/// Positions are counted only where a value starts, by a ``ChunkCursor``.
struct JSONRecordScanner {
  private var cursor: ChunkCursor
  private let isLineBound: Bool

  /// Creates a scanner of a chunk's unread bytes.
  ///
  /// - Parameters:
  ///   - cursor: The bytes, at a record's `{`.
  ///   - isLineBound: Whether the record must end on its line (NDJSON).
  init(_ cursor: ChunkCursor, isLineBound: Bool) {
    self.cursor = cursor
    self.isLineBound = isLineBound
  }

  /// Where the scanner is: past the record, after ``validRecord(into:)`` found one.
  var end: ChunkCursor { cursor }

  private var bytes: UnsafeBufferPointer<UInt8> { cursor.bytes }
  private var position: TextPosition { cursor.position }
  private var offset: Int {
    get { cursor.offset }
    set { cursor.offset = newValue }
  }

  /// Reads a record from its `{` to its `}`, and builds it in `slot` when it is valid.
  ///
  /// - Parameters:
  ///   - slot: Where to build the record.
  ///   - shape: The shape of the records read before (``JSONRecordShape``): the record is read by
  ///     it first when it is known, and the general way when it is not or the record differs;
  ///     a record read the general way leaves its own shape.
  /// - Returns: Whether `slot` holds the valid record with its positions; `false` when the
  ///   record is not plain or not valid (then `slot` is left as it was, ``end`` means nothing,
  ///   and the caller reads the record again, fully).
  mutating func validRecord(into slot: RecordSlot, shape: inout JSONRecordShape) -> Bool {
    if shape.isKnown {
      let start = cursor
      if scanRecord(shapedAs: &shape, into: slot) { return true }
      slot.forgetLentDescription()
      cursor = start
    }
    let start = offset
    var values = JSONRecordShape.Values()
    guard scanRecord(into: slot, noting: &values) else {
      // A description lent as bytes before the record proved not plain is forgotten.
      slot.forgetLentDescription()
      return false
    }
    shape.learn(from: bytes, start: start, end: offset, values: values)
    return true
  }

  /// ``validRecord(into:shape:)``, the general way: each key looked up, the bytes
  /// between tokens skipped one at a time; the place of each value noted in `values`.
  private mutating func scanRecord(into slot: RecordSlot, noting values: inout JSONRecordShape.Values) -> Bool
  {
    let lender = slot.descriptionLender
    let start = position
    offset += 1
    var fields = Fields()
    guard skipWhitespace() else { return false }
    while true {
      guard byte == UInt8(ascii: "\""), let field = key(), skipWhitespace(), byte == UInt8(ascii: ":")
      else { return false }
      offset += 1
      guard skipWhitespace() else { return false }
      let valueStart = offset
      guard readValue(of: field, into: &fields, lendingTo: lender) else { return false }
      values.note(field, from: valueStart, to: offset)
      guard skipWhitespace() else { return false }
      switch byte {
      case UInt8(ascii: ","):
        offset += 1
        guard skipWhitespace() else { return false }
      case UInt8(ascii: "}"):
        offset += 1
        return fields.place(start: start, in: slot)
      default:
        return false
      }
    }
  }

  /// ``validRecord(into:shape:)`` by the shape of the record before: the bytes between
  /// the values compared with the shape's, each value read where they end; `false` when the
  /// record differs from the shape, or is not valid (a description may have been lent).
  ///
  /// The shape is `inout` so that it is read where the parser keeps it, not copied for the call
  /// (it is about two hundred bytes, and copies of it were a fifth of the reader's samples); it
  /// changes only to count the record read.
  private mutating func scanRecord(shapedAs shape: inout JSONRecordShape, into slot: RecordSlot) -> Bool {
    let lender = slot.descriptionLender
    let start = position
    var fields = Fields()
    // Each literal read where the shape keeps it (a copy of them all would be two hundred bytes).
    guard readValue(after: shape.literals.0, of: shape.fields.0, into: &fields, lendingTo: lender),
      readValue(after: shape.literals.1, of: shape.fields.1, into: &fields, lendingTo: lender),
      readValue(after: shape.literals.2, of: shape.fields.2, into: &fields, lendingTo: lender),
      readValue(after: shape.literals.3, of: shape.fields.3, into: &fields, lendingTo: lender),
      readValue(after: shape.literals.4, of: shape.fields.4, into: &fields, lendingTo: lender),
      shape.literals.5.isWritten(in: bytes, at: offset)
    else { return false }
    offset &+= shape.literals.5.count
    guard fields.place(start: start, in: slot) else { return false }
    shape.countRecordRead()
    return true
  }

  /// Reads a value of `field` where the bytes `literal` holds end, when they are written at
  /// ``offset``; `false` when they are not, or the value is not plain or not valid.
  @inline(__always)
  private mutating func readValue(
    after literal: JSONRecordShape.Literal, of field: RecordField, into fields: inout Fields,
    lendingTo lender: DescriptionLender?
  ) -> Bool {
    guard literal.isWritten(in: bytes, at: offset) else { return false }
    offset &+= literal.count
    return readValue(of: field, into: &fields, lendingTo: lender)
  }

  // MARK: Fields

  /// The values read so far, each already checked.
  private struct Fields {
    var group: (TransactionGroup, TextPosition)?
    var date: (CalendarDate, TextPosition)?
    /// The description and where it starts; an empty one when its bytes are lent
    /// (``DescriptionLender``).
    var description: (String, TextPosition)?
    var amount: (Money, TextPosition)?
    var debitCredit: DebitCredit?

    /// Builds the record in `slot`, or says that a field is missing.
    ///
    /// The description is moved into the record, not copied: a copy would count one more
    /// reference to it, then release the one these fields held.
    ///
    /// - Parameters:
    ///   - start: Where the record starts.
    ///   - slot: Where to build it.
    /// - Returns: Whether the record was built.
    mutating func place(start: TextPosition, in slot: RecordSlot) -> Bool {
      guard let group, let date, let amount, let debitCredit, let description = description.take() else {
        return false
      }
      slot.place(
        Transaction(
          group: group.0, date: date.0, description: description.0, amount: amount.0, debitCredit: debitCredit
        ),
        start: start, group: group.1, amount: amount.1, date: date.1, description: description.1)
      return true
    }
  }

  /// Reads the value of a field and checks it; `false` when it is not plain or not valid, or
  /// the field was already read.
  private mutating func readValue(
    of field: RecordField, into fields: inout Fields, lendingTo lender: DescriptionLender?
  ) -> Bool {
    let start = position
    switch field {
    case .group:
      guard fields.group == nil, let letter = oneLetter() else { return false }
      switch letter {
      case UInt8(ascii: "A"): fields.group = (.authorized, start)
      case UInt8(ascii: "P"): fields.group = (.posted, start)
      default: return false
      }
    case .date:
      guard fields.date == nil else { return false }
      // A valid date is ten digits and dashes: read them in place when a quote follows.
      if byte == UInt8(ascii: "\""), offset &+ 11 < bytes.count, bytes[offset &+ 11] == UInt8(ascii: "\""),
        let date = try? CalendarDate(iso8601UTF8: slice(offset &+ 1..<offset &+ 11))
      {
        offset &+= 12
        fields.date = (date, start)
        return true
      }
      guard let text = string(), !text.hasEscapes,
        let date = try? CalendarDate(iso8601UTF8: slice(text.range))
      else { return false }
      fields.date = (date, start)
    case .description:
      guard fields.description == nil, let text = string() else { return false }
      if let lender {
        // Checked, not made a `String`: the bytes are lent with the record (decision 0043).
        guard lend(text, to: lender) else { return false }
        fields.description = ("", start)
      } else if text.hasEscapes {
        guard let decoded = unescaped(text.range) else { return false }
        fields.description = (decoded, start)
      } else if text.isASCII {
        fields.description = (String(decoding: slice(text.range), as: UTF8.self), start)
      } else {
        guard let decoded = String(exactUTF8: slice(text.range)) else { return false }
        fields.description = (decoded, start)
      }
    case .amount:
      guard fields.amount == nil else { return false }
      // An amount is nearly always written as digits, a point and two more: read them in
      // place when the closing quote follows, without first looking for the string's end.
      if byte == UInt8(ascii: "\""),
        let (amount, count) = Money.twoDecimals(atStartOf: slice(offset &+ 1..<bytes.count)),
        offset &+ 1 &+ count < bytes.count, bytes[offset &+ 1 &+ count] == UInt8(ascii: "\"")
      {
        offset &+= count &+ 2
        fields.amount = (amount, start)
        return true
      }
      let digits: Range<Int>
      if byte == UInt8(ascii: "\"") {
        guard let text = string(), !text.hasEscapes else { return false }
        digits = text.range
      } else {
        guard let number = plainNumber() else { return false }
        digits = number
      }
      guard let amount = try? Money(parsingUnsignedDecimalUTF8: slice(digits)) else { return false }
      fields.amount = (amount, start)
    case .debit:
      guard fields.debitCredit == nil, let letter = oneLetter() else { return false }
      switch letter {
      case UInt8(ascii: "D"): fields.debitCredit = .debit
      case UInt8(ascii: "C"): fields.debitCredit = .credit
      default: return false
      }
    }
    return true
  }

  // MARK: Tokens

  /// Reads a string of one printable ASCII byte other than the backslash, such as `"A"`;
  /// `nil`, reading nothing, for any other string (none of them is a valid group or flag).
  private mutating func oneLetter() -> UInt8? {
    guard offset &+ 2 < bytes.count, bytes[offset] == UInt8(ascii: "\""),
      bytes[offset &+ 2] == UInt8(ascii: "\"")
    else { return nil }
    let letter = bytes[offset &+ 1]
    guard (0x20..<0x7F).contains(letter), letter != UInt8(ascii: "\\") else { return nil }
    offset &+= 3
    return letter
  }

  /// The byte at ``offset``, or `nil` past the end of the chunk.
  private var byte: UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[range])
  }

  /// Skips spaces, tabs, carriage returns and (unless line-bound) line feeds; `false` when the
  /// chunk ends or an NDJSON line does.
  private mutating func skipWhitespace() -> Bool {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0D:
        offset += 1
      case 0x0A:
        guard !isLineBound else { return false }
        offset += 1
        cursor.startLine()
      default:
        return true
      }
    }
    return false
  }

  /// Reads a key and names its field; `nil` for any other key, or one with an escape.
  private mutating func key() -> RecordField? {
    // The five keys as they are nearly always written, each with its closing quote, compared
    // as one or two words straight after the opening quote: the quote, then eight bytes, then
    // four (`ion"`), all inside the chunk.
    if offset &+ 13 <= bytes.count {
      let word = UInt64(wordAt: offset &+ 1, of: bytes)
      let found: (field: RecordField, count: Int)? =
        if word & UInt64(firstBytes: 5) == Self.dateQuote {
          (.date, 5)
        } else if word & UInt64(firstBytes: 6) == Self.groupQuote {
          (.group, 6)
        } else if word & UInt64(firstBytes: 6) == Self.debitQuote {
          (.debit, 6)
        } else if word & UInt64(firstBytes: 7) == Self.amountQuote {
          (.amount, 7)
        } else if word == Self.descript
          && UInt64(halfWordAt: offset &+ 9, of: bytes) == Self.ionQuote
        {
          (.description, 12)
        } else {
          nil
        }
      if let found {
        offset &+= 1 &+ found.count
        return found.field
      }
    }
    guard let text = string(), text.isASCII, !text.hasEscapes else { return nil }
    let start = text.range.lowerBound
    switch text.range.count {
    case 4 where word(at: start, count: 4) == Self.date: return .date
    case 5 where word(at: start, count: 5) == Self.group: return .group
    case 5 where word(at: start, count: 5) == Self.debit: return .debit
    case 6 where word(at: start, count: 6) == Self.amount: return .amount
    case 11 where word(at: start, count: 8) == Self.descript && word(at: start + 8, count: 3) == Self.ion:
      return .description
    default: return nil
    }
  }

  /// Up to eight bytes from an offset as one number, the first byte lowest, so that a key is
  /// compared in one or two steps.
  private func word(at start: Int, count: Int) -> UInt64 {
    var word: UInt64 = 0
    for index in (start..<start + count).reversed() { word = word << 8 | UInt64(bytes[index]) }
    return word
  }

  /// The five keys with their closing quotes, as `UInt64(wordAt:of:)` reads them
  /// (`JSONRecordScannerTests` checks each against its text): `date"`, `group"`, `debit"`,
  /// `amount"`, and `description"` as `descript` and `ion"`.
  static var dateQuote: UInt64 { 0x22_6574_6164 }
  static var groupQuote: UInt64 { 0x2270_756F_7267 }
  static var debitQuote: UInt64 { 0x2274_6962_6564 }
  static var amountQuote: UInt64 { 0x22_746E_756F_6D61 }
  static var descript: UInt64 { 0x7470_6972_6373_6564 }
  static var ionQuote: UInt64 { 0x226E_6F69 }

  /// The words of the five keys, as ``word(at:count:)`` reads them.
  private static let (date, group, debit, amount, ion) = (
    literalWord("date"), literalWord("group"), literalWord("debit"), literalWord("amount"), literalWord("ion")
  )

  private static func literalWord(_ text: StaticString) -> UInt64 {
    text.withUTF8Buffer { bytes in bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) } }
  }

  /// Reads a string at its opening quote; `nil` when no quote opens one here, or it holds a
  /// control character or runs past the chunk. Neither the bytes (are they UTF-8?) nor the escapes (do they exist?) are checked
  /// here: only the string's end is found, skipping the byte after each backslash.
  ///
  /// - Returns: The range of the bytes between the quotes, whether they are all ASCII, and
  ///   whether they hold a backslash.
  private mutating func string() -> (range: Range<Int>, isASCII: Bool, hasEscapes: Bool)? {
    guard byte == UInt8(ascii: "\"") else { return nil }
    let first = offset + 1
    var index = first
    var nonASCII = 0
    var continuations = 0
    var hasEscapes = false
    while index < bytes.count {
      // Eight bytes at a time: those before the first that ends the string, escapes or is a
      // control are passed at once; that one is read below, a byte at a time.
      if index &+ 8 <= bytes.count {
        let word = UInt64(wordAt: index, of: bytes)
        let stops = word.quotesBackslashesAndControls
        let run = word.plainRun(stops: stops)
        nonASCII |= Int(truncatingIfNeeded: run.highBits)
        continuations &+= run.continuations
        index &+= run.count
        if stops == 0 { continue }
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        offset = index + 1
        cursor.skipColumns(continuations)
        return (first..<index, nonASCII == 0, hasEscapes)
      }
      if byte < 0x20 { return nil }
      if byte == UInt8(ascii: "\\") {
        // The escaped byte cannot end the string; a raw control or one outside ASCII after a
        // backslash is an error the full parser words.
        guard index + 1 < bytes.count, (0x20..<0x80).contains(bytes[index + 1]) else { return nil }
        hasEscapes = true
        index += 2
        continue
      }
      nonASCII |= Int(byte & 0x80)
      continuations &+= byte & 0xC0 == 0x80 ? 1 : 0
      index += 1
    }
    return nil
  }

  /// Lends a string's bytes, its escapes decoded, when they are UTF-8 (decision 0043); `false`
  /// when they are not, or an escape is not valid.
  ///
  /// Out of line: ``readValue(of:into:lendingTo:)`` is read for every field of every record,
  /// and this only for its description.
  @inline(never)
  private func lend(
    _ text: (range: Range<Int>, isASCII: Bool, hasEscapes: Bool), to lender: DescriptionLender
  ) -> Bool {
    guard text.hasEscapes else { return lender.lend(slice(text.range), isASCII: text.isASCII) }
    return withUnescaped(text.range) { lender.lend($0) } ?? false
  }

  /// The text of a string's bytes with its escapes decoded; `nil` for an escape JSON does not
  /// have, a `\u` without four hexadecimal digits, a surrogate escape not in a pair, or bytes
  /// that are not UTF-8.
  private func unescaped(_ range: Range<Int>) -> String? {
    withUnescaped(range) { String(exactUTF8: $0) } ?? nil
  }

  /// Calls `body` with the bytes of a string, its escapes decoded, not yet checked to be UTF-8;
  /// `nil` for an escape JSON does not have, a `\u` without four hexadecimal digits, or a
  /// surrogate escape not in a pair.
  ///
  /// The bytes are decoded into memory lent for the call (on the stack when they are few), not
  /// into an array: an array was a `malloc` and a `free` for each description with an escape,
  /// about a tenth of the bench's records.
  private func withUnescaped<Result>(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    // No escape decodes to more bytes than it is written with.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { buffer in
      guard let count = unescape(range, into: buffer) else { return nil }
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Decodes the escapes of a string's bytes into `text`, which has room for as many bytes as
  /// the string; `nil` for an escape that is not valid (see ``withUnescaped(_:_:)``).
  ///
  /// - Returns: How many bytes were written.
  private func unescape(_ range: Range<Int>, into text: UnsafeMutableBufferPointer<UInt8>) -> Int? {
    var count = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        text[count] = byte
        count &+= 1
        index += 1
        continue
      }
      // `string()` made sure that a byte follows each backslash inside the range.
      let escaped = bytes[index + 1]
      index += 2
      if let character = JSONRecordParser.oneLetterEscape(escaped) {
        text[count] = character
        count &+= 1
        continue
      }
      guard escaped == UInt8(ascii: "u"), let unit = hexCodeUnit(at: index, before: range.upperBound) else {
        return nil
      }
      index += 4
      var scalar = unit
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 1 < range.upperBound, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u"),
          let low = hexCodeUnit(at: index + 2, before: range.upperBound), (0xDC00...0xDFFF).contains(low)
        else { return nil }
        index += 6
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      case 0xDC00...0xDFFF:
        return nil
      default:
        break
      }
      UTF8Text.write(scalar, into: text, at: &count)
    }
    return count
  }

  /// The UTF-16 code unit of the four hexadecimal digits at an offset, or `nil`.
  private func hexCodeUnit(at start: Int, before end: Int) -> UInt32? {
    guard start + 4 <= end else { return nil }
    var unit: UInt32 = 0
    for index in start..<start + 4 {
      guard let digit = JSONRecordParser.hexValue(bytes[index]) else { return nil }
      unit = unit << 4 | digit
    }
    return unit
  }

  /// Reads a JSON number that is an unsigned decimal with at most two fraction digits
  /// (`0`, `12`, `3.5`, `3.50`); `nil` for any other number, such as `-1`, `1e3` or `012`.
  private mutating func plainNumber() -> Range<Int>? {
    let first = offset
    var index = offset
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        index += 1
      }
      return index - start
    }
    let whole = digits()
    guard whole > 0, whole == 1 || bytes[first] != UInt8(ascii: "0"), index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard (1...2).contains(digits()), index < bytes.count else { return nil }
    }
    switch bytes[index] {
    case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
      return nil
    default:
      offset = index
      return first..<index
    }
  }
}
