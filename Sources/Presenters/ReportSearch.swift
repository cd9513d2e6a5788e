/// A search of a loaded report's descriptions that keeps no list of matches: it counts them
/// block by block, and finds the next or the previous one by reading on from where it is. A
/// search that matches every one of a million rows then costs as little memory as one that
/// matches none.
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
///
/// A table that shows the first match before the search has read the whole report counts the
/// rest as it goes (the terminal's table view does, a slice between two keys):
///
/// ```swift
/// var search = ReportSearch("starbucks", in: sections, counting: .later)
/// let first = search.match(atOrAfter: ReportIndexPath(section: 0, row: 0))  // found at once
/// while !search.isCounted { search.countMore(rows: 50_000) }                // then counted
/// ```
public struct ReportSearch: Sendable {
  /// When a search counts its matches.
  public enum Counting: Sendable {
    /// When it is made: ``count`` is every match from the start.
    case now
    /// Later, a part at a time, with ``countMore(rows:)``: ``count`` is the matches among the
    /// rows counted so far (``countedRows``), from the report's first.
    case later
  }

  /// The text searched for.
  public let text: String
  /// How many detail rows match, among the rows counted: every row once ``isCounted``.
  public private(set) var count = 0
  private let sections: ReportSections
  private let needle: [UInt8]
  /// How many rows of each block of the store match, for the blocks counted so far (from the
  /// first).
  private var blockCounts: [Int] = []

  /// Makes a search of a text in a report.
  ///
  /// - Parameters:
  ///   - text: The text to look for.
  ///   - sections: The loaded report.
  ///   - counting: When the matches are counted: when it is made (the default), or later.
  public init(_ text: String, in sections: ReportSections, counting: Counting = .now) {
    self.text = text
    self.sections = sections
    needle = ReportRowStore.folded(Array(text.utf8))
    if case .now = counting { countMore(rows: sections.store.count) }
  }

  /// Whether every row has been counted: ``count`` is then every match.
  public var isCounted: Bool { blockCounts.count == sections.store.blockCount }

  /// How many rows, from the report's first, ``count`` covers: every row once ``isCounted``.
  public var countedRows: Int {
    isCounted ? sections.store.count : sections.store.rows(ofBlock: blockCounts.count).lowerBound
  }

  /// Counts the matches in at least `rows` more rows, on from where the count stopped (or in
  /// every row left, when fewer are).
  ///
  /// The store is read a block at a time, so a call counts whole blocks of rows and may count
  /// more rows than asked.
  ///
  /// - Parameter rows: How many rows to count at least; one block's worth when 0 or less.
  public mutating func countMore(rows: Int) {
    let store = sections.store
    var left = rows
    repeat {
      guard !isCounted else { return }
      let block = blockCounts.count
      let found = store.detailCount(containing: needle, inBlock: block)
      blockCounts.append(found)
      count += found
      left -= store.rows(ofBlock: block).count
    } while left > 0
  }

  /// The matches in a block: counted, or counted now (not kept: this does not change the
  /// search).
  private func matches(inBlock block: Int) -> Int {
    guard block >= blockCounts.count else { return blockCounts[block] }
    return sections.store.detailCount(containing: needle, inBlock: block)
  }

  /// Whether a block is worth reading for a match: a block counted without one is skipped
  /// unread; one not counted yet is read.
  private func mayMatch(inBlock block: Int) -> Bool {
    block >= blockCounts.count || blockCounts[block] > 0
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
    while block < store.blockCount {
      let rows = store.rows(ofBlock: block)
      if mayMatch(inBlock: block),
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
      if mayMatch(inBlock: block),
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
  /// Rows before it that are not counted yet are read for it (and stay uncounted); a table
  /// that counts as it goes asks ``countedOrdinal(of:)`` instead.
  ///
  /// - Parameter indexPath: A row of the report.
  /// - Returns: The count.
  public func ordinal(of indexPath: ReportIndexPath) -> Int {
    let store = sections.store
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), store.count > 0 else { return 0 }
    let block = store.block(ofRow: min(row, store.count - 1))
    let before = (0..<block).reduce(0) { $0 + matches(inBlock: $1) }
    let rows = store.rows(ofBlock: block)
    return before
      + store.detailRows(containing: needle, in: rows.lowerBound..<min(row, rows.upperBound)).count
  }

  /// A row's place among the matches, from 0, once the count has reached it: ``ordinal(of:)``
  /// when ``countedRows`` is past the row, so that ``count`` already includes a match there.
  ///
  /// - Parameter indexPath: A row of the report.
  /// - Returns: ``ordinal(of:)``, or `nil` while the count has not reached the row.
  public func countedOrdinal(of indexPath: ReportIndexPath) -> Int? {
    guard let row = sections.storeRow(of: indexPath, allowingEnd: true), row < countedRows || isCounted else {
      return nil
    }
    return ordinal(of: indexPath)
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
