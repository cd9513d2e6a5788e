import BankFormats
import BankReading
import ByteWords
import Entities
import UseCases

/// The fast path of a bank's CSV export, once its reading holds: one pass over a row's bytes
/// that either gives the transaction the full reading would give, or gives up, having changed
/// nothing (decision 0022, as ``CSVRowScanner`` does for the native format).
///
/// It reads only what needs no rule across a row's text: a row of exactly the header's fields,
/// each plain, without spaces around it, none of them possibly a label of a balance, a total or
/// a summary (``BankWords/mayBeLabel(utf8:)``, which the full reading asks first too); a date in
/// the reading's layout that starts with a digit; an amount written the plainest way
/// (``WrittenAmount/init(plainUTF8:decimalMark:)``); a status that says a group. A date at full
/// width, such an amount and a status read before are read where they lie, and only their ends
/// looked for (``CSVFieldReader/passField(ofCount:isLast:)``), where no byte of them could end a
/// field. Anything else,
/// and every row of a reading with a rule it does not follow (``Layout``), goes the full way
/// (``CSVRecordDecoder/readBankRow()``), whose checks and errors are the ones users see.
struct BankRowScanner {
  /// What a reading's rows need on the fast path, decided once from the reading: `nil` for a
  /// reading with a rule that only the full reading follows (a running balance, an account, a
  /// currency column, a fee, a code, debit or credit column, several description columns, a
  /// row shape other than the header's, text to convert).
  ///
  /// A class, made once for a reading: each row's scanner refers to it, where copying a value
  /// with arrays in it counted references to each of them for every row.
  final class Layout {
    /// What a column holds.
    enum Column: UInt8 {
      case date
      case description
      case amount
      /// The group, by a status (`Pending`, `Gebucht`) or a group's code.
      case status
      /// A column the record does not read; still checked for a label.
      case other
    }

    /// The kind of each column, four bits each from the lowest, as ``column(_:)`` reads them.
    private let packedColumns: UInt64
    /// How many columns a row has: at most 16.
    let columnCount: Int
    let delimiter: UInt8
    let dateLayout: DateLayout
    /// The places of a date at full width in ``dateLayout``, read first.
    private let fixedWidthDate: FixedWidthDate?
    let decimalMark: DecimalMark
    /// Whether a positive amount is a debit (`CSVReading.Signs.signed`).
    let debitsPositive: Bool
    /// The group of a row without a status, outside a section that says one.
    let group: TransactionGroup
    /// Whether an amount without cents may be one that an unquoted comma cut in two (a comma
    /// for the delimiter, a point for the decimal mark, cents in the file's amounts): such an
    /// amount is left to the full reading, which says so.
    let wholeAmountsMayBeCut: Bool
    /// Whether the rows' sums are kept to prove a summary row (``SummaryRowProof``): when the
    /// reading has not decided the summary rows another way.
    let provesSummaryRows: Bool
    /// The full-width date read where it lies (``dateInPlace(atStartOf:)``): ``fixedWidthDate``
    /// when none of its separators could end a field, else `nil`.
    private let fixedWidthDateInPlace: FixedWidthDate?
    /// Whether an amount is read where it lies (``amountInPlace(atStartOf:)``): when the decimal
    /// mark does not end a field, and no whole amount may be one cut in two.
    private let readsAmountsInPlace: Bool

    /// The layout of a reading, or `nil` when the fast path does not read its rows.
    ///
    /// - Parameters:
    ///   - reading: The reading.
    ///   - roles: The role of each of the header's columns.
    ///   - group: The group of a row without a status, outside a section that says one.
    init?(reading: CSVReading, roles: [CSVColumnRole?], group: TransactionGroup) {
      let columns = reading.columns
      guard roles.count <= 16, reading.text.encoding.value == .utf8,
        reading.text.carriageReturnLines.value == .lineFeeds,
        case .signed(let debitsPositive) = reading.signs.value,
        columns.descriptions.count == 1, columns.counterparty == nil, columns.amountInDoubt.isEmpty,
        // The file's one currency (a header's `Betrag (EUR)`) is checked only against currency
        // columns and amounts written with a currency: a plain amount has none.
        columns.crossCheckedAmount == nil, columns.currencies.isEmpty, reading.account == nil,
        reading.typeColumn == nil, reading.balanceOrder.value == nil,
        reading.extraEmptyFields.value == 0, reading.unnamedEndColumns.value == 0,
        !reading.joinsExtraFields.value
      else { return nil }
      var kinds: [Column] = []
      for (index, role) in roles.enumerated() {
        switch role {
        case nil: kinds.append(.other)
        case .date?: kinds.append(.date)
        case .description?:
          guard columns.descriptions == [index] else { return nil }
          kinds.append(.description)
        case .amount?: kinds.append(.amount)
        case .group?: kinds.append(.status)
        case .code?, .debit?, .credit?, .balance?, .account?, .fee?: return nil
        }
      }
      guard kinds.contains(.date), kinds.contains(.description), kinds.contains(.amount) else { return nil }
      packedColumns = kinds.enumerated().reduce(0) { $0 | UInt64($1.element.rawValue) << (4 * $1.offset) }
      columnCount = kinds.count
      delimiter = reading.delimiter.value.byte
      dateLayout = reading.dateLayout.value
      fixedWidthDate = dateLayout.fixedWidth
      decimalMark = reading.decimalMark.value
      self.debitsPositive = debitsPositive
      self.group = group
      wholeAmountsMayBeCut =
        delimiter == UInt8(ascii: ",") && decimalMark == .point
        && reading.decimalMark.evidence.words.contains("has cents")
      provesSummaryRows = reading.summaryRows.value == nil
      let delimiter = delimiter
      fixedWidthDateInPlace = fixedWidthDate.flatMap { date in
        date.separatorBytes.contains { CSVFieldReader.endsField($0, delimiter: delimiter) } ? nil : date
      }
      readsAmountsInPlace =
        !wholeAmountsMayBeCut && !CSVFieldReader.endsField(decimalMark.byte, delimiter: delimiter)
    }

    /// A date at full width at the start of a row's unread bytes, read where it lies, and its
    /// length; `nil` when the bytes start otherwise. What follows is the caller's to check
    /// (``CSVFieldReader/passField(ofCount:isLast:)``): then it is the date that ``date(_:)``
    /// reads from the field, and the checks of any value pass (it starts and ends with a digit,
    /// so it has no space around it and is no label; its separators are the layout's).
    ///
    /// - Parameter bytes: The row's bytes from the field on.
    /// - Returns: The date and its length.
    func dateInPlace(atStartOf bytes: UnsafeBufferPointer<UInt8>) -> (CalendarDate, count: Int)? {
      guard let fixed = fixedWidthDateInPlace, bytes.count > fixed.count,
        bytes[0] &- UInt8(ascii: "0") < 10, bytes[fixed.count - 1] &- UInt8(ascii: "0") < 10,
        let numbers = fixed.numbers(utf8: UnsafeBufferPointer(rebasing: bytes[..<fixed.count])),
        let date = try? CalendarDate(year: numbers.year, month: numbers.month, day: numbers.day)
      else { return nil }
      return (date, fixed.count)
    }

    /// An amount written the plainest way at the start of a row's unread bytes, read where it
    /// lies (``WrittenAmount/plainParts(atStartOf:decimalMark:)``), and its length; `nil` when
    /// the bytes start otherwise or with `+` (which the check for a label does not pass at once).
    /// What follows is the caller's to check, as for ``dateInPlace(atStartOf:)``.
    ///
    /// - Parameter bytes: The row's bytes from the field on.
    /// - Returns: The amount's magnitude, whether it is negative, and its length.
    func amountInPlace(atStartOf bytes: UnsafeBufferPointer<UInt8>) -> (
      magnitude: Money, isNegative: Bool, count: Int
    )? {
      guard readsAmountsInPlace, let first = bytes.first, first != UInt8(ascii: "+") else { return nil }
      return WrittenAmount.plainParts(atStartOf: bytes, decimalMark: decimalMark)
    }

    /// The date a row's value writes in the reading's layout, read at full width when it is
    /// written so (nearly every row), else as the layout reads it; `nil` for no real date.
    ///
    /// - Parameter text: The value's bytes.
    /// - Returns: The date.
    func date(_ text: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
      if let numbers = fixedWidthDate?.numbers(utf8: text) {
        return try? CalendarDate(year: numbers.year, month: numbers.month, day: numbers.day)
      }
      return try? CalendarDate(utf8: text, layout: dateLayout)
    }

    /// What the column at `index` holds; `index` is less than ``columnCount``.
    @inline(__always)
    func column(_ index: Int) -> Column {
      Column(rawValue: UInt8(truncatingIfNeeded: packedColumns >> (4 * index)) & 0xF) ?? .other
    }
  }

  /// The statuses a file's rows have said, with their groups: a handful of words (`Gebucht`,
  /// `Vorgemerkt`) that every row writes again, read once each.
  struct Statuses {
    /// Each status read, its group, and whether a field can be read in place as it
    /// (``knownGroup(inPlaceOf:isLast:)``): when none of its bytes ends a field.
    private var known: [(text: [UInt8], group: TransactionGroup, readsInPlace: Bool)] = []
    /// The statuses of ``known`` read in place that have at most sixteen bytes, as two words
    /// (``ByteWords``: the first byte lowest, zeros after the last) and the masks of their
    /// bytes: a row's status is then told by two comparisons of words, without a reference to
    /// an array counted for each status tried.
    private var packed:
      [(words: (UInt64, UInt64), masks: (UInt64, UInt64), count: Int, group: TransactionGroup)] =
        []
    /// Whether a status of ``known`` read in place is longer than sixteen bytes.
    private var hasLongInPlace = false

    /// The group a status's bytes say, as ``BankWords/status(of:)`` reads them; `nil` for
    /// bytes that say no group.
    ///
    /// - Parameters:
    ///   - bytes: The status's bytes.
    ///   - delimiter: The file's delimiter.
    /// - Returns: The group.
    mutating func group(of bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> TransactionGroup? {
      if let group = knownGroup(of: bytes) { return group }
      guard case .group(let code)? = BankWords.status(of: String(decoding: bytes, as: UTF8.self)) else {
        return nil
      }
      let group: TransactionGroup = code == .authorized ? .authorized : .posted
      if known.count < 8 {
        let readsInPlace = !bytes.contains { CSVFieldReader.endsField($0, delimiter: delimiter) }
        known.append((Array(bytes), group, readsInPlace))
        if readsInPlace && bytes.count > 16 { hasLongInPlace = true }
        if readsInPlace && bytes.count <= 16 {
          let word = { (offset: Int) in
            bytes.count - offset >= 8
              ? UInt64(wordAt: offset, of: bytes) : UInt64(tailAt: offset, of: bytes, filler: 0)
          }
          let masks = (UInt64(firstBytes: bytes.count), UInt64(firstBytes: max(0, bytes.count - 8)))
          packed.append(((word(0), word(8)), masks, bytes.count, group))
        }
      }
      return group
    }

    /// The group of a status read before, exactly as these bytes write it; `nil` for one not
    /// read before.
    func knownGroup(of bytes: UnsafeBufferPointer<UInt8>) -> TransactionGroup? {
      known.first { entry in entry.text.withUnsafeBufferPointer { $0.hasSameBytes(as: bytes) } }?.group
    }

    /// The group of a status read before that a row's unread bytes start with, when the field
    /// ends right after it (``CSVFieldReader/passField(ofCount:isLast:)``, which then passes it);
    /// `nil`, passing nothing, for any other field.
    ///
    /// - Parameters:
    ///   - fields: The row's fields, at the status.
    ///   - isLast: Whether the status is the row's last field.
    /// - Returns: The group.
    func knownGroup(inPlaceOf fields: inout CSVFieldReader, isLast: Bool) -> TransactionGroup? {
      let unread = fields.unread
      if unread.count >= 16 {
        let (first, second) = (UInt64(wordAt: 0, of: unread), UInt64(wordAt: 8, of: unread))
        for entry in packed
        where first & entry.masks.0 == entry.words.0 && second & entry.masks.1 == entry.words.1 {
          if fields.passField(ofCount: entry.count, isLast: isLast) { return entry.group }
        }
        // Each status read in place was tried, unless one is longer than two words.
        guard hasLongInPlace else { return nil }
      }
      for entry in known where entry.readsInPlace && entry.text.count < unread.count {
        let matches = entry.text.withUnsafeBufferPointer {
          $0.hasSameBytes(as: UnsafeBufferPointer(rebasing: unread[..<$0.count]))
        }
        if matches, fields.passField(ofCount: entry.text.count, isLast: isLast) { return entry.group }
      }
      return nil
    }
  }

  // The layout is not kept here but lent to each call: a scanner is made for every row, and
  // keeping the layout counted a reference to it and gave it back, a row at a time.
  private var fields: CSVFieldReader

  /// Creates a scanner of a chunk's unread bytes.
  ///
  /// - Parameters:
  ///   - cursor: The bytes, at a row that is not empty.
  ///   - delimiter: What separates the fields (``Layout/delimiter``).
  init(_ cursor: ChunkCursor, delimiter: UInt8) {
    self.fields = CSVFieldReader(cursor, delimiter: delimiter)
  }

  /// Where the scanner is: at the start of the next line, after ``validRow(into:layout:group:statuses:)``
  /// found a row.
  var end: ChunkCursor { fields.cursor }

  /// Reads a row and its line break.
  ///
  /// - Parameters:
  ///   - slot: Where to build the row's record.
  ///   - layout: How the reading's rows are read.
  ///   - group: The group of a row without a status: its section's, else the reading's.
  ///   - statuses: The statuses read so far.
  /// - Returns: What the row adds to the account, in minor units, when `slot` holds its valid
  ///   record; `nil` when the row is not read here (then `slot` is left as it was, ``end``
  ///   means nothing, and the caller reads the row again, fully).
  mutating func validRow(
    into slot: RecordSlot, layout: Layout, group: TransactionGroup, statuses: inout Statuses
  ) -> Int64? {
    // A description lent as bytes before the row proved not plain is forgotten.
    guard let change = scanRow(into: slot, layout: layout, group: group, statuses: &statuses) else {
      slot.forgetLentDescription()
      return nil
    }
    return change
  }

  /// ``validRow(into:layout:group:statuses:)``, but for a description lent as bytes when the row
  /// is not read.
  private mutating func scanRow(
    into slot: RecordSlot, layout: Layout, group defaultGroup: TransactionGroup, statuses: inout Statuses
  ) -> Int64? {
    let start = fields.cursor.position
    var group = (defaultGroup, start)
    var date: (CalendarDate, TextPosition)?
    var description: (String, TextPosition)?
    // The amount as its magnitude and sign: a `WrittenAmount` holds a currency, which a plain
    // amount never has, and its `String` was released for every row.
    var amount: (magnitude: Money, isNegative: Bool, TextPosition)?
    let columnCount = layout.columnCount
    for index in 0..<columnCount {
      let column = layout.column(index)
      let fieldStart = fields.cursor.position
      // A date, an amount or a status read before, as they are nearly always written, read
      // where they lie; any other field as every field is.
      switch column {
      case .status:
        if let said = statuses.knownGroup(inPlaceOf: &fields, isLast: index == columnCount - 1) {
          group = (said, fieldStart)
          continue
        }
      case .date:
        if let (value, count) = layout.dateInPlace(atStartOf: fields.unread),
          fields.passField(ofCount: count, isLast: index == columnCount - 1)
        {
          date = (value, fieldStart)
          continue
        }
      case .amount:
        if let (magnitude, isNegative, count) = layout.amountInPlace(atStartOf: fields.unread),
          fields.passField(ofCount: count, isLast: index == columnCount - 1)
        {
          amount = (magnitude, isNegative, fieldStart)
          continue
        }
      default:
        break
      }
      guard let field = fields.readField() else { return nil }
      guard field.endsRow == (index == columnCount - 1), !field.range.isEmpty || column == .other
      else { return nil }
      // A status written as one read before passed every check of a value then: only its
      // group is needed.
      if column == .status, let text = fields.plainBytes(field), let said = statuses.knownGroup(of: text) {
        group = (said, fieldStart)
        continue
      }
      // A value with a space around it, or that may be a label, is the full reading's.
      let plain = fields.withContent(field) { content in
        guard let first = content.first, let last = content.last else { return true }
        // The description's bytes are checked as UTF-8 as they are taken; any other value's here.
        guard first != 0x20, first != 0x09, first != 0xC2, last != 0x20, last != 0x09, last != 0xA0,
          field.isASCII || column == .description || String(exactUTF8: content) != nil
        else { return false }
        return !BankWords.mayBeLabel(utf8: content)
      }
      guard plain else { return nil }
      guard column == .description || !field.hasDoubledQuotes else { return nil }
      switch column {
      case .other:
        break
      case .status:
        guard field.isASCII, let text = fields.plainBytes(field),
          let said = statuses.group(of: text, delimiter: layout.delimiter)
        else {
          return nil
        }
        group = (said, fieldStart)
      case .date:
        guard let text = fields.plainBytes(field), let first = text.first,
          first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"),
          let value = layout.date(text)
        else { return nil }
        date = (value, fieldStart)
      case .description:
        guard let text = fields.description(field, for: slot) else { return nil }
        description = (text, fieldStart)
      case .amount:
        guard let text = fields.plainBytes(field),
          let (magnitude, isNegative, count) = WrittenAmount.plainParts(
            atStartOf: text, decimalMark: layout.decimalMark),
          count == text.count, !layout.wholeAmountsMayBeCut || text.contains(UInt8(ascii: "."))
        else { return nil }
        amount = (magnitude, isNegative, fieldStart)
      }
    }
    guard let date, let description, let amount else { return nil }
    let isDebit = amount.isNegative != layout.debitsPositive
    slot.place(
      Transaction(
        group: group.0, date: date.0, description: description.0, amount: amount.magnitude,
        debitCredit: isDebit ? .debit : .credit),
      start: start, group: group.1, amount: amount.2, date: date.1, description: description.1)
    let units = amount.magnitude.minorUnits
    return isDebit ? -units : units
  }
}
