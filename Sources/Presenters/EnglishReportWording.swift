import Entities
import UseCases

/// The report's words in English: the exact texts of the contract, and of every issue and
/// warning `txreport` prints.
///
/// It is the default ``ReportWording``. Titles, messages and dates come from ``ReportText``;
/// the sentences of problems, hints and reasons are here, in one place.
public struct EnglishReportWording: ReportWording {
  /// Creates the English wording.
  public init() {}

  /// `Authorized Transactions`, `Posted Transactions` or `All`.
  ///
  /// - Parameter scope: The group, or all transactions.
  /// - Returns: The title.
  public func title(of scope: ReportScope) -> String { ReportText.title(of: scope) }

  /// `Authorized Transactions are not currently available.`
  ///
  /// - Parameter scope: The group, or all transactions.
  /// - Returns: The message.
  public func unavailableMessage(for scope: ReportScope) -> String {
    ReportText.unavailableMessage(for: scope)
  }

  /// `There are no Posted Transactions in this period`.
  ///
  /// - Parameter group: The empty group.
  /// - Returns: The message.
  public func noTransactionsMessage(for group: TransactionGroup) -> String {
    ReportText.noTransactionsMessage(for: group)
  }

  /// `Apr 01, 2016`.
  ///
  /// - Parameter date: The date.
  /// - Returns: The text.
  public func date(_ date: CalendarDate) -> String { ReportText.date(date) }

  /// `March 2024` for a whole month; otherwise its days as subheaders show dates:
  /// `Mar 01, 2024 – Mar 15, 2024` (an en dash between spaces), `from Mar 01, 2024`,
  /// `until Mar 31, 2024`.
  ///
  /// - Parameter period: The period.
  /// - Returns: The words.
  public func period(_ period: ReportPeriod) -> String { ReportText.period(period) }

  /// `12 records outside 2024-03-01 to 2024-03-31 are not shown`; for a period open at one
  /// end, `3 records before 2024-03-01 are not shown` or `1 record after 2024-03-31 is not
  /// shown`. Dates as the options take them, `YYYY-MM-DD`.
  ///
  /// - Parameters:
  ///   - count: How many records were left out, at least one.
  ///   - period: The period they are outside of.
  /// - Returns: The line.
  public func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
    let records = count == 1 ? "1 record" : "\(count) records"
    let verb = count == 1 ? "is" : "are"
    let place =
      switch (period.first, period.last) {
      case (let first?, let last?): "outside \(ReportText.isoDate(first)) to \(ReportText.isoDate(last))"
      case (let first?, nil): "before \(ReportText.isoDate(first))"
      case (nil, let last?): "after \(ReportText.isoDate(last))"
      case (nil, nil): "outside the period"
      }
    return "\(records) \(place) \(verb) not shown"
  }

  /// What is wrong, such as `not a real calendar date`: the source's words for a problem it
  /// found, the use cases' own for the rules across records.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: The words.
  public func problem(_ problem: RecordProblem) -> String {
    switch problem {
    case .source(let found): ReportText.text(of: found.words)
    case .groupMismatch(let expected, _): "this source holds only group \(expected.code) records"
    case .sourcesSwapped(let authorized, let posted):
      "every record of '\(authorized)' is Posted and every record of '\(posted)' is Authorized"
    case .totalOverflow(let total, _):
      "the \(label(total)) total would overflow (it cannot go beyond 92233720368547758.07 either way)"
    case .sourceChanged: "the source changed while the report was being made"
    }
  }

  /// How to fix a problem, such as `2016-02 has 29 days`, or `nil` when no hint helps.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: The hint.
  public func hint(for problem: RecordProblem) -> String? {
    switch problem {
    case .source(let found): found.hint.map(ReportText.text(of:))
    case .groupMismatch(_, let found):
      "move the record to the \(found == .authorized ? "authorized" : "posted") source,"
        + " or read one file holding both groups in one-source mode"
    case .sourcesSwapped: "were --authorized and --posted swapped?"
    case .totalOverflow: "from this record on the total stays too large to show; check the amounts"
    case .sourceChanged: "run the report again once nothing is writing to the source"
    }
  }

  /// Why a source cannot be read, in the source's words, such as `cannot read 'a.json': No such
  /// file or directory`, with its hint after a semicolon: `; did you mean 'b.json'?`.
  ///
  /// - Parameter reason: The reason.
  /// - Returns: The words.
  public func reason(_ reason: UnavailableReason) -> String {
    ReportText.text(of: reason.problem.words)
      + (reason.problem.hint.map { "; " + ReportText.text(of: $0) } ?? "")
  }

  /// `Authorized Transactions are not available: REASON`.
  ///
  /// - Parameters:
  ///   - scope: The group, or all transactions.
  ///   - reason: Why its source cannot be read.
  /// - Returns: The warning.
  public func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
    "\(ReportText.subject(of: scope)) are not available: \(self.reason(reason))"
  }

  /// `3 invalid records; no report was made.`; with the problems when the records have more
  /// than one each: `1 invalid record with 4 problems; no report was made.`; and with the
  /// count of problems not listed: `25 invalid records (5 not shown); no report was made.`
  ///
  /// - Parameters:
  ///   - recordCount: How many invalid records there were.
  ///   - issueCount: How many problems they had in all.
  ///   - unlistedCount: How many problems were not listed.
  /// - Returns: The line.
  public func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
    let records = recordCount == 1 ? "1 invalid record" : "\(recordCount) invalid records"
    let problems = issueCount > recordCount ? " with \(issueCount) problems" : ""
    let unlisted = unlistedCount > 0 ? " (\(unlistedCount) not shown)" : ""
    return "\(records)\(problems)\(unlisted); no report was made."
  }

  // MARK: The parts

  private func label(_ total: ReportTotal) -> String {
    switch total {
    case .group(.authorized): "Authorized"
    case .group(.posted): "Posted"
    case .grand: "grand"
    }
  }
}
