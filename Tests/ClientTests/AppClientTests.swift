import Entities
import FileGateways
import InMemoryGateways
import Presenters
import ReportRendering
import Testing
import TransactionSourceTesting
import UseCases

/// The package as an outside app uses it: library products and public API only (no
/// TestSupport, no `@testable`), a source of the app's own that suspends, a report on a
/// background task, and the same renderers as `txreport`. The README's "Using the modules in an
/// app" shows this code.
@Suite struct AppClientTests {
  // MARK: README: a source of your own

  /// A source of the app's own: it suspends while "fetching", as a service would.
  struct DemoService: TransactionSource {
    let name: String
    let transactions: [Transaction]

    func open() async -> SourceOpening {
      do {
        try await Task.sleep(for: .milliseconds(5))  // the network
      } catch {
        return .unavailable(reason: "cancelled")
      }
      return await InMemoryTransactionSource(name: name, transactions: transactions).open()
    }
  }

  // MARK: README: a report on a background task, shown on the main actor

  @Test("A report made on a background task, from a source that suspends, loads the sections of a table view")
  @MainActor
  func backgroundReportLoadsTheTableView() async throws {
    let view = ReportViewStateCollector()
    let useCase: any TransactionReportUseCaseInput = TwoSourceReportUseCase(
      authorized: DemoService(name: "authorized service", transactions: DemoTransactions.authorized),
      posted: DemoService(name: "posted service", transactions: DemoTransactions.posted),
      output: TransactionReportPresenter(output: view, style: .english))

    await Task.detached { await useCase.eventGenerateReport() }.value

    guard case .loaded(let sections) = view.state else {
      Issue.record("the report did not load: \(view.state)")
      return
    }
    #expect(sections.numberOfSections == 2)  // Authorized, Posted; the grand total is the table's footer
    #expect(sections.header(inSection: 0) == .header(title: "Authorized Transactions"))
    #expect(
      sections.row(at: ReportIndexPath(section: 0, row: 0)) == .subheader(title: "Apr 01, 2016", odd: true))
    #expect(sections.grandTotal == .grandFooter(total: "1338.97"))

    // MARK: README: the same report as a web page and as Markdown

    var html = HTMLReportRenderer(style: .english)
    let page = html.document(sections)
    var markdown = MarkdownReportRenderer(style: .english)
    let table = markdown.document(sections)

    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("Mark&#39;s Work Wearhouse") || page.contains("Mark&#x27;s Work Wearhouse"))
    #expect(page.contains("1338.97"))
    #expect(table.contains("| Apr 01, 2016 | Starbucks"))
    #expect(table.contains("**Grand Total: 1338.97**"))
  }

  @Test("The rows stream to the main actor as they are made, through ReportViewEvents")
  @MainActor
  func rowsStreamToTheMainActor() async throws {
    let view = ReportViewEvents()
    let useCase = OneSourceReportUseCase(
      source: DemoService(name: "all", transactions: DemoTransactions.all),
      output: TransactionReportPresenter(output: view, style: .english))
    Task.detached { await useCase.eventGenerateReport() }

    var text = TextReportRenderer(width: 60, colors: false, style: .english)
    var lines = text.start()
    for await event in view.events {
      if case .row(let row) = event { lines += text.render(row) }
    }
    lines += text.finish()
    #expect(lines.hasPrefix("Authorized Transactions\n"))
    let last = try #require(lines.split(separator: "\n").last)
    #expect(last.hasPrefix("Grand Total ") && last.hasSuffix(" 1338.97"))
    #expect(last.count == 58, "the text renderer keeps a margin of two columns at width 60")
  }

  // MARK: README: issues as values, worded by the app

  /// The app's own words for the issues it expects, told by the field they are in and the value
  /// found there; the English wording for the rest. A source's problem reaches a client as its
  /// words, its field and its position: what each decoder can find wrong is the gateway's own
  /// vocabulary, not public API.
  struct FrenchWording: ReportWording {
    let english = ReportStyle.english.wording

    func title(of scope: ReportScope) -> String { english.title(of: scope) }
    func unavailableMessage(for scope: ReportScope) -> String { english.unavailableMessage(for: scope) }
    func noTransactionsMessage(for group: TransactionGroup) -> String {
      english.noTransactionsMessage(for: group)
    }
    func date(_ date: CalendarDate) -> String { english.date(date) }
    func problem(_ problem: RecordProblem) -> String { english.problem(problem) }
    func hint(for problem: RecordProblem) -> String? { english.hint(for: problem) }
    func issueLine(_ issue: RecordIssue) -> String {
      let line = issue.position.map { " ligne \($0.line), colonne \($0.column)" } ?? ""
      let words =
        switch (issue.field, issue.value) {
        case (.date?, _?): "date impossible"
        case (.amount?, _?): "montant invalide"
        default: problem(issue.problem)
        }
      return "\(issue.source)\(line) : \(words)" + (issue.value.map { " (« \($0) »)" } ?? "")
    }
    func reason(_ reason: UnavailableReason) -> String { english.reason(reason) }
    func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
      english.warning(scope, reason: reason)
    }
    func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
      recordCount == 1 ? "1 enregistrement invalide" : "\(recordCount) enregistrements invalides"
    }
    // What the app keeps in English, said member by member: a wording is complete or does not
    // compile.
    func period(_ period: ReportPeriod) -> String { english.period(period) }
    func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
      english.recordsOutsidePeriod(count: count, period: period)
    }
    func note(_ note: AnySourceProblem) -> String { english.note(note) }
    var languageTag: String { english.languageTag }
    var reportTitle: String { english.reportTitle }
    var totalLabel: String { english.totalLabel }
    var grandTotalLabel: String { english.grandTotalLabel }
    var grandTotalOfAvailableSourcesLabel: String { english.grandTotalOfAvailableSourcesLabel }
    var incompleteReportLabel: String { english.incompleteReportLabel }
    var columnHeads: (date: String, description: String, amount: String) { english.columnHeads }
  }

  @Test("An invalid upload reaches the app as located issues, as values and in the app's own words")
  func issuesAreValuesTheAppWords() async throws {
    let upload = BytesTransactionSource(
      name: "upload.csv",
      bytes: Array("group,date,description,amount,debit\nA,2016-02-30,Coffee,3.11,D\n".utf8), format: .csv)
    let view = ReportViewEvents()
    await OneSourceReportUseCase(
      source: upload,
      output: TransactionReportPresenter(
        output: view, style: ReportStyle(wording: FrenchWording(), amounts: .plain))
    ).eventGenerateReport()

    var rejection: InputRejection?
    for await event in view.events {
      if case .inputRejected(let rejected) = event { rejection = rejected }
    }
    let rejected = try #require(rejection, "invalid input made a report")
    let issue = try #require(rejected.issues.first)
    #expect(
      issue.field == .date && issue.position == TextPosition(line: 2, column: 3)
        && issue.value == "2016-02-30")
    let english = ReportStyle.english.wording
    #expect(english.problem(issue.problem) == "not a real calendar date")
    #expect(english.hint(for: issue.problem) == "2016-02 has 29 days")
    #expect(rejected.lines == ["upload.csv ligne 2, colonne 3 : date impossible (« 2016-02-30 »)"])
    #expect(rejected.summary == "1 enregistrement invalide")

    let violations = await TransactionSourceContract.violations(of: upload)
    #expect(violations.isEmpty, "\(violations)")
  }
}
