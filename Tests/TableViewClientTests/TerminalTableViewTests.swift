import Entities
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

  @Test("The share of the input read: every source's latest reading, none while a size is unknown")
  func percentRead() {
    let view = TerminalTableView {}
    #expect(view.percentRead == nil)
    view.showReading("authorized.json", 50, of: 100)
    #expect(view.percentRead == 50)
    view.showReading("posted.json", 0, of: 300)
    #expect(view.percentRead == 12)
    view.showReading("posted.json", 300, of: 300)
    #expect(view.percentRead == 87)
    view.showReading("-", 10, of: nil)
    #expect(view.percentRead == nil, "standard input's size is not known")
  }

  @Test("A draft taken back forgets its rows; a detail of shared bytes is kept as the same row")
  func draft() throws {
    let view = TerminalTableView {}
    view.showReportStart()
    view.showRow(.message("taken back"))
    view.discardDraft()
    #expect(view.rowsSoFar == 0)
    view.showReportStart()
    view.showRow(
      .detail(
        description: DescriptionText(sharing: Array("Starbucks".utf8), range: 0..<9), amount: "-3.11",
        odd: true))
    view.showReportEnd()
    guard case .loaded(let sections) = view.state else {
      Issue.record("not loaded: \(view.state)")
      return
    }
    #expect(sections.rows == [.detail(description: "Starbucks", amount: "-3.11", odd: true)])
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
