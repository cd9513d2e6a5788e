import FileGateways
import Foundation
import NetworkGateways
import Presenters
import TestSupport
import Testing
import UseCases

/// What a table-view client sees while sources on the network answer: the presenter's view
/// state is `loading` until the slower service has answered, then `loaded`, with a failed
/// service's message row in place of its group.
@Suite struct NetworkViewStateTests {
  private func source(_ url: String, timeout: Double = 5) throws -> HTTPTransactionSource {
    HTTPTransactionSource(
      request: DownloadRequest(url: url, timeout: timeout),
      downloader: InProcessDownloader())
  }

  @Test("Loading while a slow server answers, then loaded; a failed service becomes its message row")
  func loadingThenLoaded() async throws {
    var slow = try TestHTTPServer.Response.file(FixtureFiles.path("demo_authorized.json"))
    slow.headerDelay = 1
    let server = try TestHTTPServer(routes: ["/a.json": slow, "/p.json": .text("down", status: 503)])
    let collector = ReportViewStateCollector()
    let useCase = TwoSourceReportUseCase(
      authorized: try source(server.url("/a.json")), posted: try source(server.url("/p.json")),
      output: TransactionReportPresenter(output: collector, style: .english))

    let report = Task { await useCase.eventGenerateReport() }
    try await Task.sleep(for: .milliseconds(500))
    #expect(collector.state == .loading, "the view is not loading while a source has not answered")
    await report.value

    guard case .loaded(let sections) = collector.state else {
      Issue.record("not loaded: \(collector.state)")
      return
    }
    // Bound as a table view binds: sections, rows in a section, the row at an index path.
    let rows = (0..<sections.numberOfSections).flatMap { section in
      (0..<sections.numberOfRows(inSection: section)).compactMap {
        sections.row(at: ReportIndexPath(section: section, row: $0))
      }
    }
    #expect(rows.contains(.message("Posted Transactions are not currently available.")), "\(rows)")
    // The footer is the section's footer, apart from its rows.
    #expect(sections.footer(inSection: 0)?.kind == "footer")
    #expect(
      sections.footer(inSection: 0) == .footer(total: "560.19", odd: false)
        || sections.footer(inSection: 0) == .footer(total: "560.19", odd: true))
    #expect(
      collector.warnings.map(\.reason) == [
        UnavailableReason(ServiceFailure(url: server.url("/p.json"), problem: .status(503)))
      ])
  }
}
