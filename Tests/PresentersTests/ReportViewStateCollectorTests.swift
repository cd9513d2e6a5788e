import Entities
import Presenters
import TestSupport
import Testing
import UseCases

@Suite struct ReportViewStateCollectorTests {
  @Test("A collector starts loading, with no warnings")
  func initialState() {
    let collector = ReportViewStateCollector()
    #expect(collector.state == .loading)
    #expect(collector.warnings.isEmpty)
  }

  @Test("Rows arrive while loading; the end of the report makes them the loaded sections")
  func loaded() throws {
    let collector = ReportViewStateCollector()
    let presenter = TransactionReportPresenter(output: collector, style: .english)
    presenter.presentReportStart()
    presenter.presentHeader(.group(.authorized))
    presenter.presentSourceUnavailable(.group(.authorized), reason: "gone")
    presenter.presentHeader(.group(.posted))
    presenter.presentSubheader(date: try .fixture("2016-04-01"))
    presenter.presentDetail(description: "TTC", amount: try .fixture("28"))
    #expect(collector.state == .loading)
    presenter.presentSubfooter(.seen(date: try .fixture("2016-04-01"), amounts: [try .fixture("28")]))
    presenter.presentFooter(total: try .fixture("28"))
    presenter.presentGrandFooter(total: try .fixture("28"))
    presenter.presentReportEnd()

    let rows: [ReportRow] = [
      .header(title: "Authorized Transactions"),
      .message("Authorized Transactions are not currently available."),
      .header(title: "Posted Transactions"),
      .subheader(title: "Apr 01, 2016", odd: true),
      .detail(description: "TTC", amount: "28.00", odd: true),
      .subfooter(odd: true),
      .footer(total: "28.00", odd: false),
      .grandFooter(total: "28.00"),
    ]
    let warning = SourceWarning(
      scope: .group(.authorized), reason: "gone", text: "Authorized Transactions are not available: gone")
    // The warning keeps its place: after the header and the message row of its group.
    #expect(
      collector.state
        == .loaded(
          ReportTableDataSource(
            rows: rows, warnings: [ReportTableDataSource.PlacedWarning(warning, rowsBefore: 2)])))
    #expect(collector.warnings == [warning])
  }

  @Test("A source's notes are kept in order, worded, beside the rows")
  func notes() {
    let collector = ReportViewStateCollector()
    let presenter = TransactionReportPresenter(output: collector, style: .english)
    let (first, second) = (
      AnySourceProblem(StatedProblem("'\(shown: "a\u{7}.csv")': 1 row skipped", hint: "it held totals")),
      AnySourceProblem(StatedProblem("read as Windows-1252"))
    )
    presenter.presentSourceNote(first)
    presenter.presentSourceNote(second)

    #expect(collector.notes.map(\.note) == [first, second])
    #expect(
      collector.notes.map(\.text) == [
        #"'a\u{7}.csv': 1 row skipped; it held totals"#, "read as Windows-1252",
      ])
  }

  @Test("A rejection fails the state with the summary, then one line per issue")
  func failed() {
    let collector = ReportViewStateCollector()
    collector.showReportStart()
    collector.showRow(.header(title: "Authorized Transactions"))
    collector.showInputRejected(
      InputRejection(
        issues: [], lines: ["a.json:2:3: error: bad", "a.json:5:3: error: bad"], totalCount: 4,
        recordCount: 4,
        summary: "4 invalid records (2 not shown); no report was made."))
    #expect(
      collector.state
        == .failed(
          message:
            "4 invalid records (2 not shown); no report was made.\na.json:2:3: error: bad\na.json:5:3: error: bad"
        ))
  }

  @Test("A new report resets the state to loading and forgets the last report's rows and warnings")
  func resetsOnStart() {
    let collector = ReportViewStateCollector()
    collector.showReportStart()
    collector.showRow(.header(title: "All"))
    collector.showSourceUnavailable(SourceWarning(scope: .allTransactions, reason: "gone", text: "gone"))
    collector.showInputRejected(
      InputRejection(issues: [], lines: [], totalCount: 1, recordCount: 1, summary: "1 invalid record"))
    collector.showReportStart()
    #expect(collector.state == .loading)
    #expect(collector.warnings.isEmpty)
    collector.showRow(.grandFooter(total: "0.00"))
    collector.showReportEnd()
    #expect(collector.state == .loaded(ReportTableDataSource(rows: [.grandFooter(total: "0.00")])))
  }

  @Test("A report after a complete one shows only its own rows")
  func secondReport() {
    let collector = ReportViewStateCollector()
    collector.showReportStart()
    collector.showRow(.header(title: "Authorized Transactions"))
    collector.showReportEnd()
    collector.showReportStart()
    collector.showRow(.header(title: "Posted Transactions"))
    collector.showReportEnd()
    #expect(collector.state == .loaded(ReportTableDataSource(rows: [.header(title: "Posted Transactions")])))
  }

  @Test("A missing input fails the state with one line per missing input, then the other issues")
  func missingInput() {
    let collector = ReportViewStateCollector()
    collector.showReportStart()
    let missing = [
      SourceWarning(scope: .group(.authorized), reason: "a", text: "cannot read 'a.json': gone"),
      SourceWarning(scope: .group(.posted), reason: "p", text: "cannot read 'p.json': gone"),
    ]
    collector.showInputMissing(missing, rejection: nil)
    #expect(collector.state == .failed(message: "cannot read 'a.json': gone\ncannot read 'p.json': gone"))
    collector.showInputMissing(
      Array(missing.prefix(1)),
      rejection: InputRejection(
        issues: [], lines: ["p.json:2:3: error: bad"], totalCount: 1, recordCount: 1, summary: "1 invalid"))
    #expect(
      collector.state == .failed(message: "cannot read 'a.json': gone\n1 invalid\np.json:2:3: error: bad"))
  }
}
