import Entities
import FileGateways
import Presenters
import Testing
import UseCases

@testable import FuzzChecks

/// The view the report fuzzer records a report with: what it records, and what it passes on to
/// the real views behind it, with and without a draft.
@Suite struct RecordingViewTests {
  private static let rows: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .detail(description: "Tim Hortons", amount: "$1.00", odd: true),
  ]
  private static let rejection = InputRejection(
    issues: [], lines: ["line 2: not a date"], totalCount: 1, recordCount: 1, summary: "1 issue")

  /// A view to test, and a view behind it that records what it passes on.
  private static func views(takingDraft: Bool) -> (view: RecordingView, behind: RecordingView) {
    let behind = RecordingView(passingOnTo: [])
    return (RecordingView(passingOnTo: [behind], takesDraft: takingDraft), behind)
  }

  /// Views taking a draft, after a draft of a start and a row was discarded.
  private static func viewsAfterADiscardedDraft() -> (view: RecordingView, behind: RecordingView) {
    let (view, behind) = views(takingDraft: true)
    view.showReportStart()
    view.showRow(rows[0])
    view.discardDraft()
    return (view, behind)
  }

  @Test("Without a draft, every call is passed on at once")
  func passesOnAtOnce() {
    let (view, behind) = Self.views(takingDraft: false)
    view.showReportStart()
    #expect(behind.events == [.start])
    view.showRow(Self.rows[0])
    #expect(behind.events == [.start, .row(Self.rows[0])])
    view.showReportEnd()
    #expect(behind.events == [.start, .row(Self.rows[0]), .end])
    #expect(view.events == behind.events)
  }

  @Test("With a draft, the calls are held until the report ends, then passed on in order")
  func holdsADraftUntilItsEnd() {
    let (view, behind) = Self.views(takingDraft: true)
    view.showReportStart()
    for row in Self.rows { view.showRow(row) }
    #expect(behind.events.isEmpty)
    #expect(view.events == [.start] + Self.rows.map { .row($0) })
    view.showReportEnd()
    #expect(behind.events == [.start] + Self.rows.map { .row($0) } + [.end])
  }

  @Test("A discarded draft is forgotten: neither recorded nor passed on")
  func forgetsADiscardedDraft() {
    let (view, behind) = Self.viewsAfterADiscardedDraft()
    view.showReportStart()
    view.showRow(Self.rows[1])
    view.showReportEnd()
    #expect(view.events == [.start, .row(Self.rows[1]), .end])
    #expect(behind.events == view.events)
  }

  @Test("A draft discarded after a whole report is passed on: only the draft is forgotten")
  func forgetsOnlyTheDraft() {
    let (view, behind) = Self.views(takingDraft: true)
    view.showReportStart()
    view.showRow(Self.rows[0])
    view.showReportEnd()
    view.showReportStart()
    view.showRow(Self.rows[1])
    view.discardDraft()
    let missing = [
      SourceWarning(
        scope: .group(.posted),
        reason: UnavailableReason(FileProblem.noSuchFile(path: "posted.json", similarPath: nil)),
        text: "posted.json: no such file")
    ]
    view.showInputMissing(missing, rejection: Self.rejection)
    let whole: [RecordingView.Event] = [.start, .row(Self.rows[0]), .end]
    #expect(view.events == whole + [.missing(missing, Self.rejection)])
    #expect(behind.events == view.events)
  }

  @Test("Calls held before a discarded draft's start are recorded, and not passed on")
  func dropsWhatWasHeldBeforeTheDraft() {
    let (view, behind) = Self.views(takingDraft: true)
    let warning = SourceWarning(
      scope: .group(.posted),
      reason: UnavailableReason(FileProblem.noSuchFile(path: "posted.json", similarPath: nil)),
      text: "posted.json: no such file")
    view.showSourceUnavailable(warning)
    view.showReportStart()
    view.discardDraft()
    view.showReportEnd()
    #expect(view.events == [.sourceUnavailable(warning), .end])
    #expect(behind.events == [.end])
  }

  @Test("A rejection after a discarded draft is passed on alone")
  func passesOnARejectionAlone() {
    let (view, behind) = Self.viewsAfterADiscardedDraft()
    view.showInputRejected(Self.rejection)
    #expect(view.events == [.rejected(Self.rejection)])
    #expect(behind.events == [.rejected(Self.rejection)])
  }
}
