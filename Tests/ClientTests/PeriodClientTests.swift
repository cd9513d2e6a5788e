import Entities
import InMemoryGateways
import Presenters
import ReportRendering
import Testing
import UseCases

/// An app's statement of one month, in euros, with a title: public API only.
@Suite struct PeriodClientTests {
  @Test("A table view gets April's sections and the count left out; a page shows the title and euros")
  func monthInEuros() async throws {
    let april = try ReportPeriod.month(year: 2016, month: 4)
    let view = ReportViewStateCollector()
    // One style, given to the presenter and the page: English words, amounts in euros.
    let euros = ReportStyle(wording: ReportStyle.english.wording, amounts: .eur)
    let useCase: any TransactionReportUseCaseInput = OneSourceReportUseCase(
      source: InMemoryTransactionSource(name: "demo", transactions: DemoTransactions.all),
      output: TransactionReportPresenter(output: view, style: euros), period: april)
    await Task.detached { await useCase.eventGenerateReport() }.value

    guard case .loaded(let sections) = view.state else {
      Issue.record("expected a loaded report, got \(view.state)")
      return
    }
    #expect(
      sections.row(at: ReportIndexPath(section: 1, row: 0))
        == .message("There are no Posted Transactions in this period"))
    #expect(view.recordsOutsidePeriod?.count == 30)
    #expect(view.recordsOutsidePeriod?.text == "30 records outside 2016-04-01 to 2016-04-30 are not shown")

    var page = HTMLReportRenderer(heading: ReportHeading(title: "Visa", period: april), style: euros)
    let html = page.document(sections)
    #expect(html.contains("<h1>Visa, April 2016</h1>"))
    #expect(html.contains("<p class=\"amount\">560,19\u{A0}€</p>"))
    #expect(AmountStyle.eur.text(try #require(Money(minorUnits: 56019))) == "560,19\u{A0}€")
  }
}
