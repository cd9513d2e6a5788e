import BankFormats
import Entities
import UseCases

/// The rules that prove an amount's sign, or which column holds the amount, from columns
/// beside it: a code column whose codes the signs agree with, a column of the kinds of
/// transactions (`Sale`, `Payment`, `Fee`), a running balance that follows one amount column
/// and not another.
extension CSVReading {
  // MARK: A code column beside signed amounts

  /// The signs of a code column's rows when some amounts have a sign (`-12.00` with `DEBIT`):
  /// the code says each sign, and the amounts' own signs agree with it under one reading, a
  /// negative debit or a positive one, which every row read shows; else the first row with a
  /// code and an amount decides, and a row that disagrees is an error. `nil` when no amount
  /// read has a sign: the code column alone says each sign.
  func codeAndSign(of sample: CSVSample) -> Decided<Signs>? {
    guard let codeColumn = columns[.code], let amountColumn = columns[.amount] else { return nil }
    var rows: [(isDebit: Bool, isNegative: Bool, amount: CSVSample.Field, code: String)] = []
    for row in sample.rows where hasDate(row) && codeColumn < row.count && amountColumn < row.count {
      guard let isDebit = BankWords.isDebit(code: row[codeColumn].text.trimmingSpaces),
        let written = try? WrittenAmount(parsing: row[amountColumn].text, decimalMark: decimalMark.value),
        written.magnitude != .zero
      else { continue }
      rows.append((isDebit, written.isNegative, row[amountColumn], row[codeColumn].text.trimmedString))
    }
    guard let first = rows.first(where: \.isNegative) ?? rows.first, rows.contains(where: \.isNegative)
    else { return nil }
    let name = shownColumn(codeColumn, of: names)
    for debitsPositive in [false, true]
    where rows.allSatisfy({ ($0.isNegative != debitsPositive) == $0.isDebit }) {
      let example = rows.first { $0.isDebit } ?? first
      return Decided(
        .codeAndSign(debitsPositive: debitsPositive),
        Evidence(
          .values,
          "\(name) says each row's sign, and every amount's own sign agrees with it: a"
            + (debitsPositive ? " positive" : " negative") + " amount is a debit, such as"
            + " \(quoted(example.amount.text)) at \(spot(example.amount.position)) with \(quoted(example.code))"
        ))
    }
    let debitsPositive = first.isNegative != first.isDebit
    return Decided(
      .codeAndSign(debitsPositive: debitsPositive),
      Evidence(
        .values,
        "\(name) says each row's sign; the first amount with a sign, \(quoted(first.amount.text)) at"
          + " \(spot(first.amount.position)) with \(quoted(first.code)), makes a"
          + (debitsPositive ? " positive" : " negative")
          + " amount a debit, and a row whose sign says the other is"
          + " an error"))
  }

  // MARK: A column of the kinds of transactions

  /// The signs of one amount column proved by a column of the kinds of transactions (`Type`:
  /// `Sale`, `Payment`, `Return`, `Fee`): every value is a kind of ``BankWords/typeWords``,
  /// the rows hold kinds that take money out and kinds that put it in, at least one kind the
  /// account's holder is on the same side of whoever the holder is (a fee is a charge, a
  /// withdrawal takes money out, a deposit puts it in: ``BankWords/holderTypeWords``), and
  /// every row's sign agrees with its kind under one reading alone. A kind whose side depends
  /// on who holds the account (a card's `Sale` is a merchant's income) is read as a card's or
  /// a bank account's holder reads it, and checked against the others; a disagreement leaves
  /// the signs unproved.
  ///
  /// - Returns: The signs and the column, or `nil` when no such column proves them.
  func typeWordsProof(of sample: CSVSample) -> (signs: Decided<Signs>, column: Int)? {
    guard let amountColumn = columns[.amount] else { return nil }
    for column in names.indices
    where BankWords.typeColumnNames.contains(BankWords.normalized(names[column]))
      && !columns.holdsRole(column)
    {
      var rows: [(isDebit: Bool, isNegative: Bool, word: String, holder: Bool)] = []
      var anchor: CSVSample.Field?
      var allKinds = true
      for row in sample.rows where hasDate(row) && column < row.count && amountColumn < row.count {
        let word = BankWords.normalized(row[column].text)
        guard !word.isEmpty else { continue }
        guard let kind = BankWords.typeWords[word] else {
          allKinds = false
          break
        }
        guard let isDebit = kind,
          let written = try? WrittenAmount(parsing: row[amountColumn].text, decimalMark: decimalMark.value),
          written.magnitude != .zero
        else { continue }
        let holder = BankWords.holderTypeWords.contains(word)
        if holder, anchor == nil { anchor = row[column] }
        rows.append((isDebit, written.isNegative, row[column].text.trimmedString, holder))
      }
      guard allKinds, let anchor, rows.contains(where: \.isDebit), rows.contains(where: { !$0.isDebit })
      else {
        continue
      }
      let readings = [false, true].filter { debitsPositive in
        rows.allSatisfy { ($0.isNegative != debitsPositive) == $0.isDebit }
      }
      guard readings.count == 1, let debitsPositive = readings.first else { continue }
      let kinds = Array(Set(rows.map(\.word))).sorted()
      return (
        Decided(
          .signed(debitsPositive: debitsPositive),
          Evidence(
            .values,
            "\(quoted(names[column])) says the kind of each row: \(quoted(anchor.text)) at \(spot(anchor.position)),"
              + " which takes money from whoever holds the account, is"
              + (debitsPositive ? " positive" : " negative")
              + ", and every row of \(list(kinds.map(quoted))) agrees"
          )),
        column
      )
    }
    return nil
  }

  /// The column and what it says (a debit or not) when a row's sign disagrees with its code
  /// (``Signs/codeAndSign(debitsPositive:)``) or with the kind of transaction that proved the
  /// signs (``typeColumn``); `nil` when it agrees, or nothing is checked.
  ///
  /// - Parameter row: The row's fields, as written.
  /// - Returns: The column whose value disagrees, and whether that value says a debit.
  package func signDisagreement(in row: [String]) -> (column: Int, saysDebit: Bool)? {
    guard let amountColumn = columns[.amount], amountColumn < row.count,
      let written = try? WrittenAmount(parsing: row[amountColumn], decimalMark: decimalMark.value),
      written.magnitude != .zero
    else { return nil }
    let checked: Int?
    let saysDebit: Bool?
    let debitsPositive: Bool
    switch signs.value {
    case .codeAndSign(let positive):
      checked = columns[.code]
      saysDebit = checked.flatMap { $0 < row.count ? BankWords.isDebit(code: row[$0].trimmingSpaces) : nil }
      debitsPositive = positive
    case .signed(let positive):
      checked = typeColumn
      saysDebit = checked.flatMap {
        $0 < row.count ? (BankWords.typeWords[BankWords.normalized(row[$0])] ?? nil) : nil
      }
      debitsPositive = positive
    default:
      return nil
    }
    guard let checked, let saysDebit, (written.isNegative != debitsPositive) != saysDebit else { return nil }
    return (checked, saysDebit)
  }

  // MARK: Which column is the amount

  /// The reading of a file whose header leaves the amount to one of several columns
  /// (``CSVColumns/amountInDoubt``): the one whose name names a currency when the others name
  /// none and the rows show which is the account's (``amountNamingItsCurrency(among:candidates:names:sample:)``),
  /// or else the one a running balance agrees with, and no other; else the question.
  static func decideAmount(
    among candidates: [Int], names: [String], header: Decided<Int?>, at position: TextPosition,
    delimiter: Decided<CSVDelimiter>, sample: CSVSample, text: TextDecisions, options: ReadingOptions
  ) -> Result<CSVReading, ReadingQuestion> {
    let read = { (amount: Decided<Int>) -> Result<CSVReading, ReadingQuestion>? in
      guard case .success(let columns) = CSVColumns.of(names, options: options, amount: amount) else {
        return nil
      }
      return decide(
        names: names, header: header, at: position, delimiter: delimiter, columns: columns, sample: sample,
        text: text, options: options)
    }
    if let named = amountNamingItsCurrency(among: candidates, names: names, sample: sample, options: options),
      let result = read(named.amount)
    {
      return result.map { reading in
        var reading = reading
        if let currency = named.currency {
          // The currency columns are the other amount's: the amount's own is its name's.
          reading.columns.currencies = []
          reading.currency = currency
        }
        return reading
      }
    }
    // The balance proves a column, never the signs: each candidate is read under one reading
    // of them (the check is the same under the other, its direction free), and the one the
    // balance follows is read again as the options say, its signs proved or asked.
    var trial = options
    if !options.debitsPositive && !options.debitsNegative { trial.debitsNegative = true }
    var readings: [(column: Int, reading: CSVReading)] = []
    var firstQuestion: ReadingQuestion?
    for candidate in candidates {
      guard
        case .success(let columns) = CSVColumns.of(
          names, options: trial, amount: Decided(candidate, Evidence(.rule, "")))
      else { continue }
      switch decide(
        names: names, header: header, at: position, delimiter: delimiter, columns: columns, sample: sample,
        text: text, options: trial)
      {
      case .success(let reading): readings.append((candidate, reading))
      case .failure(let question): firstQuestion = firstQuestion ?? question
      }
    }
    let agreeing = readings.filter(\.reading.balanceAgrees)
    // Columns the balance follows alike, one of them with a fee folded in (`Gross` and its
    // `Fee`, and `Net`), are one reading of the money: the one without the fee is the amount.
    let amounts = agreeing.map {
      $0.reading.balanceRows(of: sample, signs: $0.reading.signs.value).map(\.change)
    }
    let alike = Set(amounts).count == 1
    let chosen = alike ? agreeing.first { $0.reading.columns[.fee] == nil } ?? agreeing.first : agreeing.first
    if agreeing.count == 1 || alike, let chosen, let balance = chosen.reading.columns[.balance] {
      let column = chosen.column
      let others = list(candidates.filter { $0 != column }.map { shownColumn($0, of: names) })
      let otherwise =
        agreeing.count == 1
        ? ", and not \(others)"
        : "; \(others) with \(chosen.reading.fees(among: agreeing.map(\.reading), names: names)) say the same amounts"
      let evidence = Evidence(
        .balance,
        "\(shownColumn(balance, of: names)), the running balance, follows \(shownColumn(column, of: names)) row by"
          + " row" + otherwise)
      return read(Decided(column, evidence))
        ?? .failure(
          ReadingQuestion(
            .columnsInDoubt(.amount, columns: candidates), at: position,
            value: candidates.map { names[$0] }.joined(separator: ", ")))
    }
    // A question about the dates is the file's whatever column holds the amount: asked first.
    if readings.isEmpty, let firstQuestion, firstQuestion.kind.field == .date {
      return .failure(firstQuestion)
    }
    return .failure(
      ReadingQuestion(
        .columnsInDoubt(.amount, columns: candidates), at: position,
        value: candidates.map { names[$0] }.joined(separator: ", ")))
  }

  /// The fee columns folded into the other readings' amounts, as evidence names them.
  private func fees(among readings: [CSVReading], names: [String]) -> String {
    let columns = Set(readings.compactMap { $0.columns[.fee] }).sorted()
    return columns.isEmpty ? "their fees" : list(columns.map { shownColumn($0, of: names) })
  }

  /// The amount column that names a currency in its name (`bedrag in EUR`, `Amount (EUR)`) when
  /// it is the one candidate that does, and the file's currency columns show it is the
  /// account's: they name that currency in every row read (the rows are in it), or name others
  /// too, which are then the currencies of the other column (`bedrag`, in the currency of
  /// `munt`) and not the amount's, whose currency is its name's. `nil` when the file has no
  /// currency column to say so.
  private static func amountNamingItsCurrency(
    among candidates: [Int], names: [String], sample: CSVSample, options: ReadingOptions
  ) -> (amount: Decided<Int>, currency: Decided<String>?)? {
    let named = candidates.filter { CurrencyMarks.named(in: names[$0]) != nil }
    guard named.count == 1, let column = named.first,
      let currency = CurrencyMarks.named(in: names[column]),
      case .success(let columns) = CSVColumns.of(
        names, options: options, amount: Decided(column, Evidence(.rule, "")))
    else { return nil }
    let values = columns.currencies.flatMap { sample.values(of: $0).map(\.field) }.filter {
      !$0.text.trimmingSpaces.isEmpty
    }
    guard !values.isEmpty else { return nil }
    let shown = shownColumn(column, of: names)
    let others = list(candidates.filter { $0 != column }.map { shownColumn($0, of: names) })
    guard let other = values.first(where: { CurrencyMarks.code(of: $0.text) != currency }) else {
      return (
        Decided(
          column,
          Evidence(.values, "\(shown) names \(currency), the currency of every row; \(others) names none")),
        nil
      )
    }
    let currencyColumns = list(columns.currencies.map { shownColumn($0, of: names) })
    return (
      Decided(
        column,
        Evidence(
          .values,
          "\(shown) names \(currency); \(currencyColumns) names other currencies (\(quoted(other.text)) at"
            + " \(spot(other.position))), those of \(others)")),
      Decided(currency, Evidence(.header, "\(shown), the amount, names it"))
    )
  }
}
