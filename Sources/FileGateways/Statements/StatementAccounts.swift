import BankReading
import UseCases

/// The accounts a bank's statement file holds, as its decoder meets them, and which of them
/// `--account` picks (``ReadingOptions/account``).
///
/// An OFX file has a statement for each account (`STMTRS`, `CCSTMTRS`, `INVSTMTRS`), each
/// naming its account in its account aggregate (`BANKACCTFROM`: `BANKID`, `BRANCHID`, `ACCTID`,
/// `ACCTTYPE`; `CCACCTFROM`; `INVACCTFROM`); a QIF file has an `!Account` block (`N` its name,
/// `T` its type) before the section of each. The decoder says which account a run of records
/// is (``enter(_:)``), and asks whether an account's records are read (``picks(_:)``). At the end
/// of the file, ``end(source:start:)`` says what the reading adds: a note naming the accounts
/// when there are several and all are shown (their transactions are never summed without a
/// word), or the problem when `--account` names none of them, or more than one.
///
/// **What makes two accounts one.** Everything the file says of them (``Account/Key``): the
/// kind of statement (a bank's, a card's, an investment's), the bank and branch, the number and
/// the type (OFX); the name and the section type (QIF). A checking account and a card with the
/// same number, or the same number at two banks, are two accounts, named apart in the note
/// (`0001 (CHECKING, bank 011000015)`).
///
/// **Linear.** The accounts are found by their key in a dictionary, and whether `--account`
/// picks one is decided once, when it is first met: a file of 128,000 accounts costs what
/// 128,000 records do. The note names the first ``namedInNote`` accounts and counts the rest.
///
/// `--account` names an account by its number (OFX) or its name (QIF), as the file writes it,
/// by its type (`savings`, `credit card`) when only one account has it, or as the note names it;
/// letter case, spaces and dashes do not count. The rule is exact, so that it can be applied to
/// each account as it is met: an account whose number merely ends with the value is not
/// picked.
struct StatementAccounts {
  /// One account of the file.
  struct Account: Equatable {
    /// Its number (OFX's `ACCTID`), if the file gives one.
    var number: String?
    /// Its name (QIF's `N`), if the file gives one.
    var name: String?
    /// Its type: OFX's `ACCTTYPE` (`credit card` for a card statement, `investment` for an
    /// investment statement); a QIF section's type (`Bank`, `CCard`).
    var kind: String?
    /// Its bank (OFX's `BANKID`, or an investment statement's `BROKERID`), if the file gives one.
    var bank: String?
    /// Its branch (OFX's `BRANCHID`), if the file gives one.
    var branch: String?
    /// What kind of statement names it (`bank`, `card`, `investment`; empty in QIF).
    var statement = ""
    /// Where the file names it.
    var position: TextPosition

    /// What makes two accounts one: everything the file says of them.
    struct Key: Hashable {
      var statement: String
      var number: String?
      var name: String?
      var kind: String?
      var bank: String?
      var branch: String?
    }

    /// The account's key.
    var key: Key {
      Key(statement: statement, number: number, name: name, kind: kind, bank: bank, branch: branch)
    }

    /// How notes and problems name it when no other account shares its name:
    /// `0000000001 (CHECKING)`, `Visa (CCard)`.
    func label(unnamed: String) -> String {
      let name = number ?? self.name ?? unnamed
      return kind.map { "\(name) (\($0))" } ?? name
    }

    /// How notes and problems name it when another account has its ``label(unnamed:)``: with
    /// its bank and branch too, `0001 (CHECKING, bank 011000015)`.
    func fullLabel(unnamed: String) -> String {
      let parts = [kind, bank.map { "bank \($0)" }, branch.map { "branch \($0)" }].compactMap { $0 }
      let name = number ?? self.name ?? unnamed
      return parts.isEmpty ? name : "\(name) (\(parts.joined(separator: ", ")))"
    }
  }

  /// How many accounts a note or a problem names; the others are counted.
  static let namedInNote = 5

  /// The accounts, in the order the file first names them.
  private(set) var accounts: [Account] = []
  /// Where each account is in ``accounts``, by its key.
  private var indexes: [Account.Key: Int] = [:]
  /// Whether `--account` names each account, decided when it is first met.
  private var named: [Bool] = []
  /// The account whose records are being read (QIF), if one is.
  private(set) var current: Int?
  /// The value of `--account`, as given.
  let asked: String?
  /// How an account is named that has neither a number nor a name.
  private let unnamed: String

  /// Prepares to follow the accounts of a file.
  ///
  /// - Parameters:
  ///   - asked: The value of `--account`, or `nil` to read every account.
  ///   - unnamed: How an account is named that has neither a number nor a name.
  init(asked: String?, unnamed: String = "an account without a number") {
    self.asked = asked
    self.unnamed = unnamed
  }

  /// Says that the records that follow are an account's, one already met or a new one, and
  /// gives its place.
  ///
  /// - Parameter account: The account as the file names it here.
  /// - Returns: Its place among ``accounts``.
  @discardableResult
  mutating func enter(_ account: Account) -> Int {
    let key = account.key
    if let index = indexes[key] {
      current = index
      return index
    }
    accounts.append(account)
    indexes[key] = accounts.count - 1
    named.append(asked.map { Self.matches($0, account, unnamed: unnamed) } ?? true)
    current = accounts.count - 1
    return accounts.count - 1
  }

  /// Says that no account is being read until one is entered again.
  mutating func leave() {
    current = nil
  }

  /// Whether the records of an account are read: always, unless `--account` names another.
  ///
  /// - Parameter index: The account's place among ``accounts``.
  /// - Returns: Whether they are read.
  func picks(_ index: Int) -> Bool {
    named[index]
  }

  /// Whether a QIF record is read, and the account it is of: the current account, or, before
  /// any, an account of its own without a name, at the record.
  ///
  /// - Parameter position: Where the record starts.
  /// - Returns: Whether it is read.
  mutating func picksCurrent(at position: TextPosition) -> Bool {
    let index = current ?? enter(Account(position: position))
    return picks(index)
  }

  /// What the end of the file adds to the records: the problem of an `--account` that names
  /// no account, or several; else a note when the file holds several accounts.
  ///
  /// - Parameters:
  ///   - source: How notes name the source.
  ///   - start: Where the file starts, for a problem in a file that names no account.
  /// - Returns: A problem, a note, or neither.
  func end(source: String, start: TextPosition) -> (problem: MalformedInput?, note: StatementNote?) {
    guard let asked else {
      guard accounts.count > 1 else { return (nil, nil) }
      return (
        nil,
        .severalAccounts(
          source: source, accounts: labels(of: accounts.indices.prefix(Self.namedInNote)),
          count: accounts.count)
      )
    }
    let matching = accounts.indices.filter { named[$0] }
    guard matching.count == 1, let account = matching.first else {
      let withNames = accounts.indices.filter { accounts[$0].number != nil || accounts[$0].name != nil }
      let position = withNames.first.map { accounts[$0].position } ?? accounts.first?.position ?? start
      let problem: ReadingProblem =
        matching.isEmpty
        ? .noAccountMatches(
          asked, accounts: labels(of: withNames.prefix(Self.namedInNote)), count: withNames.count)
        : .severalAccountsMatch(
          asked, accounts: labels(of: matching.prefix(Self.namedInNote)), count: matching.count)
      return (MalformedInput(position: position, problem: problem), nil)
    }
    guard accounts.count > 1 else { return (nil, nil) }
    return (
      nil,
      .oneAccountShown(source: source, account: labels(of: [account]).first ?? "", count: accounts.count)
    )
  }

  /// How notes name the given accounts: each by ``Account/label(unnamed:)``, or by its
  /// ``Account/fullLabel(unnamed:)`` when another account of the file has the same label.
  private func labels(of indices: some Collection<Int>) -> [String] {
    guard !indices.isEmpty else { return [] }
    var counts: [String: Int] = [:]
    for account in accounts { counts[account.label(unnamed: unnamed), default: 0] += 1 }
    return indices.map { index in
      let label = accounts[index].label(unnamed: unnamed)
      return counts[label, default: 0] > 1 ? accounts[index].fullLabel(unnamed: unnamed) : label
    }
  }

  /// Whether `--account`'s value names an account: its number, name or type, or its label as
  /// a note names it, in any letter case, spaces and dashes left out.
  static func matches(_ asked: String, _ account: Account, unnamed: String) -> Bool {
    let wanted = normalized(asked)
    guard !wanted.isEmpty else { return false }
    let names = [
      account.number, account.name, account.kind, account.label(unnamed: unnamed),
      account.fullLabel(unnamed: unnamed),
    ]
    return names.contains { $0.map(normalized) == wanted }
  }

  /// A name in capitals without spaces and dashes.
  private static func normalized(_ text: String) -> String {
    String(text.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" })
  }
}
