import BankFormats
import BankReading
import Entities

/// How the command line says to read a bank's file: `--columns`, `--delimiter`,
/// `--decimal-comma` or `--decimal-point`, `--date-format`, `--debits-positive` or
/// `--debits-negative`, `--encoding`, `--pending-date`, `--account`, `--summary-rows` and `--explain`, read into the
/// reading options of BankReading, which the composition root hands to the file gateway with
/// the group of each source. Everything left out is proved from the file, or asked.
extension ReadingOptions {
  /// What a column may hold, as `--columns` names it.
  package static let roles = CSVColumnRole.allCases.map(\.rawValue)

  /// The roles `--columns` may name with no column (`balance=`): the file has none, and nothing
  /// is read or checked from one.
  package static let rolesThatMayBeAbsent: Set<CSVColumnRole> = [.balance, .account, .group, .code, .fee]

  /// Reads `--columns ROLE=NAME,ROLE=NAME`: each role once, each a known role, each name not
  /// empty but for a role a file may lack (`balance=`), and no column named for two roles (its
  /// role would depend on which is read first); spaces around names and roles are dropped.
  ///
  /// - Parameter value: The option's value.
  /// - Returns: The name of each role's column.
  /// - Throws: ``UsageError`` saying which part is wrong and how to write it.
  package static func columns(_ value: String) throws(UsageError) -> [CSVColumnRole: String] {
    var columns: [CSVColumnRole: String] = [:]
    for (index, part) in value.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
      guard let equals = part.firstIndex(of: "=") else {
        throw UsageError(
          "--columns takes ROLE=NAME pairs separated by commas, such as date=Booking Date,amount=Value")
      }
      let role = part[..<equals].trimmingCharacters(in: " ").lowercased()
      let name = part[part.index(after: equals)...].trimmingCharacters(in: " ")
      guard let known = CSVColumnRole(rawValue: role) else {
        throw UsageError(
          "--columns: the \(Ordinal.word(index + 1)) pair names no role; the roles are \(roles.joined(separator: ", "))"
            + (Suggestion.closest(to: role, among: roles).map { "; did you mean '\($0)'?" } ?? ""))
      }
      guard !name.isEmpty || rolesThatMayBeAbsent.contains(known) else {
        throw UsageError("--columns: \(role)= needs the name of a column of the header")
      }
      guard columns[known] == nil else {
        throw UsageError("--columns names the \(role) column twice; name it once")
      }
      if !name.isEmpty,
        let other = CSVColumnRole.allCases.first(where: { columns[$0]?.lowercased() == name.lowercased() })
      {
        throw UsageError(
          "--columns names one column for the \(other.rawValue) and the \(role): a column holds one role;"
            + " name another column for one of them")
      }
      columns[known] = name
    }
    return columns
  }

  /// Reads `--delimiter`: `,` or `comma`, `;` or `semicolon`, `tab` (or a tab).
  package static func delimiter(_ value: String) throws(UsageError) -> CSVDelimiter {
    switch value.lowercased() {
    case ",", "comma": return .comma
    case ";", "semicolon": return .semicolon
    case "\t", "tab", "\\t": return .tab
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

  /// Reads `--encoding`: `utf-8`, `windows-1252` (also `latin-1`, `cp1252`, `iso-8859-1`),
  /// `windows-1250` (also `cp1250`) or `iso-8859-2` (also `latin-2`).
  package static func encoding(_ value: String) throws(UsageError) -> TextEncoding {
    guard let encoding = TextEncoding(name: value) else {
      throw UsageError(
        "--encoding must be utf-8, windows-1252 (also latin-1), windows-1250 or iso-8859-2 (also latin-2)")
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
