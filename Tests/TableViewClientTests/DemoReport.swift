import Entities
import InMemoryGateways
import Presenters
import TableViewClient
import UseCases

/// Reports for the tests, made as `txreport` makes them: the demo data through the use case and
/// the presenter, collected as a table view's data source would receive it.
enum DemoReport {
  /// The demo in one source, for a period that leaves records out: its data source as the
  /// collector binds it, with the note of the records outside the period.
  ///
  /// - Parameter period: The period.
  /// - Returns: The data source of the loaded report.
  /// - Throws: ``NotLoaded`` when the report did not load.
  static func dataSource(period: ReportPeriod) async throws -> TerminalTableDataSource {
    let collector = ReportViewStateCollector()
    await OneSourceReportUseCase(
      source: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.all),
      output: TransactionReportPresenter(output: collector, style: .english), period: period
    ).eventGenerateReport()
    guard case .loaded(let table) = collector.state else { throw NotLoaded(state: collector.state) }
    return TerminalTableDataSource(table)
  }

  /// The demo report's sections and warnings, two-source.
  ///
  /// - Parameter postedUnavailable: Whether the Posted source cannot be read.
  /// - Returns: The data source of the loaded report.
  /// - Throws: ``NotLoaded`` when the report did not load.
  static func dataSource(postedUnavailable: Bool = false) async throws -> TerminalTableDataSource {
    let collector = ReportViewStateCollector()
    let posted: any TransactionSource =
      postedUnavailable
      ? UnavailableSource()
      : InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.posted)
    await TwoSourceReportUseCase(
      authorized: InMemoryTransactionSource(
        name: DemoTransactions.name, transactions: DemoTransactions.authorized),
      posted: posted, output: TransactionReportPresenter(output: collector, style: .english)
    ).eventGenerateReport()
    guard case .loaded(let table) = collector.state else { throw NotLoaded(state: collector.state) }
    return TerminalTableDataSource(table)
  }

  /// A report of one group with `count` transactions on one date, and its grand total: for the
  /// size of a large report, without making one.
  static func large(count: Int) -> TerminalTableDataSource {
    var rows: [ReportRow] = [
      .header(title: "Authorized Transactions"), .subheader(title: "Apr 01, 2016", odd: true),
    ]
    rows.reserveCapacity(count + 6)
    for index in 0..<count {
      rows.append(.detail(description: DescriptionText("Purchase \(index)"), amount: "1.00", odd: true))
    }
    rows += [
      .subfooter(odd: true), .footer(total: "\(count).00", odd: false), .grandFooter(total: "\(count).00"),
    ]
    return TerminalTableDataSource(rows: rows)
  }

  /// A source that a service failing looks like.
  struct UnavailableSource: TransactionSource {
    let name = "posted service"

    func open() async -> SourceOpening { .unavailable(reason: "the server answered 503 Service Unavailable") }
  }

  struct NotLoaded: Error, CustomStringConvertible {
    var state: ReportViewState
    var description: String { "the report did not load: \(state)" }
  }
}
