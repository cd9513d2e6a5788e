/// What a screen shows for a report: still loading, the rows, or why there are none.
///
/// A UI client renders straight from this value: no index arithmetic, no formatting.
public enum ReportViewState: Hashable, Sendable {
  /// The report has started and rows are arriving.
  case loading
  /// The report is complete: its rows, as a table view's data source answers for them.
  case loaded(ReportTableDataSource)
  /// There is no report; `message` says why, for a person.
  case failed(message: String)
  /// The report was cancelled before its end (the screen was closed, the task cancelled): what
  /// arrived is not a report, and there is nothing to show but that.
  case cancelled
}

/// A position in a ``ReportTableDataSource``: a section and a row within it, both from 0.
public struct ReportIndexPath: Hashable, Sendable {
  /// The section, from 0.
  public var section: Int
  /// The row within the section, from 0.
  public var row: Int

  /// Creates an index path.
  ///
  /// - Parameters:
  ///   - section: The section, from 0.
  ///   - row: The row within the section, from 0.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }
}

/// The report's rows divided into sections, as the terminal's table draws them and its search
/// counts them: a section starts at every header and at the grand footer, and a row is found by
/// its place from the section's first (its header), with the warnings of the sources the report
/// was made without, each at its place. ``ReportTableDataSource`` answers a table view from it.
package struct ReportSections: Hashable, Sendable {
  /// The rows, kept as the collector was given a way to keep them.
  package let store: any ReportRows
  /// The warnings about the sources the report was made without, in report order, each with its
  /// place; empty for a complete report.
  package let warnings: [ReportTableDataSource.PlacedWarning]

  /// The sections of rows kept in a store, finished.
  package init(store: some ReportRows, warnings: [ReportTableDataSource.PlacedWarning]) {
    self.store = store.finished()
    self.warnings = warnings
  }

  package static func == (left: ReportSections, right: ReportSections) -> Bool {
    left.warnings == right.warnings && left.store.count == right.store.count
      && (0..<left.store.count).allSatisfy { left.store.row(at: $0) == right.store.row(at: $0) }
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(warnings)
    for index in 0..<store.count { hasher.combine(store.row(at: index)) }
  }

  /// All rows, in report order, every one made a `ReportRow`.
  package var rows: [ReportRow] { (0..<store.count).compactMap(store.row(at:)) }

  /// How many sections there are.
  package var numberOfSections: Int { store.sectionStarts.count }

  /// How many rows a section has, its header and footer included; 0 for one that does not exist.
  package func numberOfRows(inSection section: Int) -> Int {
    range(ofSection: section)?.count ?? 0
  }

  /// The row at an index path, made when asked for; `nil` outside the report.
  package func row(at indexPath: ReportIndexPath) -> ReportRow? {
    storeRow(of: indexPath).flatMap(store.row(at:))
  }

  /// The rows of a section that start a date block (its subheaders), from the section's first.
  package func dateRows(inSection section: Int) -> [Int] {
    guard let range = range(ofSection: section) else { return [] }
    let starts = store.dateStarts
    var index = Self.firstIndex(in: starts, atOrAbove: range.lowerBound)
    var rows: [Int] = []
    while index < starts.count, starts[index] < range.upperBound {
      rows.append(starts[index] - range.lowerBound)
      index += 1
    }
    return rows
  }

  /// The rows of a section in the store.
  private func range(ofSection section: Int) -> Range<Int>? {
    let starts = store.sectionStarts
    guard section >= 0, section < starts.count else { return nil }
    return starts[section]..<(section + 1 < starts.count ? starts[section + 1] : store.count)
  }

  /// The row of the store at an index path: `nil` outside the report; with `allowingEnd`, the
  /// row after a section's last is the next section's first (or the end of the store).
  package func storeRow(of indexPath: ReportIndexPath, allowingEnd: Bool = false) -> Int? {
    guard let range = range(ofSection: indexPath.section), indexPath.row >= 0 else { return nil }
    let row = range.lowerBound + indexPath.row
    return row < range.upperBound || (allowingEnd && row == range.upperBound) ? row : nil
  }

  /// The index path of a row of the store.
  package func indexPath(ofStoreRow row: Int) -> ReportIndexPath? {
    let starts = store.sectionStarts
    guard row >= 0, row < store.count, !starts.isEmpty else { return nil }
    let section = Self.firstIndex(in: starts, atOrAbove: row + 1) - 1
    return ReportIndexPath(section: section, row: row - starts[section])
  }

  /// The first index of sorted values whose value is at least `value`.
  private static func firstIndex(in values: [Int], atOrAbove value: Int) -> Int {
    var (low, high) = (0, values.count)
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
