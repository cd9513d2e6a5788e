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
    /// A code column, beside amounts whose signs agree with it (`-12.00` and `DEBIT`): the
    /// code says each sign, and a row whose sign says the other is an error.
    case codeAndSign(debitsPositive: Bool)
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
  /// How many columns without a name end the header that no row fills (the header ends with a
  /// delimiter its rows do not have): a row may leave them out.
  package var unnamedEndColumns = Decided(0, Evidence(.header, "the header's last column has a name"))
  /// Whether a row with more fields than the header is read, its extra fields joined into the
  /// last column as written: when that column is a description or one not read, so that they
  /// can come from it alone, which each such row must prove (``joinsExtraFields(of:)``).
  package var joinsExtraFields = Decided(false, Evidence(.rule, "no row has more fields than the header"))
  /// How a dated row worded only as a total or a balance (`Total`, `Balance`, `Saldo`) is
  /// read: as the user said (`--summary-rows`), or, when `nil`, by what the file proves of each
  /// one (``BankWords/isSummaryWord(_:)``): skipped when it has no amount or its amount is a sum
  /// of the rows above it, else asked.
  package var summaryRows = Decided<ReadingOptions.SummaryRows?>(
    nil,
    Evidence(
      .rule,
      "a row whose only words are a total's or a balance's is skipped when it has no amount or its amount is the"
        + " sum of the rows above it (all of them, their debits or their credits), else asked"))
  /// The column whose words (`Sale`, `Payment`, `Fee`) proved the signs, when they did: each
  /// row's sign is checked against its word.
  package var typeColumn: Int?
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
  /// Whether the running balance agrees with every amount read, in one order.
  package var balanceAgrees = false

  /// How a file's text is written, decided before its header is read.
  package struct TextDecisions: Sendable {
    /// The encoding.
    package var encoding: Decided<TextEncoding>
    /// How lines end.
    package var carriageReturnLines: Decided<LineBreaks>

    /// Creates the decisions.
    package init(encoding: Decided<TextEncoding>, carriageReturnLines: Decided<LineBreaks>) {
      self.encoding = encoding
      self.carriageReturnLines = carriageReturnLines
    }
  }

  /// How a file's lines end.
  package enum LineBreaks: Sendable, Hashable {
    /// A line feed, or a carriage return and a line feed.
    case lineFeeds
    /// A carriage return alone (the classic Mac OS).
    case carriageReturns
    /// Carriage returns before a line feed (`CR CR LF`: a CRLF file converted twice), one line
    /// break as an editor shows it.
    case carriageReturnsBeforeLineFeed
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
    if unnamedEndColumns.value > 0 {
      list.append(
        ReadingDecision(
          "header ends",
          "\(unnamedEndColumns.value) column\(unnamedEndColumns.value == 1 ? "" : "s") without a name that rows may"
            + " leave out",
          unnamedEndColumns.evidence))
    }
    if joinsExtraFields.value {
      list.append(
        ReadingDecision(
          "longer rows", "the fields past \(quoted(names[names.count - 1])), the last column, are part of it",
          joinsExtraFields.evidence))
    }
    if extraEmptyFields.value > 0 {
      list.append(
        ReadingDecision(
          "row ends",
          "\(extraEmptyFields.value) empty field\(extraEmptyFields.value == 1 ? "" : "s") past the header's",
          extraEmptyFields.evidence))
    }
    list.append(ReadingDecision("summary rows", Self.words(of: summaryRows.value), summaryRows.evidence))
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
      ReadingDecision("text", text.encoding.value.name, text.encoding.evidence),
      ReadingDecision(
        "line breaks", words(of: text.carriageReturnLines.value), text.carriageReturnLines.evidence),
      ReadingDecision("delimiter", name(of: delimiter.value), delimiter.evidence),
      ReadingDecision(
        "header", header.value.map { "line \($0)" } ?? "none: columns named by their places", header.evidence),
    ]
    for role in CSVColumnRole.allCases {
      guard let column = columns.roles[role] else { continue }
      list.append(
        ReadingDecision(
          "column of the \(role.words)",
          names[column.value].trimmingSpaces.isEmpty
            ? "column \(column.value + 1), which has no name"
            : "\(quoted(names[column.value])) (column \(column.value + 1))",
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

  static func words(of lineBreaks: LineBreaks) -> String {
    switch lineBreaks {
    case .lineFeeds: "line feeds"
    case .carriageReturns: "a carriage return alone"
    case .carriageReturnsBeforeLineFeed: "carriage returns before a line feed"
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
    case .codeAndSign(let debitsPositive):
      "from the debit or credit code of each row, which its sign agrees with: "
        + (debitsPositive ? "a positive amount is a debit" : "a negative amount is a debit")
    }
  }

  static func words(of summaryRows: ReadingOptions.SummaryRows?) -> String {
    switch summaryRows {
    case .skip?: "skipped: the bank's totals and balances"
    case .count?: "counted as transactions"
    case nil: "skipped where proved, else asked"
    }
  }

  static func words(of group: TransactionGroup) -> String {
    group == .authorized ? "Authorized (pending)" : "Posted"
  }
}

/// One decision a reader made about a file, for a person: what it is about, what was decided,
/// and the evidence.
package struct ReadingDecision: Hashable, Sendable {
  /// What the decision is about: `dates`, `column of the amount`.
  package var topic: String
  /// What was decided, in words: `DD.MM.YYYY`, `"Betrag (EUR)" (column 4)`.
  package var value: String
  /// What proved it.
  package var evidence: Evidence

  /// Creates a decision.
  ///
  /// - Parameters:
  ///   - topic: What it is about.
  ///   - value: What was decided.
  ///   - evidence: What proved it.
  package init(_ topic: String, _ value: String, _ evidence: Evidence) {
    self.topic = topic
    self.value = value
    self.evidence = evidence
  }
}
