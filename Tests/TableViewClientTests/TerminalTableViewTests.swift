import Presenters
import Synchronization
import Testing

@testable import TableViewClient

/// The presenter's view: it keeps the report's state, counts rows, and wakes the screen only
/// when there is something new to show.
@Suite struct TerminalTableViewTests {
  private final class Counter: Sendable {
    let calls = Atomic(0)
  }

  @Test("Loading, then loaded; the screen is woken at the start and the end, not for each row")
  func loads() {
    let wakes = Counter()
    let view = TerminalTableView { wakes.calls.add(1, ordering: .relaxed) }
    view.showReportStart()
    #expect(view.state == .loading)
    for _ in 0..<100 { view.showRow(.message("m")) }
    #expect(view.rowsSoFar == 100)
    #expect(wakes.calls.load(ordering: .relaxed) == 1)
    view.showRow(.grandFooter(total: "0.00"))
    view.showReportEnd()
    #expect(wakes.calls.load(ordering: .relaxed) == 2)
    guard case .loaded(let sections) = view.state else {
      Issue.record("not loaded: \(view.state)")
      return
    }
    #expect(sections.rows.count == 101)
  }

  @Test("A refused report fails, and wakes the screen to close")
  func refused() {
    let wakes = Counter()
    let view = TerminalTableView { wakes.calls.add(1, ordering: .relaxed) }
    view.showReportStart()
    view.showInputRejected(
      InputRejection(
        issues: [], lines: ["a.json:1:1: error: bad"], totalCount: 1, recordCount: 1,
        summary: "1 invalid record"))
    #expect(wakes.calls.load(ordering: .relaxed) == 2)
    guard case .failed(let message) = view.state else {
      Issue.record("not failed: \(view.state)")
      return
    }
    #expect(message.contains("a.json:1:1: error: bad"))
  }
}
