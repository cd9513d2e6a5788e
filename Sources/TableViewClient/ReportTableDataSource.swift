import Presenters

/// The loaded report as a table view's data source answers for it: sections, rows, section
/// headers and footers, and the table's footer, read straight from the presenter's
/// ``Presenters/ReportSections`` through its public API.
///
/// This is the terminal's `UITableViewDataSource`. ``numberOfSections``,
/// ``numberOfRows(inSection:)`` and ``row(at:)`` are `numberOfSections(in:)`,
/// `tableView(_:numberOfRowsInSection:)` and the model half of `tableView(_:cellForRowAt:)`;
/// ``header(ofSection:)`` is the row a plain-style table pins at the top while its section
/// scrolls; ``footerNotes(inSection:)`` is `tableView(_:titleForFooterInSection:)`; and
/// ``grandTotal`` is a table footer that stays on screen. Nothing here formats or counts
/// money: every text is already in the rows.
///
/// The presenter's sections end with one for the grand total. That section does not scroll:
/// it is the ``grandTotal``, so the sections here are the groups only.
package struct ReportTableDataSource: Sendable {
  /// The presenter's sectioned view state, as loaded.
  package let sections: ReportSections
  /// The sources the report was made without, each shown under its group's message row.
  package let warnings: [SourceWarning]
  /// The grand total's row, drawn below the table whatever the scroll position; `nil` in a
  /// report that has none.
  package let grandTotal: ReportRow?
  /// How many sections scroll: every section but a last one of the grand total.
  package let numberOfSections: Int
  /// For each scrolling section, the warnings shown as its footer.
  private let notes: [[SourceWarning]]

  /// Binds to a loaded report.
  ///
  /// - Parameters:
  ///   - sections: The report's sections, as ``Presenters/ReportViewState/loaded(_:)`` holds
  ///     them.
  ///   - warnings: The sources that could not be read
  ///     (``Presenters/ReportViewStateCollector/warnings``).
  package init(sections: ReportSections, warnings: [SourceWarning] = []) {
    self.sections = sections
    self.warnings = warnings
    let last = sections.numberOfSections - 1
    let totalRow = sections.row(at: ReportIndexPath(section: max(0, last), row: 0))
    if case .grandFooter = totalRow {
      grandTotal = totalRow
      numberOfSections = last
    } else {
      grandTotal = nil
      numberOfSections = sections.numberOfSections
    }
    var notes = [[SourceWarning]](repeating: [], count: numberOfSections)
    for warning in warnings {
      let title = ReportText.title(of: warning.scope)
      let section = (0..<numberOfSections).first { section in
        sections.row(at: ReportIndexPath(section: section, row: 0)) == .header(title: title)
      }
      // A warning whose group has no section of its own still shows, under the last group.
      if let section = section ?? (numberOfSections > 0 ? numberOfSections - 1 : nil) {
        notes[section].append(warning)
      }
    }
    self.notes = notes
  }

  /// How many rows a section has.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The count, or 0 for a section that does not scroll or does not exist.
  package func numberOfRows(inSection section: Int) -> Int {
    section < numberOfSections ? sections.numberOfRows(inSection: section) : 0
  }

  /// The row at an index path.
  ///
  /// - Parameter indexPath: The section and row.
  /// - Returns: The row, or `nil` outside the scrolling sections.
  package func row(at indexPath: ReportIndexPath) -> ReportRow? {
    indexPath.section < numberOfSections ? sections.row(at: indexPath) : nil
  }

  /// The section's header row, which stays at the top while the section's other rows scroll
  /// under it.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The section's first row when it is a header, else `nil`.
  package func header(ofSection section: Int) -> ReportRow? {
    guard case .header? = row(at: ReportIndexPath(section: section, row: 0)) else { return nil }
    return row(at: ReportIndexPath(section: section, row: 0))
  }

  /// The warnings shown under a section's rows: the section's group could not be read.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: The warnings, usually none.
  package func footerNotes(inSection section: Int) -> [SourceWarning] {
    notes.indices.contains(section) ? notes[section] : []
  }
}
