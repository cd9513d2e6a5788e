import BankFormats
import BankReading
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
    /// Nothing read yet: the byte order mark and the text (``prepareText(hadByteOrderMark:)``)
    /// come first, once for the whole file.
    case start
    /// Looking for the header; a line skipped for its bare carriage return comes back here, and
    /// the text is not decided again from the line after it.
    case header
    case rows
    case finished
  }

  var input: ByteInput
  private var state = State.start
  /// The field each column of the header holds, or `nil` for an extra column.
  var columns: [RecordField?] = []
  /// The name of each column, as the header gives it.
  var columnNames: [String] = []
  /// Where each column's name starts in the header.
  var columnPositions: [TextPosition] = []
  /// The bytes of the field read last.
  var scratch: [UInt8] = []
  /// Whether to try ``CSVRowScanner``, the fast path, before reading a row fully; only tests
  /// turn it off, to show that both paths read the same transactions. Only a native header
  /// with commas takes it.
  private var usesFastPath: Bool
  /// Whether the fast paths may be used at all (tests compare both ways), for a bank's export
  /// once its reading holds.
  private let fastPathsAllowed: Bool
  /// How a bank's export's rows are read on its fast path (``BankRowScanner``), once its
  /// reading holds and allows it.
  private var bankLayout: BankRowScanner.Layout?
  /// The statuses the fast path of a bank's export has read.
  private var statuses = BankRowScanner.Statuses()
  /// How to read a bank's export, where the file does not say.
  let options: ReadingOptions
  /// The byte between fields: a comma, unless the header or the options say otherwise.
  var delimiter = UInt8(ascii: ",")
  /// How a bank's export is read, or `nil` for the native header.
  var reading: CSVReading?
  /// How the text of a bank's export is written, decided before its header is read.
  var text = CSVReading.TextDecisions(
    encoding: Decided(.utf8, Evidence(.values, "every byte read is UTF-8")),
    carriageReturnLines: Decided(.lineFeeds, Evidence(.values, "lines end with line feeds")))
  /// The delimiter of a bank's header, and what proved it.
  var headerDelimiter: Decided<CSVDelimiter>?
  /// The check of a running balance column, when the reading has one.
  var balance: RunningBalance?
  /// The sums of the transactions read, which prove a row worded only as a total or a balance
  /// to be the bank's summary (``SummaryRowProof``).
  var summaryProof = SummaryRowProof()
  /// The accounts of the rows, followed as a statement's are, when `--account` picks one.
  var statementAccounts: StatementAccounts
  /// The role of each column of a bank's export, or `nil` for a column it does not read.
  var roles: [CSVColumnRole?] = []
  /// The rules the validator reads this file's values by.
  private(set) var rules = ValueRules.native
  /// What reading a bank's export found to say beside its records, in order
  /// (``CSVRecordDecoder/readBankRow()``): the text's encoding, rows skipped, several accounts.
  var notes: [ExportNote] = []
  /// The problem that ends the input, held while the notes before it are given.
  var endingProblem: MalformedInput?
  /// How notes name the source.
  private let source: String
  /// The rows of a bank's export skipped as clearly not transactions, so far.
  var skipped = SkippedRows()
  /// The rows of a bank's export with more fields than the header whose extra fields were
  /// joined into the last column, so far.
  var joinedRows = 0
  /// The group a section title of a bank's export (`Pending Transactions`) gave the rows
  /// after it.
  var section: TransactionGroup?
  /// The header's names as compared, to know the header written again.
  var headerWords: [String] = []
  /// The accounts the rows of a bank's export are of, the first few, and how many there are.
  var accounts = (names: [String](), seen: Set<String>())

  /// Creates a decoder of the given bytes.
  ///
  /// - Parameters:
  ///   - input: The input, positioned at its start.
  ///   - source: How notes name the source.
  ///   - options: How to read a bank's export (a header other than the native one).
  ///   - usesFastPath: Whether to read plain rows on the fast path (``CSVRowScanner``).
  init(input: ByteInput, source: String = "", options: ReadingOptions = .standard, usesFastPath: Bool = true)
  {
    self.input = input
    self.source = source
    self.options = options
    self.usesFastPath = usesFastPath
    self.fastPathsAllowed = usesFastPath
    statementAccounts = StatementAccounts(asked: options.account)
    scratch.reserveCapacity(256)
  }

  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    let decoded = readNext(placingValidIn: slot)
    guard let cut = input.recordCut else { return decoded }
    slot.takeBack(decoded)
    state = .finished
    return .malformed(MalformedInput(cut: cut, limit: input.recordLimit), resumes: false)
  }

  /// The first note not yet given, naming the source.
  private mutating func nextNote() -> DecodedRecord {
    var note = notes.removeFirst()
    note.source = source
    return .note(AnySourceProblem(note))
  }

  private mutating func readNext(placingValidIn slot: RecordSlot) -> DecodedRecord? {
    if !notes.isEmpty { return nextNote() }
    if let end = endingProblem {
      endingProblem = nil
      return .malformed(end, resumes: false)
    }
    do throws(RowError) {
      switch state {
      case .finished:
        return nil
      case .start, .header:
        if state == .start {
          state = .header
          let hadByteOrderMark = input.skipByteOrderMark()
          if let question = prepareText(hadByteOrderMark: hadByteOrderMark) {
            throw RowError(
              MalformedInput(
                position: question.position, syntax: .asks(question.kind), value: question.value),
              isFatal: true)
          }
        }
        guard try readHeader() else {
          state = .finished
          return nil
        }
        state = .rows
        if !notes.isEmpty { return nextNote() }
      case .rows:
        break
      }
      while true {
        guard try skipEmptyLines() else {
          state = .finished
          noteTheEnd()
          if !notes.isEmpty { return nextNote() }
          guard let end = endingProblem else { return nil }
          endingProblem = nil
          return .malformed(end, resumes: false)
        }
        if usesFastPath, readValidRow(into: slot) { return .placed }
        if reading == nil { return try readRow() }
        if let bankLayout, readValidBankRow(into: slot, layout: bankLayout) { return .placed }
        if let row = try readBankRow() { return row }
      }
    } catch {
      guard error.isFatal else { return .malformed(error.malformed, resumes: true) }
      state = .finished
      // The notes of what was read so far (rows skipped, several accounts) come before the
      // problem that ends the input: after it the stream asks for nothing more, and a row
      // skipped without a word would be a record dropped silently.
      noteTheEnd()
      guard !notes.isEmpty else { return .malformed(error.malformed, resumes: false) }
      endingProblem = error.malformed
      return nextNote()
    }
  }

  // MARK: The header

  /// Reads the header row and learns which column holds which field.
  ///
  /// - Returns: `false` when the input holds no row at all (it is empty).
  /// - Throws: ``RowError`` (always fatal) when the header is malformed or lacks a column.
  private mutating func readHeader() throws(RowError) -> Bool {
    guard try skipEmptyLines() else { return false }
    if let count = try headerlessColumnCount() {
      // Columns named by their places: the file has no header, its first row is a record.
      usesFastPath = false
      columnNames = (1...count).map(String.init)
      columns = Array(repeating: nil, count: count)
      switch CSVColumns.of(columnNames, options: options) {
      case .success(let found):
        try readBankLayout(
          found,
          header: Decided(nil, Evidence(.option, "you named the columns by their places with --columns")))
      case .failure(let problem):
        throw RowError(headerProblem(problem, at: input.position), isFatal: true)
      }
      return true
    }
    let start = input.position
    let line = input.upcomingLine(limit: 1 << 16)
    let split: CSVReading.Header
    switch CSVReading.header(
      of: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...], options: options)
    {
    case .success(let header): split = header
    case .failure(let question):
      throw RowError(MalformedInput(position: start, syntax: .asks(question), value: nil), isFatal: true)
    }
    delimiter = split.delimiter.value.byte
    headerDelimiter = split.delimiter
    let (problem, duplicate, extraNames) = try readHeaderRow()
    let missing = RecordField.allCases.filter { !columns.contains($0) }
    // A header with the native `group` column is the native header: SPEC §7's rules, and the
    // fast path for commas. It must name all five columns: a native file that lost its debit
    // column must not be read as a bank's export with signed amounts.
    let isNative = options.columns.isEmpty && columns.contains(.group)
    // A name that is likely `group` mistyped makes a native header gone wrong, not a bank's
    // export: banks have no group column, and reading it as one would guess the signs.
    let bankNames = Set(BankWords.synonyms.flatMap(\.names))
    let mistypedNames = extraNames.filter { !bankNames.contains(BankWords.normalized($0.text)) }
    let groupMistyped =
      options.columns.isEmpty && FieldNameGuess.likelyName(for: .group, among: mistypedNames) != nil
    if !isNative && !groupMistyped {
      usesFastPath = false
      let firstProblem: CSVColumns.Problem
      switch problem == nil ? CSVColumns.of(columnNames, options: options) : .failure(.noColumnsFor([])) {
      case .success(let found):
        // The header's own line: empty lines, and lines skipped for a carriage return alone,
        // may come before it.
        let words =
          start.line == 1
          ? "the first line names the columns"
          : "line \(start.line) names the columns; the lines before it are empty, or skipped for a carriage"
            + " return alone"
        try readBankLayout(found, header: Decided(start.line, Evidence(.header, words)))
        return true
      case .failure(let columnProblem):
        switch columnProblem {
        case .ambiguous, .oneColumnForRoles:
          throw RowError(headerProblem(columnProblem, at: start), isFatal: true)
        default:
          firstProblem = columnProblem
        }
      }
      // A header that looks like another format, or has native names mistyped, is most likely
      // a native one gone wrong: its problem names the native columns, as before. A name a
      // bank gives a column (`Date`) is no typo of the native one: it was read as the bank's.
      let looksNative =
        FormatGuess.format(ofFields: columnNames.map { $0[...] }, other: .csv) != nil
        || missing.filter { FieldNameGuess.likelyName(for: $0, among: mistypedNames) != nil }.count
          + columns.compactMap({ $0 }).count >= 3
      if !looksNative || !options.columns.isEmpty {
        // A title, an account or a balance may come before the header: it is further down.
        if try readHeaderBelow() { return true }
        if let problem { throw RowError(guessingFormat(problem), isFatal: true) }
        throw RowError(headerProblem(firstProblem, at: start), isFatal: true)
      }
    }
    if let problem { throw RowError(guessingFormat(problem), isFatal: true) }
    if let asked = options.account, missing.isEmpty {
      // The native format names no account: an option that cannot apply is refused, not ignored.
      throw RowError(
        MalformedInput(position: start, problem: .noAccountMatches(asked, accounts: [], count: 0)),
        isFatal: true)
    }
    usesFastPath = usesFastPath && delimiter == UInt8(ascii: ",")
    if options.explains && missing.isEmpty && duplicate == nil {
      notes += ExportNote.reading(
        "the native CSV format",
        [
          ReadingDecision(
            "columns", "group, date, description, amount and debit",
            Evidence(
              .format, "the header names the five columns of the native format, so SPEC §7's rules apply"))
        ])
    }
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

  /// Reads one row as the header: each column's name and the field it holds.
  ///
  /// - Returns: The row's first syntax problem, if any; the first column of the five named
  ///   twice; and the names that are none of the five, with their places.
  /// - Throws: ``RowError`` (fatal) for a quoted name that the input ends inside.
  private mutating func readHeaderRow() throws(RowError) -> (
    problem: MalformedInput?, duplicate: MalformedInput?, extraNames: [FieldNameGuess.Name]
  ) {
    columns = []
    columnNames = []
    columnPositions = []
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
      columnPositions.append(position)
      if recordField == nil { extraNames.append(FieldNameGuess.Name(text: name, position: position)) }
    }
    return (problem, duplicate, extraNames)
  }

  /// The problem of a first line that is no header of a bank's export, and none is found
  /// below it: a column the options name that it lacks; a transaction, when it holds a date and
  /// an amount (the file has no header); or the fields no column holds.
  private mutating func headerProblem(_ problem: CSVColumns.Problem, at start: TextPosition) -> MalformedInput
  {
    switch problem {
    case .namedColumnNotFound(let role, let name):
      return MalformedInput(
        position: start, field: role.field, syntax: .namedColumnNotFound(role), value: name)
    case .noColumnsFor(let roles):
      let line = columnNames.joined(separator: String(decoding: [delimiter], as: UTF8.self))
      let sample = CSVSample(
        of: input.upcomingBytes(limit: CSVSample.size), from: input.position, delimiter: delimiter,
        complete: true)
      if let places = CSVReading.placesOfRecord(columnNames, sample: sample) {
        return MalformedInput(
          position: start,
          syntax: .asks(
            .headerIsARecord(
              date: places.date, description: places.description, amount: places.amount,
              balance: places.balance)),
          value: line)
      }
      return MalformedInput(position: start, syntax: .noColumnsFor(roles.compactMap(\.field)), value: line)
    case .ambiguous(let role, let indices):
      // At the second of the columns: the first would be taken without it.
      let second = indices.count > 1 ? indices[1] : indices.first ?? 0
      return MalformedInput(
        position: columnPositions.indices.contains(second) ? columnPositions[second] : start,
        field: role.field,
        syntax: .asks(.columnsInDoubt(role, columns: indices)),
        value: indices.filter(columnNames.indices.contains).map { columnNames[$0] }.joined(separator: ", "))
    case .oneColumnForRoles(let roles, let index):
      return MalformedInput(
        position: columnPositions.indices.contains(index) ? columnPositions[index] : start,
        syntax: .asks(.oneColumnForRoles(roles)),
        value: columnNames.indices.contains(index) ? columnNames[index] : nil)
    }
  }

  /// Looks below a first line that is no header for the header of a bank's export, among the
  /// next hundred lines (and 64 KiB): a title, the account, a balance may come before it. When
  /// one is found, the lines before it are skipped (and counted for a note; a section's title
  /// among them gives the rows their group), and its layout is taken.
  ///
  /// - Returns: Whether a header was found.
  /// - Throws: ``RowError`` (fatal) when the header found is malformed after all, or its rows'
  ///   dates fit more than one layout.
  private mutating func readHeaderBelow() throws(RowError) -> Bool {
    let limit = 1 << 16
    let bytes = input.upcomingBytes(limit: limit)
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // A last line cut by the limit is not looked at.
    if bytes.count == limit { lines.removeLast() }
    for (offset, line) in lines.prefix(100).enumerated() {
      let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      guard case .success(let split) = CSVReading.header(of: text, options: options) else { continue }
      switch split.columns {
      // A header whose columns leave a role in doubt is read as the header, to say so at it.
      case .success, .failure(.ambiguous), .failure(.oneColumnForRoles): break
      case .failure: continue
      }
      noteSection(titledBy: columnNames)
      let headerLine = input.position.line + offset
      for before in lines[..<offset] {
        noteSection(titledBy: CSVSample.fields(of: before, delimiter: split.delimiter.value.byte))
        input.startRecord()
        input.skipLine()
      }
      skipped.beforeHeader = offset + 1
      input.startRecord()
      delimiter = split.delimiter.value.byte
      headerDelimiter = split.delimiter
      let start = input.position
      let (problem, _, _) = try readHeaderRow()
      if let problem { throw RowError(problem, isFatal: true) }
      switch CSVColumns.of(columnNames, options: options) {
      case .success(let found):
        try readBankLayout(
          found,
          header: Decided(
            headerLine,
            Evidence(
              .header,
              "line \(headerLine) is the first whose names give a date, a description and an amount; the"
                + " \(offset + 1) line\(offset == 0 ? "" : "s") before it name\(offset == 0 ? "s" : "") none")
          ))
        return true
      case .failure(let columnProblem):
        switch columnProblem {
        case .ambiguous, .oneColumnForRoles:
          throw RowError(headerProblem(columnProblem, at: start), isFatal: true)
        default:
          return false
        }
      }
    }
    return false
  }

  /// Notes the group a line before the header gives the rows, when it is a section's title
  /// (`Pending Transactions`).
  private mutating func noteSection(titledBy fields: [String]) {
    let texts = fields.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    guard texts.count == 1, let group = BankWords.section(titled: texts[0]) else { return }
    section = group == .authorized ? .authorized : .posted
  }

  /// How many columns a file without a header has, when the options name every column by its
  /// place (`--columns date=1,description=5,amount=2`): its first line's fields; `nil` when a
  /// column is named by a name, or when the file has a header whose columns the places are
  /// (`--columns amount=9`, a column without a name): the options
  /// leave the date, the description or the amount to the header's names, or the first line's
  /// fields at their places are neither a date nor an amount, but names.
  ///
  /// - Throws: ``RowError`` (fatal) when the first line has more than one delimiter and the
  ///   options name none.
  private mutating func headerlessColumnCount() throws(RowError) -> Int? {
    let named = options.columns.filter { !$0.value.trimmingSpaces.isEmpty }
    let places = named.mapValues { name in
      name.allSatisfy { ("0"..."9").contains($0) } ? Int(name) : nil
    }
    guard !places.isEmpty, places.values.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
    let hasAmount = places[.amount] != nil || places[.debit] != nil && places[.credit] != nil
    guard places[.date] != nil, places[.description] != nil, hasAmount else { return nil }
    let line = input.upcomingLine(limit: 1 << 16)
    let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
    switch CSVReading.delimiter(ofRecord: text, options: options) {
    case .success(let decided):
      delimiter = decided.value.byte
      headerDelimiter = decided
    case .failure(let question):
      throw RowError(MalformedInput(position: input.position, syntax: .asks(question)), isFatal: true)
    }
    let fields = CSVSample.fields(of: text, delimiter: delimiter).map { $0.trimmedString }
    let field = { (role: CSVColumnRole) -> String? in
      places[role].flatMap { $0.map { fields.indices.contains($0 - 1) ? fields[$0 - 1] : "" } }
    }
    let isDate = field(.date).map { !DateLayout.layouts(fitting: $0).isEmpty } ?? false
    let isAmount = [CSVColumnRole.amount, .debit, .credit].contains { role in
      guard let value = field(role), value.contains(where: \.isNumber) else { return false }
      return (try? WrittenAmount(parsing: value, decimalMark: .point)) != nil
        || (try? WrittenAmount(parsing: value, decimalMark: .comma)) != nil
    }
    // Names where a transaction has its date and amount: the first line is the header.
    guard isDate || isAmount else { return nil }
    // A place past the first line's fields names no column: refused, not a header of that many.
    if let role = CSVColumnRole.allCases.first(where: {
      options.columns[$0].flatMap(Int.init).map { $0 > fields.count } ?? false
    }),
      let name = options.columns[role]
    {
      throw RowError(
        MalformedInput(
          position: input.position, field: role.field, syntax: .namedColumnNotFound(role), value: name),
        isFatal: true)
    }
    return fields.count
  }

  /// Takes the reading of a bank's export: its columns, and how its dates, amounts, signs and
  /// groups are told, from the options or else from the rows after the header
  /// (`CSVReading/decide(names:header:at:delimiter:columns:sample:text:options:)`).
  ///
  /// - Throws: ``RowError`` (fatal) with the question the file does not answer (the dates fit
  ///   more than one layout, the signs are untold, …), at the value that raises it; or when
  ///   `--account` names an account and the file has no account column.
  private mutating func readBankLayout(_ found: CSVColumns, header: Decided<Int?>) throws(RowError) {
    let start = input.position
    let bytes = input.upcomingBytes(limit: CSVSample.size)
    let sample = CSVSample(
      of: bytes, from: start, delimiter: delimiter, complete: bytes.count < CSVSample.size)
    let decided = CSVReading.decide(
      names: columnNames, header: header, at: start,
      delimiter: headerDelimiter ?? Decided(.comma, Evidence(.rule, "a comma")), columns: found,
      sample: sample,
      text: text, options: options)
    switch decided {
    case .success(let reading):
      if options.explains {
        notes += ExportNote.reading("a bank's CSV export", reading.decisions)
      }
      self.reading = reading
      rules = ValueRules(reading: reading, options: options)
      roles = columnNames.indices.map { index in CSVColumnRole.allCases.first { reading.columns[$0] == index }
      }
      columns = roles.map { $0?.field }
      bankLayout =
        fastPathsAllowed
        ? rules.bank.flatMap { BankRowScanner.Layout(reading: reading, roles: roles, group: $0.group) } : nil
      headerWords = columnNames.map { BankWords.normalized($0) }
      balance = reading.balanceOrder.value.map { RunningBalance(order: $0) }
      if let asked = options.account, reading.account == nil {
        throw RowError(
          MalformedInput(position: start, problem: .noAccountMatches(asked, accounts: [], count: 0)),
          isFatal: true)
      }
    case .failure(let question):
      if options.explains {
        let decisions = CSVReading.decisions(
          text: text, delimiter: headerDelimiter ?? Decided(.comma, Evidence(.rule, "a comma")),
          header: header,
          names: columnNames, columns: found)
        notes += ExportNote.reading("a bank's CSV export, until a question it asks", decisions)
      }
      if case .columnsInDoubt(let role, let indices) = question.kind {
        // At the second of the columns, as a header's question about its columns is.
        throw RowError(headerProblem(.ambiguous(role, columns: indices), at: start), isFatal: true)
      }
      throw RowError(
        MalformedInput(
          position: question.position, field: question.kind.field, syntax: .asks(question.kind),
          value: question.value),
        isFatal: true)
    }
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

  /// Reads a plain, valid row of a bank's export on its fast path into `slot`, or consumes
  /// nothing and returns `false`. What the row adds to the account counts towards the sums that
  /// prove a summary row, as on the full path.
  private mutating func readValidBankRow(into slot: RecordSlot, layout: BankRowScanner.Layout) -> Bool {
    let group = section ?? layout.group
    let change = input.readQuickly { cursor -> Int64? in
      var scanner = BankRowScanner(cursor, delimiter: layout.delimiter)
      defer { cursor = scanner.end }
      return scanner.validRow(into: slot, layout: layout, group: group, statuses: &statuses)
    }
    guard let change else { return false }
    if layout.provesSummaryRows { summaryProof.add(change) }
    return true
  }

  /// Reads one row of the native format, which is not empty, and its line break.
  private mutating func readRow() throws(RowError) -> DecodedRecord {
    var record = RawRecord(start: input.position)
    var problem: MalformedInput?
    var count = 0
    var terminator = Terminator.comma
    while terminator == .comma {
      let field = count < columns.count ? columns[count] : nil
      input.startValue(of: field)
      let read = try readField(problem: &problem, field: field)
      terminator = read.terminator
      if let field {
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
    return .record(record)
  }

  // MARK: Fields

  /// What ends a field.
  enum Terminator {
    /// A comma: another field of the same row follows.
    case comma
    /// A line break, or the end of the input: the row ends.
    case rowEnd
  }

  /// Where a field was and how it ended; its text is in `scratch`.
  struct FieldRead {
    var position: TextPosition
    var terminator: Terminator
    var encodingProblem: EncodingProblem?
    /// Whether the field starts with a quote: a delimiter inside it is part of it.
    var quoted = false
  }

  /// Reads one field into `scratch`, with the separator or line break after it.
  ///
  /// A problem that leaves the row's end findable (a stray quote, text after a closing quote, a
  /// bare carriage return) goes into `problem`, if it holds none yet, with the field as written
  /// for its value; the field is read leniently to its end.
  ///
  /// - Throws: ``RowError`` (fatal) for a quoted field that the input ends inside.
  mutating func readField(
    problem: inout MalformedInput?, field: RecordField?
  ) throws(RowError) -> FieldRead {
    let position = input.position
    scratch.removeAll(keepingCapacity: true)
    var read = FieldRead(position: position, terminator: .rowEnd)
    var fieldProblem: MalformedInput?
    if input.peek() == UInt8(ascii: "\"") {
      read.quoted = true
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
  struct RowError: Error {
    var malformed: MalformedInput
    var isFatal: Bool

    init(_ malformed: MalformedInput, isFatal: Bool) {
      self.malformed = malformed
      self.isFatal = isFatal
    }
  }
}
