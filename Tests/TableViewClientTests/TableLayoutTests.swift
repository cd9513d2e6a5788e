import Presenters
import Testing

@testable import TableViewClient

/// The table's lines from the data source's counts: rows, footer notes, the blank line between
/// sections, the header that sticks, and the starts of groups and date blocks.
@Suite struct TableLayoutTests {
  @Test("Sections are laid out one after the other, a blank line between them, notes after their rows")
  func linesOfSections() {
    let layout = TableLayout(rowCounts: [3, 2, 4], noteCounts: [0, 1, 0])
    #expect(layout.lineCount == 3 + 1 + 2 + 1 + 1 + 4)
    let lines = (0..<layout.lineCount).map { layout.content(ofLine: $0) }
    #expect(
      lines == [
        .row(ReportIndexPath(section: 0, row: 0)), .row(ReportIndexPath(section: 0, row: 1)),
        .row(ReportIndexPath(section: 0, row: 2)), .spacer(section: 0),
        .row(ReportIndexPath(section: 1, row: 0)), .row(ReportIndexPath(section: 1, row: 1)),
        .note(section: 1, index: 0), .spacer(section: 1),
        .row(ReportIndexPath(section: 2, row: 0)), .row(ReportIndexPath(section: 2, row: 1)),
        .row(ReportIndexPath(section: 2, row: 2)), .row(ReportIndexPath(section: 2, row: 3)),
      ])
    #expect(layout.content(ofLine: -1) == nil)
    #expect(layout.content(ofLine: layout.lineCount) == nil)
    #expect(layout.line(of: ReportIndexPath(section: 2, row: 3)) == layout.lineCount - 1)
  }

  @Test("An empty section takes no lines but its blank line; no sections, no lines")
  func emptySections() {
    let layout = TableLayout(rowCounts: [2, 0, 1])
    #expect(layout.lineCount == 5)
    #expect(layout.section(ofLine: 3) == 1)
    #expect(layout.content(ofLine: 4) == .row(ReportIndexPath(section: 2, row: 0)))
    #expect(TableLayout(rowCounts: []).lineCount == 0)
    #expect(TableLayout(rowCounts: []).section(ofLine: 0) == nil)
  }

  @Test("The section's header sticks once it has scrolled off, through the section's blank line")
  func stickyHeader() {
    let layout = TableLayout(rowCounts: [5, 5])
    #expect(layout.stickyHeaderLine(top: 0) == nil, "the header is itself the top line")
    #expect(layout.stickyHeaderLine(top: 1) == 0)
    #expect(layout.stickyHeaderLine(top: 5) == 0, "the blank line after a section is that section's")
    #expect(layout.stickyHeaderLine(top: 6) == nil, "the next header reached the top")
    #expect(layout.stickyHeaderLine(top: 8) == 6)
    let noHeaders = TableLayout(rowCounts: [5, 5], headers: [false, true])
    #expect(noHeaders.stickyHeaderLine(top: 3) == nil)
    #expect(noHeaders.firstUncoveredLine(top: 3) == 3)
    #expect(layout.firstUncoveredLine(top: 3) == 4)
  }

  @Test("A line is shown under the sticky header; a header is shown as the top line")
  func topShowingALine() {
    let layout = TableLayout(rowCounts: [5, 5])
    #expect(layout.top(showing: 3) == 2)
    #expect(layout.top(showing: 1) == 0)
    #expect(layout.top(showing: 6) == 6, "a header")
    #expect(layout.top(showing: 0) == 0)
    #expect(TableLayout(rowCounts: [5], headers: [false]).top(showing: 3) == 3)
  }

  @Test("The demo's groups and date blocks start where its headers and subheaders are")
  func blockStartsOfTheDemo() async throws {
    let dataSource = try await DemoReport.dataSource()
    let layout = TableLayout(dataSource)
    #expect(layout.blockStarts.first == 0)
    for start in layout.blockStarts {
      guard case .row(let indexPath)? = layout.content(ofLine: start) else {
        Issue.record("line \(start) is not a row")
        continue
      }
      switch dataSource.row(at: indexPath) {
      case .header?, .subheader?: break
      case let row: Issue.record("line \(start) is \(String(describing: row))")
      }
    }
    let headers = layout.blockStarts.filter {
      if case .row(let indexPath)? = layout.content(ofLine: $0) {
        dataSource.header(ofSection: indexPath.section) != nil && indexPath.row == 0
      } else {
        false
      }
    }
    #expect(headers.count == 2)
    #expect(layout.blockStart(after: 0) == 1)
    #expect(layout.blockStart(before: 1) == 0)
    #expect(layout.blockStart(before: 0) == nil)
    #expect(layout.blockStart(after: layout.lineCount) == nil)
  }

  @Test("A million rows lay out and are looked up without walking them")
  func millionRows() {
    let layout = TableLayout(rowCounts: [1_000_000, 1_000_000])
    #expect(layout.lineCount == 2_000_001)
    #expect(layout.content(ofLine: 1_999_999) == .row(ReportIndexPath(section: 1, row: 999_998)))
    #expect(layout.stickyHeaderLine(top: 1_500_000) == 1_000_001)
  }
}
