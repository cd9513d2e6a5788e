import Entities
import Presenters
import TestSupport
import Testing
import UseCases

/// The public data source answers as a UIKit table view asks: a section per group, rows without
/// the header and the footer, those apart, the warnings under their group, the grand total and
/// the notes as the table's footer.
@Suite struct ReportTableDataSourceTests {
  private let warning = SourceWarning(
    scope: .group(.posted), reason: "gone", text: "Posted Transactions are not available: gone")
  private let rows: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Starbucks", amount: "3.11", odd: true),
    .subfooter(odd: true),
    .footer(total: "3.11", odd: false),
    .header(title: "Posted Transactions"),
    .message("Posted Transactions are not currently available."),
    .grandFooter(total: "3.11"),
  ]

  @Test("Sections are the groups; rows leave out the header and the footer, which come apart")
  func sectionsRowsHeadersFooters() {
    let dataSource = ReportTableDataSource(rows: rows)
    #expect(dataSource.numberOfSections == 2)
    #expect(dataSource.numberOfRows(inSection: 0) == 3)
    #expect(dataSource.numberOfRows(inSection: 1) == 1)
    #expect(dataSource.numberOfRows(inSection: 2) == 0, "the grand total is not a section")
    #expect(
      dataSource.row(at: ReportIndexPath(section: 0, row: 0)) == .subheader(title: "Apr 01, 2016", odd: true))
    #expect(dataSource.row(at: ReportIndexPath(section: 0, row: 2)) == .subfooter(odd: true))
    #expect(dataSource.row(at: ReportIndexPath(section: 0, row: 3)) == nil, "the footer is not a row")
    #expect(dataSource.row(at: ReportIndexPath(section: 0, row: -1)) == nil)
    #expect(
      dataSource.row(at: ReportIndexPath(section: 1, row: 0))
        == .message("Posted Transactions are not currently available."))
    #expect(dataSource.header(inSection: 0) == .header(title: "Authorized Transactions"))
    #expect(dataSource.header(inSection: 1) == .header(title: "Posted Transactions"))
    #expect(dataSource.header(inSection: 2) == nil)
    #expect(dataSource.footer(inSection: 0) == .footer(total: "3.11", odd: false))
    #expect(dataSource.footer(inSection: 1) == nil, "a group shown by its message has no total")
    #expect(dataSource.grandTotal == .grandFooter(total: "3.11"))
    #expect(!dataSource.isIncomplete)
  }

  @Test("Date rows answer in the rows' own numbering, without the header")
  func dateRowsAndSearch() {
    let more: [ReportRow] = [
      .header(title: "Authorized Transactions"),
      .subheader(title: "Apr 01, 2016", odd: true),
      .detail(description: "Starbucks", amount: "3.11", odd: true),
      .subfooter(odd: true),
      .subheader(title: "Apr 02, 2016", odd: false),
      .detail(description: "STARBUCKS #2", amount: "5.22", odd: false),
      .detail(description: "Firkin", amount: "15.34", odd: false),
      .subfooter(odd: false),
      .footer(total: "23.67", odd: true),
      .message("Posted Transactions are not currently available."),
      .grandFooter(total: "23.67"),
    ]
    let dataSource = ReportTableDataSource(rows: more)

    #expect(dataSource.dateRows(inSection: 0) == [0, 3])
    #expect(dataSource.dateRows(inSection: 1) == [])
    #expect(dataSource.dateRows(inSection: 7) == [])
  }

  @Test("Every row of the report is a row, a header, a footer or the grand total, once, in order")
  func everyRowOnce() {
    let dataSource = ReportTableDataSource(rows: rows)
    var seen: [ReportRow] = []
    for section in 0..<dataSource.numberOfSections {
      if let header = dataSource.header(inSection: section) { seen.append(header) }
      for row in 0..<dataSource.numberOfRows(inSection: section) {
        if let row = dataSource.row(at: ReportIndexPath(section: section, row: row)) { seen.append(row) }
      }
      if let footer = dataSource.footer(inSection: section) { seen.append(footer) }
    }
    if let total = dataSource.grandTotal { seen.append(total) }
    #expect(seen == rows)
  }

  @Test("A missing source's warning is under its own group, and the report is incomplete")
  func warningUnderItsGroup() {
    let dataSource = ReportTableDataSource(
      rows: rows, warnings: [ReportTableDataSource.PlacedWarning(warning, rowsBefore: 7)])
    #expect(dataSource.warnings(inSection: 0).isEmpty)
    #expect(dataSource.warnings(inSection: 1) == [warning])
    #expect(dataSource.warnings(inSection: 5).isEmpty)
    #expect(dataSource.warnings == [warning])
    #expect(dataSource.isIncomplete)
  }

  @Test("A report-level message is a section without header or footer; no grand total, none")
  func reportLevelMessage() {
    let dataSource = ReportTableDataSource(rows: [.message("nothing"), .header(title: "All")])
    #expect(dataSource.numberOfSections == 2)
    #expect(dataSource.header(inSection: 0) == nil && dataSource.footer(inSection: 0) == nil)
    #expect(dataSource.row(at: ReportIndexPath(section: 0, row: 0)) == .message("nothing"))
    #expect(dataSource.numberOfRows(inSection: 1) == 0)
    #expect(dataSource.grandTotal == nil)
  }

  @Test("Loaded by a collector: none until loaded, then the report with its notes and the records left out")
  func fromCollector() throws {
    let collector = ReportViewStateCollector()
    let presenter = TransactionReportPresenter(output: collector, style: .english)
    presenter.presentReportStart()
    #expect(collector.loadedReport == nil)
    presenter.presentHeader(.group(.posted))
    presenter.presentSourceUnavailable(.group(.posted), reason: "gone")
    presenter.presentRecordsOutsidePeriod(count: 2, period: try ReportPeriod.month(year: 2016, month: 4))
    presenter.presentGrandFooter(total: try .fixture("0"))
    presenter.presentReportEnd()
    let dataSource = try #require(collector.loadedReport)
    #expect(dataSource.numberOfSections == 1)
    #expect(dataSource.warnings(inSection: 0).map(\.scope) == [.group(.posted)])
    #expect(dataSource.recordsOutsidePeriod?.count == 2)
    #expect(dataSource.notes.isEmpty)
    #expect(dataSource.grandTotal == .grandFooter(total: "0.00"))
  }
}
