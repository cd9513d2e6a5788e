import BankFormats
import BankReading
import Entities
import UseCases

/// Reading the rows of a bank's export: its text made UTF-8 with line feeds, the rows that are
/// clearly not transactions skipped and counted, each record's values taken from its columns.
extension CSVRecordDecoder {
  // MARK: The text

  /// Converts the text of a bank's export before its header is read, when it needs it
  /// (``TextConversion``): from the single-byte code page the options name, or, when its first
  /// megabyte is not UTF-8 and it has no UTF-8 byte order mark, the one its bytes and words
  /// prove (then with a note); and lines ending in a carriage return alone, or in carriage
  /// returns before a line feed, when its first line does. The native format is never
  /// converted: SPEC §7 has it UTF-8 with LF or CRLF.
  ///
  /// - Parameter hadByteOrderMark: Whether the input started with a UTF-8 byte order mark.
  /// - Returns: The question when the bytes read as other characters in two code pages and
  ///   nothing in the file says which it is written in.
  mutating func prepareText(hadByteOrderMark: Bool) -> ReadingQuestion? {
    // The native header is told from its first line alone, so that a native file costs no
    // more than that line's look.
    var line = input.upcomingLine(limit: 1 << 16)
    if line.allSatisfy({ $0 == UInt8(ascii: "\r") }) {
      // Empty lines first: the header is the first line that is not empty.
      let bytes = input.upcomingBytes(limit: 1 << 16)
      line = Array(
        bytes.split(separator: UInt8(ascii: "\n")).first { !$0.allSatisfy { $0 == UInt8(ascii: "\r") } } ?? []
      )
    }
    if options.columns.isEmpty {
      // The header is the first text between line breaks, a carriage return alone included:
      // a line that starts with one is not an empty header that makes the file a bank's.
      let header = line.split(separator: UInt8(ascii: "\r")).first ?? []
      let lineDelimiter = (options.delimiter ?? CSVSample.likelyDelimiter(of: header)).byte
      if CSVSample.fields(of: header, delimiter: lineDelimiter).contains("group") { return nil }
    }
    let start = input.position
    let sample = input.upcomingBytes(limit: CSVSample.size)
    let complete = sample.count < CSVSample.size
    var conversion = TextConversion()
    let lineBreaks = TextConversion.lineBreaks(of: sample, complete: complete)
    conversion.carriageReturnsEndLines = lineBreaks == .carriageReturns
    conversion.carriageReturnsBeforeLineFeeds = lineBreaks == .carriageReturnsBeforeLineFeed
    text.carriageReturnLines = Self.lineBreakDecision(lineBreaks)
    if let given = options.encoding {
      text.encoding = Decided(given, Evidence(.option, "you said --encoding \(given.rawValue)"))
    } else {
      switch Self.encoding(
        of: sample, from: start, complete: complete, hadByteOrderMark: hadByteOrderMark,
        carriageReturnsEndLines: conversion.carriageReturnsEndLines)
      {
      case .success(let decided):
        text.encoding = decided
        if decided.value != .utf8 { notes.append(ExportNote(source: "", kind: .readAs(decided.value))) }
      case .failure(let question):
        return question
      }
    }
    if text.encoding.value != .utf8 { conversion.codePage = text.encoding.value }
    input.convertText(conversion)
    return nil
  }

  /// The decision on how lines end, with its evidence.
  private static func lineBreakDecision(_ lineBreaks: TextConversion.LineBreaks) -> Decided<
    CSVReading.LineBreaks
  > {
    switch lineBreaks {
    case .lineFeeds:
      Decided(.lineFeeds, Evidence(.values, "the first line ends with a line feed"))
    case .carriageReturns:
      Decided(
        .carriageReturns,
        Evidence(.values, "the first line ends with a carriage return that no line feed follows"))
    case .carriageReturnsBeforeLineFeed:
      Decided(
        .carriageReturnsBeforeLineFeed,
        Evidence(
          .values,
          "the first line ends with two carriage returns or more and a line feed, one line break as an editor"
            + " shows it"))
    }
  }

  /// The encoding of a bank's export, from its first megabyte: UTF-8 when it starts with UTF-8's
  /// byte order mark (or part of one: UTF-8 gone wrong), when every byte is UTF-8, or when it
  /// writes characters in UTF-8's multi-byte form (then a byte that is not UTF-8 is an error of
  /// its own, never a reason to read every accent as another encoding's); when a byte is not
  /// UTF-8 and no character is written as UTF-8 writes one, the single-byte code page its
  /// bytes and words prove (``CSVReading/codePage(of:from:carriageReturnsEndLines:)``), or the
  /// question. A QIF file, which has no column names to tell the code pages apart, reads the
  /// first of them (Windows-1252) where a CSV export's question would be asked, and says so.
  ///
  /// - Parameters:
  ///   - sample: The first bytes, as far as ``CSVSample/size``.
  ///   - start: The position of the first.
  ///   - complete: Whether they run to the end of the input.
  ///   - hadByteOrderMark: Whether the input started with UTF-8's byte order mark.
  ///   - carriageReturnsEndLines: Whether a carriage return alone ends a line (for positions).
  ///   - namesColumns: Whether the text names its columns (a CSV export), which may prove its
  ///     code page, so that nothing proving one is asked; else the first is read.
  /// - Returns: The encoding and what proved it, or the question.
  static func encoding(
    of sample: [UInt8], from start: TextPosition, complete: Bool, hadByteOrderMark: Bool,
    carriageReturnsEndLines: Bool = false, namesColumns: Bool = true
  ) -> Result<Decided<TextEncoding>, ReadingQuestion> {
    if hadByteOrderMark {
      return .success(Decided(.utf8, Evidence(.values, "the file starts with UTF-8's byte order mark")))
    }
    // A byte order mark cut short is UTF-8 gone wrong, not a code page: it stays an issue.
    if sample.first == 0xEF {
      return .success(
        Decided(.utf8, Evidence(.values, "the file starts with a part of UTF-8's byte order mark")))
    }
    let (invalid, multibyte) = TextConversion.utf8Evidence(sample, complete: complete)
    guard let invalid else {
      return .success(
        Decided(
          .utf8,
          Evidence(
            .values,
            multibyte
              ? "every byte read is UTF-8, and some characters are written as UTF-8 writes them"
              : "every byte read is ASCII, which UTF-8 and Windows-1252 read alike")))
    }
    let position = Self.position(ofOffset: invalid, in: sample, from: start)
    let at = "\(position.line):\(position.column)"
    let byte = "0x" + String(sample[invalid], radix: 16, uppercase: true)
    guard !multibyte else {
      return .success(
        Decided(
          .utf8,
          Evidence(
            .values,
            "characters are written as UTF-8 writes them, so the byte \(byte) at \(at), which is not UTF-8, is an"
              + " error")))
    }
    let notUTF8 = "the byte \(byte) at \(at) is not UTF-8, and no character is written as UTF-8 writes one"
    switch CSVReading.codePage(of: sample, from: start, carriageReturnsEndLines: carriageReturnsEndLines) {
    case .success(let decided):
      return .success(
        Decided(decided.value, Evidence(decided.evidence.kind, notUTF8 + "; " + decided.evidence.words)))
    case .failure(let question):
      guard !namesColumns, case .encodingsFit(let codePages, _) = question.kind, let first = codePages.first
      else {
        return .failure(question)
      }
      return .success(
        Decided(
          first,
          Evidence(
            .values,
            notUTF8 + "; no column's name tells "
              + codePages.map(\.name).joined(separator: " from ") + ": the first is read")))
    }
  }

  /// The line and column of a byte of the sample that starts at `start`.
  private static func position(ofOffset offset: Int, in bytes: [UInt8], from start: TextPosition)
    -> TextPosition
  {
    start.advanced(over: bytes[..<offset])
  }

  // MARK: Rows

  /// Reads one row of a bank's export, which is not empty, and its line break.
  ///
  /// - Returns: The row's record, or a malformed row; `nil` for a row skipped as clearly not a
  ///   transaction (``skip(_:)``), or of another account than `--account` names.
  mutating func readBankRow() throws(RowError) -> DecodedRecord? {
    guard let reading else { return nil }
    let start = input.position
    var fields: [Field] = []
    var quoted: [Bool] = []
    var problem: MalformedInput?
    var terminator = Terminator.comma
    while terminator == .comma {
      let field = fields.count < columns.count ? columns[fields.count] : nil
      input.startValue(of: field)
      let read = try readField(problem: &problem, field: field)
      terminator = read.terminator
      fields.append((String(decoding: scratch, as: UTF8.self), read.position, read.encodingProblem))
      quoted.append(read.quoted)
    }
    if let problem { return .malformed(problem, resumes: true) }
    fields = shaped(fields, quoted: quoted, reading: reading)
    // The row's values, made once for every rule below.
    let texts = fields.map(\.text)
    // What the row adds to the account, for the running balance and the sums that prove a
    // summary row, when either is checked.
    let change =
      balance != nil || reading.summaryRows.value == nil
      ? reading.change(of: texts, signs: reading.signs.value) : nil
    switch notTransaction(texts, reading: reading) {
    case .summaryWord(let index)?:
      guard try readsAsTransaction(summaryRow: fields, at: index, change: change, reading: reading) else {
        skip(.balanceOrTotal)
        return nil
      }
    case let kind?:
      skip(kind)
      return nil
    case nil:
      break
    }
    let located: [(text: String, position: TextPosition)] = fields.map { ($0.text, $0.position) }
    if let cut = amountCut(located, reading: reading) {
      return .malformed(cut, resumes: true)
    }
    guard fields.count == columns.count else {
      return .malformed(
        MalformedInput(
          position: start,
          syntax: .fieldCount(
            found: fields.count, expected: columns.count,
            delimiter: reading.delimiter.value)),
        resumes: true)
    }
    if reading.account != nil, let column = reading.columns[.account] {
      let index = statementAccounts.enter(
        StatementAccounts.Account(name: fields[column].text.trimmedString, position: fields[column].position))
      guard statementAccounts.picks(index) else { return nil }
    }
    var record = RawRecord(start: start)
    var debitValue: RawValue?
    var creditValue: RawValue?
    for (index, field) in fields.enumerated() {
      let value = RawValue(
        kind: .string, text: field.text, position: field.position, encodingProblem: field.encoding)
      switch roles[index] {
      case .debit?: debitValue = value
      case .credit?: creditValue = value
      case .description?, .balance?, .account?, .fee?: break
      case let role?:
        if let field = role.field { record[field] = value }
      case nil:
        if let encoding = field.encoding {
          record.note(
            RawProblem(
              position: encoding.position, field: nil,
              problem: .badExtraValue(encoding.problem, inColumn: true),
              value: columnNames[index]))
        }
      }
    }
    if reading.columns[.amount] == nil {
      Self.takeAmount(debit: debitValue, credit: creditValue, mark: reading.decimalMark.value, into: &record)
    }
    if record.group == nil, let section {
      record.group = RawValue(kind: .string, text: section == .authorized ? "A" : "P", position: start)
    }
    record.description = description(of: fields, record: record, reading: reading)
    if let unproved = foldFee(of: located, reading: reading, into: &record) {
      return .malformed(unproved, resumes: true)
    }
    if let account = reading.columns[.account] { noteAccount(fields[account].text) }
    if let currency = reading.currency?.value {
      checkCurrency(currency, of: located, reading: reading, into: &record)
    }
    if let (column, saysDebit) = reading.signDisagreement(in: texts),
      let amount = reading.columns[.amount]
    {
      record.note(
        RawProblem(
          position: fields[amount].position, field: .amount,
          problem: .signDisagrees(
            with: fields[column].text.trimmedString, column: columnNames[column], debit: saysDebit),
          value: fields[amount].text))
    }
    checkBalance(of: located, change: change, at: start, reading: reading, into: &record)
    crossCheck(located, reading: reading, into: &record)
    if reading.summaryRows.value == nil, let change { summaryProof.add(change) }
    return .record(record)
  }

  /// Whether a dated row worded only as a total or a balance (its field at `index`) is read as
  /// a transaction: as the user said (`--summary-rows`), else not when the file proves it the
  /// bank's summary (``SummaryRowProof``): it has no amount, or its amount is a sum of the rows
  /// above it.
  ///
  /// - Throws: ``RowError`` (fatal) asking the user, when nothing proves which it is.
  private mutating func readsAsTransaction(
    summaryRow fields: [Field], at index: Int, change: Int64?, reading: CSVReading
  ) throws(RowError) -> Bool {
    switch reading.summaryRows.value {
    case .count?: return true
    case .skip?: return false
    case nil: break
    }
    let amounts = [CSVColumnRole.amount, .debit, .credit].compactMap { reading.columns[$0] }
    if amounts.allSatisfy({ $0 >= fields.count || fields[$0].text.trimmingSpaces.isEmpty }) { return false }
    if let change, summaryProof.isSum(change) { return false }
    throw RowError(
      MalformedInput(
        position: fields[index].position,
        field: roles.indices.contains(index) && roles[index] == .description ? .description : nil,
        syntax: .asks(.summaryRowUntold), value: fields[index].text),
      isFatal: true)
  }

  /// A field of a row: its text, where it starts, and its text's encoding problem.
  typealias Field = (text: String, position: TextPosition, encoding: EncodingProblem?)

  /// A row's fields in the header's shape, where the file proved how its rows differ from it:
  /// the empty fields every row ends with dropped (a delimiter at the end of each row); the
  /// columns without a name at the header's end that the row leaves out, empty; the fields past
  /// the last column joined into it, as written, when the row proves that they can only be
  /// part of it (``CSVReading/joinsExtraFields(ofRow:)``). Any other row keeps its fields: one
  /// with more fields than the header is a field cut by a delimiter, never read with its
  /// columns shifted.
  private mutating func shaped(_ fields: [Field], quoted: [Bool], reading: CSVReading) -> [Field] {
    var fields = fields
    let extra = reading.extraEmptyFields.value
    if extra > 0, fields.count == columns.count + extra,
      fields[columns.count...].allSatisfy({ $0.text.trimmingSpaces.isEmpty })
    {
      fields.removeLast(extra)
      return fields
    }
    if fields.count < columns.count, fields.count >= columns.count - reading.unnamedEndColumns.value,
      let last = fields.last
    {
      let end = TextPosition(line: last.position.line, column: last.position.column + last.text.count)
      let empty: Field = (text: "", position: end, encoding: nil)
      fields += repeatElement(empty, count: columns.count - fields.count)
      return fields
    }
    guard reading.joinsExtraFields.value, fields.count > columns.count,
      reading.joinsExtraFields(
        ofRow: zip(fields, quoted).map { CSVSample.Field(text: $0.text, position: $0.position, quoted: $1) })
    else { return fields }
    let tail = fields[(columns.count - 1)...]
    let separator = String(decoding: [delimiter], as: UTF8.self)
    fields.replaceSubrange(
      (columns.count - 1)...,
      with: [
        (
          tail.map(\.text).joined(separator: separator),
          tail.first?.position ?? TextPosition(line: 1, column: 1),
          tail.lazy.compactMap(\.encoding).first
        )
      ])
    joinedRows += 1
    return fields
  }

  /// Checks a row's running balance against the balance before it and the amounts between
  /// (``RunningBalance``), and notes a balance that does not follow as the record's problem.
  /// A pending row (its status, or its section) is left out: a bank's balance holds it only once
  /// it is booked.
  private mutating func checkBalance(
    of fields: [(text: String, position: TextPosition)], change bare: Int64?, at start: TextPosition,
    reading: CSVReading, into record: inout RawRecord
  ) {
    guard var check = balance, let column = reading.columns[.balance] else { return }
    defer { balance = check }
    // A pending row is in a bank's balance only where the balance is written beside it.
    let group = record.group.map { BankWords.status(of: $0.text.trimmingSpaces) }
    let pending = group == .group(.authorized) || (record.group == nil && reading.groups.value == .authorized)
    if pending && fields[column].text.trimmingSpaces.isEmpty { return }
    guard let bare else { return }
    let change = bare &* reading.balanceDirection
    let written = fields[column].text
    let value: Int64? =
      written.trimmingSpaces.isEmpty
      ? nil
      : (try? WrittenAmount(parsing: written, decimalMark: reading.decimalMark.value)).map {
        $0.isNegative ? -$0.magnitude.minorUnits : $0.magnitude.minorUnits
      }
    guard value != nil || written.trimmingSpaces.isEmpty else { return }
    let position = fields[column].position
    guard
      let disagreement = check.check(
        RunningBalance.Row(change: change, balance: value, position: position, written: written))
    else { return }
    record.note(
      RawProblem(
        position: disagreement.position, field: nil,
        problem: .balanceDoesNotFollow(
          column: columnNames[column], previous: disagreement.previousWritten,
          at: disagreement.previousPosition,
          expected: Self.money(disagreement.expected), difference: Self.money(disagreement.difference)),
        value: disagreement.written))
  }

  /// Minor units as `Money`, for a message: the nearest that fits.
  private static func money(_ units: Int64) -> Money {
    Money(minorUnits: units) ?? (units < 0 ? Money.maximum.negated : Money.maximum)
  }

  /// Checks that a row names the file's one currency, if it names one: in its currency columns,
  /// and in its amounts (`-$45.00`, `120.00 USD`); the first that names another is the row's
  /// problem.
  private func checkCurrency(
    _ currency: String, of fields: [(text: String, position: TextPosition)], reading: CSVReading,
    into record: inout RawRecord
  ) {
    var marks: [(column: Int, mark: String)] = reading.columns.currencies.compactMap { column in
      fields[column].text.trimmingSpaces.isEmpty ? nil : (column, fields[column].text.trimmedString)
    }
    for role in [CSVColumnRole.amount, .debit, .credit] {
      guard let column = reading.columns[role], column < fields.count else { continue }
      // Only an amount with a letter or a symbol can name a currency: digits alone are read once.
      let text = fields[column].text
      guard
        text.utf8.contains(where: {
          $0 >= 0x80 || $0 == UInt8(ascii: "$") || ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A
        })
      else { continue }
      if let mark = (try? WrittenAmount(parsing: text, decimalMark: reading.decimalMark.value))?.currency {
        marks.append((column, mark))
      }
    }
    guard let other = marks.first(where: { !CurrencyMarks.compatible($0.mark, currency) }) else { return }
    record.note(
      RawProblem(
        position: fields[other.column].position, field: .amount,
        problem: .otherCurrency(currency, column: columnNames[other.column]), value: fields[other.column].text
      ))
  }

  /// An amount an unquoted comma cut in two (`-2,500.00` read as `-2` and `500.00`): an amount
  /// with no cents in a file whose amounts have them, followed by a field of three digits and
  /// cents, in a file whose delimiter is the comma that groups its thousands. Such a row is an
  /// error, never read with its columns shifted: nothing in it says where its fields end.
  private func amountCut(
    _ fields: [(text: String, position: TextPosition)], reading: CSVReading
  ) -> MalformedInput? {
    guard delimiter == UInt8(ascii: ","), reading.decimalMark.value == .point,
      reading.decimalMark.evidence.words.contains("has cents")
    else { return nil }
    for role in [CSVColumnRole.amount, .debit, .credit] {
      guard let column = reading.columns[role], column + 1 < fields.count else { continue }
      let head = Array(fields[column].text.trimmingSpaces.utf8)
      let tail = Array(fields[column + 1].text.trimmingSpaces.utf8)
      let digits = head.drop { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      guard (1...3).contains(digits.count),
        digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        tail.count >= 3, tail.prefix(3).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        tail.count == 3
          || (tail.count >= 5 && tail[3] == UInt8(ascii: ".")
            && tail[4...].allSatisfy {
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ")")
            })
      else { continue }
      var cut = MalformedInput(
        position: fields[column].position, field: .amount,
        syntax: .amountCutByDelimiter(fields[column + 1].text.trimmedString))
      cut.value = fields[column].text
      return cut
    }
    return nil
  }

  /// Checks the amount column written beside a debit and a credit column against them: the
  /// same amount, its sign the column's (a debit negative, or every amount unsigned).
  private func crossCheck(
    _ fields: [(text: String, position: TextPosition)], reading: CSVReading, into record: inout RawRecord
  ) {
    guard let column = reading.columns.crossCheckedAmount, column < fields.count,
      let written = try? WrittenAmount(parsing: fields[column].text, decimalMark: reading.decimalMark.value),
      let change = reading.change(of: fields.map(\.text), signs: .debitAndCreditColumns)
    else { return }
    let magnitude = written.magnitude.minorUnits
    let agrees = magnitude == change.magnitude && (!written.isNegative || change < 0 || magnitude == 0)
    guard !agrees else { return }
    record.note(
      RawProblem(
        position: fields[column].position, field: .amount,
        problem: .amountAgainstDebitAndCredit(column: columnNames[column]), value: fields[column].text))
  }

  /// Folds a row's fee into its amount: what left the account with the transaction (or what
  /// of a credit reached it), as a running balance shows it; the amount keeps its place.
  ///
  /// A fee where the rows that decided the reading held none (the column read as holding no
  /// fee, with nothing to prove what one means) is not folded: the row is an error that asks
  /// the question those rows would have asked.
  ///
  /// - Returns: That error, or `nil`.
  private func foldFee(
    of fields: [(text: String, position: TextPosition)], reading: CSVReading, into record: inout RawRecord
  ) -> MalformedInput? {
    let mark = reading.decimalMark.value
    let texts = fields.map(\.text)
    guard let decided = reading.columns.roles[.fee], decided.value < texts.count,
      let fee = try? WrittenAmount(parsing: texts[decided.value], decimalMark: mark), fee.magnitude != .zero
    else { return nil }
    guard decided.evidence.kind != .values else {
      var unproved = MalformedInput(
        position: fields[decided.value].position, field: .amount,
        syntax: .feeNotProved(column: columnNames[decided.value]))
      unproved.value = texts[decided.value]
      return unproved
    }
    guard let amount = record.amount, let net = reading.change(of: texts, signs: reading.signs.value)
    else { return nil }
    let units = net.magnitude
    let text =
      "\(units / 100)" + (mark == .comma ? "," : ".") + (units % 100 < 10 ? "0" : "") + "\(units % 100)"
    switch reading.signs.value {
    case .signed(let debitsPositive):
      let negative = (net < 0) != debitsPositive
      record.amount = RawValue(kind: .string, text: (negative ? "-" : "") + text, position: amount.position)
    case .codeColumn, .debitAndCreditColumns, .codeOrSigned, .codeAndSign:
      record.amount = RawValue(kind: .string, text: text, position: amount.position)
      record.debit = RawValue(
        kind: .string, text: net < 0 ? "D" : "C", position: record.debit?.position ?? amount.position)
    }
    return nil
  }

  /// The description of a row: the first of its description columns that is not empty, the
  /// other party first when the layout has a payee and a payer column (the payee of a debit,
  /// the payer of a credit); its line breaks, with the blank lines among them, one space.
  private func description(
    of fields: [Field], record: RawRecord,
    reading: CSVReading
  ) -> RawValue? {
    var order = reading.columns.descriptions
    if let counterparty = reading.columns.counterparty {
      let parties =
        isDebit(record, reading: reading) == false
        ? [counterparty.payer, counterparty.payee] : [counterparty.payee, counterparty.payer]
      order = parties + order.filter { !parties.contains($0) }
    }
    guard let first = order.first else { return nil }
    let chosen = order.first { !fields[$0].text.trimmingSpaces.isEmpty } ?? first
    let field = fields[chosen]
    return RawValue(
      kind: .string, text: Self.oneLine(field.text), position: field.position, encodingProblem: field.encoding
    )
  }

  /// Whether a record is a debit, as far as its values say before they are checked; `nil`
  /// when they do not.
  private func isDebit(_ record: RawRecord, reading: CSVReading) -> Bool? {
    let mark = reading.decimalMark.value
    switch reading.signs.value {
    case .codeColumn, .debitAndCreditColumns, .codeAndSign:
      return record.debit.flatMap { BankWords.isDebit(code: $0.text.trimmingSpaces) }
    case .codeOrSigned(let debitsPositive):
      if let code = record.debit.flatMap({ BankWords.isDebit(code: $0.text.trimmingSpaces) }) {
        return code
      }
      guard let amount = record.amount,
        let written = try? WrittenAmount(parsing: amount.text, decimalMark: mark)
      else { return nil }
      return written.isNegative != debitsPositive
    case .signed(let debitsPositive):
      guard let amount = record.amount,
        let written = try? WrittenAmount(parsing: amount.text, decimalMark: mark)
      else { return nil }
      return written.isNegative != debitsPositive
    }
  }

  /// A text with each line break, and the blank lines and spaces around it, made one space:
  /// a multi-line label as one line.
  static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
      return text
    }
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    return lines.map { $0.trimmingSpacesOfLine }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Why a row of a bank's export is clearly not a transaction, or `nil` when it may be one:
  /// it is empty; it is a section's title alone (which gives the rows after it their group); it
  /// is the header again; it has no date and a total's label where its date would be and in a
  /// value; it has a date and a value that is a balance's whole label; its status says the
  /// transaction did not happen; or it has another number of fields than the header and
  /// neither a date nor an amount (a legend after the table).
  ///
  /// - Parameters:
  ///   - texts: The row's fields, as written.
  ///   - reading: How the file is read.
  /// - Returns: The kind of row, or `nil`.
  private mutating func notTransaction(_ texts: [String], reading: CSVReading) -> SkippedKind? {
    let trimmed = texts.map { $0.trimmingSpaces }
    let filled = trimmed.filter { !$0.isEmpty }
    if filled.isEmpty { return .empty }
    if filled.count == 1, let group = BankWords.section(titled: filled[0]) {
      section = group == .authorized ? .authorized : .posted
      return .sectionTitle
    }
    let dateLayout = reading.dateLayout.value
    let decimalMark = reading.decimalMark.value
    let dateText = reading.columns[.date].flatMap { $0 < trimmed.count ? trimmed[$0] : nil } ?? ""
    let isDated = (try? CalendarDate(dateText, layout: dateLayout)) != nil
    // The header written again has its date column's name where a date is: a dated row is none.
    if !isDated, trimmed.count == headerWords.count,
      zip(trimmed, headerWords).allSatisfy({ BankWords.normalized($0) == $1 })
    {
      return .repeatedHeader
    }
    let hasDate = isDated || BankWords.section(titled: dateText) == .authorized
    if !hasDate {
      if dateText.isEmpty || BankWords.isTotal(dateText), filled.contains(where: BankWords.isTotal) {
        return .balanceOrTotal
      }
      if texts.count != columns.count,
        !trimmed.contains(where: { text in
          (try? CalendarDate(text, layout: dateLayout)) != nil
            || text.contains(where: \.isNumber)
              && (try? WrittenAmount(parsing: text, decimalMark: decimalMark)) != nil
        })
      {
        return .textLine
      }
    } else if filled.contains(where: { BankWords.isBalance($0) && !BankWords.isSummaryWord($0) }) {
      return .balanceOrTotal
    } else if let index = trimmed.prefix(columns.count).firstIndex(where: BankWords.isSummaryWord) {
      // Only a column of the header: a row longer than it is an error of its own.
      return .summaryWord(at: index)
    }
    if let group = reading.columns[.group], group < trimmed.count,
      BankWords.status(of: trimmed[group]) == .didNotHappen
    {
      return .notHappened
    }
    return nil
  }

  /// A kind of row that is clearly not a transaction.
  enum SkippedKind {
    case empty
    case sectionTitle
    case repeatedHeader
    case balanceOrTotal
    /// A dated row whose field at this index is a summary word alone (``BankWords/isSummaryWord(_:)``):
    /// a summary only where the file proves it.
    case summaryWord(at: Int)
    case textLine
    case notHappened
  }

  /// Counts a skipped row.
  private mutating func skip(_ kind: SkippedKind) {
    switch kind {
    case .empty: skipped.empty += 1
    case .sectionTitle: skipped.sectionTitles += 1
    case .repeatedHeader: skipped.repeatedHeaders += 1
    case .balanceOrTotal, .summaryWord: skipped.balancesAndTotals += 1
    case .textLine: skipped.textLines += 1
    case .notHappened: skipped.notHappened += 1
    }
  }

  /// Keeps the account a row is of, for the note of a file of several accounts.
  private mutating func noteAccount(_ text: String) {
    let name = String(text.trimmingSpaces)
    guard !name.isEmpty, accounts.seen.count < 10_000, !accounts.seen.contains(name) else { return }
    accounts.seen.insert(name)
    if accounts.names.count < 5 { accounts.names.append(name) }
  }

  /// Queues the notes of the end of a bank's export: the rows skipped, the accounts; and the
  /// problem of an `--account` that names none of the file's accounts, or several.
  mutating func noteTheEnd() {
    // Lines skipped while the header was looked for are noted even when the header then
    // breaks the input: no line is passed over without a word.
    if joinedRows > 0, let last = columnNames.last {
      notes.append(ExportNote(source: "", kind: .fieldsJoined(column: last, count: joinedRows)))
    }
    if skipped.total > 0 { notes.append(ExportNote(source: "", kind: .rowsSkipped(skipped))) }
    guard let reading else { return }
    if reading.account != nil {
      let (problem, note) = statementAccounts.end(source: "", start: input.position)
      if case .oneAccountShown(_, let account, let count)? = note {
        notes.append(ExportNote(source: "", kind: .oneAccountShown(account: account, count: count)))
      }
      if let problem, endingProblem == nil { endingProblem = problem }
      return
    }
    if accounts.seen.count > 1, let account = reading.columns[.account] {
      notes.append(
        ExportNote(
          source: "",
          kind: .severalAccounts(
            column: columnNames[account], names: accounts.names, count: accounts.seen.count)))
    }
  }

  /// Gives a row of a bank's export with a debit and a credit column its amount and code: the
  /// amount of the column that holds one, and `D` or `C` for it, at the amount. A column holds
  /// an amount when it is not empty and not zero (some banks write `0.00` in the other).
  static func takeAmount(
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
      // A credit written negative: the column says money in, the sign money out. Which one
      // the bank meant nothing in the row says (a debit column's sign says the same as the
      // column, and is read so).
      if let credit, (try? WrittenAmount(parsing: credit.text, decimalMark: mark))?.isNegative == true {
        record.note(
          RawProblem(
            position: credit.position, field: .amount, problem: .creditWrittenNegative, value: credit.text))
      }
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
}

extension Substring {
  /// The line without the spaces and tabs around it.
  fileprivate var trimmingSpacesOfLine: Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
