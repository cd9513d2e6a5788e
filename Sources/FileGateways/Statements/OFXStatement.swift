import BankFormats
import Entities
import UseCases

/// What the OFX decoder knows of the statement it is reading: a `STMTRS` (a bank account's),
/// `CCSTMTRS` (a card's) or `INVSTMTRS` (an investment account's), from its opening tag to its
/// closing one; or, for transactions outside any of these, the run of them to the next
/// statement.
///
/// It gathers what the statement says beside its transactions, wherever in the statement the
/// file writes it: its account (the account aggregate, before or after the transaction list),
/// its currency (`CURDEF`), the period of its transaction list (`DTSTART`, `DTEND`), its closing
/// ledger balance (`LEDGERBAL`: `BALAMT` as of `DTASOF`), the sum of its posted transactions,
/// and how many investment transactions it holds, which are not read.
struct OFXStatement {
  /// What kind of statement it is, by its aggregate.
  enum Kind: String {
    /// `STMTRS`: a bank account's.
    case bank
    /// `CCSTMTRS`: a card's.
    case card
    /// `INVSTMTRS`: an investment account's.
    case investment
    /// Transactions outside any statement aggregate.
    case none = ""
  }

  /// The aggregate of a statement that holds a balance, or the other elements where `BALAMT`
  /// may be.
  enum Balance {
    /// `LEDGERBAL`: the closing ledger balance.
    case ledger
    /// `AVAILBAL`, `BAL` (of a `BALLIST`) and the like: balances that no transaction list
    /// adds up to (an available balance holds back pending amounts, and adds a credit line).
    case other
  }

  /// The fields of an account aggregate, as they are read, and where it starts (or, for a
  /// statement that names no account, where the statement starts).
  struct AccountFields {
    var position: TextPosition
    var bank: String?
    var branch: String?
    var number: String?
    var type: String?
  }

  /// A closing balance as of the end of a statement's transaction list, which the next
  /// statement of the same account can be checked against.
  struct Closing {
    /// The balance.
    var amount: Money
    /// The end of the transaction list, as written (`DTEND`): the next statement's list must
    /// start there (`DTSTART`).
    var end: String
  }

  /// What kind of statement it is.
  var kind: Kind
  /// Where it starts: its opening tag, or its first transaction.
  var start: TextPosition
  /// Its currency (`CURDEF`), as written, and where its tag is.
  var currency: (code: String, position: TextPosition)?
  /// The account aggregate being read, while one is.
  var accountFields: AccountFields?
  /// Its account's place among the decoder's accounts, once the account aggregate has been
  /// read.
  var account: Int?
  /// Whether its account aggregate has been read (an account without a number included).
  var namesAccount: Bool { account != nil }
  /// Which list of transactions is being read: `BANKTRANLIST` (posted) or `BANKTRANLISTP`
  /// (pending), or neither.
  var list: List?
  /// Whether its posted transaction list has ended (`</BANKTRANLIST>`): its sum is whole.
  var postedListEnded = false
  /// Where its posted list's `DTSTART` tag is.
  var periodPosition: TextPosition?
  /// The start and end of its posted transaction list, as written (`DTSTART`, `DTEND`).
  var period: (start: String?, end: String?) = (nil, nil)
  /// The balance aggregate being read, while one is.
  var balance: Balance?
  /// Its closing ledger balance (`LEDGERBAL`'s `BALAMT`, as written, where its tag is, and its
  /// `DTASOF`).
  var ledger: (amount: String?, position: TextPosition?, asOf: String?) = (nil, nil, nil)
  /// How many posted transactions its list holds so far.
  var postedCount = 0
  /// The sum of its posted transactions, when it is being made (``startSum()``) and while each
  /// has an amount OFX writes; `nil` otherwise (then the balance check is not made).
  var postedSum: Money?
  /// How many investment transactions it holds (`BUYSTOCK`, `INCOME`, …), which are not read.
  var investmentTransactions = 0
  /// How many of its records were read (picked by `--account`, or without it).
  var recordsRead = 0
  /// The `FITID`s of the transactions it gave before naming its account (without `--account`),
  /// whether each is pending, and where each transaction starts: checked once it names it.
  var unnamedTransactionIDs: [(pending: Bool, fitid: RawValue, start: TextPosition)] = []

  /// Which list of transactions a statement is reading.
  enum List {
    /// `BANKTRANLIST`: posted transactions.
    case posted
    /// `BANKTRANLISTP`: pending transactions (OFX 2.2).
    case pending
    /// `INVTRANLIST`: an investment statement's transactions.
    case investment
  }

  /// Starts a statement.
  ///
  /// - Parameters:
  ///   - kind: What kind of statement it is.
  ///   - start: Where it starts.
  init(kind: Kind, start: TextPosition) {
    self.kind = kind
    self.start = start
  }

  /// The account its aggregate names, or an account without a number when the statement
  /// names none.
  func namedAccount() -> StatementAccounts.Account {
    let fields = accountFields ?? AccountFields(position: start)
    let kind: String? =
      switch self.kind {
      case .card: "credit card"
      case .investment: "investment"
      case .bank, .none: fields.type.flatMap { $0.isEmpty ? nil : $0 }
      }
    return StatementAccounts.Account(
      number: fields.number.flatMap { $0.isEmpty ? nil : $0 }, name: nil, kind: kind,
      bank: fields.bank.flatMap { $0.isEmpty ? nil : $0 },
      branch: fields.branch.flatMap { $0.isEmpty ? nil : $0 },
      statement: self.kind.rawValue, position: fields.position)
  }

  /// Starts adding up the posted transactions, when none has been read yet: their sum is then
  /// the whole list's.
  mutating func startSum() {
    if postedCount == 0 { postedSum = .zero }
  }

  /// Counts a posted transaction, and adds its amount, as written, to ``postedSum`` when the
  /// sum is being made.
  mutating func addPosted(_ written: String?) {
    postedCount += 1
    guard let sum = postedSum else { return }
    guard let written, let signed = Self.signed(written) else {
      // The record's own issue names the amount; only the check is given up.
      postedSum = nil
      return
    }
    postedSum = try? sum.adding(signed)
  }

  /// The closing balance it leaves for the next statement of its account: its ledger balance,
  /// when it is as of the end of its transaction list (`DTASOF` written as `DTEND` is), else
  /// `nil`.
  var closing: Closing? {
    guard let end = period.end, !end.isEmpty, ledger.asOf == end, let written = ledger.amount,
      let amount = Self.signed(written)
    else { return nil }
    return Closing(amount: amount, end: end)
  }

  /// An OFX amount as written, signed, or `nil` when it is not one.
  static func signed(_ written: String) -> Money? {
    guard let amount = try? WrittenAmount(parsingOFX: written.trimmingSpaces) else { return nil }
    return Money(minorUnits: amount.isNegative ? -amount.magnitude.minorUnits : amount.magnitude.minorUnits)
  }

  /// The investment transactions of an `INVTRANLIST` that are not cash (`INVBANKTRAN`, whose
  /// `STMTTRN` is read): trades, income, expenses, transfers of securities.
  static let investmentTransactionTags: Set<String> = [
    "BUYDEBT", "BUYMF", "BUYOPT", "BUYOTHER", "BUYSTOCK", "CLOSUREOPT", "INCOME", "INVEXPENSE", "JRNLFUND",
    "JRNLSEC", "MARGININTEREST", "REINVEST", "RETOFCAP", "SELLDEBT", "SELLMF", "SELLOPT", "SELLOTHER",
    "SELLSTOCK", "SPLIT", "TRANSFER",
  ]
}
