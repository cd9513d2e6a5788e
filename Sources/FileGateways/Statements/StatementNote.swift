import Entities
import UseCases

/// What a bank's statement (OFX or QIF) says about how it was read, beside its transactions: a
/// note, which changes no row and no total (`SourceRecord.note`), shown as
/// `txreport: note: …`.
///
/// Each names its source, as ``StatementRefusal`` does, since a report may read two.
package enum StatementNote: SourceProblem {
  /// The file holds `count` accounts (OFX statements, QIF `!Account` blocks or sections of
  /// other types), and all their transactions are shown together: how the first few are named
  /// (their number or name, and their type), in the file's order. A total of two accounts is
  /// never made without a word.
  case severalAccounts(source: String, accounts: [String], count: Int)
  /// The file holds `count` accounts, and only `account` is shown, the one `--account` asks
  /// for.
  case oneAccountShown(source: String, account: String, count: Int)
  /// Text that is not UTF-8 was read as Windows-1252, as the file's header says
  /// (`declaration`, such as `CHARSET:1252`).
  case windows1252(source: String, declaration: String)
  /// In two-source mode, the file holds pending transactions (an OFX pending list) and posted
  /// ones, and all are shown in `group`, the group of its option.
  case pendingAndPostedInOneGroup(source: String, pending: Int, posted: Int, group: TransactionGroup)
  /// The file holds `count` investment transactions (an OFX investment statement's trades and
  /// income, `INVTRANLIST`; QIF `!Type:Invst` records), which are not read: the report shows
  /// what moved money in a bank or card account, never an empty month without a word.
  case investmentTransactionsNotRead(source: String, count: Int)
  /// A QIF file's `!Option:AutoSwitch` is never cleared (`!Clear:AutoSwitch`): each `!Account`
  /// block right before a section of transactions was read as that section's account, and the
  /// others as the file's list of accounts.
  case autoSwitchLeftOn(source: String)
  /// A QIF file's `count` opening balances, the first at `first`, were skipped: an account's
  /// first record that is a transfer to the account itself (`L[Checking]`; for an account the
  /// file names no other way, with the payee `Opening Balance`), as Quicken writes the balance
  /// the account opened with. A balance is no transaction, as a bank's CSV row of one is not.
  case openingBalancesSkipped(source: String, count: Int, first: TextPosition)

  /// What the note says, in English.
  package var words: SourceWords {
    switch self {
    case .severalAccounts(let source, let accounts, let count):
      "'\(shown: source)' holds \(count) accounts, shown together: \(Self.list(accounts, count: count))"
    case .oneAccountShown(let source, let account, let count):
      "'\(shown: source)' holds \(count) accounts; only \(shown: account) is shown, as --account asks"
    case .windows1252(let source, let declaration):
      "'\(shown: source)': text that is not UTF-8 is read as Windows-1252, as the file's header says (\(shown: declaration))"
    case .pendingAndPostedInOneGroup(let source, let pending, let posted, let group):
      "'\(shown: source)' holds \(pending) pending and \(posted) posted \(words: posted == 1 ? "transaction" : "transactions"); "
        + "all are shown as \(words: group == .authorized ? "Authorized" : "Posted"), as \(words: Self.option(group)) says"
    case .investmentTransactionsNotRead(let source, let count):
      "'\(shown: source)' holds \(count) investment \(words: count == 1 ? "transaction" : "transactions") "
        + "(trades, income), which \(words: count == 1 ? "is" : "are") not read: the report shows money moved in bank and card accounts"
    case .autoSwitchLeftOn(let source):
      "'\(shown: source)': !Option:AutoSwitch is never cleared; each !Account block right before a section of transactions "
        + "is read as that section's account, the others as a list of accounts"
    case .openingBalancesSkipped(let source, let count, let first):
      "'\(shown: source)': \(count) opening \(words: count == 1 ? "balance was" : "balances were") skipped "
        + "(the first at \(words: "\(first.line):\(first.column)")): an account's first record that is a transfer to "
        + "the account itself is the balance it opened with, as Quicken writes it, not a transaction"
    }
  }

  /// What to do about it, when anything.
  package var hint: SourceWords? {
    switch self {
    case .severalAccounts: "to show one, add --account with its number or name"
    case .pendingAndPostedInOneGroup(_, _, _, let group):
      "to show the \(words: group == .authorized ? "posted ones as Posted" : "pending ones as Authorized"), "
        + "read the file alone with --all"
    case .oneAccountShown, .windows1252, .investmentTransactionsNotRead, .autoSwitchLeftOn,
      .openingBalancesSkipped:
      nil
    }
  }

  private static func option(_ group: TransactionGroup) -> String {
    group == .authorized ? "--authorized" : "--posted"
  }

  /// `a`, `a and b`, `a, b and c`, each name shown as data; with `count` names in all and
  /// fewer given, `a, b, c and 31995 more`.
  static func list(_ names: [String], count: Int) -> SourceWords {
    var words: SourceWords = ""
    let more = count - names.count
    for (index, name) in names.enumerated() {
      if index > 0 { words = words + (index == names.count - 1 && more <= 0 ? " and " : ", ") }
      words = words + "\(shown: name)"
    }
    return more > 0 ? words + " and \(words: String(more)) more" : words
  }
}
