import BankFormats
import Entities
import UseCases

/// How to read a bank's export, where it does not say so itself, and which group its records
/// belong to when it does not name one.
///
/// The native format (a CSV header naming `group,date,description,amount,debit`, JSON and
/// NDJSON) needs none of this: its rules are SPEC §7's. A CSV file with any other header is a
/// bank's export, read by the layout rules of the CSV decoder (see decoding.md), which detect what is not given
/// here. The defaults detect everything.
public struct ReadingOptions: Equatable, Sendable {
  /// The separator of a CSV file's fields, or `nil` to detect it from the header: the one of
  /// comma, semicolon and tab that splits the header into the most columns.
  public var delimiter: CSVDelimiter?
  /// Which column holds which part of a record, by the header's name for it, for the parts
  /// the header does not name by a known name (see ``CSVColumnRole``). Empty by default.
  public var columns: [CSVColumnRole: String]
  /// The decimal mark of a bank export's amounts, or `nil` to detect it from the first
  /// amounts (a point unless they show a decimal comma, as in `12,50`).
  public var decimalMark: DecimalMark?
  /// The layout of a bank export's dates, or `nil` to detect it from the first dates.
  public var dateLayout: DateLayout?
  /// Whether a bank export's signed amounts are positive for a debit (a charge), as some card
  /// issuers write them; by default a negative amount is a debit, as in OFX and QIF.
  public var debitsPositive: Bool
  /// Whether the user said that a bank export's negative amounts are the debits (the default
  /// reading): then a CSV export whose amounts are mostly positive is read so, not refused
  /// for its signs to be said.
  public var debitsNegative: Bool
  /// The encoding of a bank's CSV export, or `nil` to tell it from the file: UTF-8, or
  /// Windows-1252 when its first megabyte is not UTF-8 (with a note).
  public var encoding: TextEncoding?
  /// The date of a bank export's pending transactions that have none (a date column that says
  /// `Pending`), or `nil`: then such a transaction is an issue.
  public var pendingDate: CalendarDate?
  /// The group of the records of a bank's export that has no group column: the group of the
  /// source in two-source mode, else Posted (what a bank exports).
  public var group: TransactionGroup
  /// The group of a statement's pending transactions (an OFX pending list, `STMTTRNP`):
  /// Authorized, the app's pending transactions, in one-source mode; in two-source mode the
  /// source's group, as ``group`` is, since the option named the file as that group's source.
  public var pendingGroup: TransactionGroup
  /// The account to read, in a file that holds several (OFX statements, QIF `!Account`
  /// blocks): its number or name as the file writes it, or its type when only one account has
  /// it, in any letter case, spaces and dashes left out; `nil` (the default) for every account,
  /// with a note naming them when there are several.
  public var account: String?
  /// How a bank's CSV export's rows dated and worded only as a total or a balance (`Total`,
  /// `Balance`, `Saldo`, `Summe`) are read, or `nil` (the default) to skip each such row that
  /// the file proves a summary (it has no amount, or its amount is the sum of the rows above
  /// it) and to ask about any other.
  public var summaryRows: SummaryRows?
  /// Whether the reading says how it read the file: a note, before the file's records, listing
  /// each decision (the columns, the date layout, the decimal mark, the signs, …) and the
  /// evidence that proved it (`txreport --explain`).
  public var explains: Bool

  /// Options that detect everything, for records that are Posted unless they say otherwise.
  public static let standard = ReadingOptions()

  /// Creates options; every parameter has the default that detects it.
  public init(
    delimiter: CSVDelimiter? = nil, columns: [CSVColumnRole: String] = [:], decimalMark: DecimalMark? = nil,
    dateLayout: DateLayout? = nil, debitsPositive: Bool = false, debitsNegative: Bool = false,
    encoding: TextEncoding? = nil, pendingDate: CalendarDate? = nil, group: TransactionGroup = .posted,
    pendingGroup: TransactionGroup = .authorized, account: String? = nil, summaryRows: SummaryRows? = nil,
    explains: Bool = false
  ) {
    self.delimiter = delimiter
    self.columns = columns
    self.decimalMark = decimalMark
    self.dateLayout = dateLayout
    self.debitsPositive = debitsPositive
    self.debitsNegative = debitsNegative
    self.encoding = encoding
    self.pendingDate = pendingDate
    self.group = group
    self.pendingGroup = pendingGroup
    self.account = account
    self.summaryRows = summaryRows
    self.explains = explains
  }

  /// What a row worded only as a total or a balance is, as the user says (`--summary-rows`).
  public enum SummaryRows: String, CaseIterable, Sendable {
    /// The bank's total or balance: skipped, and counted in a note.
    case skip
    /// A transaction, as any other row (a payee called `Total`).
    case count
  }
}

/// The separator between the fields of a CSV row.
public enum CSVDelimiter: String, CaseIterable, Sendable {
  /// `,`, as RFC 4180 has it.
  case comma = ","
  /// `;`, as exports where a comma is the decimal mark have it.
  case semicolon = ";"
  /// A tab.
  case tab = "\t"

  /// The byte.
  package var byte: UInt8 {
    switch self {
    case .comma: UInt8(ascii: ",")
    case .semicolon: UInt8(ascii: ";")
    case .tab: UInt8(ascii: "\t")
    }
  }
}

/// What a column of a bank's CSV export holds.
///
/// A bank names its columns its own way; the CSV decoder knows the usual names of each role
/// (Date, Transaction Date, Payee, Amount, Debit, Credit, …), and ``ReadingOptions/columns``
/// names any other.
public enum CSVColumnRole: String, CaseIterable, Sendable {
  /// `A` or `P` (any case). Without it, the records take ``ReadingOptions/group``.
  case group
  /// The date, in the file's layout.
  case date
  /// The description.
  case description
  /// The amount: signed, unless a ``code`` column gives the sign.
  case amount
  /// `D` or `C`, `DR` or `CR`, `Debit` or `Credit` (any case): whether the amount is a debit.
  /// The native format calls this column `debit`.
  case code
  /// The amount of a debit (a charge), in a file that has a column for debits and one for
  /// credits.
  case debit
  /// The amount of a credit (a payment), in a file that has a column for debits and one for
  /// credits.
  case credit
  /// The running balance after each row: read only to check the amounts against it. An
  /// empty name (`--columns balance=`) says the file has none, so none is checked.
  case balance
  /// The account each row is of, in a file of several accounts (`--account` picks one).
  case account
  /// A fee charged with each row's transaction (`Fee`, `Gebühr`): part of what left the
  /// account with it, whatever its sign, as a running balance shows.
  case fee

  /// The field of a record this column gives, as issues name it: the debit and credit
  /// columns give the amount, the code column the native `debit` field; `nil` for a column
  /// that gives no field.
  package var field: RecordField? {
    switch self {
    case .group: .group
    case .date: .date
    case .description: .description
    case .amount, .debit, .credit: .amount
    case .code: .debit
    case .balance, .account: nil
    case .fee: .amount
    }
  }

  /// What the column gives a record, as a question about it names it: `amount` for the amount,
  /// debit and credit columns.
  package var fieldWords: String { field?.rawValue ?? words }

  /// What the column holds, in English: `date`, `running balance`.
  package var words: String {
    switch self {
    case .group: "group or status"
    case .date: "date"
    case .description: "description"
    case .amount: "amount"
    case .code: "debit or credit code"
    case .debit: "debit amounts"
    case .credit: "credit amounts"
    case .balance: "running balance"
    case .account: "account"
    case .fee: "fees"
    }
  }
}
