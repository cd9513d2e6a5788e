import Presenters

/// A search of the report's descriptions: the lines of the detail rows whose description holds
/// a text, and which of them is the current match.
///
/// Letters match in either case when they are ASCII (`pizza` finds `Pizza Pizza`); any other
/// character matches only itself, byte for byte in UTF-8, so `東京` finds `東京ラーメン`. The
/// search goes through every row once, when it is made, without making a string per row; after
/// that, moving from match to match is a lookup.
package struct DescriptionSearch: Equatable, Sendable {
  /// The text searched for, as typed.
  package let text: String
  /// The lines of the matching detail rows, ascending.
  package let lines: [Int]
  /// The index in ``lines`` of the current match, or `nil` when there is none.
  package private(set) var current: Int?

  /// Searches the descriptions of a loaded report.
  ///
  /// - Parameters:
  ///   - text: The text to look for; not empty.
  ///   - dataSource: The report.
  ///   - layout: Its lines.
  package init(_ text: String, in dataSource: TerminalTableDataSource, layout: TableLayout) {
    self.text = text
    // The data source reads its kept descriptions: no row is made for this.
    let lines = dataSource.indexPaths(ofDetailsContaining: text).map(layout.line(of:))
    self.lines = lines
  }

  /// The number of matches.
  package var count: Int { lines.count }

  /// The line of the current match.
  package var currentLine: Int? { current.map { lines[$0] } }

  /// Makes the first match at or after a line current, or, when there is none after it, the
  /// first match of all.
  ///
  /// - Parameter line: Where to start looking.
  /// - Returns: The match's line, or `nil` when nothing matched.
  @discardableResult
  package mutating func selectFirst(atOrAfter line: Int) -> Int? {
    guard !lines.isEmpty else { return nil }
    let index = firstIndex(in: lines, above: line - 1)
    current = index < lines.count ? index : 0
    return currentLine
  }

  /// Makes the next match current, from the last back to the first.
  ///
  /// - Returns: The match's line and whether the search went round to the first, or `nil`
  ///   when nothing matched.
  package mutating func selectNext() -> (line: Int, wrapped: Bool)? {
    guard !lines.isEmpty else { return nil }
    let next = (current ?? -1) + 1
    current = next < lines.count ? next : 0
    return (lines[current ?? 0], next >= lines.count)
  }

  /// Makes the previous match current, from the first back to the last.
  ///
  /// - Returns: The match's line and whether the search went round to the last, or `nil` when
  ///   nothing matched.
  package mutating func selectPrevious() -> (line: Int, wrapped: Bool)? {
    guard !lines.isEmpty else { return nil }
    let previous = (current ?? lines.count) - 1
    current = previous >= 0 ? previous : lines.count - 1
    return (lines[current ?? 0], previous < 0)
  }

  /// Whether a line is one of the matches: it is drawn highlighted.
  ///
  /// - Parameter line: The line.
  /// - Returns: `true` for a matching row.
  package func matches(line: Int) -> Bool {
    let index = firstIndex(in: lines, above: line - 1)
    return index < lines.count && lines[index] == line
  }
}
