/// What a screen shows for a report: still loading, the rows, or why there are none.
///
/// A UI client renders straight from this value: no index arithmetic, no formatting.
public enum ReportViewState: Hashable, Sendable {
  /// The report has started and rows are arriving.
  case loading
  /// The report is complete.
  case loaded(ReportSections)
  /// There is no report; `message` says why, for a person.
  case failed(message: String)
  /// The report was cancelled before its end (the screen was closed, the task cancelled): what
  /// arrived is not a report, and there is nothing to show but that.
  case cancelled
}

/// A position in a ``ReportSections``: a section and a row within it, both from 0.
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

/// The report's rows divided into sections, the way a table view asks for them, with the
/// warnings of the sources it was made without, each at its place.
///
/// A section starts at every header and at the grand footer: one section per group, and a last
/// one for the grand total. A report made without a source keeps that source's warning right
/// after the group's message row, where the command line's output says `Incomplete report:`
/// (see ``warnings``), so the document of a finished report is the one the stream writes.
public struct ReportSections: Hashable, Sendable {
  /// A warning about a source the report was made without, and its place among the rows.
  public struct PlacedWarning: Hashable, Sendable {
    /// The source that could not be read, and why.
    public let warning: SourceWarning
    /// How many of the report's rows come before the warning: it follows the last of them,
    /// its group's message row.
    public let rowsBefore: Int

    /// Places a warning among the rows.
    ///
    /// - Parameters:
    ///   - warning: The source that could not be read, and why.
    ///   - rowsBefore: How many of the report's rows come before it.
    public init(_ warning: SourceWarning, rowsBefore: Int) {
      self.warning = warning
      self.rowsBefore = rowsBefore
    }
  }

  /// The rows, kept compactly: made `ReportRow` values when asked for.
  let store: ReportRowStore
  /// The warnings about the sources the report was made without, in report order, each with its
  /// place; empty for a complete report.
  public let warnings: [PlacedWarning]

  /// Whether a source is missing from the report: its grand total covers only the sources that
  /// were available.
  public var isIncomplete: Bool { !warnings.isEmpty }

  /// Divides rows into sections.
  ///
  /// - Parameters:
  ///   - rows: The report's rows, in order.
  ///   - warnings: The warnings about the sources the report was made without, each with its
  ///     place among the rows; none by default.
  public init(rows: [ReportRow], warnings: [PlacedWarning] = []) {
    var store = ReportRowStore()
    for row in rows { store.append(row) }
    self.init(store: store, warnings: warnings)
  }

  /// The sections of rows kept compactly.
  init(store: ReportRowStore, warnings: [PlacedWarning]) {
    self.store = store.finished()
    self.warnings = warnings
  }

  /// The rows of each section, in order, every one made a `ReportRow`: for a small report, or
  /// a test. A table asks for the rows it shows with ``row(at:)``, which makes only those.
  public var sections: [[ReportRow]] {
    (0..<numberOfSections).map { section in
      (0..<numberOfRows(inSection: section)).compactMap {
        row(at: ReportIndexPath(section: section, row: $0))
      }
    }
  }

  /// All rows, in report order, every one made a `ReportRow`.
  public var rows: [ReportRow] { (0..<store.count).compactMap(store.row(at:)) }

  /// How many sections there are.
  public var numberOfSections: Int { store.sectionStarts.count }

  /// How many rows a section has.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The number of rows, or 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    guard let range = range(ofSection: section) else { return 0 }
    return range.count
  }

  /// The row at an index path, made when asked for.
  ///
  /// - Parameter indexPath: The section and row.
  /// - Returns: The row, or `nil` when the index path is outside the report.
  public func row(at indexPath: ReportIndexPath) -> ReportRow? {
    guard let range = range(ofSection: indexPath.section), indexPath.row >= 0, indexPath.row < range.count
    else { return nil }
    return store.row(at: range.lowerBound + indexPath.row)
  }

  /// The rows of a section that start a date block (its subheaders), from the section's first
  /// row: where a table's index or a "next date" key jumps to.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The rows, in order; none for a section that does not exist.
  public func dateRows(inSection section: Int) -> [Int] {
    guard let range = range(ofSection: section) else { return [] }
    let starts = store.dateStarts
    let first = firstIndex(in: starts, atOrAbove: range.lowerBound)
    var rows: [Int] = []
    var index = first
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

  /// The first index of sorted values whose value is at least `value`.
  private func firstIndex(in values: [Int], atOrAbove value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
