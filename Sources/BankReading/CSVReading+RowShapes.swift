import BankFormats
import Entities
import UseCases

/// The rules for rows of another number of fields than the header's: columns without a name at
/// the header's end that rows leave out, and fields past the last column that can only be part
/// of it.
extension CSVReading {
  // MARK: Columns without a name at the header's end

  /// How many columns without a name end the header that no transaction's row fills: the
  /// header ends with a delimiter (`…,Balance,`) that the rows do not have. Proved when the
  /// header ends with empty names, no row read with a date has a value there, and some leave
  /// them out.
  func unnamedEndColumns(of sample: CSVSample) -> Decided<Int> {
    let count = names.reversed().prefix { $0.trimmingSpaces.isEmpty }.count
    let none = Decided(0, Evidence(.header, "the header's last column has a name"))
    guard count > 0, count < names.count else { return none }
    let named = names.count - count
    let rows = sample.rows.filter(hasDate)
    guard rows.contains(where: { $0.count < names.count }),
      rows.allSatisfy({ row in
        row.count >= named && row.count <= names.count
          && row[named...].allSatisfy { $0.text.trimmingSpaces.isEmpty }
      })
    else { return none }
    return Decided(
      count,
      Evidence(
        .values,
        "the header ends with \(count == 1 ? "a delimiter" : "\(count) delimiters") and no name, and none of the"
          + " \(rows.count) rows read with a date has a value past column \(named)"))
  }

  // MARK: Fields past the last column

  /// Whether rows with more fields than the header are read, their extra fields part of the
  /// last column: when the last column is a description or one not read (and no currency), and
  /// the rows read have such rows. Each row proves on its own that its extra fields lie past
  /// every column in use (``joinsExtraFields(ofRow:)``); a row that does not is an error.
  func joinsExtraFields(of sample: CSVSample) -> Decided<Bool> {
    let last = names.count - 1
    let not = Decided(false, Evidence(.rule, "no row is read with more fields than the header"))
    guard unnamedEndColumns.value == 0, last > 0, !names[last].trimmingSpaces.isEmpty,
      columns.roles.values.allSatisfy({ $0.value != last }) || columns.descriptions.contains(last),
      !columns.currencies.contains(last)
    else { return not }
    let longer = sample.rows.filter { $0.count > names.count && !endsWithExtraEmptyFields($0) }
    guard !longer.isEmpty else { return not }
    let proved = longer.filter(joinsExtraFields(ofRow:))
    let delimiterWords = Self.name(of: delimiter.value)
    return Decided(
      true,
      Evidence(
        .values,
        "of the \(longer.count) rows read with more fields than the header, \(proved.count) show"
          + " \(proved.count == 1 ? "its" : "their") extra fields past every column in use: each column before"
          + " \(quoted(names[last])) is quoted, holds a date, an amount or a code that \(delimiterWords) is no part"
          + " of, or is shown in place by a date or an amount after it; a row that does not is an error"))
  }

  /// Whether a row ends with the empty fields every row of the file ends with
  /// (``extraEmptyFields``), which are dropped, not joined.
  private func endsWithExtraEmptyFields(_ row: [CSVSample.Field]) -> Bool {
    let extra = extraEmptyFields.value
    return extra > 0 && row.count == names.count + extra
      && row[names.count...].allSatisfy { $0.text.trimmingSpaces.isEmpty }
  }

  /// Whether a row with more fields than the header provably has its extra fields past every
  /// column in use, so that they are part of the last column, as written.
  ///
  /// A delimiter inside a column before the last would shift every column after it. So each
  /// column before the last must be whole: quoted, or holding a value of its role that the
  /// delimiter is no part of (a date in the file's layout, an amount when the delimiter is a
  /// semicolon or a tab, a debit or credit code, a status, a currency); or a column after it
  /// (before the last) must hold a date or an amount in place that no shift could give, as
  /// the fields one to all-extra places further are none. An amount cut by an unquoted
  /// comma (`-2,500.00`) is never whole, and the rows after it would have to prove it.
  ///
  /// - Parameter row: The row's fields, as written, and whether each was quoted.
  /// - Returns: Whether its extra fields are part of the last column.
  package func joinsExtraFields(ofRow row: [CSVSample.Field]) -> Bool {
    let last = names.count - 1
    let extra = row.count - names.count
    guard extra > 0 else { return false }
    for column in 0..<last {
      if row[column].quoted { continue }
      if let fits = reads(row[column].text, in: column), fits, !mayHoldDelimiter(column) { continue }
      let shownInPlace = (column + 1..<last).contains { after in
        guard reads(row[after].text, in: after) == true, holdsPlacedValue(after) else { return false }
        return (1...extra).allSatisfy { shift in reads(row[after + shift].text, in: after) == false }
      }
      guard shownInPlace else { return false }
    }
    return true
  }

  /// Whether a value reads as what its column holds: `nil` for a column of text (a
  /// description, an account, one not read), which any value fits.
  private func reads(_ text: String, in column: Int) -> Bool? {
    let value = text.trimmingSpaces
    if columns.currencies.contains(column) {
      return value.isEmpty || value.count == 3 && value.allSatisfy { $0.isASCII && $0.isLetter }
    }
    guard let role = CSVColumnRole.allCases.first(where: { columns[$0] == column }) else { return nil }
    switch role {
    case .date:
      return (try? CalendarDate(value, layout: dateLayout.value)) != nil
        || BankWords.section(titled: value) == .authorized
    case .amount, .debit, .credit, .balance, .fee:
      if value.isEmpty { return role != .amount }
      return value.contains(where: \.isNumber)
        && (try? WrittenAmount(parsing: value, decimalMark: decimalMark.value)) != nil
    case .code:
      return BankWords.isDebit(code: value) != nil || columns.codeIsUnnamed && value.isEmpty
    case .group:
      return BankWords.status(of: value) != nil
    case .description, .account:
      return nil
    }
  }

  /// Whether a column's values may hold the delimiter: an amount's may hold a comma (`1,234.56`,
  /// `12,50`), a date's the layout's own characters.
  private func mayHoldDelimiter(_ column: Int) -> Bool {
    let mark = Character(Unicode.Scalar(delimiter.value.byte))
    if columns[.date] == column { return dateLayout.value.pattern.contains(mark) }
    let amounts = [CSVColumnRole.amount, .debit, .credit, .balance].compactMap { columns[$0] }
    return amounts.contains(column) && delimiter.value == .comma
  }

  /// Whether a column holds a date or an amount: a value no text in another column is likely
  /// to read as, which so shows the row's fields in place.
  private func holdsPlacedValue(_ column: Int) -> Bool {
    [CSVColumnRole.date, .amount, .balance].contains { columns[$0] == column }
  }
}
