import Entities
import UseCases

/// The report's words in English: the exact texts of the contract, and of every issue and
/// warning `txreport` prints; the one home of the report's English words.
///
/// It is the wording of ``ReportStyle/english``. Every text is made by hand: nothing depends on
/// the machine's time zone, locale or clock, so the same input gives byte-identical output
/// everywhere.
package struct EnglishReportWording: ReportWording {
  /// Creates the English wording.
  package init() {}

  /// `Authorized Transactions`, `Posted Transactions` or `All`.
  package func title(of scope: ReportScope) -> String {
    switch scope {
    case .group(let group): Self.groupTitle(group)
    case .allTransactions: "All"
    }
  }

  /// `Authorized Transactions are not currently available.`
  package func unavailableMessage(for scope: ReportScope) -> String {
    "\(Self.subject(of: scope)) are not currently available."
  }

  /// `There are no Posted Transactions in this period` (no final period).
  package func noTransactionsMessage(for group: TransactionGroup) -> String {
    "There are no \(Self.groupTitle(group)) in this period"
  }

  /// `Apr 01, 2016`: `MMM dd, yyyy`.
  ///
  /// The text is always twelve ASCII bytes (a year has four digits, 1 to 9999), written in
  /// place: a string that short is kept inline, with nothing allocated, and a report makes one
  /// for each date block.
  package func date(_ date: CalendarDate) -> String {
    let (year, month, day) = (date.year, date.month, date.day)
    return String(unsafeUninitializedCapacity: 12) { text in
      let letters = (month - 1) * 3
      (text[0], text[1], text[2]) = (
        Self.monthLetters[letters], Self.monthLetters[letters + 1], Self.monthLetters[letters + 2]
      )
      (text[3], text[4], text[5]) = (
        UInt8(ascii: " "), ReportText.digit(day / 10), ReportText.digit(day % 10)
      )
      (text[6], text[7]) = (UInt8(ascii: ","), UInt8(ascii: " "))
      (text[8], text[9]) = (ReportText.digit(year / 1000), ReportText.digit(year / 100 % 10))
      (text[10], text[11]) = (ReportText.digit(year / 10 % 10), ReportText.digit(year % 10))
      return 12
    }
  }

  /// `March 2024` for a whole month; otherwise its days as subheaders show dates:
  /// `Mar 01, 2024 – Mar 15, 2024` (an en dash between spaces), `from Mar 01, 2024`,
  /// `until Mar 31, 2024`.
  package func period(_ period: ReportPeriod) -> String {
    switch (period.first, period.last) {
    case (let first?, let last?) where period.isWholeMonth:
      "\(Self.monthNames[first.month - 1]) \(ReportText.isoDate(last).prefix(4))"
    case (let first?, let last?): "\(date(first)) \u{2013} \(date(last))"
    case (let first?, nil): "from \(date(first))"
    case (nil, let last?): "until \(date(last))"
    case (nil, nil): "every day"
    }
  }

  /// `12 records outside 2024-03-01 to 2024-03-31 are not shown`; for a period open at one
  /// end, `3 records before 2024-03-01 are not shown` or `1 record after 2024-03-31 is not
  /// shown`. Dates as the options take them, `YYYY-MM-DD`.
  package func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
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
  package func problem(_ problem: RecordProblem) -> String {
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
  package func hint(for problem: RecordProblem) -> String? {
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
  package func reason(_ reason: UnavailableReason) -> String {
    ReportText.text(of: reason.problem.words)
      + (reason.problem.hint.map { "; " + ReportText.text(of: $0) } ?? "")
  }

  /// One issue as one line: `FILE:LINE:COLUMN: error: FIELD: PROBLEM (got "VALUE"); hint: HINT`,
  /// laid out by ``ReportWording/issueLine(_:error:got:hint:characters:)``.
  package func issueLine(_ issue: RecordIssue) -> String {
    issueLine(issue, error: "error", got: "got", hint: "hint", characters: "characters")
  }

  /// A source's note in its own English words, with its hint after a semicolon:
  /// `'a.csv': 2 rows that are not transactions were skipped`.
  package func note(_ note: AnySourceProblem) -> String {
    ReportText.text(of: note.words) + (note.hint.map { "; " + ReportText.text(of: $0) } ?? "")
  }

  /// `en`.
  package var languageTag: String { "en" }
  /// `Transaction Report`.
  package var reportTitle: String { "Transaction Report" }
  /// `Total`.
  package var totalLabel: String { "Total" }
  /// `Grand Total`.
  package var grandTotalLabel: String { "Grand Total" }
  /// `Grand Total of available sources`.
  package var grandTotalOfAvailableSourcesLabel: String { "Grand Total of available sources" }
  /// `Incomplete report:`.
  package var incompleteReportLabel: String { "Incomplete report:" }
  /// `Date`, `Description` and `Amount`.
  package var columnHeads: (date: String, description: String, amount: String) {
    ("Date", "Description", "Amount")
  }

  /// `Authorized Transactions are not available: REASON`.
  package func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
    "\(Self.subject(of: scope)) are not available: \(self.reason(reason))"
  }

  /// `3 invalid records; no report was made.`; with the problems when the records have more
  /// than one each: `1 invalid record with 4 problems; no report was made.`; and with the
  /// count of problems not listed: `25 invalid records (5 not shown); no report was made.`
  package func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
    let records = recordCount == 1 ? "1 invalid record" : "\(recordCount) invalid records"
    let problems = issueCount > recordCount ? " with \(issueCount) problems" : ""
    let unlisted = unlistedCount > 0 ? " (\(unlistedCount) not shown)" : ""
    return "\(records)\(problems)\(unlisted); no report was made."
  }

  // MARK: The parts

  private static func groupTitle(_ group: TransactionGroup) -> String {
    switch group {
    case .authorized: "Authorized Transactions"
    case .posted: "Posted Transactions"
    }
  }

  /// What a scope's transactions are called in messages: a group's title, or `Transactions`.
  private static func subject(of scope: ReportScope) -> String {
    switch scope {
    case .group(let group): groupTitle(group)
    case .allTransactions: "Transactions"
    }
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// The months' abbreviations, one after the other: the first three letters of each name.
  private static let monthLetters = monthNames.flatMap { $0.utf8.prefix(3) }

  private func label(_ total: ReportTotal) -> String {
    switch total {
    case .group(.authorized): "Authorized"
    case .group(.posted): "Posted"
    case .grand: "grand"
    }
  }
}
