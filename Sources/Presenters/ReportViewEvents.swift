/// A view that turns the presenter's calls into an asynchronous sequence of values, so a client
/// receives the report on the actor it chooses.
///
/// The report runs on a background task and calls this view there; each call becomes an
/// ``Event`` in ``events``, in order. A screen on the main actor iterates the events and applies
/// them to its own state, with no lock and no hop per call:
///
/// ```swift
/// let view = ReportViewEvents()
/// let useCase = TwoSourceReportUseCase(
///   authorized: authorized, posted: posted,
///   output: TransactionReportPresenter(output: view, style: .english))
/// Task.detached { await useCase.eventGenerateReport() }
/// for await event in view.events {  // on the main actor
///   switch event {
///   case .row(let row): rows.append(row)
///   case .reportEnd: showRows()
///   default: break
///   }
/// }
/// ```
///
/// The sequence finishes after ``Event/reportEnd`` or ``Event/inputRejected(_:)``, or when
/// ``finish()`` is called (for a report whose task was cancelled, which presents nothing more).
/// Events are buffered until they are read, so a slow reader holds the rows not read yet.
public final class ReportViewEvents: TransactionReportPresenterOutput {
  /// One call of the presenter, as a value.
  public enum Event: Hashable, Sendable {
    /// ``TransactionReportPresenterOutput/showReportStart()``.
    case reportStart
    /// ``TransactionReportPresenterOutput/showRow(_:)``.
    case row(ReportRow)
    /// ``TransactionReportPresenterOutput/showSourceUnavailable(_:)``.
    case sourceUnavailable(SourceWarning)
    /// ``TransactionReportPresenterOutput/showRecordsOutsidePeriod(_:)``.
    case recordsOutsidePeriod(RecordsOutsidePeriod)
    /// ``TransactionReportPresenterOutput/showSourceNote(_:)``.
    case sourceNote(SourceNote)
    /// ``TransactionReportPresenterOutput/showReportEnd()``: the last event of a report.
    case reportEnd
    /// ``TransactionReportPresenterOutput/showReportCancelled()``: the last event of a report
    /// cancelled before its end.
    case reportCancelled
    /// ``TransactionReportPresenterOutput/showInputRejected(_:)``: the only event of a rejected
    /// report.
    case inputRejected(InputRejection)
    /// ``TransactionReportPresenterOutput/showInputMissing(_:rejection:)``: the only event of a
    /// report refused for a missing input.
    case inputMissing([SourceWarning], rejection: InputRejection?)

    /// Makes the same call on another view, such as a ``ReportViewStateCollector`` or a
    /// screen's own view on its actor.
    public func send(to view: any TransactionReportPresenterOutput) {
      switch self {
      case .reportStart: view.showReportStart()
      case .row(let row): view.showRow(row)
      case .sourceUnavailable(let warning): view.showSourceUnavailable(warning)
      case .recordsOutsidePeriod(let note): view.showRecordsOutsidePeriod(note)
      case .sourceNote(let note): view.showSourceNote(note)
      case .reportEnd: view.showReportEnd()
      case .reportCancelled: view.showReportCancelled()
      case .inputRejected(let rejection): view.showInputRejected(rejection)
      case .inputMissing(let missing, let rejection): view.showInputMissing(missing, rejection: rejection)
      }
    }
  }

  /// The presenter's calls, in order; it finishes after the report's last event.
  public let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation

  /// Creates a view whose ``events`` buffer every call until it is read.
  public init() {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  /// Ends ``events`` without a report end, for a report that will present nothing more (its
  /// task was cancelled).
  public func finish() {
    continuation.finish()
  }

  /// Sends ``Event/reportStart``.
  public func showReportStart() {
    continuation.yield(.reportStart)
  }

  /// Sends ``Event/row(_:)``.
  public func showRow(_ row: ReportRow) {
    continuation.yield(.row(row))
  }

  /// Sends ``Event/sourceUnavailable(_:)``.
  public func showSourceUnavailable(_ warning: SourceWarning) {
    continuation.yield(.sourceUnavailable(warning))
  }

  /// Sends ``Event/recordsOutsidePeriod(_:)``.
  public func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod) {
    continuation.yield(.recordsOutsidePeriod(note))
  }

  /// Sends ``Event/sourceNote(_:)``.
  public func showSourceNote(_ note: SourceNote) {
    continuation.yield(.sourceNote(note))
  }

  /// Sends ``Event/reportCancelled`` and finishes ``events``.
  public func showReportCancelled() {
    continuation.yield(.reportCancelled)
    continuation.finish()
  }

  /// Sends ``Event/reportEnd`` and finishes ``events``.
  public func showReportEnd() {
    continuation.yield(.reportEnd)
    continuation.finish()
  }

  /// Sends ``Event/inputMissing(_:rejection:)`` and finishes ``events``.
  public func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    continuation.yield(.inputMissing(missing, rejection: rejection))
    continuation.finish()
  }

  /// Sends ``Event/inputRejected(_:)`` and finishes ``events``.
  public func showInputRejected(_ rejection: InputRejection) {
    continuation.yield(.inputRejected(rejection))
    continuation.finish()
  }
}
