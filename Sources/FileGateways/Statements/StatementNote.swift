import Entities
import UseCases

/// What a bank's statement (OFX or QIF) says about how it was read, beside its transactions: a
/// note, which changes no row and no total (`SourceRecord.note`), shown as
/// `txreport: note: …`.
///
/// Each names its source, as ``StatementRefusal`` does, since a report may read two.
public enum StatementNote: SourceProblem {
  /// The file holds several accounts (OFX statements, QIF `!Account` blocks), and all their
  /// transactions are shown together: how each account is named (its number or name, and its
  /// type), in the file's order. A total of two accounts is never made without a word.
  case severalAccounts(source: String, accounts: [String])
  /// The file holds `count` accounts, and only `account` is shown, the one `--account` asks
  /// for.
  case oneAccountShown(source: String, account: String, count: Int)
  /// Text that is not UTF-8 was read as Windows-1252, as the file's header says
  /// (`declaration`, such as `CHARSET:1252`).
  case windows1252(source: String, declaration: String)
  /// In two-source mode, the file holds pending transactions (an OFX pending list) and posted
  /// ones, and all are shown in `group`, the group of its option.
  case pendingAndPostedInOneGroup(source: String, pending: Int, posted: Int, group: TransactionGroup)

  /// What the note says, in English.
  public var words: SourceWords {
    switch self {
    case .severalAccounts(let source, let accounts):
      "'\(shown: source)' holds \(accounts.count) accounts, shown together: \(Self.list(accounts))"
    case .oneAccountShown(let source, let account, let count):
      "'\(shown: source)' holds \(count) accounts; only \(shown: account) is shown, as --account asks"
    case .windows1252(let source, let declaration):
      "'\(shown: source)': text that is not UTF-8 is read as Windows-1252, as the file's header says (\(shown: declaration))"
    case .pendingAndPostedInOneGroup(let source, let pending, let posted, let group):
      "'\(shown: source)' holds \(pending) pending and \(posted) posted \(words: posted == 1 ? "transaction" : "transactions"); "
        + "all are shown as \(words: group == .authorized ? "Authorized" : "Posted"), as \(words: Self.option(group)) says"
    }
  }

  /// What to do about it, when anything.
  public var hint: SourceWords? {
    switch self {
    case .severalAccounts: "to show one, add --account with its number or name"
    case .pendingAndPostedInOneGroup(_, _, _, let group):
      "to show the \(words: group == .authorized ? "posted ones as Posted" : "pending ones as Authorized"), "
        + "read the file alone with --all"
    case .oneAccountShown, .windows1252: nil
    }
  }

  private static func option(_ group: TransactionGroup) -> String {
    group == .authorized ? "--authorized" : "--posted"
  }

  /// `a`, `a and b`, `a, b and c`, each part shown as data.
  static func list(_ names: [String]) -> SourceWords {
    var words: SourceWords = ""
    for (index, name) in names.enumerated() {
      if index > 0 { words = words + (index == names.count - 1 ? " and " : ", ") }
      words = words + "\(shown: name)"
    }
    return words
  }
}
