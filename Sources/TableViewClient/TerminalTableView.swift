import Entities
import Presenters
import RowStorage
import Synchronization

/// The table view as the presenter's view: it keeps the report in a
/// ``Presenters/ReportViewStateCollector``, counts the rows as they come, and tells the screen
/// when there is something new to show.
///
/// The presenter calls it from the task the report runs on; the screen reads ``state`` from its
/// own thread. So it is what the collector is for an app (the view-state binding) plus the
/// nudge an app gets from its main queue: ``init(onChange:)`` takes what wakes the screen, and
/// it is called when the report starts and when it ends (loaded or refused), never once per row:
/// while loading, the screen reads ``rowsSoFar`` as its spinner turns.
package final class TerminalTableView: TransactionReportPresenterOutput {
  private let collector: ReportViewStateCollector
  private let rowCount = Atomic(0)
  /// How far each source has read, by name.
  private let readings = Mutex<[String: (read: Int, total: Int?)]>([:])
  private let onChange: @Sendable () -> Void

  /// Creates a view in the loading state.
  ///
  /// - Parameters:
  ///   - spool: Where the report's rows go, block by block (``TemporaryFileRowSpool``), kept in a
  ///     few bytes each (`CompactRows`); `nil` keeps the blocks in memory.
  ///   - onChange: What wakes the screen to look at ``state`` again.
  package init(spool: (any ReportRowSpool)? = nil, onChange: @escaping @Sendable () -> Void) {
    collector = ReportViewStateCollector(rows: CompactRows(spool: spool))
    self.onChange = onChange
  }

  /// What the screen should show: loading, the loaded sections, or why there is no report.
  package var state: ReportViewState { collector.state }
  /// The sources the report was made without.
  package var warnings: [SourceWarning] { collector.warnings }
  /// The loaded report as a table view binds it, with its notes and its records outside the
  /// period; `nil` while it is not loaded.
  package var dataSource: ReportTableDataSource? {
    if case .loaded(let dataSource) = collector.state { dataSource } else { nil }
  }
  /// The rows made so far, for the loading line.
  package var rowsSoFar: Int { rowCount.load(ordering: .relaxed) }

  /// How much of the input its sources have read, from 0 to 100, for the loading line; `nil`
  /// until a source has read, or while one's size is not known (a pipe, a download without a
  /// length). A source read a second time (to check it, then to show it) counts its latest
  /// reading.
  package var percentRead: Int? {
    readings.withLock { readings in
      guard !readings.isEmpty else { return nil }
      var read = 0
      var total = 0
      for reading in readings.values {
        guard let size = reading.total, size > 0 else { return nil }
        read += min(reading.read, size)
        total += size
      }
      return read * 100 / total
    }
  }

  /// Notes how far a source has read.
  ///
  /// - Parameters:
  ///   - source: The source's name.
  ///   - bytesRead: How many bytes it has read.
  ///   - totalBytes: Its size, when known.
  package func showReading(_ source: String, _ bytesRead: Int, of totalBytes: Int?) {
    readings.withLock { $0[source] = (bytesRead, totalBytes) }
  }

  /// A report starts: loading, no rows.
  package func showReportStart() {
    rowCount.store(0, ordering: .relaxed)
    collector.showReportStart()
    onChange()
  }

  /// Keeps a row.
  ///
  /// - Parameter row: The next row.
  package func showRow(_ row: ReportRow) {
    collector.showRow(row)
    rowCount.add(1, ordering: .relaxed)
  }

  /// Keeps a warning: the table shows it under the group's message row.
  ///
  /// - Parameter warning: The source that could not be read.
  package func showSourceUnavailable(_ warning: SourceWarning) {
    collector.showSourceUnavailable(warning)
  }

  /// The report is complete: the table loads it.
  package func showReportEnd() {
    collector.showReportEnd()
    onChange()
  }

  /// There is no report: the screen closes, and the command line says why.
  ///
  /// - Parameters:
  ///   - missing: The missing inputs.
  ///   - rejection: The issues of the other inputs, if any.
  package func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    collector.showInputMissing(missing, rejection: rejection)
    onChange()
  }

  /// There is no report: the screen closes, and the command line says why.
  ///
  /// - Parameter rejection: The issues.
  package func showInputRejected(_ rejection: InputRejection) {
    collector.showInputRejected(rejection)
    onChange()
  }

  /// The report was cancelled: the table's state says so. Nothing is woken: a report is
  /// cancelled here only once the person has quit, and the screen is gone.
  package func showReportCancelled() {
    collector.showReportCancelled()
  }
}

extension TerminalTableView {
  /// Forgets a draft, and its count of rows: the table shows nothing before the report ends, so
  /// the rows of an input that proves invalid are forgotten unseen (what the composition root
  /// hands a reading that drafts).
  package func discardDraft() {
    collector.discardDraft()
    rowCount.store(0, ordering: .relaxed)
  }
}
