import BankFormats
import Entities
import UseCases

/// How a bank's CSV export is read: each decision the reader made about the file, with the
/// evidence that proved it.
///
/// The CSV decoder of FileGateways reads the bytes: fields, quotes, line breaks. What those
/// fields mean is decided here, once for the file, by rules that each either prove their answer
/// from the file or stop with a ``ReadingQuestion`` (``decide(names:header:delimiter:sample:text:options:)``).
/// Nothing is taken from a count of rows that happened to look one way, a prefix, or an order
/// that can change from run to run. ``decisions`` lists them for a person
/// (`txreport --explain`).
package struct CSVReading: Sendable {
  /// Where the sign of an amount comes from.
  package enum Signs: Sendable, Hashable {
    /// A code column (`D`, `CR`, `Debit`, `Af`, `S`, …); the amount is unsigned.
    case codeColumn
    /// A column of debit amounts and one of credit amounts.
    case debitAndCreditColumns
    /// The amount's sign: negative for a debit, unless `debitsPositive`.
    case signed(debitsPositive: Bool)
    /// A code where a column without a name has one (`CR`), else the amount's sign.
    case codeOrSigned(debitsPositive: Bool)
  }

  /// How the text is written.
  package var text: TextDecisions
  /// The byte between fields.
  package var delimiter: Decided<CSVDelimiter>
  /// The line the header is on, or `nil` for a file without a header.
  package var header: Decided<Int?>
  /// The header's names, or the places of a file without one (`1`, `2`, …).
  package var names: [String]
  /// Which column holds which role.
  package var columns: CSVColumns
  /// How dates are written.
  package var dateLayout: Decided<DateLayout>
  /// How amounts are written.
  package var decimalMark: Decided<DecimalMark>
  /// Where each amount's sign comes from.
  package var signs: Decided<Signs>
  /// Where each row's group comes from: its group column, or the group every row takes.
  package var groups: Decided<TransactionGroup?>
  /// How many empty fields past the header's every row ends with (a delimiter at the end of
  /// each row that the header does not have).
  package var extraEmptyFields: Decided<Int>
  /// The order the running balance column is checked in, or `nil` when the file has none
  /// (or it cannot tell the order).
  package var balanceOrder: Decided<RunningBalance.Order?>
  /// Which way the balance moves with what a row adds to the account: 1 as an account's
  /// balance (up with credits), -1 as what is owed (up with charges).
  package var balanceDirection: Int64 = 1
  /// The account the user asked for (`--account`), when the file has an account column.
  package var account: Decided<String>?
  /// The one currency of the file's currency columns, as the first row that names one says
  /// (every other row's is checked against it), or `nil` when the file has no such column.
  package var currency: Decided<String>?

  /// How a file's text is written, decided before its header is read.
  package struct TextDecisions: Sendable {
    /// The encoding.
    package var encoding: Decided<TextEncoding>
    /// Whether lines end with a carriage return alone (the classic Mac OS).
    package var carriageReturnLines: Decided<Bool>

    /// Creates the decisions.
    package init(encoding: Decided<TextEncoding>, carriageReturnLines: Decided<Bool>) {
      self.encoding = encoding
      self.carriageReturnLines = carriageReturnLines
    }
  }

  /// The decisions, in the order they were made, for a person: each with what it decided and
  /// its evidence.
  package var decisions: [ReadingDecision] {
    var list = Self.decisions(
      text: text, delimiter: delimiter, header: header, names: names, columns: columns)
    list += [
      ReadingDecision("dates", dateLayout.value.pattern, dateLayout.evidence),
      ReadingDecision(
        "decimal mark", decimalMark.value == .comma ? "a comma" : "a point", decimalMark.evidence),
      ReadingDecision("signs", Self.words(of: signs.value), signs.evidence),
      ReadingDecision(
        "group", groups.value.map(Self.words(of:)) ?? "each row's group column", groups.evidence),
    ]
    if extraEmptyFields.value > 0 {
      list.append(
        ReadingDecision(
          "row ends",
          "\(extraEmptyFields.value) empty field\(extraEmptyFields.value == 1 ? "" : "s") past the header's",
          extraEmptyFields.evidence))
    }
    list.append(
      ReadingDecision(
        "running balance",
        balanceOrder.value.map {
          $0 == .oldestFirst ? "checked, oldest row first" : "checked, newest row first"
        }
          ?? "not checked",
        balanceOrder.evidence))
    if let account {
      list.append(ReadingDecision("account", quoted(account.value), account.evidence))
    }
    if let currency {
      list.append(ReadingDecision("currency", currency.value, currency.evidence))
    }
    return list
  }

  /// The decisions made before a file's rows are looked at: its text, its delimiter, its
  /// header and its columns; all a reading that stops at a question about the rows has made.
  package static func decisions(
    text: TextDecisions, delimiter: Decided<CSVDelimiter>, header: Decided<Int?>, names: [String],
    columns: CSVColumns
  ) -> [ReadingDecision] {
    var list: [ReadingDecision] = [
      ReadingDecision(
        "text", text.encoding.value == .utf8 ? "UTF-8" : "Windows-1252", text.encoding.evidence),
      ReadingDecision(
        "line breaks", text.carriageReturnLines.value ? "a carriage return alone" : "line feeds",
        text.carriageReturnLines.evidence),
      ReadingDecision("delimiter", name(of: delimiter.value), delimiter.evidence),
      ReadingDecision(
        "header", header.value.map { "line \($0)" } ?? "none: columns named by their places", header.evidence),
    ]
    for role in CSVColumnRole.allCases {
      guard let column = columns.roles[role] else { continue }
      list.append(
        ReadingDecision(
          "column of the \(role.words)", "\(quoted(names[column.value])) (column \(column.value + 1))",
          column.evidence))
    }
    return list
  }

  static func name(of delimiter: CSVDelimiter) -> String {
    switch delimiter {
    case .comma: "a comma"
    case .semicolon: "a semicolon"
    case .tab: "a tab"
    }
  }

  static func words(of signs: Signs) -> String {
    switch signs {
    case .codeColumn: "from the debit or credit code of each row"
    case .debitAndCreditColumns: "from the column that holds the amount: debits or credits"
    case .signed(let debitsPositive):
      debitsPositive ? "a positive amount is a debit (a charge)" : "a negative amount is a debit (a charge)"
    case .codeOrSigned(let debitsPositive):
      "from the code where a row has one, else "
        + (debitsPositive ? "a positive amount is a debit" : "a negative amount is a debit")
    }
  }

  static func words(of group: TransactionGroup) -> String {
    group == .authorized ? "Authorized (pending)" : "Posted"
  }
}

/// One decision a reader made about a file, for a person: what it is about, what was decided,
/// and the evidence.
public struct ReadingDecision: Hashable, Sendable {
  /// What the decision is about: `dates`, `column of the amount`.
  public var topic: String
  /// What was decided, in words: `DD.MM.YYYY`, `"Betrag (EUR)" (column 4)`.
  public var value: String
  /// What proved it.
  public var evidence: Evidence

  /// Creates a decision.
  ///
  /// - Parameters:
  ///   - topic: What it is about.
  ///   - value: What was decided.
  ///   - evidence: What proved it.
  public init(_ topic: String, _ value: String, _ evidence: Evidence) {
    self.topic = topic
    self.value = value
    self.evidence = evidence
  }
}
