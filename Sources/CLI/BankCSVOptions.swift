import BankFormats
import Entities

/// How to read a bank's CSV export, as the command line says it: `--columns`, `--delimiter`,
/// `--decimal-comma` or `--decimal-point`, `--date-format`, `--debits-positive` or
/// `--debits-negative`, `--encoding` and `--pending-date`; and `--account`, for any export that
/// holds several accounts (a statement too).
///
/// Everything left out is detected from the file. The composition root hands these to the
/// file gateway (as its `ReadingOptions`), adding the group of each source.
package struct BankCSVOptions: Equatable, Sendable {
  /// What a column may hold, as `--columns` names it: `group`, `date`, `description`,
  /// `amount`, `code` (D or C), `debit` and `credit` (the amounts of each).
  package static let roles = ["group", "date", "description", "amount", "code", "debit", "credit"]

  /// The column of each role, by its name in the header (`--columns date=Booking Date`).
  package var columns: [String: String] = [:]
  /// The separator of fields: `,`, `;` or a tab; `nil` to detect it.
  package var delimiter: String?
  /// `comma` or `point` for `--decimal-comma` and `--decimal-point`; `nil` to detect it.
  package var decimalMark: DecimalMark?
  /// The layout of the dates (`--date-format`); `nil` to detect it.
  package var dateLayout: DateLayout?
  /// Whether positive amounts are debits (`--debits-positive`).
  package var debitsPositive = false
  /// Whether negative amounts are debits, as by default, said so that a file of mostly
  /// positive amounts is read (`--debits-negative`).
  package var debitsNegative = false
  /// The text's encoding (`--encoding`); `nil` to detect it.
  package var encoding: TextEncoding?
  /// The date of pending transactions that have none (`--pending-date`).
  package var pendingDate: CalendarDate?
  /// The account to report of a file that holds several (`--account`): its number, name or
  /// type; `nil` for every account.
  package var account: String?

  /// Options that detect everything.
  package init(
    columns: [String: String] = [:], delimiter: String? = nil, decimalMark: DecimalMark? = nil,
    dateLayout: DateLayout? = nil, debitsPositive: Bool = false, debitsNegative: Bool = false,
    encoding: TextEncoding? = nil, pendingDate: CalendarDate? = nil, account: String? = nil
  ) {
    self.columns = columns
    self.delimiter = delimiter
    self.decimalMark = decimalMark
    self.dateLayout = dateLayout
    self.debitsPositive = debitsPositive
    self.debitsNegative = debitsNegative
    self.encoding = encoding
    self.pendingDate = pendingDate
    self.account = account
  }

  /// Reads `--columns ROLE=NAME,ROLE=NAME`: each role once, each a known role, each name not
  /// empty (spaces around names and roles are dropped).
  ///
  /// - Parameter value: The option's value.
  /// - Returns: The name of each role's column.
  /// - Throws: ``UsageError`` saying which part is wrong and how to write it.
  package static func columns(_ value: String) throws(UsageError) -> [String: String] {
    var columns: [String: String] = [:]
    for (index, part) in value.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      guard let equals = part.firstIndex(of: "=") else {
        throw UsageError(
          "--columns takes ROLE=NAME pairs separated by commas, such as date=Booking Date,amount=Value")
      }
      let role = part[..<equals].trimmingCharacters(in: " ").lowercased()
      let name = part[part.index(after: equals)...].trimmingCharacters(in: " ")
      guard roles.contains(role) else {
        throw UsageError(
          "--columns: the \(Ordinal.word(index + 1)) pair names no role; the roles are \(roles.joined(separator: ", "))"
            + (Suggestion.closest(to: role, among: roles).map { "; did you mean '\($0)'?" } ?? ""))
      }
      guard !name.isEmpty else {
        throw UsageError("--columns: \(role)= needs the name of a column of the header")
      }
      guard columns[role] == nil else {
        throw UsageError("--columns names the \(role) column twice; name it once")
      }
      columns[role] = name
    }
    return columns
  }

  /// Reads `--delimiter`: `,` or `comma`, `;` or `semicolon`, `tab` (or a tab).
  package static func delimiter(_ value: String) throws(UsageError) -> String {
    switch value.lowercased() {
    case ",", "comma": return ","
    case ";", "semicolon": return ";"
    case "\t", "tab", "\\t": return "\t"
    default: throw UsageError("--delimiter must be comma, semicolon or tab, or , or ;")
    }
  }

  /// Reads `--date-format`: a layout written with `D`, `M` and `Y` letters, in any case.
  package static func dateLayout(_ value: String) throws(UsageError) -> DateLayout {
    guard let layout = DateLayout(name: value) else {
      throw UsageError(
        "--date-format takes a layout written with D (day), M (month; MMM for its name) and Y (YY or YYYY)"
          + " between the separators of the file's dates, such as DD/MM/YYYY, M/D/YY or DD-MMM-YYYY"
      )
    }
    return layout
  }

  /// Reads `--encoding`: `utf-8` or `windows-1252` (also `latin-1`, `cp1252`, `iso-8859-1`).
  package static func encoding(_ value: String) throws(UsageError) -> TextEncoding {
    guard let encoding = TextEncoding(name: value) else {
      throw UsageError("--encoding must be utf-8 or windows-1252 (also latin-1)")
    }
    return encoding
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var text = self
    while text.first == set { text.removeFirst() }
    while text.last == set { text.removeLast() }
    return String(text)
  }
}
