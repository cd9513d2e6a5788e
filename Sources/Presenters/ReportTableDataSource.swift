/// A loaded report as a table view's data source answers for it: a section per group, its
/// rows without the group's header and footer, the header and the footer apart, and the
/// report-level notes (the grand total, the sources' notes, the records outside the period,
/// the warnings of the sources the report was made without).
///
/// A UIKit-style client binds it with no index arithmetic:
///
/// | table view asks | the data source answers |
/// | --- | --- |
/// | `numberOfSections(in:)` | ``numberOfSections`` |
/// | `tableView(_:numberOfRowsInSection:)` | ``numberOfRows(inSection:)`` |
/// | `tableView(_:cellForRowAt:)` | ``row(at:)``: a date, a transaction, a date block's end, a message |
/// | `tableView(_:viewForHeaderInSection:)` | ``header(inSection:)``: the group's title |
/// | `tableView(_:viewForFooterInSection:)` | ``footer(inSection:)`` (the group's total) and ``warnings(inSection:)`` |
/// | the table's footer | ``grandTotal``, labelled as covering the available sources when ``isIncomplete`` |
/// | `sectionIndexTitles`, a "next date" key | ``dateRows(inSection:)`` |
/// | exporting the report | a renderer's `document(_:)`, which writes ``rows`` and ``placedWarnings`` |
///
/// Nothing here formats or counts money: every text is already in the rows.
///
/// ```swift
/// // After the report, on the main actor.
/// guard case .loaded(let dataSource) = collector.state else { return }
/// ```
public struct ReportTableDataSource: Hashable, Sendable {
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

  /// The rows in sections starting at their headers, as the terminal's table and its search see
  /// them.
  package let sections: ReportSections
  /// How many sections there are: one per group (or per report-level message), not counting
  /// the grand total, which is ``grandTotal``.
  public let numberOfSections: Int
  /// The grand total's row (``ReportRow/grandFooter(total:)``): the table's footer; `nil` in a
  /// report that has none.
  public let grandTotal: ReportRow?
  /// The sources' notes about what they read, in order: for lines under the table.
  public let notes: [SourceNote]
  /// How many valid records the period left out, or `nil` when it left out none: for a line
  /// under the table.
  public let recordsOutsidePeriod: RecordsOutsidePeriod?
  /// For each section: whether it starts with a header, whether it ends with a footer.
  private let bounds: [Bounds]
  /// For each section, the warnings shown under it.
  private let sectionWarnings: [[SourceWarning]]

  private struct Bounds: Hashable, Sendable {
    var header: Bool
    var footer: Bool
  }

  /// Binds to the rows of a report, as a collector loads them.
  ///
  /// - Parameters:
  ///   - rows: The report's rows, in order.
  ///   - warnings: The warnings about the sources the report was made without, each with its
  ///     place among the rows; none by default.
  ///   - notes: The sources' notes; none by default.
  ///   - recordsOutsidePeriod: The records the period left out; `nil` by default.
  public init(
    rows: [ReportRow], warnings: [PlacedWarning] = [], notes: [SourceNote] = [],
    recordsOutsidePeriod: RecordsOutsidePeriod? = nil
  ) {
    var list = RowList()
    for row in rows { list.append(row) }
    self.init(
      sections: ReportSections(store: list, warnings: warnings), notes: notes,
      recordsOutsidePeriod: recordsOutsidePeriod)
  }

  /// Binds to a report's sections.
  package init(sections: ReportSections, notes: [SourceNote], recordsOutsidePeriod: RecordsOutsidePeriod?) {
    self.sections = sections
    self.notes = notes
    self.recordsOutsidePeriod = recordsOutsidePeriod
    var count = sections.numberOfSections
    let last = sections.row(at: ReportIndexPath(section: count - 1, row: 0))
    if case .grandFooter? = last {
      grandTotal = last
      count -= 1
    } else {
      grandTotal = nil
    }
    numberOfSections = count
    bounds = (0..<count).map { section in
      let rows = sections.numberOfRows(inSection: section)
      var header = false
      var footer = false
      if case .header? = sections.row(at: ReportIndexPath(section: section, row: 0)) { header = true }
      if case .footer? = sections.row(at: ReportIndexPath(section: section, row: rows - 1)) { footer = true }
      return Bounds(header: header, footer: footer)
    }
    // A warning follows its group's message row: it goes under the section of that row.
    var warnings = [[SourceWarning]](repeating: [], count: count)
    var section = 0
    var rowsBefore = 0
    for placed in sections.warnings where count > 0 {
      while section < count - 1, rowsBefore + sections.numberOfRows(inSection: section) < placed.rowsBefore {
        rowsBefore += sections.numberOfRows(inSection: section)
        section += 1
      }
      warnings[section].append(placed.warning)
    }
    sectionWarnings = warnings
  }

  /// Whether a source is missing from the report: the grand total then covers only the sources
  /// that were available, and says so (`ReportWording.grandTotalOfAvailableSourcesLabel`).
  public var isIncomplete: Bool { !sections.warnings.isEmpty }

  /// The warnings about the sources the report was made without, in report order.
  public var warnings: [SourceWarning] { sections.warnings.map(\.warning) }

  /// The same warnings, each with its place among ``rows``: right after its group's message row,
  /// where a document says `Incomplete report:`.
  public var placedWarnings: [PlacedWarning] { sections.warnings }

  /// Every row of the report, in order, each made a ``ReportRow``: what a document of the whole
  /// report writes, a small report's test reads. A table asks for the rows it shows with
  /// ``row(at:)``, which makes only those.
  public var rows: [ReportRow] { sections.rows }

  /// How many rows a section has, without its header and its footer.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The count, or 0 for a section that does not exist.
  public func numberOfRows(inSection section: Int) -> Int {
    guard bounds.indices.contains(section) else { return 0 }
    let bound = bounds[section]
    return sections.numberOfRows(inSection: section) - (bound.header ? 1 : 0) - (bound.footer ? 1 : 0)
  }

  /// The row at an index path, counted without the section's header: row 0 is the first row
  /// under it.
  ///
  /// - Parameter indexPath: The section and row.
  /// - Returns: The row, or `nil` outside the sections' rows.
  public func row(at indexPath: ReportIndexPath) -> ReportRow? {
    guard indexPath.row >= 0, indexPath.row < numberOfRows(inSection: indexPath.section) else { return nil }
    let offset = bounds[indexPath.section].header ? 1 : 0
    return sections.row(at: ReportIndexPath(section: indexPath.section, row: indexPath.row + offset))
  }

  /// The section's header: the group's title, which a plain-style table pins at the top while
  /// the section scrolls.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The ``ReportRow/header(title:)`` row, or `nil` for a section without one (a
  ///   report-level message) or that does not exist.
  public func header(inSection section: Int) -> ReportRow? {
    guard bounds.indices.contains(section), bounds[section].header else { return nil }
    return sections.row(at: ReportIndexPath(section: section, row: 0))
  }

  /// The section's footer: the group's total.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The ``ReportRow/footer(total:odd:)`` row, or `nil` for a section without one (a
  ///   group shown by a message) or that does not exist.
  public func footer(inSection section: Int) -> ReportRow? {
    guard bounds.indices.contains(section), bounds[section].footer else { return nil }
    return sections.row(
      at: ReportIndexPath(section: section, row: sections.numberOfRows(inSection: section) - 1))
  }

  /// The warnings shown under a section: its group's source could not be read, and the report
  /// says `Incomplete report:` there.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The warnings, usually none.
  public func warnings(inSection section: Int) -> [SourceWarning] {
    sectionWarnings.indices.contains(section) ? sectionWarnings[section] : []
  }

  /// The rows of a section that start a date block (``ReportRow/subheader(title:odd:)``),
  /// counted as ``row(at:)`` counts them: where a "next date" key, or a table's index, jumps.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The rows, in order; none for a section that does not exist.
  public func dateRows(inSection section: Int) -> [Int] {
    guard bounds.indices.contains(section) else { return [] }
    let offset = bounds[section].header ? 1 : 0
    return sections.dateRows(inSection: section).map { $0 - offset }
  }
}
