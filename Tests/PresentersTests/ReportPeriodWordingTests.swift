import Entities
import Presenters
import TestSupport
import Testing
import UseCases

@Suite struct ReportPeriodWordingTests {
  private static func period(_ first: String?, _ last: String?) throws -> ReportPeriod {
    try ReportPeriod(first: first.map { try .fixture($0) }, last: last.map { try .fixture($0) })
  }

  @Test(
    "A period in a title: a whole month by its name, else its days",
    arguments: [
      ("2024-03-01", "2024-03-31", "March 2024"), ("2024-02-01", "2024-02-29", "February 2024"),
      ("2024-12-01", "2024-12-31", "December 2024"),
      ("2024-03-01", "2024-03-15", "Mar 01, 2024 \u{2013} Mar 15, 2024"),
      ("2023-12-15", "2024-01-15", "Dec 15, 2023 \u{2013} Jan 15, 2024"),
      ("2024-03-01", nil, "from Mar 01, 2024"), (nil, "2024-03-31", "until Mar 31, 2024"),
    ] as [(String?, String?, String)])
  func periodWords(first: String?, last: String?, words: String) throws {
    #expect(EnglishReportWording().period(try Self.period(first, last)) == words)
  }

  @Test(
    "The note of records left out names the period as the options take it, in the singular for one",
    arguments: [
      (12, "2024-03-01", "2024-03-31", "12 records outside 2024-03-01 to 2024-03-31 are not shown"),
      (1, "2024-03-01", "2024-03-31", "1 record outside 2024-03-01 to 2024-03-31 is not shown"),
      (3, "2024-03-01", nil, "3 records before 2024-03-01 are not shown"),
      (2, nil, "2024-03-31", "2 records after 2024-03-31 are not shown"),
    ] as [(Int, String?, String?, String)])
  func leftOutNote(count: Int, first: String?, last: String?, text: String) throws {
    #expect(
      EnglishReportWording().recordsOutsidePeriod(count: count, period: try Self.period(first, last)) == text)
  }

  @Test("The heading: the default title alone, a title, a period, or both")
  func heading() throws {
    let march = try ReportPeriod.month(year: 2024, month: 3)
    let english = EnglishReportWording()
    #expect(ReportHeading().text(in: english) == "Transaction Report")
    #expect(ReportHeading().isDefault)
    #expect(ReportHeading(title: "Acme Visa").text(in: english) == "Acme Visa")
    #expect(!ReportHeading(title: "Acme Visa").isDefault)
    #expect(ReportHeading(period: march).text(in: english) == "Transaction Report, March 2024")
    #expect(ReportHeading(title: "Acme Visa", period: march).text(in: english) == "Acme Visa, March 2024")
  }

  @Test("A client's wording words the period its own way, and keeps English where it says so")
  func clientWording() throws {
    struct French: ReportWording {
      let english = EnglishReportWording()
      func title(of scope: ReportScope) -> String { english.title(of: scope) }
      func unavailableMessage(for scope: ReportScope) -> String { english.unavailableMessage(for: scope) }
      func noTransactionsMessage(for group: TransactionGroup) -> String {
        english.noTransactionsMessage(for: group)
      }
      func date(_ date: CalendarDate) -> String { english.date(date) }
      func problem(_ problem: RecordProblem) -> String { english.problem(problem) }
      func hint(for problem: RecordProblem) -> String? { english.hint(for: problem) }
      func reason(_ reason: UnavailableReason) -> String { english.reason(reason) }
      func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
        english.warning(scope, reason: reason)
      }
      func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
        english.rejectionSummary(
          recordCount: recordCount, issueCount: issueCount, unlistedCount: unlistedCount)
      }
      func period(_ period: ReportPeriod) -> String { "mars 2024" }
      func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
        english.recordsOutsidePeriod(count: count, period: period)
      }
      func note(_ note: AnySourceProblem) -> String { english.note(note) }
      func issueLine(_ issue: RecordIssue) -> String { english.issueLine(issue) }
      var languageTag: String { english.languageTag }
      var reportTitle: String { english.reportTitle }
      var totalLabel: String { english.totalLabel }
      var grandTotalLabel: String { english.grandTotalLabel }
      var grandTotalOfAvailableSourcesLabel: String { english.grandTotalOfAvailableSourcesLabel }
      var incompleteReportLabel: String { english.incompleteReportLabel }
      var columnHeads: (date: String, description: String, amount: String) { english.columnHeads }
    }
    let march = try ReportPeriod.month(year: 2024, month: 3)
    #expect(ReportHeading(title: "Relevé", period: march).text(in: French()) == "Relevé, mars 2024")
    #expect(
      French().recordsOutsidePeriod(count: 2, period: march)
        == "2 records outside 2024-03-01 to 2024-03-31 are not shown")
  }

  @Test("The presenter words the count left out and passes it to the view, with the values")
  func presenterPassesTheNote() throws {
    let spy = PresenterOutputSpy()
    let period = try ReportPeriod.month(year: 2024, month: 3)
    TransactionReportPresenter(output: spy, style: .english).presentRecordsOutsidePeriod(
      count: 12, period: period)
    #expect(
      spy.calls == [
        .recordsOutsidePeriod(
          RecordsOutsidePeriod(
            count: 12, period: period, text: "12 records outside 2024-03-01 to 2024-03-31 are not shown"))
      ])
  }

  @Test("The collector keeps the note for a line under the table; a new report forgets it")
  func collectorKeepsTheNote() throws {
    let collector = ReportViewStateCollector()
    let note = RecordsOutsidePeriod(count: 2, period: try .month(year: 2024, month: 3), text: "two")
    collector.showReportStart()
    ReportViewEvents.Event.recordsOutsidePeriod(note).send(to: collector)
    #expect(collector.recordsOutsidePeriod == note)
    collector.showReportStart()
    #expect(collector.recordsOutsidePeriod == nil)
  }
}
