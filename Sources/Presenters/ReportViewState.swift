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

  /// The rows of each section, in order.
  public let sections: [[ReportRow]]
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
    self.warnings = warnings
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
