import BankFormats
import Entities
import UseCases

/// Reads comma-separated values (RFC 4180): a header row naming the columns, then one record
/// on each row.
///
/// **The header** is the first row that is not empty. It must name the columns `group`, `date`,
/// `description`, `amount` and `debit`, each once, in any order; other columns are allowed and
/// ignored (their values are only checked to be UTF-8). A header that lacks a column is one
/// issue at 1:1 naming what is missing (and, when a column's name is likely a missing one's
/// mistyped, naming it: ``FieldNameGuess``); a header that names a column twice, or breaks the
/// syntax, is one issue at the offending place. Either ends the input: without a header the
/// rows cannot be read. A header that looks like the start of JSON or NDJSON
/// (``FormatGuess``) says so in its issue.
///
/// **Rows.** Fields are separated by commas; a row ends at a line feed or a carriage return and
/// line feed, or at the end of the file (a final line break is optional). A field in double
/// quotes may hold commas, line breaks and quotes (written twice: `""`). Every value is text of
/// kind ``RawValue/Kind/string``, located at its first character (for a quoted field, its
/// opening quote). A row whose number of fields differs from the header's, a quote inside a
/// field that is not quoted, text after a closing quote, and a carriage return outside quotes
/// that is not followed by a line feed each make the row one
/// ``DecodedRecord/malformed(_:resumes:)``, with the field as written for its value; the next
/// row is read as usual, since the row's end is still known. A quoted field that is not closed
/// before the end of the file ends the input (the issue is at its opening quote).
///
/// **Blank lines.** A completely empty line (nothing before its line break) is skipped, before
/// or after the header: no header of five columns can describe an empty row, so it can only be
/// a stray line break. A line holding anything, even one space, is a row and must have the
/// header's number of fields.
///
/// A UTF-8 byte order mark at the start is skipped. An empty file, or one holding only the
/// header, holds no records.
///
/// **Limits.** Each row, the header's too, is a record for ``ByteInput``'s limit
/// (``RecordFormat/maximumRecordLength``), so one runaway quote cannot make the decoder hold,
/// or skip, the rest of the file.
struct CSVRecordDecoder: RecordDecoder {
  private enum State {
    case header
    case rows
    case finished
  }

  var input: ByteInput
  private var state = State.header
  /// The field each column of the header holds, or `nil` for an extra column.
  private var columns: [RecordField?] = []
  /// The name of each column, as the header gives it.
  private var columnNames: [String] = []
  /// The bytes of the field read last.
  private var scratch: [UInt8] = []
  /// Whether to try ``CSVRowScanner``, the fast path, before reading a row fully; only tests
  /// turn it off, to show that both paths read the same transactions. Only a native header
  /// with commas takes it.
  private var usesFastPath: Bool
  /// How to read a bank's export, where the file does not say.
  private let options: ReadingOptions
  /// The byte between fields: a comma, unless the header or the options say otherwise.
  private var delimiter = UInt8(ascii: ",")
  /// The layout of a bank's export, or `nil` for the native header.
  private var bank: CSVBankLayout?
  /// The role of each column of a bank's export, or `nil` for a column it does not read.
  private var roles: [CSVColumnRole?] = []
  /// The rules the validator reads this file's values by.
  private(set) var rules = ValueRules.native

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The input, positioned at its start.
  ///   - options: How to read a bank's export (a header other than the native one).
  ///   - usesFastPath: Whether to read plain rows on the fast path (``CSVRowScanner``).
  init(input: ByteInput, options: ReadingOptions = .standard, usesFastPath: Bool = true) {
    self.input = input
    self.options = options
    self.usesFastPath = usesFastPath
    scratch.reserveCapacity(256)
  }

  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    let decoded = readNext(placingValidIn: slot)
    guard let cut = input.recordCut else { return decoded }
    slot.takeBack(decoded)
    state = .finished
    return .malformed(MalformedInput(cut: cut, limit: input.recordLimit), resumes: false)
  }

  private mutating func readNext(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    do throws(RowError) {
      switch state {
      case .finished:
        return nil
      case .header:
        input.skipByteOrderMark()
        guard try readHeader() else {
          state = .finished
          return nil
        }
        state = .rows
      case .rows:
        break
      }
      guard try skipEmptyLines() else {
        state = .finished
        return nil
      }
      if usesFastPath, readValidRow(into: slot) { return .placed }
      return try readRow()
    } catch {
      if error.isFatal { state = .finished }
      return .malformed(error.malformed, resumes: !error.isFatal)
    }
  }

  // MARK: The header

  /// Reads the header row and learns which column holds which field.
  ///
  /// - Returns: `false` when the input holds no row at all (it is empty).
  /// - Throws: ``RowError`` (always fatal) when the header is malformed or lacks a column.
  private mutating func readHeader() throws(RowError) -> Bool {
    guard try skipEmptyLines() else { return false }
    let start = input.position
    delimiter =
      (options.delimiter ?? CSVBankLayout.delimiter(ofHeader: input.upcomingLine(limit: 1 << 16))).byte
    var problem: MalformedInput?
    var duplicate: MalformedInput?
    var terminator = Terminator.comma
    var extraNames: [FieldNameGuess.Name] = []
    while terminator == .comma {
      let position = input.position
      let field: FieldRead
      do throws(RowError) {
        field = try readField(problem: &problem, field: nil)
      } catch {
        throw RowError(guessingFormat(error.malformed), isFatal: true)
      }
      terminator = field.terminator
      if problem == nil, let encoding = field.encodingProblem {
        problem = MalformedInput(position: encoding.position, syntax: .badColumnName(encoding.problem))
      }
      let name = String(decoding: scratch, as: UTF8.self)
      let recordField = RecordField(rawValue: name)
      if duplicate == nil, let recordField, columns.contains(recordField) {
        duplicate = MalformedInput(position: position, field: recordField, syntax: .duplicateColumn)
      }
      columns.append(recordField)
      columnNames.append(name)
      if recordField == nil { extraNames.append(FieldNameGuess.Name(text: name, position: position)) }
    }
    if let problem { throw RowError(guessingFormat(problem), isFatal: true) }
    let missing = RecordField.allCases.filter { !columns.contains($0) }
    // A header with the native `group` column is the native header: SPEC §7's rules, and the
    // fast path for commas. It must name all five columns: a native file that lost its debit
    // column must not be read as a bank's export with signed amounts.
    let isNative = options.columns.isEmpty && columns.contains(.group)
    if !isNative {
      usesFastPath = false
      switch CSVBankLayout.columns(of: columnNames, options: options) {
      case .success(let bankColumns):
        try readBankLayout(bankColumns)
        return true
      case .failure(.namedColumnNotFound(let role, let name)):
        throw RowError(
          MalformedInput(
            position: start, field: role.field, syntax: .namedColumnNotFound(role.field), value: name),
          isFatal: true)
      case .failure(.noColumnsFor(let fields)):
        // A header that looks like another format, or has a native name mistyped, is most likely
        // a native one gone wrong: its problem names the native columns, as before. A name a
        // bank gives a column (`Date`) is no typo of the native one: it was read as the bank's.
        let bankNames = Set(CSVBankLayout.synonyms.flatMap(\.names))
        let mistypedNames = extraNames.filter { !bankNames.contains(CSVBankLayout.normalized($0.text)) }
        let looksNative =
          FormatGuess.format(ofFields: columnNames.map { $0[...] }, other: .csv) != nil
          || missing.contains { FieldNameGuess.likelyName(for: $0, among: mistypedNames) != nil }
        guard looksNative && options.columns.isEmpty else {
          throw RowError(
            MalformedInput(
              position: start, syntax: .noColumnsFor(fields),
              value: columnNames.joined(separator: String(decoding: [delimiter], as: UTF8.self))),
            isFatal: true)
        }
      }
    }
    usesFastPath = usesFastPath && delimiter == UInt8(ascii: ",")
    if let duplicate { throw RowError(guessingFormat(duplicate), isFatal: true) }
    guard missing.isEmpty else {
      var malformed = MalformedInput(
        position: start, syntax: .missingColumns(missing), value: columnNames.joined(separator: ","))
      if let format = FormatGuess.format(ofFields: columnNames.map { $0[...] }, other: .csv) {
        malformed.note(lookingLike: format)
      } else {
        // One column named nearly right is most likely the mistake: the first one found is named.
        for field in missing {
          guard let typo = FieldNameGuess.likelyName(for: field, among: extraNames) else { continue }
          malformed.problem = .likelyTypo(typo.text, of: field, instead: malformed.problem)
          break
        }
      }
      throw RowError(malformed, isFatal: true)
    }
    return true
  }

  /// Takes the layout of a bank's export: its columns, and its date layout and decimal mark,
  /// from the options or else from the rows after the header (``CSVBankLayout/sample(of:from:delimiter:columns:complete:)``).
  ///
  /// - Throws: ``RowError`` (fatal) when the dates fit more than one layout, at the first date
  ///   that does.
  private mutating func readBankLayout(_ bankColumns: [CSVColumnRole: Int]) throws(RowError) {
    var dateLayout = options.dateLayout
    var decimalMark = options.decimalMark
    if dateLayout == nil || decimalMark == nil {
      let start = input.position
      let bytes = input.upcomingBytes(limit: CSVBankLayout.sampleSize)
      let sample = CSVBankLayout.sample(
        of: bytes, from: start, delimiter: delimiter, columns: bankColumns,
        complete: bytes.count < CSVBankLayout.sampleSize)
      decimalMark = decimalMark ?? CSVBankLayout.decimalMark(of: sample.amounts)
      if dateLayout == nil {
        switch CSVBankLayout.dateLayout(of: sample.dates) {
        case .success(let layout):
          dateLayout = layout
        case .failure(let untold):
          throw RowError(
            MalformedInput(
              position: untold.position, field: .date, syntax: .datesFitLayouts(untold.layouts),
              value: untold.text),
            isFatal: true)
        }
      }
    }
    let layout = CSVBankLayout(
      columns: bankColumns, dateLayout: dateLayout ?? .iso, decimalMark: decimalMark ?? .point,
      options: options)
    bank = layout
    rules = layout.rules
    roles = columnNames.indices.map { index in bankColumns.first(where: { $0.value == index })?.key }
    columns = roles.map { $0?.field }
  }

  /// A header problem, noting the format the header looks like, if not CSV (``FormatGuess``).
  private func guessingFormat(_ malformed: MalformedInput) -> MalformedInput {
    var malformed = malformed
    malformed.note(lookingLike: FormatGuess.format(ofFields: columnNames.map { $0[...] }, other: .csv))
    return malformed
  }

  // MARK: Rows

  /// Skips empty lines (LF or CRLF with nothing before it), and starts the record of the row
  /// that follows (``ByteInput/startRecord()``).
  ///
  /// - Returns: `false` at the end of the input.
  /// - Throws: ``RowError`` (not fatal) for a carriage return at the start of a line that is
  ///   not followed by a line feed; the rest of that line is skipped.
  private mutating func skipEmptyLines() throws(RowError) -> Bool {
    while true {
      input.startRecord()
      guard let byte = input.peek() else { return false }
      switch byte {
      case UInt8(ascii: "\n"):
        input.advance()
      case UInt8(ascii: "\r"):
        let position = input.position
        input.advance()
        switch input.peek() {
        case UInt8(ascii: "\n"): input.advance()
        case nil: return false
        default:
          input.skipLine()
          throw RowError(Self.bareCarriageReturn(at: position, field: nil), isFatal: false)
        }
      default:
        return true
      }
    }
  }

  /// Reads a plain, valid row on the fast path into `slot`, or consumes nothing and returns
  /// `false`.
  private mutating func readValidRow(into slot: RecordSlot) -> Bool {
    // The columns lent where they lie: a copy of the array for the scanner would count a
    // reference for every row, and give it back.
    columns.withUnsafeBufferPointer { columns in
      input.readQuickly { cursor in
        var scanner = CSVRowScanner(cursor, columns: columns)
        defer { cursor = scanner.end }
        return scanner.validRow(into: slot) ? true : nil
      } ?? false
    }
  }

  /// Reads one row, which is not empty, and its line break.
  private mutating func readRow() throws(RowError) -> DecodedRecord {
    var record = RawRecord(start: input.position)
    var debitValue: RawValue?
    var creditValue: RawValue?
    var problem: MalformedInput?
    var count = 0
    var terminator = Terminator.comma
    while terminator == .comma {
      let field = count < columns.count ? columns[count] : nil
      input.startValue(of: field)
      let read = try readField(problem: &problem, field: field)
      terminator = read.terminator
      if bank != nil, count < roles.count, let role = roles[count] {
        let text = String(decoding: scratch, as: UTF8.self)
        let value = RawValue(
          kind: .string, text: text, position: read.position, encodingProblem: read.encodingProblem)
        switch role {
        case .debit: debitValue = value
        case .credit: creditValue = value
        default: record[role.field] = value
        }
      } else if let field {
        let text = String(decoding: scratch, as: UTF8.self)
        record[field] = RawValue(
          kind: .string, text: text, position: read.position, encodingProblem: read.encodingProblem)
      } else if count < columns.count, let encoding = read.encodingProblem {
        record.note(
          RawProblem(
            position: encoding.position, field: nil,
            problem: .badExtraValue(encoding.problem, inColumn: true), value: columnNames[count]))
      }
      count += 1
    }
    if let problem { return .malformed(problem, resumes: true) }
    guard count == columns.count else {
      return .malformed(
        MalformedInput(position: record.start, syntax: .fieldCount(found: count, expected: columns.count)),
        resumes: true)
    }
    if let bank, bank.columns[.amount] == nil {
      Self.takeAmount(debit: debitValue, credit: creditValue, mark: bank.decimalMark, into: &record)
    }
    return .record(record)
  }

  /// Gives a row of a bank's export with a debit and a credit column its amount and code: the
  /// amount of the column that holds one, and `D` or `C` for it, at the amount. A column holds
  /// an amount when it is not empty and not zero (some banks write `0.00` in the other).
  private static func takeAmount(
    debit: RawValue?, credit: RawValue?, mark: DecimalMark, into record: inout RawRecord
  ) {
    let holds = { (value: RawValue?) -> Bool in
      guard let value, !value.text.trimmingSpaces.isEmpty else { return false }
      let written = try? WrittenAmount(parsing: value.text, decimalMark: mark)
      return written.map { $0.magnitude != .zero } ?? true
    }
    switch (holds(debit), holds(credit)) {
    case (true, false):
      record.amount = debit
    case (false, true):
      record.amount = credit
    case (true, true):
      record.amount = debit
      if let credit {
        record.note(
          RawProblem(
            position: credit.position, field: .amount, problem: .bothDebitAndCredit, value: credit.text))
      }
    case (false, false):
      // Both empty (or zero): a zero debit when one says zero, else no amount.
      if let zero = [debit, credit].compactMap({ $0 }).first(where: { !$0.text.trimmingSpaces.isEmpty }) {
        record.amount = zero
      } else {
        record.note(
          RawProblem(position: record.start, field: .amount, problem: .neitherDebitNorCredit, value: nil))
        return
      }
    }
    if let amount = record.amount {
      let code = amount.position == credit?.position && !holds(debit) ? "C" : "D"
      record.debit = RawValue(kind: .string, text: code, position: amount.position)
    }
  }

  // MARK: Fields

  /// What ends a field.
  private enum Terminator {
    /// A comma: another field of the same row follows.
    case comma
    /// A line break, or the end of the input: the row ends.
    case rowEnd
  }

  /// Where a field was and how it ended; its text is in `scratch`.
  private struct FieldRead {
    var position: TextPosition
    var terminator: Terminator
    var encodingProblem: EncodingProblem?
  }

  /// Reads one field into `scratch`, with the separator or line break after it.
  ///
  /// A problem that leaves the row's end findable (a stray quote, text after a closing quote, a
  /// bare carriage return) goes into `problem`, if it holds none yet, with the field as written
  /// for its value; the field is read leniently to its end.
  ///
  /// - Throws: ``RowError`` (fatal) for a quoted field that the input ends inside.
  private mutating func readField(
    problem: inout MalformedInput?, field: RecordField?
  ) throws(RowError) -> FieldRead {
    let position = input.position
    scratch.removeAll(keepingCapacity: true)
    var read = FieldRead(position: position, terminator: .rowEnd)
    var fieldProblem: MalformedInput?
    if input.peek() == UInt8(ascii: "\"") {
      input.advance()
      try readQuotedContent(from: position, field: field, into: &read)
      switch input.peek() {
      case nil, delimiter, UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        break
      default:
        fieldProblem = MalformedInput(
          position: input.position, field: field, syntax: .textAfterClosingQuote)
        // Go on with the field as written: its quotes, then the rest as unquoted text.
        var written: [UInt8] = [UInt8(ascii: "\"")]
        for byte in scratch {
          written.append(byte)
          if byte == UInt8(ascii: "\"") { written.append(byte) }
        }
        written.append(UInt8(ascii: "\""))
        scratch = written
      }
    }
    readUnquotedContent(into: &read, problem: &fieldProblem, field: field)
    fieldProblem?.value = String(decoding: scratch, as: UTF8.self)
    if problem == nil { problem = fieldProblem }
    return read
  }

  /// Reads the content of a quoted field, after its opening quote, up to and including its
  /// closing quote; doubled quotes become one.
  private mutating func readQuotedContent(
    from opening: TextPosition, field: RecordField?, into read: inout FieldRead
  ) throws(RowError) {
    while true {
      input.appendPrintableASCII(to: &scratch, stoppingAt: UInt8(ascii: "\""), or: UInt8(ascii: "\""))
      guard let byte = input.peek() else {
        throw RowError(
          MalformedInput(
            position: opening, field: field, syntax: .unterminatedQuotedField),
          isFatal: true)
      }
      switch byte {
      case UInt8(ascii: "\""):
        input.advance()
        guard input.peek() == UInt8(ascii: "\"") else { return }
        scratch.append(byte)
        input.advance()
      case 0x80...:
        let problem = input.appendMultibyteCharacter(to: &scratch)
        if read.encodingProblem == nil { read.encodingProblem = problem }
      default:
        scratch.append(byte)
        input.advance()
      }
    }
  }

  /// Reads unquoted text up to the comma or line break that ends the field.
  private mutating func readUnquotedContent(
    into read: inout FieldRead, problem: inout MalformedInput?, field: RecordField?
  ) {
    while true {
      input.appendPrintableASCII(to: &scratch, stoppingAt: delimiter, or: UInt8(ascii: "\""))
      guard let byte = input.peek() else {
        read.terminator = .rowEnd
        return
      }
      switch byte {
      case delimiter:
        input.advance()
        read.terminator = .comma
        return
      case UInt8(ascii: "\n"):
        input.advance()
        read.terminator = .rowEnd
        return
      case UInt8(ascii: "\r"):
        let position = input.position
        input.advance()
        switch input.peek() {
        case nil:
          read.terminator = .rowEnd
          return
        case UInt8(ascii: "\n"):
          input.advance()
          read.terminator = .rowEnd
          return
        default:
          note(Self.bareCarriageReturn(at: position, field: field), in: &problem)
          scratch.append(byte)
        }
      case UInt8(ascii: "\""):
        note(
          MalformedInput(
            position: input.position, field: field, syntax: .quoteInUnquotedField),
          in: &problem)
        scratch.append(byte)
        input.advance()
      case 0x80...:
        let encoding = input.appendMultibyteCharacter(to: &scratch)
        if read.encodingProblem == nil { read.encodingProblem = encoding }
      default:
        scratch.append(byte)
        input.advance()
      }
    }
  }

  /// Keeps the first problem of a row.
  private func note(_ found: MalformedInput, in problem: inout MalformedInput?) {
    if problem == nil { problem = found }
  }

  private static func bareCarriageReturn(at position: TextPosition, field: RecordField?) -> MalformedInput {
    MalformedInput(
      position: position, field: field, syntax: .bareCarriageReturn)
  }

  /// A malformed row or header, and whether the input can be read past it.
  private struct RowError: Error {
    var malformed: MalformedInput
    var isFatal: Bool

    init(_ malformed: MalformedInput, isFatal: Bool) {
      self.malformed = malformed
      self.isFatal = isFatal
    }
  }
}
