import BankFormats
import Entities
import UseCases

/// How a bank's CSV export is laid out: which column holds which part of a record, how its
/// dates and amounts are written, and where its sign comes from.
///
/// This is the one place that knows which column is which (by the names of ``CSVBankWords``),
/// and how a file's date layout, decimal mark and signs are told from its first rows
/// (``sample(of:from:delimiter:columns:complete:)``). ``CSVRecordDecoder`` reads a header with
/// it when the header is not the native one, and the rows' values go to ``RecordValidator``
/// with the ``ValueRules`` it gives.
struct CSVBankLayout {
  /// The column of each role the header has, by index.
  var columns: [CSVColumnRole: Int]
  /// The columns a description may come from, the first that is not empty winning: the
  /// description column, then the other columns whose names describe a transaction.
  var descriptionColumns: [Int] = []
  /// The columns of the party paid and the party paying, when the description is the other
  /// party of each transaction (``CSVBankWords/payerNames``).
  var counterparty: (payee: Int, payer: Int)?
  /// The column naming the account of each row, if there is one.
  var account: Int?
  /// Whether the code column may be empty in a row, whose amount's sign then gives its
  /// debit or credit: a column without a name that flags credits with `CR`.
  var codeMayBeEmpty = false
  /// How the file's dates are written.
  var dateLayout: DateLayout
  /// How the file's amounts are written.
  var decimalMark: DecimalMark
  /// What the reading options say of signs and groups.
  var options: ReadingOptions

  /// The names banks give the columns of each role (``CSVBankWords/synonyms``).
  static var synonyms: [(role: CSVColumnRole, names: [String])] { CSVBankWords.synonyms }

  /// A column name as it is compared (``CSVBankWords/normalized(_:)``).
  static func normalized(_ name: some StringProtocol) -> String {
    CSVBankWords.normalized(name)
  }

  /// Which column holds what, in a header of a bank's export.
  struct Columns {
    /// The column of each role.
    var roles: [CSVColumnRole: Int] = [:]
    /// The columns a description may come from, in order: the first that is not empty wins.
    var descriptions: [Int] = []
    /// The columns of the party paid and the party paying, when the description is the other
    /// party of each transaction.
    var counterparty: (payee: Int, payer: Int)?
    /// The column naming each row's account.
    var account: Int?
    /// Whether the code column is one without a name, which may flag a credit (`CR`) in some
    /// rows and be empty in the others.
    var codeIsUnnamed = false
  }

  /// Which column holds which role, from the header's names and the columns the options name.
  ///
  /// A description is the description column's, or, when no column names the transaction or
  /// its other party before the texts of a payment's purpose (``CSVBankWords/descriptionNames``)
  /// and the header has a payer and a payee column, the other party of each transaction; a
  /// description column that is empty in a row gives way to the next that describes it.
  ///
  /// - Parameters:
  ///   - names: The header's column names, as written.
  ///   - options: The reading options, whose ``ReadingOptions/columns`` come first.
  /// - Returns: The columns, or the problem: a column the options name that the header does
  ///   not have, or no column for the date, the description or the amount.
  static func columns(of names: [String], options: ReadingOptions) -> Result<Columns, ColumnProblem> {
    let normalizedNames = names.map { normalized($0) }
    var found = Columns()
    for (role, name) in options.columns.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      // A name as the header writes it first: `Amount (USD)` beside `Amount (EUR)`, which
      // compare as the same word.
      let wanted = normalized(name)
      guard
        let index = names.firstIndex(where: { $0.trimmingSpaces == name.trimmingSpaces })
          ?? normalizedNames.firstIndex(of: wanted)
      else {
        return .failure(.namedColumnNotFound(role, name))
      }
      found.roles[role] = index
    }
    var columns: [CSVColumnRole: Int] {
      get { found.roles }
      set { found.roles = newValue }
    }
    let taken = { (index: Int) in found.roles.values.contains(index) }
    // Two columns that may each hold the amount (`Amount` twice, `Amount` and `Betrag`): which
    // one does is for the options to say, as taking the first would change every total without
    // a word.
    if found.roles[.amount] == nil {
      let amountNames = synonyms.first { $0.role == .amount }?.names ?? []
      let candidates = normalizedNames.indices.filter {
        amountNames.contains(normalizedNames[$0]) && !taken($0)
      }
      if candidates.count > 1 { return .failure(.ambiguous(.amount, columns: candidates)) }
    }
    for (role, roleNames) in synonyms where found.roles[role] == nil && role != .description {
      for name in roleNames {
        if let index = normalizedNames.firstIndex(of: name), !taken(index) {
          found.roles[role] = index
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
    // A column without a name beside one amount column may flag the credits (`CR`).
    if columns[.code] == nil, columns[.amount] != nil,
      let unnamed = normalizedNames.indices.first(where: {
        normalizedNames[$0].isEmpty && !taken($0)
      })
    {
      columns[.code] = unnamed
      found.codeIsUnnamed = true
    }
    found.account =
      CSVBankWords.accountNames.lazy.compactMap { name in
        normalizedNames.indices.first { normalizedNames[$0] == name && !taken($0) }
      }.first
    if let named = columns[.description] {
      found.descriptions = [named]
    } else {
      let ranked = CSVBankWords.descriptionNames.enumerated().flatMap { rank, name in
        normalizedNames.indices.filter { normalizedNames[$0] == name && !taken($0) }.map { (rank, $0) }
      }
      found.descriptions = ranked.map(\.1)
      let payee = CSVBankWords.payeeNames.lazy.compactMap { normalizedNames.firstIndex(of: $0) }.first
      let payer = CSVBankWords.payerNames.lazy.compactMap { normalizedNames.firstIndex(of: $0) }.first
      if let payee, let payer, !taken(payee), !taken(payer),
        ranked.first.map({ $0.0 >= CSVBankWords.purposeNamesStart }) ?? true
      {
        found.counterparty = (payee, payer)
      }
      columns[.description] = found.counterparty?.payee ?? found.descriptions.first
    }
    var missing: [RecordField] = []
    if columns[.date] == nil { missing.append(.date) }
    if columns[.description] == nil { missing.append(.description) }
    let hasAmount = columns[.amount] != nil || (columns[.debit] != nil && columns[.credit] != nil)
    if !hasAmount { missing.append(.amount) }
    guard missing.isEmpty else { return .failure(.noColumnsFor(missing)) }
    return .success(found)
  }

  /// Why a header cannot be read as a bank's export.
  enum ColumnProblem: Error, Equatable {
    /// A column the options name (for this role, by this name) is not in the header.
    case namedColumnNotFound(CSVColumnRole, String)
    /// No column holds these fields.
    case noColumnsFor([RecordField])
    /// More than one column may hold this role, these columns (by index), and the options do
    /// not say which.
    case ambiguous(CSVColumnRole, columns: [Int])
  }

  // MARK: Telling the layout from the first rows

  /// How many bytes after the header are looked at to tell the date layout and the decimal
  /// mark: 1 MiB, some ten thousand rows, all of most exports.
  static let sampleSize = 1 << 20

  /// What the first rows say of a file's date layout, decimal mark, signs and statuses.
  struct Sample {
    /// The values of one row that tell the layout.
    struct Row {
      /// The date as written, and where it is.
      var date: (text: String, position: TextPosition)?
      /// The amounts as written (of the amount, debit and credit columns), with their roles
      /// and where each is.
      var amounts: [(role: CSVColumnRole, text: String, position: TextPosition)] = []
      /// The value of the group column.
      var group: (text: String, position: TextPosition)?
      /// The value of the code column.
      var code: String?
    }

    /// The rows read, in input order.
    var rows: [Row] = []

    /// The dates read, with where each is, in input order.
    var dates: [(text: String, position: TextPosition)] { rows.compactMap(\.date) }
    /// The amounts read (of the amount, debit and credit columns), in input order.
    var amounts: [String] { rows.flatMap { $0.amounts.map(\.text) } }
  }

  /// The values of the date, amount, group and code columns in the rows of `bytes`, read
  /// leniently (quotes, doubled quotes, line breaks in quotes) with the file's delimiter.
  ///
  /// - Parameters:
  ///   - bytes: The bytes after the header, as far as ``sampleSize``.
  ///   - start: The position of their first byte.
  ///   - delimiter: The file's delimiter.
  ///   - columns: Which column holds which role.
  ///   - complete: Whether `bytes` run to the end of the input (else the last row, which may be
  ///     cut, is left out).
  /// - Returns: The values of the rows, in input order.
  static func sample(
    of bytes: [UInt8], from start: TextPosition, delimiter: UInt8, columns: [CSVColumnRole: Int],
    complete: Bool
  ) -> Sample {
    var sample = Sample()
    var roleOfColumn: [Int: CSVColumnRole] = [:]
    for role in [CSVColumnRole.date, .amount, .debit, .credit, .group, .code] {
      if let index = columns[role] { roleOfColumn[index] = role }
    }
    var line = start.line
    var column = start.column
    var field: [UInt8] = []
    var fieldStart = start
    var fieldIndex = 0
    var quoted = false
    var row = Sample.Row()
    var index = 0
    func endField() {
      if let role = roleOfColumn[fieldIndex] {
        let text = String(decoding: field, as: UTF8.self)
        switch role {
        case .date: row.date = (text, fieldStart)
        case .group: row.group = (text, fieldStart)
        case .code: row.code = text
        default: row.amounts.append((role, text, fieldStart))
        }
      }
      field.removeAll(keepingCapacity: true)
      fieldIndex += 1
    }
    func endRow() {
      sample.rows.append(row)
      row = Sample.Row()
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
    var candidates = Set(DateLayout.detectable)
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
    let ordered = DateLayout.detectable.filter(candidates.contains)
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

  /// The fields of a line, read leniently: quotes around a field removed, a quote written twice
  /// inside them one quote, a carriage return left out.
  ///
  /// - Parameters:
  ///   - line: The line, without its line feed.
  ///   - delimiter: The byte between fields.
  /// - Returns: The fields, as written.
  static func fields(of line: some Collection<UInt8>, delimiter: UInt8) -> [String] {
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var afterQuote = false
    for byte in line {
      if quoted {
        if byte == UInt8(ascii: "\"") {
          quoted = false
          afterQuote = true
        } else {
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        if afterQuote { field.append(byte) }
        quoted = true
      case delimiter:
        fields.append(String(decoding: field, as: UTF8.self))
        field = []
      case UInt8(ascii: "\r"):
        break
      default:
        field.append(byte)
      }
      afterQuote = false
    }
    fields.append(String(decoding: field, as: UTF8.self))
    return fields
  }

  /// Where a first line that is a transaction, not a header, has its date, amount and
  /// description (counted from 1): the first field that is a date, the first other that is an
  /// amount with a decimal mark (else any amount), and the longest other with letters; `nil`
  /// unless it has a date and an amount.
  ///
  /// - Parameter fields: The line's fields.
  /// - Returns: The places, or `nil`.
  static func placesOfRecord(_ fields: [String]) -> (date: Int, description: Int?, amount: Int?)? {
    let texts = fields.map { $0.utf8.count > 64 ? "" : String($0.trimmingSpaces) }
    // A native record (a group code, …, a debit code) is a native file that lost its header:
    // its columns are named by the native header, not by places.
    if texts.contains(where: { $0 == "A" || $0 == "P" }), texts.contains(where: { $0 == "D" || $0 == "C" }) {
      return nil
    }
    guard let date = texts.firstIndex(where: { !DateLayout.layouts(fitting: $0).isEmpty }) else { return nil }
    let isAmount = { (index: Int, needsMark: Bool) -> Bool in
      let text = texts[index]
      guard index != date, text.contains(where: \.isNumber), DateLayout.layouts(fitting: text).isEmpty,
        !needsMark || text.contains(".") || text.contains(",")
      else { return false }
      return (try? WrittenAmount(parsing: text, decimalMark: .point)) != nil
        || (try? WrittenAmount(parsing: text, decimalMark: .comma)) != nil
    }
    guard
      let amount = texts.indices.first(where: { isAmount($0, true) })
        ?? texts.indices.first(where: { isAmount($0, false) })
    else { return nil }
    let description = texts.indices.filter {
      $0 != date && $0 != amount && texts[$0].contains(where: \.isLetter)
    }
    .max { texts[$0].count < texts[$1].count }
    return (date + 1, description.map { $0 + 1 }, amount + 1)
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

  /// What the sampled amounts of a single amount column say of its signs, when they do not
  /// say which are the charges: most of them positive (more positive than negative, and at
  /// least three), as a card issuer that writes charges positive has them, and as an account
  /// that mostly receives money has them too. Only rows whose date is a date are counted, not
  /// a total's line.
  ///
  /// - Parameters:
  ///   - sample: The first rows.
  ///   - dateLayout: The file's date layout.
  ///   - decimalMark: The file's decimal mark.
  /// - Returns: How many amounts are positive and negative, and the first positive one, or
  ///   `nil` when the signs are no question.
  static func untoldSigns(
    of sample: Sample, dateLayout: DateLayout, decimalMark: DecimalMark
  ) -> (positive: Int, negative: Int, first: (text: String, position: TextPosition))? {
    var positive = 0
    var negative = 0
    var first: (text: String, position: TextPosition)?
    for row in sample.rows {
      guard let date = row.date, (try? CalendarDate(date.text.trimmingSpaces, layout: dateLayout)) != nil
      else {
        continue
      }
      guard row.code?.trimmingSpaces.isEmpty ?? true else { continue }
      for amount in row.amounts where amount.role == .amount {
        guard let written = try? WrittenAmount(parsing: amount.text, decimalMark: decimalMark),
          written.magnitude != .zero
        else { continue }
        if written.isNegative {
          negative += 1
        } else {
          positive += 1
          if first == nil { first = (amount.text, amount.position) }
        }
      }
    }
    guard positive >= 3, positive > negative, let first else { return nil }
    return (positive, negative, first)
  }

  /// Whether the sampled values of a column say what its role says they should: some value of
  /// a group column a status (``CSVBankWords/status(of:)``), every value of a code column that
  /// is not empty a debit or credit code. A column a bank names so (`Status`, `Transaction
  /// Type`) that holds other values is not read as one.
  static func holdsStatuses(_ sample: Sample) -> Bool {
    sample.rows.contains { row in
      row.group.map { CSVBankWords.status(of: $0.text.trimmingSpaces) != nil } ?? false
    }
  }

  /// See ``holdsStatuses(_:)``; a column without a name holds codes when every value that is
  /// not empty is `CR` or `DR` (`Credit`, `Debit`).
  static func holdsCodes(_ sample: Sample, unnamed: Bool) -> Bool {
    let codes = sample.rows.compactMap { $0.code?.trimmingSpaces }.filter { !$0.isEmpty }
    guard !unnamed else {
      return !codes.isEmpty
        && codes.allSatisfy { ["cr", "dr", "credit", "debit"].contains(CSVBankWords.normalized($0)) }
    }
    return !codes.isEmpty && codes.allSatisfy { CSVBankWords.isDebit(code: $0) != nil }
  }

  /// The rules the validator reads this layout's values by.
  var rules: ValueRules {
    let sign: ValueRules.Sign =
      if columns[.code] != nil {
        codeMayBeEmpty ? .codeOrSigned(debitsPositive: options.debitsPositive) : .codeColumn
      } else if columns[.amount] == nil {
        .debitAndCreditColumns
      } else {
        .signed(debitsPositive: options.debitsPositive)
      }
    return ValueRules(
      bank: ValueRules.Bank(
        dateLayout: dateLayout, decimalMark: decimalMark, sign: sign, group: options.group,
        pendingDate: options.pendingDate))
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
    /// A code column (`D`, `CR`, `Debit`, `Af`, `S`, …); the amount is unsigned.
    case codeColumn
    /// A column of debit amounts and one of credit amounts; the decoder gives the code of the
    /// one that holds the amount, and a sign on it is ignored.
    case debitAndCreditColumns
    /// The amount's sign: negative for a debit, unless `debitsPositive`.
    case signed(debitsPositive: Bool)
    /// A code where the code column has one (a column flagging credits with `CR`), else the
    /// amount's sign, as ``signed(debitsPositive:)``.
    case codeOrSigned(debitsPositive: Bool)
  }

  /// The rules of a bank's export.
  struct Bank {
    /// How its dates are written.
    var dateLayout: DateLayout
    /// How its amounts are written.
    var decimalMark: DecimalMark
    /// Where the sign comes from.
    var sign: Sign
    /// The group of a record that does not say its own (in a group column, or by the section
    /// of the file it is in).
    var group: TransactionGroup
    /// The date of a pending record whose date column says it is pending instead of a date,
    /// when the options give one.
    var pendingDate: CalendarDate?
    /// Whether amounts are written as OFX writes them (`WrittenAmount(parsingOFX:)`: a period
    /// or a comma for the radix point, no thousands separators), and not by ``decimalMark``.
    var ofxAmounts = false

    init(
      dateLayout: DateLayout, decimalMark: DecimalMark, sign: Sign, group: TransactionGroup,
      pendingDate: CalendarDate? = nil
    ) {
      self.dateLayout = dateLayout
      self.decimalMark = decimalMark
      self.sign = sign
      self.group = group
      self.pendingDate = pendingDate
    }
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
