import Presenters
import Testing

@testable import TableViewClient

/// The data source answers as a table view asks: the groups as sections, the grand total apart,
/// a missing source's warning under its group.
@Suite struct TerminalTableDataSourceTests {
  @Test("The demo: two sections of rows, each with its header; the grand total is the table's footer")
  func demo() async throws {
    let dataSource = try await DemoReport.dataSource()
    #expect(dataSource.numberOfSections == 2)
    #expect(dataSource.sections.numberOfSections == 3)
    #expect(dataSource.header(ofSection: 0) == .header(title: "Authorized Transactions"))
    #expect(dataSource.header(ofSection: 1) == .header(title: "Posted Transactions"))
    #expect(dataSource.grandTotal == ReportRow.grandFooter(total: "1338.97"))
    #expect(
      dataSource.numberOfRows(inSection: 0) + dataSource.numberOfRows(inSection: 1) + 1
        == dataSource.sections.rows.count)
    #expect(dataSource.numberOfRows(inSection: 2) == 0, "the grand total's section does not scroll")
    #expect(dataSource.row(at: ReportIndexPath(section: 2, row: 0)) == nil)
    #expect(
      dataSource.row(at: ReportIndexPath(section: 0, row: 1)) == .subheader(title: "Apr 01, 2016", odd: true))
    #expect(dataSource.footerNotes(inSection: 0).isEmpty && dataSource.footerNotes(inSection: 1).isEmpty)
  }

  @Test("A missing source's warning is the footer of its own group")
  func warningUnderItsGroup() async throws {
    let dataSource = try await DemoReport.dataSource(postedUnavailable: true)
    #expect(dataSource.footerNotes(inSection: 0).isEmpty)
    let notes = dataSource.footerNotes(inSection: 1)
    #expect(notes.count == 1)
    #expect(notes.first?.text.hasPrefix("Posted Transactions are not available") == true)
    guard case .warning? = notes.first else {
      Issue.record("not a warning: \(notes)")
      return
    }
  }

  @Test("A report without a grand total keeps every section; a section without a header has none")
  func noGrandTotal() {
    let dataSource = TerminalTableDataSource(
      ReportTableDataSource(rows: [.message("nothing"), .header(title: "All"), .message("m")]))
    #expect(dataSource.grandTotal == nil)
    #expect(dataSource.numberOfSections == 2)
    #expect(dataSource.header(ofSection: 0) == nil)
    #expect(dataSource.header(ofSection: 1) == .header(title: "All"))
  }
}
