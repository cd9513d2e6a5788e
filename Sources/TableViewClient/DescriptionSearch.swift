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
    let needle = Self.folded(Array(text.utf8))
    var lines: [Int] = []
    for section in 0..<dataSource.numberOfSections {
      for row in 0..<dataSource.numberOfRows(inSection: section) {
        let indexPath = ReportIndexPath(section: section, row: row)
        guard case .detail(var description, _, _)? = dataSource.row(at: indexPath) else { continue }
        if description.withUTF8({ Self.contains($0, needle) }) { lines.append(layout.line(of: indexPath)) }
      }
    }
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

  /// Whether a text's UTF-8 holds a folded needle, ASCII letters in either case.
  ///
  /// - Parameters:
  ///   - haystack: The text's UTF-8.
  ///   - needle: The searched text's UTF-8, ASCII letters in lower case.
  /// - Returns: `true` when the needle is in it; an empty needle is in every text.
  static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    guard let first = needle.first else { return true }
    var start = 0
    while start + needle.count <= haystack.count {
      if folded(haystack[start]) == first {
        var offset = 1
        while offset < needle.count, folded(haystack[start + offset]) == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  /// The bytes with ASCII capitals in lower case.
  private static func folded(_ bytes: [UInt8]) -> [UInt8] { bytes.map(folded) }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
