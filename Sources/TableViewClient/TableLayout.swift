import Presenters

/// The lines of the scrolling table, one per row, laid out from a data source's counts.
///
/// Each scrolling section takes its rows, then one line per footer note (a missing source's
/// warning), then, except for the last section, one blank line: the space the text report
/// leaves before the next group's header. A line is found from its number in time
/// proportional to the number of sections, not of rows, so a report of a million rows lays out
/// and scrolls as fast as the demo: only the lines on screen are ever looked at.
///
/// This is the part of `UITableView` that turns `numberOfRowsInSection` answers into content
/// offsets: the terminal's rows are all one line high.
package struct TableLayout: Equatable, Sendable {
  /// What one line of the table shows.
  package enum Line: Equatable, Sendable {
    /// A row of the report.
    case row(ReportIndexPath)
    /// A footer note of a section: the warning at this index of its notes.
    case note(section: Int, index: Int)
    /// The blank line between two sections.
    case spacer(section: Int)
  }

  /// The line each section starts at, and, last, the number of lines.
  private let starts: [Int]
  /// The number of rows of each section.
  private let rowCounts: [Int]
  /// The number of footer notes of each section.
  private let noteCounts: [Int]
  /// Whether each section starts with a header: the row that sticks.
  private let headers: [Bool]
  /// The lines where a group or a date block starts (headers and subheaders), ascending.
  package private(set) var blockStarts: [Int]

  /// The number of lines.
  package var lineCount: Int { starts.last ?? 0 }

  /// The number of rows of a section.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The count, or 0 for a section that does not exist.
  package func rowCount(inSection section: Int) -> Int {
    rowCounts.indices.contains(section) ? rowCounts[section] : 0
  }

  /// Lays out a data source's sections.
  ///
  /// - Parameter dataSource: The loaded report.
  package init(_ dataSource: TerminalTableDataSource) {
    let sectionCount = dataSource.numberOfSections
    let rowCounts = (0..<sectionCount).map { dataSource.numberOfRows(inSection: $0) }
    let noteCounts = (0..<sectionCount).map { dataSource.footerNotes(inSection: $0).count }
    let headers = (0..<sectionCount).map { dataSource.header(ofSection: $0) != nil }
    var layout = TableLayout(rowCounts: rowCounts, noteCounts: noteCounts, headers: headers)
    // The data source keeps where its blocks start: no row is made for this.
    layout.blockStarts = (0..<sectionCount).flatMap { section in
      dataSource.blockRows(inSection: section).map { layout.starts[section] + $0 }
    }
    self = layout
  }

  /// Lays out sections of the given sizes, with no block starts: for a table that is not a
  /// report, and for tests.
  ///
  /// - Parameters:
  ///   - rowCounts: The number of rows of each section.
  ///   - noteCounts: The number of footer notes of each section; none when empty.
  ///   - headers: Whether each section starts with a header; all do when empty.
  package init(rowCounts: [Int], noteCounts: [Int] = [], headers: [Bool] = []) {
    var starts = [0]
    for section in rowCounts.indices {
      let notes = noteCounts.indices.contains(section) ? noteCounts[section] : 0
      let spacer = section < rowCounts.count - 1 ? 1 : 0
      starts.append(starts[section] + rowCounts[section] + notes + spacer)
    }
    self.starts = starts
    self.rowCounts = rowCounts
    self.noteCounts = rowCounts.indices.map { noteCounts.indices.contains($0) ? noteCounts[$0] : 0 }
    self.headers = rowCounts.indices.map { headers.indices.contains($0) ? headers[$0] : true }
    self.blockStarts = []
  }

  /// The section a line belongs to: the one whose rows, notes or trailing blank line it is.
  ///
  /// - Parameter line: The line, from 0.
  /// - Returns: The section, or `nil` for a line outside the table.
  package func section(ofLine line: Int) -> Int? {
    guard line >= 0, line < lineCount else { return nil }
    var low = 0
    var high = rowCounts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= line { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// What a line shows.
  ///
  /// - Parameter line: The line, from 0.
  /// - Returns: The row, note or blank line, or `nil` for a line outside the table.
  package func content(ofLine line: Int) -> Line? {
    guard let section = section(ofLine: line) else { return nil }
    let offset = line - starts[section]
    if offset < rowCounts[section] { return .row(ReportIndexPath(section: section, row: offset)) }
    if offset - rowCounts[section] < noteCounts[section] {
      return .note(section: section, index: offset - rowCounts[section])
    }
    return .spacer(section: section)
  }

  /// The first line on screen that the sticky header does not cover, when the table is
  /// scrolled to `top`.
  ///
  /// - Parameter top: The first line of the table on screen.
  /// - Returns: `top`, or the line after it when a header sticks over it.
  package func firstUncoveredLine(top: Int) -> Int {
    stickyHeaderLine(top: top) == nil ? top : top + 1
  }

  /// The line a row is on.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: Its line.
  package func line(of indexPath: ReportIndexPath) -> Int {
    starts[indexPath.section] + indexPath.row
  }

  /// The line of the header that stays on the top line of the screen, over the line there, when
  /// the table is scrolled to `top`: the header of the section the top line is in, once that
  /// header itself has scrolled off.
  ///
  /// - Parameter top: The first line of the table on screen.
  /// - Returns: The header's line, or `nil` when nothing sticks (the header is itself the top
  ///   line, or the section has none).
  package func stickyHeaderLine(top: Int) -> Int? {
    guard let section = section(ofLine: top), headers[section], top > starts[section] else { return nil }
    return starts[section]
  }

  /// The top line that shows `line` first on screen: right under the sticky header, or, for a
  /// header, as the top line itself.
  ///
  /// - Parameter line: The line to show.
  /// - Returns: The top line, before the viewport clamps it to the table.
  package func top(showing line: Int) -> Int {
    guard let section = section(ofLine: line) else { return max(0, line) }
    if line == starts[section] || !headers[section] { return line }
    return line - 1
  }

  /// The first block start after a line.
  ///
  /// - Parameter line: The line.
  /// - Returns: The line of the next header or subheader, or `nil` after the last.
  package func blockStart(after line: Int) -> Int? {
    let index = firstIndex(in: blockStarts, above: line)
    return index < blockStarts.count ? blockStarts[index] : nil
  }

  /// The last block start before a line.
  ///
  /// - Parameter line: The line.
  /// - Returns: The line of the previous header or subheader, or `nil` before the first.
  package func blockStart(before line: Int) -> Int? {
    let index = firstIndex(in: blockStarts, above: line - 1) - 1
    return index >= 0 ? blockStarts[index] : nil
  }
}

/// The index of the first value above `value` in an ascending array: its count when there is
/// none.
///
/// - Parameters:
///   - values: Ascending values.
///   - value: The value to pass.
/// - Returns: The index, from 0 to `values.count`.
func firstIndex(in values: [Int], above value: Int) -> Int {
  var low = 0
  var high = values.count
  while low < high {
    let middle = (low + high) / 2
    if values[middle] > value { high = middle } else { low = middle + 1 }
  }
  return low
}
