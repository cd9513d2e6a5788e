import BankReading
import UseCases

/// The accounts a bank's statement file holds, as its decoder meets them, and which of them
/// `--account` picks (``ReadingOptions/account``).
///
/// An OFX file has a statement for each account (`STMTRS`, `CCSTMTRS`), each naming its
/// account (`ACCTID`, with `ACCTTYPE` in `BANKACCTFROM`); a QIF file has an `!Account` block
/// (`N` its name, `T` its type) before the transactions of each. The decoder says where an
/// account starts (``enter(number:name:kind:at:)``) and asks, for each record, whether it is
/// read (``picks()``). At the end of the file, ``end(source:)`` says what the reading adds: a
/// note naming the accounts when there are several and all are shown (their transactions are
/// never summed without a word), or the problem when `--account` names none of them, or more
/// than one.
///
/// `--account` names an account by its number (OFX) or its name (QIF), as the file writes it,
/// or by its type (`savings`, `credit card`) when only one account has it; letter case, spaces
/// and dashes do not count. The rule is exact, so that it can be applied to each record as it
/// is read: an account whose number merely ends with the value is not picked.
struct StatementAccounts {
  /// One account of the file.
  struct Account: Equatable {
    /// Its number (OFX's `ACCTID`), if the file gives one.
    var number: String?
    /// Its name (QIF's `N`), if the file gives one.
    var name: String?
    /// Its type (OFX's `ACCTTYPE`, `credit card` for a card statement; QIF's `T`).
    var kind: String?
    /// Where the file names it.
    var position: TextPosition

    /// How notes and problems name it: `0000000001 (CHECKING)`, `Visa (CCard)`.
    var label: String {
      let name = number ?? self.name ?? "an account without a number"
      return kind.map { "\(name) (\($0))" } ?? name
    }

    /// Whether two accounts are one: the same number, or without numbers the same name.
    func isSame(as other: Account) -> Bool {
      number != nil || other.number != nil ? number == other.number : name == other.name
    }
  }

  /// The accounts, in the order the file first names them.
  private(set) var accounts: [Account] = []
  /// The account whose transactions are being read.
  private var current: Int?
  /// The value of `--account`, as given.
  private let asked: String?
  /// The accounts whose records were read, as `--account` picked them.
  private var picked: Set<Int> = []

  /// Prepares to follow the accounts of a file.
  ///
  /// - Parameter asked: The value of `--account`, or `nil` to read every account.
  init(asked: String?) {
    self.asked = asked
  }

  /// Says that the transactions that follow are an account's: one already met, or a new one.
  mutating func enter(number: String?, name: String?, kind: String?, at position: TextPosition) {
    let account = Account(number: number, name: name, kind: kind, position: position)
    if let index = accounts.firstIndex(where: { $0.isSame(as: account) }) {
      current = index
      if accounts[index].kind == nil { accounts[index].kind = kind }
    } else {
      accounts.append(account)
      current = accounts.count - 1
    }
  }

  /// Gives the current account its type, when the file writes it after the number.
  mutating func setKind(_ kind: String) {
    guard let current, !kind.isEmpty else { return }
    accounts[current].kind = kind
  }

  /// Says that a new statement starts: its transactions are no account's until it names one.
  mutating func leave() {
    current = nil
  }

  /// Whether the record that starts at `position` is read: always, unless `--account` names
  /// another account. A record before any account names one is an account's of its own,
  /// without a number.
  mutating func picks(at position: TextPosition) -> Bool {
    if current == nil { enter(number: nil, name: nil, kind: nil, at: position) }
    guard let asked else { return true }
    guard let current, Self.matches(asked, accounts[current]) else { return false }
    picked.insert(current)
    return true
  }

  /// What the end of the file adds to the records: the problem of an `--account` that names
  /// no account, or several; else a note when the file holds several accounts.
  ///
  /// - Parameters:
  ///   - source: How notes name the source.
  ///   - start: Where the file starts, for a problem in a file that names no account.
  /// - Returns: A problem, a note, or neither.
  func end(source: String, start: TextPosition) -> (problem: MalformedInput?, note: StatementNote?) {
    let named = accounts.filter { $0.number != nil || $0.name != nil }
    guard let asked else {
      guard accounts.count > 1 else { return (nil, nil) }
      return (nil, .severalAccounts(source: source, accounts: accounts.map(\.label)))
    }
    let matching = accounts.filter { Self.matches(asked, $0) }
    guard matching.count == 1, let account = matching.first else {
      let position = named.first?.position ?? accounts.first?.position ?? start
      let problem: ReadingProblem =
        matching.isEmpty
        ? .noAccountMatches(asked, accounts: named.map(\.label))
        : .severalAccountsMatch(asked, accounts: matching.map(\.label))
      return (MalformedInput(position: position, problem: problem), nil)
    }
    guard accounts.count > 1 else { return (nil, nil) }
    return (nil, .oneAccountShown(source: source, account: account.label, count: accounts.count))
  }

  /// Whether `--account`'s value names an account: its number, name or type, in any letter
  /// case, spaces and dashes left out.
  static func matches(_ asked: String, _ account: Account) -> Bool {
    let wanted = normalized(asked)
    guard !wanted.isEmpty else { return false }
    return [account.number, account.name, account.kind].contains { $0.map(normalized) == wanted }
  }

  /// A name in capitals without spaces and dashes.
  private static func normalized(_ text: String) -> String {
    String(text.uppercased().filter { $0 != " " && $0 != "-" && $0 != "\t" })
  }
}
