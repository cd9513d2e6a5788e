import BankFormats
import Entities
import UseCases

/// How a bank's CSV export is laid out: which column holds which part of a record, how its
/// dates and amounts are written, and where its sign comes from.
///
/// This is the one place that knows the names banks give their columns (``synonyms``), and
/// how a file's date layout and decimal mark are told from its first rows (``detect(in:)``).
/// ``CSVRecordDecoder`` reads a header with it when the header is not the native one, and the
/// rows' values go to ``RecordValidator`` with the ``ValueRules`` it gives.
struct CSVBankLayout {
  /// The column of each role the header has, by index.
  var columns: [CSVColumnRole: Int]
  /// How the file's dates are written.
  var dateLayout: DateLayout
  /// How the file's amounts are written.
  var decimalMark: DecimalMark
  /// What the reading options say of signs and groups.
  var options: ReadingOptions

  /// The names of each role's column, as banks write them, written as ``normalized(_:)`` gives
  /// them; when several columns fit one role, the one whose name comes first here holds it.
  ///
  /// `debit` alone names the native format's debit code when the header also has an `amount`
  /// column and no credit column; with a credit column, it is the column of debit amounts.
  static let synonyms: [(role: CSVColumnRole, names: [String])] = [
    (.group, ["group"]),
    (
      .date,
      [
        "date", "transaction date", "trans date", "trans. date", "posting date", "post date", "posted date",
        "booking date", "value date",
      ]
    ),
    (
      .description,
      [
        "description", "transaction description", "payee", "merchant", "name", "memo", "details", "narrative",
        "reference",
      ]
    ),
    (.amount, ["amount", "transaction amount", "value"]),
    (.code, ["debit/credit", "credit/debit", "dr/cr", "cr/dr", "d/c", "c/d", "debit credit", "indicator"]),
    (.debit, ["debit", "debits", "debit amount", "withdrawal", "withdrawals", "money out", "paid out"]),
    (.credit, ["credit", "credits", "credit amount", "deposit", "deposits", "money in", "paid in"]),
  ]

  /// A column name as it is compared: lower case, without a note in parentheses at its end
  /// (`Amount (EUR)`), with every run of spaces, underscores and hyphens one space.
  static func normalized(_ name: some StringProtocol) -> String {
    var text = name.lowercased()
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") { text = String(text[..<open]) }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" || $0 == "\t" })
    return words.joined(separator: " ")
  }

  /// Which column holds which role, from the header's names and the columns the options name.
  ///
  /// - Parameters:
  ///   - names: The header's column names, as written.
  ///   - options: The reading options, whose ``ReadingOptions/columns`` come first.
  /// - Returns: The columns, or the problem: a column the options name that the header does
  ///   not have, or no column for the date, the description or the amount.
  static func columns(
    of names: [String], options: ReadingOptions
  ) -> Result<[CSVColumnRole: Int], ColumnProblem> {
    let normalizedNames = names.map { normalized($0) }
    var columns: [CSVColumnRole: Int] = [:]
    for (role, name) in options.columns.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let wanted = normalized(name)
      guard let index = normalizedNames.firstIndex(of: wanted) else {
        return .failure(.namedColumnNotFound(role, name))
      }
      columns[role] = index
    }
    let taken = { (index: Int) in columns.values.contains(index) }
    for (role, roleNames) in synonyms where columns[role] == nil {
      for name in roleNames {
        if let index = normalizedNames.firstIndex(of: name), !taken(index) {
          columns[role] = index
          break
        }
      }
    }
    // `debit` beside `amount` and no credit column is the native debit code.
    if columns[.amount] != nil, columns[.credit] == nil, columns[.code] == nil, let debit = columns[.debit],
      options.columns[.debit] == nil
    {
      columns[.debit] = nil
      columns[.code] = debit
    }
    if columns[.amount] != nil {
      // An amount column wins over a lone debit or credit column.
      if options.columns[.debit] == nil { columns[.debit] = nil }
      if options.columns[.credit] == nil { columns[.credit] = nil }
    }
    var missing: [RecordField] = []
    if columns[.date] == nil { missing.append(.date) }
    if columns[.description] == nil { missing.append(.description) }
    let hasAmount = columns[.amount] != nil || (columns[.debit] != nil && columns[.credit] != nil)
    if !hasAmount { missing.append(.amount) }
    guard missing.isEmpty else { return .failure(.noColumnsFor(missing)) }
    return .success(columns)
  }

  /// Why a header cannot be read as a bank's export.
  enum ColumnProblem: Error, Equatable {
    /// A column the options name (for this role, by this name) is not in the header.
    case namedColumnNotFound(CSVColumnRole, String)
    /// No column holds these fields.
    case noColumnsFor([RecordField])
  }

  // MARK: Telling the layout from the first rows

  /// How many bytes after the header are looked at to tell the date layout and the decimal
  /// mark: 1 MiB, some ten thousand rows, all of most exports.
  static let sampleSize = 1 << 20

  /// What the first rows say of a file's date layout and decimal mark.
  struct Sample {
    /// The dates read, with where each is, in input order.
    var dates: [(text: String, position: TextPosition)] = []
    /// The amounts read (of the amount, debit and credit columns), in input order.
    var amounts: [String] = []
  }

  /// The values of the date and amount columns in the rows of `bytes`, read leniently (quotes,
  /// doubled quotes, line breaks in quotes) with the file's delimiter.
  ///
  /// - Parameters:
  ///   - bytes: The bytes after the header, as far as ``sampleSize``.
  ///   - start: The position of their first byte.
  ///   - delimiter: The file's delimiter.
  ///   - columns: Which column holds which role.
  ///   - complete: Whether `bytes` run to the end of the input (else the last row, which may be
  ///     cut, is left out).
  /// - Returns: The dates and amounts of the rows, in input order.
  static func sample(
    of bytes: [UInt8], from start: TextPosition, delimiter: UInt8, columns: [CSVColumnRole: Int],
    complete: Bool
  ) -> Sample {
    var sample = Sample()
    let dateColumn = columns[.date]
    let amountColumns = Set([columns[.amount], columns[.debit], columns[.credit]].compactMap { $0 })
    var line = start.line
    var column = start.column
    var field: [UInt8] = []
    var fieldStart = start
    var fieldIndex = 0
    var quoted = false
    var rowValues: [(index: Int, text: [UInt8], position: TextPosition)] = []
    var index = 0
    func endField() {
      if fieldIndex == dateColumn || amountColumns.contains(fieldIndex) {
        rowValues.append((fieldIndex, field, fieldStart))
      }
      field.removeAll(keepingCapacity: true)
      fieldIndex += 1
    }
    func endRow() {
      for value in rowValues {
        let text = String(decoding: value.text, as: UTF8.self)
        if value.index == dateColumn {
          sample.dates.append((text, value.position))
        } else {
          sample.amounts.append(text)
        }
      }
      rowValues.removeAll(keepingCapacity: true)
      fieldIndex = 0
    }
    var atFieldStart = true
    while index < bytes.count {
      let byte = bytes[index]
      if atFieldStart {
        fieldStart = TextPosition(line: line, column: column)
        atFieldStart = false
      }
      index += 1
      if byte & 0xC0 != 0x80 { column += 1 }
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
            column += 1
          } else {
            quoted = false
          }
        } else {
          if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
          }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        quoted = true
      case delimiter:
        endField()
        atFieldStart = true
      case UInt8(ascii: "\n"):
        endField()
        endRow()
        line += 1
        column = 1
        atFieldStart = true
      case UInt8(ascii: "\r"):
        break
      default:
        field.append(byte)
      }
    }
    if complete && !(fieldIndex == 0 && field.isEmpty && atFieldStart) {
      endField()
      endRow()
    }
    return sample
  }

  /// The date layout the sampled dates say, or the problem when they do not say one.
  ///
  /// A layout fits when every sampled date that fits any layout fits it. With one such layout,
  /// that is the file's. With none (the dates disagree), the first date's layouts decide, when
  /// it fits only one, and the dates that do not fit it are the file's errors. With more than
  /// one, the dates cannot tell (`03/04/2024`, and no `13/04/2024` to settle it): that is the
  /// problem, at the first date, rather than a guess. With no date that fits any layout,
  /// ISO 8601, whose errors then name its form.
  static func dateLayout(
    of dates: [(text: String, position: TextPosition)]
  ) -> Result<DateLayout, UntoldDateLayout> {
    var candidates = Set(DateLayout.allCases)
    var first: UntoldDateLayout?
    var firstAmbiguous: (text: String, position: TextPosition)?
    for date in dates {
      let trimmed = date.text.trimmingSpaces
      let layouts = DateLayout.layouts(fitting: trimmed)
      guard !layouts.isEmpty else { continue }
      if first == nil { first = UntoldDateLayout(layouts: layouts, text: date.text, position: date.position) }
      if layouts.count > 1, firstAmbiguous == nil { firstAmbiguous = (date.text, date.position) }
      candidates.formIntersection(layouts)
    }
    let ordered = DateLayout.allCases.filter(candidates.contains)
    guard let first else { return .success(.iso) }
    switch ordered.count {
    case 1: return .success(ordered[0])
    case 0:
      guard first.layouts.count == 1 else { return .failure(first) }
      return .success(first.layouts[0])
    default:
      let at = firstAmbiguous ?? (first.text, first.position)
      return .failure(UntoldDateLayout(layouts: ordered, text: at.text, position: at.position))
    }
  }

  /// Dates that fit more than one layout, or none that every date fits: the layouts, and the
  /// first date that shows it, as written, and where it is.
  struct UntoldDateLayout: Error {
    var layouts: [DateLayout]
    var text: String
    var position: TextPosition
  }

  /// The decimal mark the sampled amounts say: a comma when some amount ends in a comma and
  /// one or two digits (`12,5`, `1.234,56`) and none in a point and one or two digits; else a
  /// point.
  static func decimalMark(of amounts: [String]) -> DecimalMark {
    var comma = false
    var point = false
    for amount in amounts {
      let core = Array(
        amount.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == 0x2C || $0 == 0x2E })
      guard let mark = core.lastIndex(where: { $0 == 0x2C || $0 == 0x2E }) else { continue }
      let fraction = core.count - mark - 1
      guard fraction == 1 || fraction == 2 else { continue }
      if core[mark] == 0x2C { comma = true } else { point = true }
    }
    return comma && !point ? .comma : .point
  }

  /// The delimiter of a file, from its header line: the one of comma, semicolon and tab that
  /// appears most often outside quotes; a comma when none does, or on a tie with it.
  static func delimiter(ofHeader line: [UInt8]) -> CSVDelimiter {
    var counts: [CSVDelimiter: Int] = [:]
    var quoted = false
    for byte in line {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      guard !quoted else { continue }
      for delimiter in CSVDelimiter.allCases where delimiter.byte == byte {
        counts[delimiter, default: 0] += 1
      }
    }
    var best = CSVDelimiter.comma
    for delimiter in [CSVDelimiter.semicolon, .tab]
    where counts[delimiter, default: 0] > counts[best, default: 0] {
      best = delimiter
    }
    return best
  }

  /// The rules the validator reads this layout's values by.
  var rules: ValueRules {
    let sign: ValueRules.Sign =
      if columns[.code] != nil {
        .codeColumn
      } else if columns[.amount] == nil {
        .debitAndCreditColumns
      } else {
        .signed(debitsPositive: options.debitsPositive)
      }
    return ValueRules(
      bank: ValueRules.Bank(
        dateLayout: dateLayout, decimalMark: decimalMark, sign: sign,
        group: columns[.group] == nil ? options.group : nil))
  }
}

/// How the validator reads a record's values: by SPEC §7 (the native format), or by the
/// layout of a bank's export.
struct ValueRules {
  /// The rules of a bank's export, or `nil` for the native ones.
  var bank: Bank?

  /// SPEC §7's rules: the native format.
  static let native = ValueRules(bank: nil)

  /// The rules of a bank's statement (OFX, QIF): signed amounts, the decimal mark the options
  /// give (else a point), and the options' group for every record.
  static func statement(dateLayout: DateLayout, options: ReadingOptions) -> ValueRules {
    ValueRules(
      bank: Bank(
        dateLayout: dateLayout, decimalMark: options.decimalMark ?? .point,
        sign: .signed(debitsPositive: options.debitsPositive), group: options.group))
  }

  /// Where a bank export's debit or credit comes from.
  enum Sign: Equatable {
    /// A code column (`D`, `CR`, `Debit`, …); the amount is unsigned.
    case codeColumn
    /// A column of debit amounts and one of credit amounts; the decoder gives the code of the
    /// one that holds the amount, and a sign on it is ignored.
    case debitAndCreditColumns
    /// The amount's sign: negative for a debit, unless `debitsPositive`.
    case signed(debitsPositive: Bool)
  }

  /// The rules of a bank's export.
  struct Bank {
    /// How its dates are written.
    var dateLayout: DateLayout
    /// How its amounts are written.
    var decimalMark: DecimalMark
    /// Where the sign comes from.
    var sign: Sign
    /// The group of every record, when the file has no group column.
    var group: TransactionGroup?
    /// Whether amounts are written as OFX writes them (`WrittenAmount(parsingOFX:)`: a period
    /// or a comma for the radix point, no thousands separators), and not by ``decimalMark``.
    var ofxAmounts = false
  }
}

extension String {
  /// The text without spaces, tabs and no-break spaces around it.
  var trimmingSpaces: Substring {
    let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\u{A0}" }
    var text = self[...]
    while let first = text.first, isSpace(first) { text.removeFirst() }
    while let last = text.last, isSpace(last) { text.removeLast() }
    return text
  }
}
