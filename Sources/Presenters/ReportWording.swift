import Entities
import UseCases

/// Every sentence and title a report shows: the seam through which a client words the report
/// its own way (another language, another tone).
///
/// The inner layers hand over values (a `RecordProblem`, an `UnavailableReason`); a wording
/// turns them into text. The wording of ``ReportStyle/english`` gives the exact texts of the
/// contract. A client gives its own in a ``ReportStyle`` to the presenter and the renderers.
/// Every member is a requirement: a wording is complete, or it does not compile, so no English
/// word is left in a report worded otherwise. A wording may still call the English one
/// (`ReportStyle.english.wording`) for what it keeps, and lays out an issue line with
/// ``issueLine(_:error:got:hint:characters:)``.
public protocol ReportWording: Sendable {
  /// The header title of a group, or of all transactions: `Authorized Transactions`, `All`.
  func title(of scope: ReportScope) -> String
  /// The message row of a source that cannot be read:
  /// `Authorized Transactions are not currently available.`
  func unavailableMessage(for scope: ReportScope) -> String
  /// The message row of a group without transactions:
  /// `There are no Posted Transactions in this period`.
  func noTransactionsMessage(for group: TransactionGroup) -> String
  /// A date as a subheader shows it: `Apr 01, 2016`.
  func date(_ date: CalendarDate) -> String
  /// What is wrong, in a few words, without the field or the value found:
  /// `not a real calendar date`.
  func problem(_ problem: RecordProblem) -> String
  /// How to fix a problem, when a hint helps (`nil` otherwise): `2016-02 has 29 days`.
  func hint(for problem: RecordProblem) -> String?
  /// One issue as one line, such as
  /// `posted.json:12:15: error: date: not a real calendar date (got "2016-02-30"); hint: …`.
  ///
  /// - Parameter issue: The issue.
  /// - Returns: The line, without a line break. Text from the data is shown escaped.
  func issueLine(_ issue: RecordIssue) -> String
  /// Why a source cannot be read: `cannot read 'a.json': No such file or directory`.
  func reason(_ reason: UnavailableReason) -> String
  /// The warning that goes beside an unavailable message:
  /// `Authorized Transactions are not available: cannot read 'a.json': …`.
  ///
  /// - Parameters:
  ///   - scope: The group, or all transactions.
  ///   - reason: Why its source cannot be read.
  /// - Returns: The warning, one line.
  func warning(_ scope: ReportScope, reason: UnavailableReason) -> String
  /// The closing line of a rejected report: `2 invalid records; no report was made.`, or
  /// `1 invalid record with 4 problems; no report was made.`
  ///
  /// - Parameters:
  ///   - recordCount: How many invalid records there were.
  ///   - issueCount: How many issues (problems) they had in all, at least one per record
  ///     unless one issue stands for many records.
  ///   - unlistedCount: How many of the issues were not listed.
  /// - Returns: The line.
  func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String
  /// A report's period, as its title shows it: `March 2024` for a whole month,
  /// `Mar 01, 2024 – Mar 15, 2024`, `from Mar 01, 2024`, `until Mar 31, 2024`.
  func period(_ period: ReportPeriod) -> String
  /// How many valid records a period left out:
  /// `12 records outside 2024-03-01 to 2024-03-31 are not shown`.
  ///
  /// - Parameters:
  ///   - count: How many records were left out, at least one.
  ///   - period: The period they are outside of.
  /// - Returns: The line.
  func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String
  /// A source's note about what it read, as one line: its words, and its hint after a
  /// semicolon.
  func note(_ note: AnySourceProblem) -> String

  // MARK: The words a rendered report adds around the rows

  /// The language of these words, as a BCP 47 tag (`en`, `de`): what an HTML page declares.
  var languageTag: String { get }
  /// The report's title when a client gives none: `Transaction Report`.
  var reportTitle: String { get }
  /// The label of a group's total: `Total`.
  var totalLabel: String { get }
  /// The label of the grand total: `Grand Total`.
  var grandTotalLabel: String { get }
  /// The label of the grand total of a report made without one of its sources, which covers
  /// only the sources that were available: `Grand Total of available sources`.
  var grandTotalOfAvailableSourcesLabel: String { get }
  /// The label of the line under a missing source's message, in a report made without it,
  /// before the warning: `Incomplete report:`.
  var incompleteReportLabel: String { get }
  /// The heads of a table of rows: `Date`, `Description`, `Amount`.
  var columnHeads: (date: String, description: String, amount: String) { get }
}

extension ReportWording {
  /// One issue as one line, laid out as the English wording lays it out, with this wording's
  /// problem and hint and the words given: `SOURCE:LINE:COLUMN: ERROR: FIELD: PROBLEM (GOT
  /// "VALUE"); HINT: HINT`, the English `error`, `got` and `hint` replaced by yours.
  ///
  /// Parts that are not known are left out. The source and the value are passed through
  /// ``ReportText/visible(_:quoting:)``; the problem and the hint (which may quote values
  /// already shown that way) have their control characters escaped too, their backslashes
  /// left as they are, so control characters never reach a terminal raw. The value is quoted,
  /// as text, except a number where text is expected (a problem whose
  /// `SourceProblem.showsValueAsWritten`), which is shown as written: `(got 20160401)`. A value
  /// longer than 64 characters is shown by its start and its length:
  /// `(got "1234…", 10000000 characters)`.
  ///
  /// - Parameters:
  ///   - issue: The issue.
  ///   - error: The word before the problem: `error`.
  ///   - got: The word before the value found: `got`.
  ///   - hint: The word before the hint: `hint`.
  ///   - characters: The word after a long value's length: `characters`.
  /// - Returns: The line, without a line break.
  public func issueLine(
    _ issue: RecordIssue, error: String, got: String, hint: String, characters: String
  ) -> String {
    var line = ReportText.visible(issue.source)
    if let position = issue.position { line += ":\(position.line):\(position.column)" }
    line += ": \(error): "
    if let field = issue.field { line += "\(field.rawValue): " }
    line += ReportText.terminalSafe(problem(issue.problem))
    if let found = issue.value ?? Self.valueFound(in: issue.problem) {
      let (value, length) = Self.readable(found)
      let more = length.map { ", \($0) \(characters)" } ?? ""
      line +=
        Self.showsValueAsWritten(issue.problem)
        ? " (\(got) \(ReportText.visible(value))\(more))"
        : " (\(got) \"\(ReportText.visible(value, quoting: true))\"\(more))"
    }
    if let hintText = self.hint(for: issue.problem) {
      line += "; \(hint): \(ReportText.terminalSafe(hintText))"
    }
    return line
  }

  /// The most of a value an issue line shows, in characters (Unicode scalars).
  static var readableLength: Int { 64 }

  /// A value as an issue line shows it: whole when it is short, else its first
  /// ``readableLength`` characters and `…`, with its length, so that a ten-million-digit
  /// amount gives a readable line, not a ten-megabyte one.
  private static func readable(_ value: String) -> (shown: String, length: Int?) {
    let scalars = value.unicodeScalars
    guard scalars.count > readableLength else { return (value, nil) }
    var shown = String.UnicodeScalarView(scalars.prefix(readableLength))
    shown.append("…")
    return (String(shown), scalars.count)
  }

  /// What was found, for the problems that hold it as a value rather than as text: the amount a
  /// total overflows at, or what the source says it found (a byte that is not UTF-8).
  private static func valueFound(in problem: RecordProblem) -> String? {
    switch problem {
    case .totalOverflow(_, let amount): AmountStyle.plain.text(amount)
    case .source(let found): found.found.map(ReportText.text(of:))
    default: nil
    }
  }

  /// Whether the issue's value is shown as written, without quotes: a number where text was
  /// expected, as the source says.
  private static func showsValueAsWritten(_ problem: RecordProblem) -> Bool {
    guard case .source(let found) = problem else { return false }
    return found.showsValueAsWritten
  }
}
