import Presenters

/// A search of a loaded report's descriptions that keeps no list of matches: it counts them a
/// chunk of rows at a time (a block of ``CompactRows``), and finds the next or the previous one
/// by reading on from where it is. A search that matches every one of a million rows then costs
/// as little memory as one that matches none.
///
/// Index paths are those of the report's sections as the terminal's table draws them: row 0 of
/// a section is its header, when it has one. Only detail rows are searched, their descriptions
/// compared byte for byte, ASCII letters in either case.
///
/// A table that shows the first match before the search has read the whole report counts the
/// rest as it goes (the terminal's table view does, a slice between two keys):
///
/// ```swift
/// var search = RowSearch("starbucks", in: dataSource.sections, counting: .later)
/// let first = search.match(atOrAfter: ReportIndexPath(section: 0, row: 0))  // found at once
/// while !search.isCounted { search.countMore(rows: 50_000) }                // then counted
/// ```
package struct RowSearch: Sendable {
  /// When a search counts its matches.
  package enum Counting: Sendable {
    /// When it is made: ``count`` is every match from the start.
    case now
    /// Later, a part at a time, with ``countMore(rows:)``: ``count`` is the matches among the
    /// rows counted so far (``countedRows``), from the report's first.
    case later
  }

  /// The text searched for.
  package let text: String
  /// How many detail rows match, among the rows counted: every row once ``isCounted``.
  package private(set) var count = 0
  /// How many rows, from the report's first, ``count`` covers.
  package private(set) var countedRows = 0
  private let sections: ReportSections
  private let needle: [UInt8]
  /// The first row of each chunk counted so far (from the first), and how many of its rows match.
  private var countedStarts: [Int] = []
  private var chunkCounts: [Int] = []

  /// Makes a search of a text in a report.
  ///
  /// - Parameters:
  ///   - text: The text to look for.
  ///   - sections: The loaded report.
  ///   - counting: When the matches are counted: when it is made (the default), or later.
  package init(_ text: String, in sections: ReportSections, counting: Counting = .now) {
    self.text = text
    self.sections = sections
    needle = Self.folded(Array(text.utf8))
    if case .now = counting { countMore(rows: sections.store.count) }
  }

  /// Whether every row has been counted: ``count`` is then every match.
  package var isCounted: Bool { countedRows >= sections.store.count }

  /// Counts the matches in at least `rows` more rows, on from where the count stopped (or in
  /// every row left, when fewer are). A call counts whole chunks, and may count more rows than
  /// asked.
  ///
  /// - Parameter rows: How many rows to count at least; one chunk's worth when 0 or less.
  package mutating func countMore(rows: Int) {
    var left = rows
    repeat {
      guard !isCounted else { return }
      let chunk = sections.store.chunk(containing: countedRows)
      let found = matchingRows(in: chunk).count
      countedStarts.append(chunk.lowerBound)
      chunkCounts.append(found)
      (count, countedRows) = (count + found, chunk.upperBound)
      left -= chunk.count
    } while left > 0
  }

  /// Whether the row at an index path is a match.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: `true` for a detail row whose description holds the text.
  package func matches(_ indexPath: ReportIndexPath) -> Bool {
    guard let row = sections.storeRow(of: indexPath) else { return false }
    return !matchingRows(in: row..<(row + 1)).isEmpty
  }

  /// The first match at or after a row, without going round to the start.
  ///
  /// - Parameter indexPath: Where to start: a row of the report, or past a section's last row
  ///   (the next section's first).
  /// - Returns: The match, or `nil` when none is at or after it.
  package func match(atOrAfter indexPath: ReportIndexPath) -> ReportIndexPath? {
    let store = sections.store
    guard var row = sections.storeRow(of: indexPath, allowingEnd: true) else { return nil }
    while row < store.count {
      let chunk = store.chunk(containing: row)
      if mayMatch(chunk), let found = matchingRows(in: row..<chunk.upperBound).first {
        return sections.indexPath(ofStoreRow: found)
      }
      row = chunk.upperBound
    }
    return nil
  }

  /// The last match at or before a row, without going round to the end.
  ///
  /// - Parameter indexPath: Where to start: a row of the report.
  /// - Returns: The match, or `nil` when none is at or before it.
  package func match(atOrBefore indexPath: ReportIndexPath) -> ReportIndexPath? {
    let store = sections.store
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), store.count > 0 else { return nil }
    var last = min(row, store.count - 1)
    while last >= 0 {
      let chunk = store.chunk(containing: last)
      if mayMatch(chunk), let found = matchingRows(in: chunk.lowerBound..<(last + 1)).last {
        return sections.indexPath(ofStoreRow: found)
      }
      last = chunk.lowerBound - 1
    }
    return nil
  }

  /// How many matches come before a row: a match's place among them, from 0. Rows before it
  /// that are not counted yet are read for it (and stay uncounted).
  ///
  /// - Parameter indexPath: A row of the report.
  /// - Returns: The count.
  package func ordinal(of indexPath: ReportIndexPath) -> Int {
    let store = sections.store
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), store.count > 0 else { return 0 }
    var (before, start) = (0, 0)
    while start < row {
      let chunk = store.chunk(containing: start)
      if chunk.upperBound <= row {
        before += countedMatches(in: chunk) ?? matchingRows(in: chunk).count
      } else {
        before += matchingRows(in: chunk.lowerBound..<row).count
      }
      start = chunk.upperBound
    }
    return before
  }

  /// A row's place among the matches, from 0, once the count has reached it: ``ordinal(of:)``
  /// when ``countedRows`` is past the row, so that ``count`` already includes a match there.
  ///
  /// - Parameter indexPath: A row of the report.
  /// - Returns: ``ordinal(of:)``, or `nil` while the count has not reached the row.
  package func countedOrdinal(of indexPath: ReportIndexPath) -> Int? {
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), row < countedRows || isCounted else {
      return nil
    }
    return ordinal(of: indexPath)
  }

  /// Whether a chunk is worth reading for a match: one counted without a match is skipped unread.
  private func mayMatch(_ chunk: Range<Int>) -> Bool {
    (countedMatches(in: chunk) ?? 1) > 0
  }

  /// How many rows of a chunk match, when it has been counted.
  private func countedMatches(in chunk: Range<Int>) -> Int? {
    guard chunk.upperBound <= countedRows else { return nil }
    var (low, high) = (0, countedStarts.count)
    while low < high {
      let middle = (low + high) / 2
      if countedStarts[middle] < chunk.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < countedStarts.count && countedStarts[low] == chunk.lowerBound ? chunkCounts[low] : nil
  }

  /// The detail rows among `rows` (of one chunk) whose description holds the text, in order.
  private func matchingRows(in rows: Range<Int>) -> [Int] {
    var found: [Int] = []
    sections.store.forEachDetail(in: rows) { row, description in
      if Self.contains(description, needle) { found.append(row) }
    }
    return found
  }

  /// Whether bytes hold a text, their ASCII capitals made small.
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

  /// A text's bytes with their ASCII capitals made small, as ``contains(_:_:)`` compares them.
  static func folded(_ bytes: [UInt8]) -> [UInt8] { bytes.map(folded) }

  private static func folded(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
