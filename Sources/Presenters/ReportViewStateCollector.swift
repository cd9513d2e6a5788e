import Entities
import Synchronization

/// A view that collects the presenter's output into a ``ReportViewState``, for UI clients.
///
/// A table-view or web client passes one to ``TransactionReportPresenter``, runs the report on
/// any task, and then renders ``state``; the warnings about unavailable sources are kept in
/// ``warnings``. The collector is `Sendable`: what it holds is behind a lock, so a screen may
/// read ``state`` from its own actor while the report runs elsewhere (it reads
/// ``ReportViewState/loading`` until the report ends).
public final class ReportViewStateCollector: TransactionReportPresenterOutput {
  private struct Storage {
    var state: ReportViewState = .loading
    var warnings: [SourceWarning] = []
    var placedWarnings: [ReportTableDataSource.PlacedWarning] = []
    var recordsOutsidePeriod: RecordsOutsidePeriod?
    var notes: [SourceNote] = []
    var rows: any ReportRows
  }

  private let storage: Mutex<Storage>
  /// Where a report's rows are kept: an empty store of that kind.
  private let emptyRows: any ReportRows

  /// What the screen should show now.
  public var state: ReportViewState { storage.withLock { $0.state } }
  /// The sources that could not be read in the last report.
  public var warnings: [SourceWarning] { storage.withLock { $0.warnings } }
  /// How many valid records the last report's period left out, or `nil` when it left out none
  /// (or had no period): for a line under the report, such as
  /// `12 records outside 2024-03-01 to 2024-03-31 are not shown`.
  public var recordsOutsidePeriod: RecordsOutsidePeriod? { storage.withLock { $0.recordsOutsidePeriod } }
  /// The sources' notes about what they read, in order.
  public var notes: [SourceNote] { storage.withLock { $0.notes } }

  /// Creates a collector in the loading state, which keeps a report's rows in memory.
  public convenience init() {
    self.init(rows: RowList())
  }

  /// Creates a collector in the loading state whose reports keep their rows as `rows` does: the
  /// terminal's table view hands in rows kept in a few bytes each and spooled to a file.
  package init(rows: some ReportRows) {
    emptyRows = rows.emptied()
    storage = Mutex(Storage(rows: rows.emptied()))
  }

  /// Starts over: loading, no rows, no warnings.
  public func showReportStart() {
    storage.withLock { $0 = Storage(rows: emptyRows.emptied()) }
  }

  /// Keeps a row.
  public func showRow(_ row: ReportRow) {
    storage.withLock { $0.rows.append(row) }
  }

  /// Keeps a warning, and its place after the rows that arrived before it.
  public func showSourceUnavailable(_ warning: SourceWarning) {
    storage.withLock { storage in
      storage.warnings.append(warning)
      storage.placedWarnings.append(
        ReportTableDataSource.PlacedWarning(warning, rowsBefore: storage.rows.count))
    }
  }

  /// Keeps the note of the records the period left out.
  public func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod) {
    storage.withLock { $0.recordsOutsidePeriod = note }
  }

  /// Keeps a source's note.
  public func showSourceNote(_ note: SourceNote) {
    storage.withLock { $0.notes.append(note) }
  }

  /// The report was cancelled: the state becomes ``ReportViewState/cancelled``, and the rows
  /// that arrived are dropped.
  public func showReportCancelled() {
    storage.withLock { storage in
      storage.state = .cancelled
      storage.rows = RowList()
      storage.placedWarnings = []
    }
  }

  /// The report is complete: the state becomes ``ReportViewState/loaded(_:)``, with the warnings
  /// at their places among the rows.
  public func showReportEnd() {
    storage.withLock { storage in
      storage.state = .loaded(
        ReportTableDataSource(
          sections: ReportSections(store: storage.rows, warnings: storage.placedWarnings),
          notes: storage.notes,
          recordsOutsidePeriod: storage.recordsOutsidePeriod))
      storage.rows = RowList()
      storage.placedWarnings = []
    }
  }

  /// There is no report: the state becomes ``ReportViewState/failed(message:)``, with one line
  /// per missing input, then the issues of the other inputs as for a rejection.
  public func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    let issues = rejection.map { [$0.summary] + $0.lines } ?? []
    storage.withLock { storage in
      storage.rows = RowList()
      storage.state = .failed(message: (missing.map(\.text) + issues).joined(separator: "\n"))
    }
  }

  /// There is no report: the state becomes ``ReportViewState/failed(message:)``, with the
  /// summary first and then one line per listed issue.
  public func showInputRejected(_ rejection: InputRejection) {
    storage.withLock { storage in
      storage.rows = RowList()
      storage.state = .failed(message: ([rejection.summary] + rejection.lines).joined(separator: "\n"))
    }
  }
}

extension ReportViewStateCollector {
  /// Forgets every call since the report's start: a draft taken back (what the composition root
  /// hands a reading that drafts, as the collector shows nothing until the report ends).
  package func discardDraft() {
    storage.withLock { $0 = Storage(rows: emptyRows.emptied()) }
  }
}
