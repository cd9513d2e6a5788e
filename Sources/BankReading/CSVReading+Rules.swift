import BankFormats
import Entities
import UseCases

/// The rules that decide how a bank's CSV export is read, each proving its answer from the
/// file or asking.
extension CSVReading {
  // MARK: The header

  /// A line read as a bank's header: the delimiter its names are split by, the names, and
  /// which column holds which role.
  package struct Header: Sendable {
    /// The delimiter, and what proved it.
    package var delimiter: Decided<CSVDelimiter>
    /// The names.
    package var names: [String]
    /// The columns, or why the names give none.
    package var columns: Result<CSVColumns, CSVColumns.Problem>
  }

  /// Reads a line as a bank's header: the delimiter is the one of comma, semicolon and tab
  /// (or the options') whose split gives names for a date, a description and an amount. One
  /// that the options give is taken as they say.
  ///
  /// - Parameters:
  ///   - line: The line, without its line break.
  ///   - options: The reading options.
  /// - Returns: The header; when no split gives the names, the split by the most frequent
  ///   delimiter, whose problem says what is missing; `nil` when two delimiters each give them.
  package static func header(of line: some Collection<UInt8>, options: ReadingOptions) -> Result<
    Header, ReadingQuestion.Kind
  > {
    if let given = options.delimiter {
      let names = CSVSample.fields(of: line, delimiter: given.byte)
      return .success(
        Header(
          delimiter: Decided(given, .option("--delimiter")), names: names,
          columns: CSVColumns.of(names, options: options)))
    }
    let counts = CSVSample.delimiterCounts(in: line)
    var proving: [Header] = []
    for delimiter in CSVDelimiter.allCases where counts[delimiter, default: 0] > 0 {
      let names = CSVSample.fields(of: line, delimiter: delimiter.byte)
      let columns = CSVColumns.of(names, options: options)
      switch columns {
      case .success, .failure(.ambiguous), .failure(.oneColumnForRoles):
        proving.append(
          Header(
            delimiter: Decided(
              delimiter,
              Evidence(
                .header,
                "split at \(name(of: delimiter)), the header names the columns of a date, a description and an"
                  + " amount")),
            names: names, columns: columns))
      default:
        continue
      }
    }
    if proving.count > 1 { return .failure(.delimitersFit(proving.map(\.delimiter.value))) }
    if let header = proving.first { return .success(header) }
    let likely = CSVSample.likelyDelimiter(of: line)
    let names = CSVSample.fields(of: line, delimiter: likely.byte)
    return .success(
      Header(
        delimiter: Decided(
          likely, Evidence(.header, "the most frequent of comma, semicolon and tab in the line")),
        names: names, columns: CSVColumns.of(names, options: options)))
  }

  /// The delimiter of a file without a header, whose columns the options name by their
  /// places: the options', or the only one of comma, semicolon and tab its first line has.
  ///
  /// - Returns: The delimiter, or the question when the line has several.
  package static func delimiter(ofRecord line: some Collection<UInt8>, options: ReadingOptions) -> Result<
    Decided<CSVDelimiter>, ReadingQuestion.Kind
  > {
    if let given = options.delimiter { return .success(Decided(given, .option("--delimiter"))) }
    let present = CSVDelimiter.allCases.filter { CSVSample.delimiterCounts(in: line)[$0, default: 0] > 0 }
    switch present.count {
    case 0: return .success(Decided(.comma, Evidence(.values, "the first line has one field")))
    case 1:
      return .success(
        Decided(
          present[0], Evidence(.values, "the first line has \(name(of: present[0])) and no other delimiter")))
    default: return .failure(.delimitersFit(present))
    }
  }

  // MARK: The rows

  /// Decides how a bank's export is read from its header and its first rows.
  ///
  /// - Parameters:
  ///   - names: The header's names (the places, for a file without a header).
  ///   - header: The header's line, or `nil` for a file without one.
  ///   - position: Where the header, or the first record, starts.
  ///   - delimiter: The delimiter.
  ///   - columns: Which column holds which role.
  ///   - sample: The rows after the header, as far as ``CSVSample/size``.
  ///   - text: How the text is written.
  ///   - options: The reading options.
  /// - Returns: The reading, or the question the file does not answer.
  package static func decide(
    names: [String], header: Decided<Int?>, at position: TextPosition, delimiter: Decided<CSVDelimiter>,
    columns: CSVColumns, sample: CSVSample, text: TextDecisions, options: ReadingOptions
  ) -> Result<CSVReading, ReadingQuestion> {
    if !columns.amountInDoubt.isEmpty {
      return decideAmount(
        among: columns.amountInDoubt, names: names, header: header, at: position, delimiter: delimiter,
        sample: sample, text: text, options: options)
    }
    var columns = columns
    let dateLayout: Decided<DateLayout>
    if let given = options.dateLayout {
      dateLayout = Decided(given, .option("--date-format \(given.pattern)"))
    } else {
      switch Self.dateLayout(
        of: columns[.date].map(sample.values(of:))?.map(\.field) ?? [], wholeFile: sample.isWholeFile)
      {
      case .success(let decided): dateLayout = decided
      case .failure(let question): return .failure(question)
      }
    }
    let amountColumns = [CSVColumnRole.amount, .debit, .credit].compactMap { columns[$0] }
    let decimalMark: Decided<DecimalMark>
    if let given = options.decimalMark {
      decimalMark = Decided(given, .option(given == .comma ? "--decimal-comma" : "--decimal-point"))
    } else {
      switch Self.decimalMark(of: amountColumns.flatMap { sample.values(of: $0).map(\.field) }) {
      case .success(let decided): decimalMark = decided
      case .failure(let question): return .failure(question)
      }
    }
    // A column a bank names `Status` or `Transaction Type` that holds other words is not read
    // for the group or the sign.
    var groups: Decided<TransactionGroup?>
    if let group = columns.roles[.group] {
      if options.columns[.group] != nil || BankWords.normalized(names[group.value]) == "group" {
        groups = Decided(nil, group.evidence)
      } else if let example = sample.values(of: group.value).lazy.map(\.field.text).first(where: {
        // Only the first status is shown: the values after it are not looked up.
        BankWords.status(of: $0.trimmingSpaces) != nil
      }) {
        groups = Decided(
          nil,
          Evidence(
            .values, "\(quoted(names[group.value])) holds statuses, such as \(quoted(example.trimmedString))")
        )
      } else {
        columns.roles[.group] = nil
        groups = Decided(
          options.group,
          Evidence(
            .rule,
            "\(quoted(names[group.value])) holds no status, so every row is of the group the source stands for;"
              + " a section's title in the file gives the rows under it theirs"))
      }
    } else {
      groups = Decided(
        options.group,
        Evidence(
          .rule,
          "the file has no status column: every row is of the group the source stands for; a section's title in"
            + " the file gives the rows under it theirs"))
    }
    if options.columns[.code] == nil, let code = columns.roles[.code] {
      let values = sample.values(of: code.value).map { $0.field.text.trimmedString }.filter { !$0.isEmpty }
      let holds =
        columns.codeIsUnnamed
        ? !values.isEmpty
          && values.allSatisfy { ["cr", "dr", "credit", "debit"].contains(BankWords.normalized($0)) }
        : !values.isEmpty && values.allSatisfy { BankWords.isDebit(code: $0) != nil }
      if holds {
        columns.roles[.code] = Decided(
          code.value,
          Evidence(
            code.evidence.kind,
            code.evidence.words + "; its values are debit and credit codes, such as \(quoted(values[0]))"))
      } else {
        columns.roles[.code] = nil
        columns.codeIsUnnamed = false
      }
    }
    let extraEmptyFields = Self.extraEmptyFields(
      of: sample, columnCount: names.count, dateColumn: columns[.date])
    var reading = CSVReading(
      text: text, delimiter: delimiter, header: header, names: names, columns: columns,
      dateLayout: dateLayout,
      decimalMark: decimalMark, signs: Decided(.codeColumn, Evidence(.rule, "")), groups: groups,
      extraEmptyFields: extraEmptyFields, balanceOrder: Decided(nil, Evidence(.rule, "")), account: nil)
    reading.unnamedEndColumns = reading.unnamedEndColumns(of: sample)
    reading.joinsExtraFields = reading.joinsExtraFields(of: sample)
    let layoutSigns: [Signs]
    var layoutEvidence: Evidence?
    if columns[.code] != nil {
      if columns.codeIsUnnamed {
        layoutSigns = [.codeOrSigned(debitsPositive: false), .codeOrSigned(debitsPositive: true)]
      } else if let signed = reading.codeAndSign(of: sample) {
        layoutSigns = [signed.value]
        layoutEvidence = signed.evidence
      } else {
        layoutSigns = [.codeColumn]
        layoutEvidence = columns.roles[.code]?.evidence
      }
    } else if columns[.amount] == nil {
      layoutSigns = [.debitAndCreditColumns]
      layoutEvidence = Evidence(.header, "the file has a column of debit amounts and one of credit amounts")
    } else {
      layoutSigns = [.signed(debitsPositive: false), .signed(debitsPositive: true)]
    }
    let givenSigns: Signs? =
      if options.debitsPositive || options.debitsNegative, layoutSigns.count > 1 {
        switch layoutSigns[0] {
        case .codeOrSigned: .codeOrSigned(debitsPositive: options.debitsPositive)
        default: .signed(debitsPositive: options.debitsPositive)
        }
      } else { nil }
    // A fee column the header names is part of each amount only where a running balance
    // proves it, or the options say so; else the question.
    if let fee = reading.columns.roles[.fee], fee.evidence.kind != .option {
      let fees = sample.values(of: fee.value).filter {
        guard let written = try? WrittenAmount(parsing: $0.field.text, decimalMark: decimalMark.value) else {
          return false
        }
        return written.magnitude != .zero
      }
      var without = reading
      without.columns.roles[.fee] = nil
      let candidates = givenSigns.map { [$0] } ?? layoutSigns
      let folded = reading.checkBalance(of: sample, signs: candidates, options: options)
      let unfolded = without.checkBalance(of: sample, signs: candidates, options: options)
      let name = quoted(names[fee.value])
      if fees.isEmpty {
        reading.columns.roles[.fee] = Decided(
          fee.value, Evidence(.values, "\(name) holds no fee in the rows read: nothing turns on it"))
      } else if folded.agrees && !unfolded.agrees {
        reading.columns.roles[.fee] = Decided(
          fee.value, Evidence(.balance, "the running balance holds each fee of \(name) with its amount"))
      } else if unfolded.agrees && !folded.agrees {
        reading = without
      } else if let first = fees.first {
        return .failure(
          ReadingQuestion(
            .feesUntold(column: names[fee.value]), at: first.field.position, value: first.field.text))
      }
    }
    // The running balance: the order and the direction under which every balance follows.
    let balance = reading.checkBalance(
      of: sample, signs: givenSigns.map { [$0] } ?? layoutSigns, options: options)
    reading.balanceOrder = balance.order
    reading.balanceDirection = balance.direction
    reading.balanceAgrees = balance.agrees
    if let givenSigns {
      reading.signs = Decided(
        givenSigns, .option(options.debitsPositive ? "--debits-positive" : "--debits-negative"))
    } else if layoutSigns.count == 1 {
      reading.signs = Decided(layoutSigns[0], layoutEvidence ?? Evidence(.header, "a code column"))
    } else if let proved = reading.typeWordsProof(of: sample) {
      reading.signs = proved.signs
      reading.typeColumn = proved.column
      // Where the balance follows under no reading, it is checked under the proved signs: the
      // same check as under the other signs with the other direction.
      if let disagreeing = balance.disagreeingSigns, disagreeing != proved.signs.value {
        reading.balanceDirection = -balance.direction
      }
    } else if let disagreeing = balance.disagreeingSigns {
      // The balance follows under no reading of the signs: whichever the user would say, each
      // balance that does not follow is an error, and those errors come first.
      reading.signs = Decided(
        disagreeing,
        Evidence(
          .balance, "not decided: the running balance disagrees with the amounts whichever their signs"))
    } else if let question = reading.signsQuestion(sample: sample) {
      return .failure(question)
    } else {
      // No amount to sign in the rows read: the sign is never used on them.
      reading.signs = Decided(layoutSigns[0], Evidence(.values, "no row read has an amount other than zero"))
    }
    if let asked = options.account, columns.roles[.account] != nil {
      reading.account = Decided(asked, .option("--account \(asked)"))
    }
    if let said = options.summaryRows {
      reading.summaryRows = Decided(said, .option("--summary-rows \(said.rawValue)"))
    }
    reading.decideCurrency(of: sample)
    return .success(reading)
  }

  /// Decides the one currency of a file: its currency column's first value, else the currency
  /// its amount column's name ends with (`Betrag (EUR)`), else the first amount written with
  /// one (`-€12.00`, `12.00 EUR`); `nil` when nothing in it names one. Every row's must then be
  /// it, as amounts in two currencies are never added. A column beside the amount whose every
  /// value is a currency code (DEGIRO's `Mutatie`) is a currency column, whatever its name;
  /// one further away may be another amount's.
  mutating func decideCurrency(of sample: CSVSample) {
    let besideAmount = columns[.amount].map { [$0 - 1, $0 + 1] } ?? []
    let byValues = besideAmount.filter { index in
      guard names.indices.contains(index), !columns.holdsRole(index), !columns.currencies.contains(index)
      else { return false }
      let values = sample.values(of: index).map { $0.field.text.trimmedString }.filter { !$0.isEmpty }
      return !values.isEmpty && values.allSatisfy(BankWords.currencyCodes.contains)
    }
    columns.currencies += byValues
    currency = currency(of: sample, byValues: byValues)
  }

  /// The currency of ``decideCurrency(of:)``, the columns told by their values among the
  /// currency columns.
  private func currency(of sample: CSVSample, byValues: [Int]) -> Decided<String>? {
    let rule = "; every row's currency must be it, as amounts in two currencies are never added"
    if let first = columns.currencies.lazy.flatMap({ sample.values(of: $0) }).first(where: {
      !$0.field.text.trimmingSpaces.isEmpty
    }) {
      let told =
        byValues.isEmpty
        ? ""
        : list(byValues.map { shownColumn($0, of: names) })
          + ", beside the amount, holds currency codes alone; "
      return Decided(
        CurrencyMarks.code(of: first.field.text),
        Evidence(
          .values, told + "\(quoted(first.field.text)) at \(spot(first.field.position)) names it" + rule))
    }
    let amountColumns = [CSVColumnRole.amount, .debit, .credit].compactMap { columns[$0] }
    for column in amountColumns {
      guard let code = CurrencyMarks.named(in: names[column]) else { continue }
      return Decided(code, Evidence(.header, "the column \(quoted(names[column])) names it" + rule))
    }
    for column in amountColumns {
      for value in sample.values(of: column) {
        guard let written = try? WrittenAmount(parsing: value.field.text, decimalMark: decimalMark.value),
          let mark = written.currency
        else { continue }
        return Decided(
          CurrencyMarks.code(of: mark),
          Evidence(.values, "\(quoted(value.field.text)) at \(spot(value.field.position)) names it" + rule))
      }
    }
    return nil
  }

  /// The date layout of a date column's values: the one every date that fits a layout fits.
  ///
  /// With one such layout, that is the file's, proved by the dates that rule out each other.
  /// With none (the dates disagree), the first date's layouts decide, when it fits only one,
  /// and the dates that do not fit it are the file's errors. With more than one, the dates
  /// cannot tell (`03/04/2024`, and no `13/04/2024` to settle it): the question, at the first
  /// date that fits them all, unless the dates are every date of the file and each reads as the
  /// same day in every layout they fit (`04.04.2024`): then nothing turns on the choice. With
  /// no date that fits any layout, ISO 8601, whose errors then name its form.
  package static func dateLayout(
    of dates: [CSVSample.Field], wholeFile: Bool = false
  ) -> Result<Decided<DateLayout>, ReadingQuestion> {
    var candidates = DateLayout.detectable
    var ruledOut: [(layout: DateLayout, by: CSVSample.Field)] = []
    var first: (field: CSVSample.Field, layouts: [DateLayout])?
    var firstInDoubt: CSVSample.Field?
    // A date written again rules out nothing more: each text is tried in the layouts once.
    // Rows come in date order in most exports: the date of the row before is looked at first.
    var tried: Set<Substring> = []
    var previous: Substring?
    for date in dates {
      let text = date.text.trimmingSpaces
      guard text != previous else { continue }
      previous = text
      guard tried.insert(text).inserted else { continue }
      let layouts = DateLayout.layouts(fitting: text)
      guard !layouts.isEmpty else { continue }
      if first == nil { first = (date, layouts) }
      if layouts.count > 1, firstInDoubt == nil { firstInDoubt = date }
      for layout in candidates where !layouts.contains(layout) { ruledOut.append((layout, date)) }
      candidates.removeAll { !layouts.contains($0) }
    }
    guard let first else {
      return .success(
        Decided(
          .iso, Evidence(.rule, "no date read fits a layout: ISO 8601 is read, and each date is an error")))
    }
    switch candidates.count {
    case 1:
      let others = ruledOut.filter { layout in first.layouts.contains(layout.layout) }
      let why =
        others.isEmpty
        ? "every date fits it alone, such as \(quoted(first.field.text)) at \(spot(first.field.position))"
        : "every date read fits it; "
          + list(
            others.prefix(3).map {
              "\(quoted($0.by.text)) at \(spot($0.by.position)) is not \($0.layout.pattern)"
            })
      return .success(Decided(candidates[0], Evidence(.values, why)))
    case 0:
      guard first.layouts.count == 1 else {
        return .failure(
          ReadingQuestion(
            .datesInSeveralLayouts(first.layouts), at: first.field.position, value: first.field.text))
      }
      return .success(
        Decided(
          first.layouts[0],
          Evidence(
            .values,
            "the first date, \(quoted(first.field.text)) at \(spot(first.field.position)), fits it alone; the dates"
              + " that do not are errors")))
    default:
      let sameDays = dates.allSatisfy { date in
        Set(candidates.compactMap { try? CalendarDate(date.text.trimmingSpaces, layout: $0) }).count <= 1
      }
      if wholeFile && sameDays {
        return .success(
          Decided(
            candidates[0],
            Evidence(
              .values,
              "every date of the file is the same day in \(list(candidates.map(\.pattern))), such as"
                + " \(quoted(first.field.text)): nothing turns on which")))
      }
      let at = firstInDoubt ?? first.field
      return .failure(ReadingQuestion(.datesFitLayouts(candidates), at: at.position, value: at.text))
    }
  }

  /// The decimal mark of amounts: a comma when some amount ends in a comma and one or two
  /// digits (`12,5`, `1.234,56`), a point when some ends in a point and one or two digits;
  /// the question when both do. A point when none does: then no amount has cents to misread.
  package static func decimalMark(of amounts: [CSVSample.Field]) -> Result<
    Decided<DecimalMark>, ReadingQuestion
  > {
    var comma: CSVSample.Field?
    var point: CSVSample.Field?
    for amount in amounts {
      // The amount's digits and marks, the rest left out: how many there are, and the last
      // mark's place among them (counted, not copied out: there is an amount in every row).
      var count = 0
      var lastMark: (place: Int, byte: UInt8)?
      for byte in amount.text.utf8
      where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == 0x2C || byte == 0x2E {
        if byte == 0x2C || byte == 0x2E { lastMark = (count, byte) }
        count += 1
      }
      guard let lastMark else { continue }
      let fraction = count - lastMark.place - 1
      guard fraction == 1 || fraction == 2 else { continue }
      if lastMark.byte == 0x2C {
        if comma == nil { comma = amount }
      } else if point == nil {
        point = amount
      }
      // The first of each is all the answer says.
      if comma != nil && point != nil { break }
    }
    switch (comma, point) {
    case (let comma?, let point?):
      let later = comma.position > point.position ? comma : point
      return .failure(
        ReadingQuestion(
          .decimalMarksDisagree(comma: comma.text, point: point.text), at: later.position, value: later.text))
    case (let comma?, nil):
      return .success(
        Decided(
          .comma,
          Evidence(
            .values,
            "\(quoted(comma.text)) at \(spot(comma.position)) has cents after a comma, and no amount after a point"
          )))
    case (nil, let point?):
      return .success(
        Decided(
          .point,
          Evidence(
            .values,
            "\(quoted(point.text)) at \(spot(point.position)) has cents after a point, and no amount after a comma"
          )))
    case (nil, nil):
      return .success(
        Decided(
          .point, Evidence(.values, "no amount read has cents: a point is read, and nothing turns on it")))
    }
  }

  /// How many empty fields past the header's every row ends with: the same number of empty
  /// fields at the end of every row of the sample that has more fields than the header, and no
  /// row of as many fields as the header. A row that then has another shape (a field cut in
  /// two by an unquoted delimiter, `-2,500.00`) is an error, never read with its columns shifted.
  static func extraEmptyFields(of sample: CSVSample, columnCount: Int, dateColumn: Int?) -> Decided<Int> {
    let rows = sample.rows.filter { $0.count >= columnCount }
    let extras = Set(rows.map { $0.count - columnCount })
    guard extras.count == 1, let extra = extras.first, extra > 0,
      rows.allSatisfy({ $0[columnCount...].allSatisfy { $0.text.trimmingSpaces.isEmpty } })
    else {
      return Decided(0, Evidence(.values, "the rows have the header's fields"))
    }
    return Decided(
      extra,
      Evidence(
        .values,
        "each of the \(rows.count) rows read ends with \(extra) empty field\(extra == 1 ? "" : "s") the header does"
          + " not name"))
  }

  // MARK: Signs

  /// What a sampled row adds to the account under a reading of signs, in minor units: a credit
  /// positive; `nil` when its amount cannot be read so.
  package func change(of row: [String], signs: Signs) -> Int64? {
    func written(_ role: CSVColumnRole) -> WrittenAmount? {
      guard let index = columns[role], index < row.count else { return nil }
      return try? WrittenAmount(parsing: row[index], decimalMark: decimalMark.value)
    }
    func code() -> Bool? {
      guard let index = columns[.code], index < row.count else { return nil }
      return BankWords.isDebit(code: row[index].trimmingSpaces)
    }
    func signed(_ amount: WrittenAmount, debitsPositive: Bool) -> Int64 {
      let units = amount.magnitude.minorUnits
      return amount.isNegative != debitsPositive ? -units : units
    }
    // A fee is part of what left the account, whatever its sign.
    let fee = written(.fee)?.magnitude.minorUnits ?? 0
    return bare(signs: signs, written: written, code: code, signed: signed).map { $0 - fee }
  }

  /// What a row adds to the account before its fee (``change(of:signs:)``).
  private func bare(
    signs: Signs, written: (CSVColumnRole) -> WrittenAmount?, code: () -> Bool?,
    signed: (WrittenAmount, Bool) -> Int64
  ) -> Int64? {
    switch signs {
    case .codeColumn, .codeAndSign:
      guard let amount = written(.amount), let isDebit = code() else { return nil }
      return isDebit ? -amount.magnitude.minorUnits : amount.magnitude.minorUnits
    case .debitAndCreditColumns:
      let debit = written(.debit)
      let credit = written(.credit)
      if let debit, debit.magnitude != .zero { return -debit.magnitude.minorUnits }
      if let credit { return credit.magnitude.minorUnits }
      return debit == nil ? nil : 0
    case .signed(let debitsPositive):
      return written(.amount).map { signed($0, debitsPositive) }
    case .codeOrSigned(let debitsPositive):
      guard let amount = written(.amount) else { return nil }
      if let isDebit = code() { return isDebit ? -amount.magnitude.minorUnits : amount.magnitude.minorUnits }
      return signed(amount, debitsPositive)
    }
  }

  /// Whether a sampled row has a date in the file's layout: a transaction, not a total's line.
  func hasDate(_ row: [CSVSample.Field]) -> Bool {
    guard let date = columns[.date], date < row.count else { return false }
    return (try? CalendarDate(row[date].text.trimmingSpaces, layout: dateLayout.value)) != nil
  }

  /// Whether a sampled row is a transaction the running balance holds: a date in the layout,
  /// not one that did not happen, and not a pending one without a balance of its own (a bank's
  /// balance holds a pending amount only where it writes the balance beside it).
  func isBooked(_ row: [CSVSample.Field]) -> Bool {
    guard hasDate(row) else { return false }
    guard let group = columns[.group], group < row.count else { return true }
    switch BankWords.status(of: row[group].text.trimmingSpaces) {
    case .didNotHappen?: return false
    case .group(.authorized)?:
      guard let balance = columns[.balance], balance < row.count else { return false }
      return !row[balance].text.trimmingSpaces.isEmpty
    default: return true
    }
  }

  /// The rows of the sample as the running balance check reads them under a reading of signs.
  func balanceRows(of sample: CSVSample, signs: Signs) -> [RunningBalance.Row] {
    guard let balance = columns[.balance] else { return [] }
    return sample.rows.compactMap { row in
      guard isBooked(row), let change = change(of: row.map(\.text), signs: signs) else { return nil }
      let written = balance < row.count ? row[balance] : nil
      let value = written.flatMap { field -> Int64? in
        guard !field.text.trimmingSpaces.isEmpty,
          let amount = try? WrittenAmount(parsing: field.text, decimalMark: decimalMark.value)
        else { return nil }
        return amount.isNegative ? -amount.magnitude.minorUnits : amount.magnitude.minorUnits
      }
      return RunningBalance.Row(
        change: change, balance: value, position: written?.position ?? row[0].position,
        written: written?.text ?? "")
    }
  }

  /// What the running balance column proves: the order of the rows, and which way the balance
  /// moves with the amounts (as an account's, up with credits; or as what is owed, up with
  /// charges); the order the check goes by even when it does not agree (then each balance that
  /// does not follow is an error). A balance never proves the signs: an account's balance and
  /// what is owed move alike under opposite signs, so a card's statement and a bank account's
  /// read the same to it.
  ///
  /// - Returns: The order and the direction, with their evidence; and, when no reading of the
  ///   signs makes every balance follow, the reading under which the check goes on, so that
  ///   each balance that does not follow is named.
  func checkBalance(
    of sample: CSVSample, signs candidates: [Signs], options: ReadingOptions
  ) -> (order: Decided<RunningBalance.Order?>, direction: Int64, disagreeingSigns: Signs?, agrees: Bool) {
    guard let column = columns.roles[.balance] else {
      let evidence =
        options.columns[.balance] != nil
        ? Evidence.option("--columns balance= (no balance column)")
        : Evidence(.header, "the header names no running balance column")
      return (Decided(nil, evidence), 1, nil, false)
    }
    let name = shownColumn(column.value, of: names)
    var agreeing: [(order: RunningBalance.Order, direction: Int64, agreed: Int)] = []
    var latest: (order: RunningBalance.Order, direction: Int64, signs: Signs, at: TextPosition)?
    for signs in candidates {
      let rows = balanceRows(of: sample, signs: signs)
      for direction: Int64 in [1, -1] {
        let moved = rows.map { row in
          var row = row
          row.change = row.change &* direction
          return row
        }
        for order in RunningBalance.Order.allCases {
          let (disagreement, agreed) = RunningBalance.check(moved, order: order)
          if let disagreement {
            if latest.map({ disagreement.position > $0.at }) ?? true {
              latest = (order, direction, signs, disagreement.position)
            }
          } else if agreed > 0 {
            agreeing.append((order, direction, agreed))
          }
        }
      }
    }
    guard let first = agreeing.first else {
      // The balance follows under no reading: the check goes on row by row, in the order under
      // which it agrees longest, and names each balance that does not follow.
      guard let latest else {
        return (
          Decided(nil, Evidence(.values, "\(name) has fewer than two balances to compare")), 1, nil, false
        )
      }
      return (
        Decided(
          latest.order,
          Evidence(
            .balance, "\(name) does not agree with the amounts: each balance that does not follow is an error"
          )),
        latest.direction, latest.signs, false
      )
    }
    guard Set(agreeing.map(\.order)).count == 1 else {
      return (
        Decided(nil, Evidence(.balance, "\(name) agrees in either order: nothing to check")), 1, nil, true
      )
    }
    let way =
      Set(agreeing.map(\.direction)).count > 1
      ? ""
      : first.direction == 1
        ? ", as an account's balance (up with credits)" : ", as what is owed (up with charges)"
    return (
      Decided(
        first.order,
        Evidence(
          .balance,
          "\(name) agrees with the \(first.agreed) amount\(first.agreed == 1 ? "" : "s") read before each balance,"
            + (first.order == .oldestFirst ? " oldest row first" : " newest row first") + way)),
      first.direction, nil, true
    )
  }

  /// The question of a signed amount column whose signs nothing proves, with the counts of the
  /// amounts read and, when another column's every value is a debit or credit code, that
  /// column, which says each sign; `nil` when no row has an amount other than zero.
  func signsQuestion(sample: CSVSample) -> ReadingQuestion? {
    guard let amount = columns[.amount] else { return nil }
    var positive = 0
    var negative = 0
    var first: CSVSample.Field?
    for row in sample.rows where hasDate(row) {
      guard amount < row.count,
        let written = try? WrittenAmount(parsing: row[amount].text, decimalMark: decimalMark.value),
        written.magnitude != .zero
      else { continue }
      if first == nil { first = row[amount] }
      if written.isNegative { negative += 1 } else { positive += 1 }
    }
    guard let first else { return nil }
    // A column the header did not name as the code, whose every value is one: `CreditDebet`.
    let codeColumn = names.indices.first { index in
      guard !columns.holdsRole(index) else { return false }
      let values = sample.values(of: index).map { $0.field.text.trimmedString }.filter { !$0.isEmpty }
      return !values.isEmpty && values.allSatisfy { BankWords.isDebit(code: $0) != nil }
    }
    return ReadingQuestion(
      .signsUntold(positive: positive, negative: negative, codeColumn: codeColumn.map { names[$0] }),
      at: first.position, value: first.text)
  }

  // MARK: A file without a header

  /// Where a first line that is a transaction, not a header, has its date, amount and
  /// description (counted from 1), when the line and the rows after it tell them apart: the
  /// first field that is a date; the field that is an amount with a decimal mark, or of
  /// several, the one the others are not the running balance of; and the longest other with
  /// letters. A place the rows cannot tell is `nil`, never a guess: a hint proposes only places
  /// the file shows.
  ///
  /// - Parameters:
  ///   - fields: The first line's fields.
  ///   - sample: The rows after it.
  /// - Returns: The places, or `nil` when the line has no date or no amount.
  package static func placesOfRecord(_ fields: [String], sample: CSVSample) -> (
    date: Int, description: Int?, amount: Int?, balance: Int?
  )? {
    let texts = fields.map { $0.utf8.count > 64 ? "" : String($0.trimmingSpaces) }
    // A native record (a group code, …, a debit code) is a native file that lost its header:
    // its columns are named by the native header, not by places.
    if texts.contains(where: { $0 == "A" || $0 == "P" }), texts.contains(where: { $0 == "D" || $0 == "C" }) {
      return nil
    }
    guard let date = texts.firstIndex(where: { !DateLayout.layouts(fitting: $0).isEmpty }) else { return nil }
    let isAmount = { (text: String, needsMark: Bool) -> Bool in
      guard text.contains(where: \.isNumber), DateLayout.layouts(fitting: text).isEmpty,
        !needsMark || text.contains(".") || text.contains(",")
      else { return false }
      return (try? WrittenAmount(parsing: text, decimalMark: .point)) != nil
        || (try? WrittenAmount(parsing: text, decimalMark: .comma)) != nil
    }
    var candidates = texts.indices.filter { $0 != date && isAmount(texts[$0], true) }
    if candidates.isEmpty { candidates = texts.indices.filter { $0 != date && isAmount(texts[$0], false) } }
    guard !candidates.isEmpty else { return nil }
    var amount: Int? = candidates.count == 1 ? candidates[0] : nil
    var balance: Int?
    if candidates.count > 1 {
      // The amount is the column another is the running balance of.
      let rows =
        [
          fields.enumerated().map {
            CSVSample.Field(text: $1, position: TextPosition(line: 1, column: $0 + 1))
          }
        ]
        + sample.rows
      let amounts = candidates.filter { candidate in
        candidates.contains { other in
          other != candidate && isRunningBalance(other, of: candidate, in: rows)
        }
      }
      if amounts.count == 1, let only = amounts.first {
        amount = only
        balance = candidates.first { $0 != only && isRunningBalance($0, of: only, in: rows) }
      }
    }
    let description = texts.indices.filter {
      $0 != date && !candidates.contains($0) && texts[$0].contains(where: \.isLetter)
    }
    .max { texts[$0].count < texts[$1].count }
    return (date + 1, description.map { $0 + 1 }, amount.map { $0 + 1 }, balance.map { $0 + 1 })
  }

  /// Whether one column is the running balance of another's signed amounts, in either order
  /// of the rows, in at least one balance after the first.
  static func isRunningBalance(_ balance: Int, of amount: Int, in rows: [[CSVSample.Field]]) -> Bool {
    for mark in DecimalMark.allCases {
      let checked: [RunningBalance.Row] = rows.compactMap { row in
        guard balance < row.count, amount < row.count,
          let value = try? WrittenAmount(parsing: row[amount].text, decimalMark: mark),
          let total = try? WrittenAmount(parsing: row[balance].text, decimalMark: mark)
        else { return nil }
        let change = value.isNegative ? -value.magnitude.minorUnits : value.magnitude.minorUnits
        let units = total.isNegative ? -total.magnitude.minorUnits : total.magnitude.minorUnits
        return RunningBalance.Row(
          change: change, balance: units, position: row[balance].position, written: row[balance].text)
      }
      for order in RunningBalance.Order.allCases {
        let (disagreement, agreed) = RunningBalance.check(checked, order: order)
        if disagreement == nil, agreed > 0 { return true }
      }
    }
    return false
  }
}

extension StringProtocol {
  /// The text without spaces, tabs and no-break spaces around it.
  package var trimmingSpaces: SubSequence { Self.trimmed(self[...]) }

  /// A text without the spaces, tabs and no-break spaces around it, character by character.
  fileprivate static func trimmed<Text: StringProtocol>(_ text: Text) -> Text.SubSequence {
    let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\u{A0}" }
    var text = text[...]
    while let first = text.first, isSpace(first) { text = text.dropFirst() }
    while let last = text.last, isSpace(last) { text = text.dropLast() }
    return text
  }

  /// The text without spaces around it, as a string.
  package var trimmedString: String { String(trimmingSpaces) }
}

// The same, for the two types a bank's values come in: a row's every value is trimmed several
// times, and these read it without a generic call a character.
extension Substring {
  /// The text without spaces, tabs and no-break spaces around it.
  package var trimmingSpaces: Substring {
    // Most values have no space around them, which their first and last bytes tell at once:
    // these three characters are the only ones that start with 0x20, 0x09 or 0xC2 0xA0, and
    // end with 0x20, 0x09 or 0xA0.
    guard let first = utf8.first, let last = utf8.last else { return self }
    if first != 0x20, first != 0x09, first != 0xC2, last != 0x20, last != 0x09, last != 0xA0 { return self }
    return Self.trimmed(self)
  }

  /// The text without spaces around it, as a string.
  package var trimmedString: String { String(trimmingSpaces) }
}

extension String {
  /// The text without spaces, tabs and no-break spaces around it.
  package var trimmingSpaces: Substring { self[...].trimmingSpaces }

  /// The text without spaces around it, as a string.
  package var trimmedString: String { String(trimmingSpaces) }
}
