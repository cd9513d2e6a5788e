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
  private var fields: CSVFieldReader
  /// The decoder's columns, lent for one row: an array would count a reference for every row.
  private let columns: UnsafeBufferPointer<RecordField?>

  /// Creates a scanner of a chunk's unread bytes.
  ///
  /// - Parameters:
  ///   - cursor: The bytes, at a row that is not empty.
  ///   - columns: The field each column of the header holds, or `nil` for an extra column;
  ///     valid while the scanner is used.
  init(_ cursor: ChunkCursor, columns: UnsafeBufferPointer<RecordField?>) {
    self.fields = CSVFieldReader(cursor, delimiter: UInt8(ascii: ","))
    self.columns = columns
  }

  /// Where the scanner is: at the start of the next line, after ``validRow(into:)`` found a row.
  var end: ChunkCursor { fields.cursor }

  private var position: TextPosition { fields.cursor.position }

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
      let isLast = index == columns.count - 1
      // An amount, a date or a letter as they are nearly always written, read where they lie
      // (see `CSVFieldReader.passField(ofCount:isLast:)`); any other field as every field is.
      switch column {
      case .amount?:
        if let (value, count) = Money.twoDecimals(atStartOf: fields.unread),
          fields.passField(ofCount: count, isLast: isLast)
        {
          amount = (value, fieldStart)
          continue
        }
      case .date?:
        let unread = fields.unread
        if unread.count > 10,
          let value = try? CalendarDate(iso8601UTF8: UnsafeBufferPointer(rebasing: unread[..<10])),
          fields.passField(ofCount: 10, isLast: isLast)
        {
          date = (value, fieldStart)
          continue
        }
      case .group?, .debit?:
        if let letter = fields.unread.first, fields.passField(ofCount: 1, isLast: isLast) {
          guard read(letter, as: column, at: fieldStart, group: &group, debitCredit: &debitCredit) else {
            return false
          }
          continue
        }
      default:
        break
      }
      guard let field = fields.readField() else { return false }
      guard field.endsRow == isLast else { return false }
      switch column {
      case nil:
        guard field.isASCII else { return false }
      case .group?, .debit?:
        guard let value = fields.plainBytes(field), value.count == 1,
          read(value[0], as: column, at: fieldStart, group: &group, debitCredit: &debitCredit)
        else { return false }
      case .date?:
        guard let text = fields.plainBytes(field), let value = try? CalendarDate(iso8601UTF8: text) else {
          return false
        }
        date = (value, fieldStart)
      case .description?:
        guard let text = fields.description(field, for: slot) else { return false }
        description = (text, fieldStart)
      case .amount?:
        guard let text = fields.plainBytes(field), let value = try? Money(parsingUnsignedDecimalUTF8: text)
        else {
          return false
        }
        amount = (value, fieldStart)
      }
    }
    guard let group, let date, let description, let amount, let debitCredit else { return false }
    slot.place(
      Transaction(
        group: group.0, date: date.0, description: description.0, amount: amount.0, debitCredit: debitCredit),
      start: start, group: group.1, amount: amount.1, date: date.1, description: description.1)
    return true
  }

  /// Reads a one-letter field, a group or a debit flag; `false` for a letter that is neither.
  private func read(
    _ letter: UInt8, as column: RecordField?, at start: TextPosition,
    group: inout (TransactionGroup, TextPosition)?,
    debitCredit: inout DebitCredit?
  ) -> Bool {
    switch (column, letter) {
    case (.group?, UInt8(ascii: "A")): group = (.authorized, start)
    case (.group?, UInt8(ascii: "P")): group = (.posted, start)
    case (.debit?, UInt8(ascii: "D")): debitCredit = .debit
    case (.debit?, UInt8(ascii: "C")): debitCredit = .credit
    default: return false
    }
    return true
  }
}
