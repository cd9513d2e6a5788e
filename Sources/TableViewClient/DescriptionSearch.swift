import Presenters

/// A search of the report's descriptions: how many detail rows hold a text, which of them is
/// the current match, and the next and previous ones.
///
/// Letters match in either case when they are ASCII (`pizza` finds `Pizza Pizza`); any other
/// character matches only itself, byte for byte in UTF-8, so `東京` finds `東京ラーメン`. It
/// is the data source's ``Presenters/ReportSearch``: the matches are counted when the search
/// is made, block by block, and found by reading on from the current one; no list of them is
/// kept, so a search that matches a million rows costs no more memory than one that matches
/// none.
package struct DescriptionSearch: Sendable {
  /// The text searched for, as typed.
  package var text: String { search.text }
  /// The ordinal of the current match among all, from 0, or `nil` when there is none.
  package private(set) var current: Int?
  /// The line of the current match.
  package private(set) var currentLine: Int?
  private let search: ReportSearch
  private let layout: TableLayout
  /// The report's first and last rows, where a search goes round.
  private let first: ReportIndexPath
  private let last: ReportIndexPath

  /// Searches the descriptions of a loaded report.
  ///
  /// - Parameters:
  ///   - text: The text to look for; not empty.
  ///   - dataSource: The report.
  ///   - layout: Its lines.
  package init(_ text: String, in dataSource: TerminalTableDataSource, layout: TableLayout) {
    search = ReportSearch(text, in: dataSource.sections)
    self.layout = layout
    first = ReportIndexPath(section: 0, row: 0)
    let sections = dataSource.sections
    let lastSection = max(0, sections.numberOfSections - 1)
    last = ReportIndexPath(
      section: lastSection, row: max(0, sections.numberOfRows(inSection: lastSection) - 1))
  }

  /// The number of matches.
  package var count: Int { search.count }

  /// Makes the first match at or after a line current, or, when there is none after it, the
  /// first match of all.
  ///
  /// - Parameter line: Where to start looking.
  /// - Returns: The match's line, or `nil` when nothing matched.
  @discardableResult
  package mutating func selectFirst(atOrAfter line: Int) -> Int? {
    guard count > 0 else { return nil }
    let start = firstRow(atOrAfter: line)
    select(start.flatMap(search.match(atOrAfter:)) ?? search.match(atOrAfter: first))
    return currentLine
  }

  /// Makes the next match current, from the last back to the first.
  ///
  /// - Returns: The match's line and whether the search went round to the first, or `nil`
  ///   when nothing matched.
  package mutating func selectNext() -> (line: Int, wrapped: Bool)? {
    guard count > 0 else { return nil }
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
    guard count > 0 else { return nil }
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
    current = match.map(search.ordinal(of:))
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
