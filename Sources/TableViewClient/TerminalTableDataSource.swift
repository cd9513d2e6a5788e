import Presenters

/// The loaded report as the terminal's table draws it, bound through the public
/// ``Presenters/ReportTableDataSource`` as an app's table view binds it.
///
/// The terminal draws a section's header and footer as lines of the section, the header
/// sticking at the top while the section scrolls, so here a section's rows are the data
/// source's header, rows and footer in order: ``row(at:)`` row 0 is the header when the section
/// has one. ``footerNotes(inSection:)`` are the data source's warnings under the section, and
/// ``grandTotal`` is the table's footer, which stays on screen.
package struct TerminalTableDataSource: Sendable {
  /// The public data source this one draws.
  package let table: ReportTableDataSource

  /// The rows in sections starting at their headers, as this data source counts them.
  package var sections: ReportSections { table.sections }
  /// The sources the report was made without, each shown under its group's message row.
  package var warnings: [SourceWarning] { table.warnings }
  /// The grand total's row, drawn below the table whatever the scroll position; `nil` in a
  /// report that has none.
  package var grandTotal: ReportRow? { table.grandTotal }
  /// How many sections scroll: every section but a last one of the grand total.
  package var numberOfSections: Int { table.numberOfSections }

  /// Binds to a loaded report.
  ///
  /// - Parameter table: The public data source of the loaded report.
  package init(_ table: ReportTableDataSource) {
    self.table = table
  }

  /// Binds to a report of rows, with the warnings of the sources it was made without at their
  /// places: what a test draws.
  ///
  /// - Parameters:
  ///   - rows: The report's rows, in order.
  ///   - warnings: The warnings, each with its place among the rows.
  package init(rows: [ReportRow], warnings: [ReportTableDataSource.PlacedWarning] = []) {
    self.init(ReportTableDataSource(rows: rows, warnings: warnings))
  }

  /// How many lines a section's rows take: its header, its rows and its footer.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The count, or 0 for a section that does not scroll or does not exist.
  package func numberOfRows(inSection section: Int) -> Int {
    guard section >= 0, section < numberOfSections else { return 0 }
    return (table.header(inSection: section) == nil ? 0 : 1) + table.numberOfRows(inSection: section)
      + (table.footer(inSection: section) == nil ? 0 : 1)
  }

  /// The row at an index path: the header first when the section has one, the footer last.
  ///
  /// - Parameter indexPath: The section and row.
  /// - Returns: The row, or `nil` outside the scrolling sections.
  package func row(at indexPath: ReportIndexPath) -> ReportRow? {
    let section = indexPath.section
    guard indexPath.row >= 0, indexPath.row < numberOfRows(inSection: section) else { return nil }
    var row = indexPath.row
    if let header = table.header(inSection: section) {
      if row == 0 { return header }
      row -= 1
    }
    if row == table.numberOfRows(inSection: section) { return table.footer(inSection: section) }
    return table.row(at: ReportIndexPath(section: section, row: row))
  }

  /// The section's header row, which stays at the top while the section's other rows scroll
  /// under it.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The header, else `nil`.
  package func header(ofSection section: Int) -> ReportRow? {
    table.header(inSection: section)
  }

  /// A line under a section's rows.
  package enum FooterNote: Equatable, Sendable {
    /// The section's group could not be read (`Incomplete report: …`).
    case warning(SourceWarning)
    /// Under the last section, what the printed report says beside it: a source's note (lines
    /// skipped, a text read as Windows-1252…), the records the period left out.
    case note(String)

    /// The note's text.
    package var text: String {
      switch self {
      case .warning(let warning): warning.text
      case .note(let text): text
      }
    }
  }

  /// The lines shown under a section's rows: the warnings of a group that could not be read;
  /// and under the last section, the report's notes, as the printed report gives them on
  /// standard error.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The notes, usually none.
  package func footerNotes(inSection section: Int) -> [FooterNote] {
    let warnings = table.warnings(inSection: section).map(FooterNote.warning)
    guard section == numberOfSections - 1 else { return warnings }
    let notes = table.notes.map(\.text) + [table.recordsOutsidePeriod?.text].compactMap { $0 }
    return warnings + notes.map(FooterNote.note)
  }

  /// The rows of a section that start a block: its header, and each date's subheader.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The rows, counted as ``row(at:)`` counts them, in order.
  package func blockRows(inSection section: Int) -> [Int] {
    let offset = table.header(inSection: section) == nil ? 0 : 1
    return (offset == 1 ? [0] : []) + table.dateRows(inSection: section).map { $0 + offset }
  }
}
