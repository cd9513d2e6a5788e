/// A search of a loaded report's descriptions that keeps no list of matches: it counts them
/// block by block when made, and finds the next or the previous one by reading on from where
/// it is. A search that matches every one of a million rows then costs as little memory as one
/// that matches none.
///
/// Index paths are ``ReportSections``' own: row 0 of a section is its header, when it has one.
/// Only detail rows are searched, their descriptions compared byte for byte, ASCII letters in
/// either case.
///
/// ```swift
/// let search = ReportSearch("starbucks", in: sections)
/// search.count                                              // every match
/// let first = search.match(atOrAfter: ReportIndexPath(section: 0, row: 0))
/// first.map(search.ordinal(of:))                            // 0: the first of them
/// ```
public struct ReportSearch: Sendable {
  /// The text searched for.
  public let text: String
  /// How many detail rows match.
  public let count: Int
  private let sections: ReportSections
  private let needle: [UInt8]
  /// How many rows of each block of the store match.
  private let blockCounts: [Int]

  /// Counts the matches of a text in a report.
  ///
  /// - Parameters:
  ///   - text: The text to look for.
  ///   - sections: The loaded report.
  public init(_ text: String, in sections: ReportSections) {
    self.text = text
    self.sections = sections
    needle = ReportRowStore.folded(Array(text.utf8))
    blockCounts = sections.store.detailCounts(containing: needle)
    count = blockCounts.reduce(0, +)
  }

  /// Whether the row at an index path is a match.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: `true` for a detail row whose description holds the text.
  public func matches(_ indexPath: ReportIndexPath) -> Bool {
    guard let row = sections.storeRow(of: indexPath) else { return false }
    return !sections.store.detailRows(containing: needle, in: row..<(row + 1)).isEmpty
  }

  /// The first match at or after a row, without going round to the start.
  ///
  /// - Parameter indexPath: Where to start: a row of the report, or past a section's last row
  ///   (the next section's first).
  /// - Returns: The match, or `nil` when none is at or after it.
  public func match(atOrAfter indexPath: ReportIndexPath) -> ReportIndexPath? {
    let store = sections.store
    guard var row = sections.storeRow(of: indexPath, allowingEnd: true), row < store.count else { return nil }
    var block = store.block(ofRow: row)
    while block < blockCounts.count {
      let rows = store.rows(ofBlock: block)
      if blockCounts[block] > 0,
        let found = store.detailRows(containing: needle, in: row..<rows.upperBound).first
      {
        return sections.indexPath(ofStoreRow: found)
      }
      block += 1
      row = rows.upperBound
    }
    return nil
  }

  /// The last match at or before a row, without going round to the end.
  ///
  /// - Parameter indexPath: Where to start: a row of the report.
  /// - Returns: The match, or `nil` when none is at or before it.
  public func match(atOrBefore indexPath: ReportIndexPath) -> ReportIndexPath? {
    let store = sections.store
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), row >= 0, store.count > 0 else {
      return nil
    }
    var last = min(row, store.count - 1)
    var block = store.block(ofRow: last)
    while block >= 0 {
      let rows = store.rows(ofBlock: block)
      if blockCounts[block] > 0,
        let found = store.detailRows(containing: needle, in: rows.lowerBound..<(last + 1)).last
      {
        return sections.indexPath(ofStoreRow: found)
      }
      block -= 1
      last = rows.lowerBound - 1
    }
    return nil
  }

  /// How many matches come before a row: a match's place among them, from 0.
  ///
  /// - Parameter indexPath: A row of the report.
  /// - Returns: The count.
  public func ordinal(of indexPath: ReportIndexPath) -> Int {
    let store = sections.store
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), store.count > 0 else { return 0 }
    let block = store.block(ofRow: min(row, store.count - 1))
    let before = blockCounts.prefix(block).reduce(0, +)
    let rows = store.rows(ofBlock: block)
    return before
      + store.detailRows(containing: needle, in: rows.lowerBound..<min(row, rows.upperBound)).count
  }
}

extension ReportSections {
  /// The row of the store at an index path: `nil` outside the report; with `allowingEnd`, the
  /// row after a section's last is the next section's first (or the end of the store).
  func storeRow(of indexPath: ReportIndexPath, allowingEnd: Bool = false) -> Int? {
    let starts = store.sectionStarts
    guard indexPath.section >= 0, indexPath.section < starts.count, indexPath.row >= 0 else { return nil }
    let row = starts[indexPath.section] + indexPath.row
    let end = indexPath.section + 1 < starts.count ? starts[indexPath.section + 1] : store.count
    return row < end || (allowingEnd && row == end) ? row : nil
  }

  /// The index path of a row of the store.
  func indexPath(ofStoreRow row: Int) -> ReportIndexPath? {
    let starts = store.sectionStarts
    guard row >= 0, row < store.count, !starts.isEmpty else { return nil }
    let section = ReportRowStore.lastIndex(in: starts, atOrBelow: row)
    return ReportIndexPath(section: section, row: row - starts[section])
  }
}
