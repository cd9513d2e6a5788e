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

/// The report's rows divided into sections, the way a table view asks for them.
///
/// A section starts at every header and at the grand footer: one section per group, and a last
/// one for the grand total.
public struct ReportSections: Hashable, Sendable {
  /// The rows of each section, in order.
  public let sections: [[ReportRow]]

  /// Divides rows into sections.
  ///
  /// - Parameter rows: The report's rows, in order.
  public init(rows: [ReportRow]) {
    var sections: [[ReportRow]] = []
    for row in rows {
      switch row {
      case .header, .grandFooter: sections.append([row])
      default:
        if sections.isEmpty { sections.append([]) }
        sections[sections.count - 1].append(row)
      }
    }
    self.sections = sections
  }

  /// All rows, in report order.
  public var rows: [ReportRow] { sections.flatMap { $0 } }

  /// How many sections there are.
  public var numberOfSections: Int { sections.count }

  /// How many rows a section has.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The number of rows, or 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].count : 0
  }

  /// The row at an index path.
  ///
  /// - Parameter indexPath: The section and row.
  /// - Returns: The row, or `nil` when the index path is outside the report.
  public func row(at indexPath: ReportIndexPath) -> ReportRow? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].indices.contains(indexPath.row)
    else { return nil }
    return sections[indexPath.section][indexPath.row]
  }
}
