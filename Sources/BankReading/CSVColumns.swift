import UseCases

/// Which column of a bank's CSV export holds which part of a record, decided from the header's
/// names and the user's `--columns`, each with its evidence.
///
/// The names of each role are ``BankWords/synonyms``, compared as ``BankWords/normalized(_:)``
/// gives them. A role's column is proved by its name, or by an option; two columns that may
/// each hold a role the reader needs (`Amount` twice, `Amount` and `Betrag`) are a question,
/// never the first taken, and so is one column the options give two roles.
package struct CSVColumns: Sendable {
  /// The column of each role, by index, with what proved it.
  package var roles: [CSVColumnRole: Decided<Int>] = [:] {
    didSet {
      indices = CSVColumnRole.allCases.map { _ in nil }
      for (role, column) in roles { indices[role.ordinal] = column.value }
    }
  }
  /// Each role's column, at the role's ordinal: looked up for every row, without hashing.
  private var indices: [Int?] = CSVColumnRole.allCases.map { _ in nil }
  /// The columns a description may come from, in order: the first that is not empty wins.
  package var descriptions: [Int] = []
  /// The columns of the party paid and the party paying, when the description is the other
  /// party of each transaction.
  package var counterparty: (payee: Int, payer: Int)?
  /// Whether the code column is one without a name, which may flag a credit (`CR`) in some
  /// rows and be empty in the others.
  package var codeIsUnnamed = false
  /// The columns that name a currency (`Currency`, `Währung`; an export may have one beside
  /// each amount): every row's must be the file's one currency, as amounts in two are never
  /// added.
  package var currencies: [Int] = []
  /// The columns that may each hold the amount, when the header's names do not say which
  /// (`Gross` and `Net`, `Amount` twice): the rows decide (``CSVReading``), by a running
  /// balance that agrees with one of them alone, or the question is asked.
  package var amountInDoubt: [Int] = []
  /// An amount column beside a debit and a credit column that the header names too: the debit
  /// and credit columns say each sign, and this column must agree with them, row by row.
  package var crossCheckedAmount: Int?

  /// The index of a role's column.
  package subscript(role: CSVColumnRole) -> Int? { indices[role.ordinal] }

  /// Whether a column holds a role already.
  package func holdsRole(_ index: Int) -> Bool { roles.values.contains { $0.value == index } }

  /// Which column holds which role, from the header's names and the columns the options name.
  ///
  /// A description is the description column's, or, when no column names the transaction or
  /// its other party before the texts of a payment's purpose (``BankWords/descriptionNames``)
  /// and the header has a payer and a payee column, the other party of each transaction; a
  /// description column that is empty in a row gives way to the next that describes it.
  ///
  /// A column the options name by its place (`--columns amount=9`) is that column, when no
  /// column has the name `9`: a column without a name beside named ones.
  ///
  /// - Parameters:
  ///   - names: The header's column names, as written (for a file without a header, the
  ///     places, `1`, `2`, …).
  ///   - options: The reading options, whose ``ReadingOptions/columns`` come first.
  ///   - amount: The amount's column, when the rows proved which of the columns in doubt it is.
  /// - Returns: The columns, or the problem: a column the options name that the header does
  ///   not have, one column named for two roles, or no column for the date, the description
  ///   or the amount.
  package static func of(
    _ names: [String], options: ReadingOptions, amount: Decided<Int>? = nil
  ) -> Result<CSVColumns, Problem> {
    let normalizedNames = names.map { BankWords.normalized($0) }
    var found = CSVColumns()
    var named: [Int: [CSVColumnRole]] = [:]
    for role in CSVColumnRole.allCases {
      guard let name = options.columns[role] else { continue }
      // An empty name says the file has no such column (`--columns balance=`).
      guard !name.trimmingSpaces.isEmpty else { continue }
      // A name as the header writes it first: `Amount (USD)` beside `Amount (EUR)`, which
      // compare as the same word; then a place, for a column without a name.
      let place = name.allSatisfy { ("0"..."9").contains($0) } ? Int(name) : nil
      guard
        let index = names.firstIndex(where: { $0.trimmingSpaces == name.trimmingSpaces })
          ?? normalizedNames.firstIndex(of: BankWords.normalized(name))
          ?? place.flatMap({ names.indices.contains($0 - 1) ? $0 - 1 : nil })
      else {
        return .failure(.namedColumnNotFound(role, name))
      }
      named[index, default: []].append(role)
      let byPlace = place != nil && names[index].trimmingSpaces != name.trimmingSpaces
      let placeWords =
        byPlace
        ? ", column \(index + 1) by its place" + (names[index].isEmpty ? ", which has no name" : "") : ""
      found.roles[role] = Decided(index, .option("--columns \(role.rawValue)=\(name)" + placeWords))
    }
    if let amount, found.roles[.amount] == nil { found.roles[.amount] = amount }
    if let (index, roles) = named.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
      return .failure(.oneColumnForRoles(roles, column: index))
    }
    let unnamedRoles = options.columns.filter { $0.value.trimmingSpaces.isEmpty }.keys
    // Two columns that may each hold the amount (`Amount` twice, `Amount` and `Betrag`), or the
    // date: which one does is for the options to say, as taking the first would change every
    // total without a word.
    var inDoubt: Set<CSVColumnRole> = []
    for role in [CSVColumnRole.amount, .balance]
    where found.roles[role] == nil && !unnamedRoles.contains(role) {
      let roleNames = BankWords.names(of: role)
      var candidates = normalizedNames.indices.filter {
        roleNames.contains(normalizedNames[$0]) && !found.holdsRole($0)
      }
      guard candidates.count > 1 else { continue }
      inDoubt.insert(role)
      // A balance is only checked: with two that may be it, neither is.
      guard role == .amount else { continue }
      // A column whose name says it holds a foreign currency (`Betrag (Fremdwährung)`) is not
      // the account's amount.
      let foreign = candidates.filter { BankWords.saysForeignCurrency(names[$0]) }
      if !foreign.isEmpty, foreign.count < candidates.count {
        candidates.removeAll(where: foreign.contains)
        if candidates.count == 1 {
          inDoubt.remove(role)
          found.roles[.amount] = Decided(
            candidates[0],
            Evidence(
              .header,
              "\(quoted(names[candidates[0]])) is a name for the amount; "
                + list(foreign.map { quoted(names[$0]) })
                + " say\(foreign.count == 1 ? "s" : "") it holds a foreign currency"))
          continue
        }
      }
      found.amountInDoubt = candidates
    }
    for (role, roleNames) in BankWords.synonyms
    where found.roles[role] == nil && role != .description && !unnamedRoles.contains(role)
      && !inDoubt.contains(role)
    {
      for (rank, name) in roleNames.enumerated() {
        guard let index = normalizedNames.firstIndex(of: name), !found.holdsRole(index) else { continue }
        let outranked = roleNames[(rank + 1)...].compactMap { other in
          normalizedNames.firstIndex(of: other).flatMap { found.holdsRole($0) ? nil : names[$0] }
        }
        found.roles[role] = Decided(
          index,
          Evidence(
            .header,
            "\(quoted(names[index])) is a name for the \(role.words)"
              + (outranked.isEmpty ? "" : ", ranked before \(list(outranked.map(quoted)))")))
        break
      }
    }
    // `debit` beside `amount` and no credit column is the native debit code.
    if found[.amount] != nil, found[.credit] == nil, found[.code] == nil, let debit = found.roles[.debit],
      options.columns[.debit] == nil
    {
      found.roles[.debit] = nil
      found.roles[.code] = Decided(
        debit.value,
        Evidence(
          .header,
          "\(quoted(names[debit.value])) beside an amount column and no credit column is a debit code"))
    }
    if let amount = found.roles[.amount], found[.debit] != nil, found[.credit] != nil,
      options.columns[.amount] == nil
    {
      // A signed amount beside a debit and a credit column: the two say each sign, which the
      // amount's sign alone would not; the amount is checked against them.
      found.roles[.amount] = nil
      found.crossCheckedAmount = amount.value
    } else if found[.amount] != nil {
      // An amount column wins over a lone debit or credit column.
      if options.columns[.debit] == nil { found.roles[.debit] = nil }
      if options.columns[.credit] == nil { found.roles[.credit] = nil }
    }
    // A column without a name beside one amount column may flag the credits (`CR`).
    if found[.code] == nil, found[.amount] != nil, !unnamedRoles.contains(.code),
      let unnamed = normalizedNames.indices.first(where: {
        normalizedNames[$0].isEmpty && !found.holdsRole($0)
      })
    {
      found.roles[.code] = Decided(
        unnamed, Evidence(.header, "column \(unnamed + 1) has no name, beside one amount column"))
      found.codeIsUnnamed = true
    }
    if let named = found[.description] {
      found.descriptions = [named]
    } else {
      let ranked = BankWords.descriptionNames.enumerated().flatMap { rank, name in
        normalizedNames.indices.filter { normalizedNames[$0] == name && !found.holdsRole($0) }.map {
          (rank, $0)
        }
      }
      found.descriptions = ranked.map(\.1)
      let payee = BankWords.payeeNames.lazy.compactMap { normalizedNames.firstIndex(of: $0) }.first
      let payer = BankWords.payerNames.lazy.compactMap { normalizedNames.firstIndex(of: $0) }.first
      if let payee, let payer, !found.holdsRole(payee), !found.holdsRole(payer),
        ranked.first.map({ $0.0 >= BankWords.purposeNamesStart }) ?? true
      {
        found.counterparty = (payee, payer)
        found.roles[.description] = Decided(
          payee,
          Evidence(
            .header,
            "\(quoted(names[payee])) and \(quoted(names[payer])) name the other party: the payee of a charge,"
              + " the payer of a payment"))
      } else if let first = found.descriptions.first {
        let others = found.descriptions.dropFirst().map { quoted(names[$0]) }
        found.roles[.description] = Decided(
          first,
          Evidence(
            .header,
            "\(quoted(names[first])) is a name for the description"
              + (others.isEmpty ? "" : "; when it is empty, \(list(others))")))
      }
    }
    found.currencies = normalizedNames.indices.filter {
      BankWords.currencyNames.contains(normalizedNames[$0])
    }
    var missing: [CSVColumnRole] = []
    if found[.date] == nil { missing.append(.date) }
    if found[.description] == nil { missing.append(.description) }
    let hasAmount =
      found[.amount] != nil || !found.amountInDoubt.isEmpty || (found[.debit] != nil && found[.credit] != nil)
    if !hasAmount { missing.append(.amount) }
    guard missing.isEmpty else { return .failure(.noColumnsFor(missing)) }
    return .success(found)
  }

  /// Why a header cannot be read as a bank's export.
  package enum Problem: Error, Equatable {
    /// A column the options name (for this role, by this name) is not in the header.
    case namedColumnNotFound(CSVColumnRole, String)
    /// No column holds these roles.
    case noColumnsFor([CSVColumnRole])
    /// More than one column may hold this role, these columns (by index), and the options do
    /// not say which.
    case ambiguous(CSVColumnRole, columns: [Int])
    /// The options name one column (by index) for several roles.
    case oneColumnForRoles([CSVColumnRole], column: Int)
  }
}

/// A place in a file as evidence names it: `5:12`, line 5, column 12.
func spot(_ position: TextPosition) -> String { "\(position.line):\(position.column)" }

/// A name as messages quote it.
func quoted(_ name: String) -> String { "\"\(name)\"" }

/// A column as evidence names it: its name quoted, or its place when it has no name
/// (`column 9`).
func shownColumn(_ index: Int, of names: [String]) -> String {
  names.indices.contains(index) && !names[index].trimmingSpaces.isEmpty
    ? quoted(names[index]) : "column \(index + 1)"
}

/// Words joined as English lists them: `a`, `a and b`, `a, b and c`.
func list(_ words: [String]) -> String {
  switch words.count {
  case 0: ""
  case 1: words[0]
  default: words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }
}

extension CSVColumnRole {
  /// A place of its own for each role, from 0.
  fileprivate var ordinal: Int {
    switch self {
    case .group: 0
    case .date: 1
    case .description: 2
    case .amount: 3
    case .code: 4
    case .debit: 5
    case .credit: 6
    case .balance: 7
    case .account: 8
    case .fee: 9
    }
  }
}
