import Presenters
import RowStorage

/// A search of the report's descriptions: how many detail rows hold a text, which of them is
/// the current match, and the next and previous ones.
///
/// Letters match in either case when they are ASCII (`pizza` finds `Pizza Pizza`); any other
/// character matches only itself, byte for byte in UTF-8, so `東京` finds `東京ラーメン`. It
/// is the data source's ``Presenters/RowSearch``: the first match is found by reading on
/// from where the table is, and the matches are counted afterwards, a slice at a time between
/// two keys (``countMore()``), so the first match of a search of millions of rows shows at once
/// and the count grows on the status line. No list of matches is kept, so a search that
/// matches a million rows costs no more memory than one that matches none.
package struct DescriptionSearch: Sendable {
  /// How many rows one slice of counting reads at least: a few blocks of the store, a few
  /// milliseconds, so that a key waits for no more than a slice.
  package static let rowsPerSlice = 65_536

  /// The text searched for, as typed.
  package var text: String { search.text }
  /// The ordinal of the current match among all, from 0; `nil` when there is none, or while
  /// the rows before it are not counted yet.
  package private(set) var current: Int?
  /// The line of the current match.
  package private(set) var currentLine: Int?
  private var search: RowSearch
  private let layout: TableLayout
  /// The report's first and last rows, where a search goes round.
  private let first: ReportIndexPath
  private let last: ReportIndexPath
  /// How many rows the report has.
  private let rowTotal: Int

  /// Searches the descriptions of a loaded report.
  ///
  /// - Parameters:
  ///   - text: The text to look for; not empty.
  ///   - dataSource: The report.
  ///   - layout: Its lines.
  package init(_ text: String, in dataSource: TerminalTableDataSource, layout: TableLayout) {
    search = RowSearch(text, in: dataSource.sections, counting: .later)
    self.layout = layout
    first = ReportIndexPath(section: 0, row: 0)
    let sections = dataSource.sections
    let lastSection = max(0, sections.numberOfSections - 1)
    last = ReportIndexPath(
      section: lastSection, row: max(0, sections.numberOfRows(inSection: lastSection) - 1))
    rowTotal = (0..<sections.numberOfSections).reduce(0) { $0 + sections.numberOfRows(inSection: $1) }
  }

  /// The number of matches counted so far: all of them once ``isCounting`` is `false`.
  package var count: Int { search.count }

  /// Whether the matches are still being counted.
  package var isCounting: Bool { !search.isCounted }

  /// How much of the report is counted, in percent (0 to 100).
  package var percentCounted: Int {
    rowTotal == 0 ? 100 : min(100, search.countedRows * 100 / rowTotal)
  }

  /// Counts the matches in the next slice of rows (``rowsPerSlice``), and gives the current
  /// match its ordinal once the rows before it are counted.
  package mutating func countMore() {
    search.countMore(rows: Self.rowsPerSlice)
    if current == nil, let path = currentPath { current = search.countedOrdinal(of: path) }
  }

  /// Makes the first match at or after a line current, or, when there is none after it, the
  /// first match of all.
  ///
  /// - Parameter line: Where to start looking.
  /// - Returns: The match's line, or `nil` when nothing matched.
  @discardableResult
  package mutating func selectFirst(atOrAfter line: Int) -> Int? {
    let start = firstRow(atOrAfter: line)
    if let match = start.flatMap(search.match(atOrAfter:)) {
      select(match)
    } else if let start, start == first || search.match(atOrBefore: start) == nil {
      // None after it, and none before it (read backwards, so that a text found nowhere costs
      // one reading of the report, not two): no match at all.
      select(nil)
    } else {
      // The first of all, before the start (or anywhere, when the line is past the last row).
      select(search.match(atOrAfter: first))
    }
    return currentLine
  }

  /// Makes the next match current, from the last back to the first.
  ///
  /// - Returns: The match's line and whether the search went round to the first, or `nil`
  ///   when nothing matched.
  package mutating func selectNext() -> (line: Int, wrapped: Bool)? {
    guard currentLine != nil else { return nil }
    let after = currentPath.map { ReportIndexPath(section: $0.section, row: $0.row + 1) } ?? first
    if let next = search.match(atOrAfter: after) {
      select(next)
      return currentLine.map { ($0, false) }
    }
    select(search.match(atOrAfter: first))
    return currentLine.map { ($0, true) }
  }

  /// Makes the previous match current, from the first back to the last.
  ///
  /// - Returns: The match's line and whether the search went round to the last, or `nil` when
  ///   nothing matched.
  package mutating func selectPrevious() -> (line: Int, wrapped: Bool)? {
    guard currentLine != nil else { return nil }
    if let path = currentPath, let previous = previousRow(before: path).flatMap(search.match(atOrBefore:)) {
      select(previous)
      return currentLine.map { ($0, false) }
    }
    select(search.match(atOrBefore: last))
    return currentLine.map { ($0, true) }
  }

  /// Whether a line is one of the matches: it is drawn highlighted.
  ///
  /// - Parameter line: The line.
  /// - Returns: `true` for a matching row.
  package func matches(line: Int) -> Bool {
    guard case .row(let indexPath)? = layout.content(ofLine: line) else { return false }
    return search.matches(indexPath)
  }

  /// The current match's row.
  private var currentPath: ReportIndexPath? {
    currentLine.flatMap { line in
      if case .row(let indexPath)? = layout.content(ofLine: line) { indexPath } else { nil }
    }
  }

  private mutating func select(_ match: ReportIndexPath?) {
    current = match.flatMap(search.countedOrdinal(of:))
    currentLine = match.map(layout.line(of:))
  }

  /// The first row at or after a line: past a section's notes and spacer, the next section's
  /// first; `nil` past the last row.
  private func firstRow(atOrAfter line: Int) -> ReportIndexPath? {
    var line = max(0, line)
    while line < layout.lineCount {
      if case .row(let indexPath)? = layout.content(ofLine: line) { return indexPath }
      line += 1
    }
    return nil
  }

  /// The row before another, in report order: the previous section's last when it is a
  /// section's first; `nil` before the first.
  private func previousRow(before indexPath: ReportIndexPath) -> ReportIndexPath? {
    if indexPath.row > 0 { return ReportIndexPath(section: indexPath.section, row: indexPath.row - 1) }
    var section = indexPath.section - 1
    while section >= 0 {
      let rows = layout.rowCount(inSection: section)
      if rows > 0 { return ReportIndexPath(section: section, row: rows - 1) }
      section -= 1
    }
    return nil
  }
}
