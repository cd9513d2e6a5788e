import Entities
import Presenters
import TestSupport
import Testing
import UseCases

/// The presenter's calls as an asynchronous sequence, read on the actor a client picks.
@Suite struct ReportViewEventsTests {
  @Test("A report made on a background task arrives on the main actor as events, in order, and ends")
  @MainActor
  func eventsArriveInOrderOnTheMainActor() async throws {
    let view = ReportViewEvents()
    let presenter = TransactionReportPresenter(output: view, style: .english)
    let recorded = UseCaseOutputSpy()
    await OneSourceReportUseCase(source: try FixtureFiles.source(FixtureFiles.demoAll), output: recorded)
      .eventGenerateReport()
    Task.detached { recorded.replay(into: presenter) }

    var rows: [ReportRow] = []
    var events: [ReportViewEvents.Event] = []
    for await event in view.events {
      events.append(event)
      if case .row(let row) = event { rows.append(row) }
    }
    #expect(events.first == .reportStart)
    #expect(events.last == .reportEnd)
    #expect(rows == (try FixtureFiles.rows(FixtureFiles.demoExpectedRows)))
  }

  @Test("A rejected report is one event, and the sequence ends after it")
  func rejectionEndsTheEvents() async throws {
    let view = ReportViewEvents()
    TransactionReportPresenter(output: view, style: .english).presentInvalidInput(
      issues: [.fixture(source: "bad.json", line: 2)], totalCount: 1, recordCount: 1)
    var events: [ReportViewEvents.Event] = []
    for await event in view.events { events.append(event) }
    #expect(events.count == 1)
    guard case .inputRejected(let rejection) = events.first else {
      Issue.record("not a rejection: \(events)")
      return
    }
    #expect(rejection.totalCount == 1)
  }

  @Test("Events replay onto another view: the collector reaches the same state")
  func eventsReplayOntoACollector() async throws {
    let view = ReportViewEvents()
    let presenter = TransactionReportPresenter(output: view, style: .english)
    presenter.presentReportStart()
    presenter.presentHeader(.allTransactions)
    presenter.presentSourceUnavailable(.allTransactions, reason: "down")
    presenter.presentGrandFooter(total: .zero)
    presenter.presentReportEnd()

    let collector = ReportViewStateCollector()
    for await event in view.events { event.send(to: collector) }
    let warning = try #require(collector.warnings.first)
    #expect(collector.warnings.count == 1)
    #expect(
      collector.state
        == .loaded(
          ReportTableDataSource(
            rows: [
              .header(title: "All"), .message("Transactions are not currently available."),
              .grandFooter(total: "0.00"),
            ], warnings: [ReportTableDataSource.PlacedWarning(warning, rowsBefore: 2)])))
  }

  @Test("finish() ends the events of a report that presents nothing more")
  func finishEndsTheEvents() async {
    let view = ReportViewEvents()
    view.showReportStart()
    view.finish()
    var count = 0
    for await _ in view.events { count += 1 }
    #expect(count == 1)
  }

  @Test("A report refused for a missing input is one event, and the sequence ends after it")
  func missingInputEndsTheEvents() async {
    let view = ReportViewEvents()
    TransactionReportPresenter(output: view, style: .english).presentMissingInput(
      [
        MissingInput(.group(.posted), reason: .fake(.missingFile(path: "p.json", similarPath: nil)))
      ], issues: [], totalCount: 0, recordCount: 0)
    var events: [ReportViewEvents.Event] = []
    for await event in view.events { events.append(event) }
    #expect(
      events == [
        .inputMissing(
          [
            SourceWarning(
              scope: .group(.posted), reason: .fake(.missingFile(path: "p.json", similarPath: nil)),
              text: "cannot read 'p.json': No such file or directory")
          ], rejection: nil)
      ])
  }
}
