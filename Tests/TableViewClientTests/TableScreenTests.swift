import Entities
import Presenters
import ReportRendering
import TestSupport
import Testing

@testable import TableViewClient

/// The table view's state and its frames, as a person sees them: the report as the text report
/// draws it, the sticky header, the grand total at the bottom, search, the spinner, resizing.
@Suite struct TableScreenTests {
  private let plain = TableCells.Style(colors: false)

  /// The screen of the demo at a size, loaded.
  private func demo(width: Int = 80, height: Int = 24, postedUnavailable: Bool = false) async throws
    -> TableScreen
  {
    var screen = TableScreen(width: width, height: height, style: plain)
    screen.load(try await DemoReport.dataSource(postedUnavailable: postedUnavailable))
    return screen
  }

  /// What a person reads: each line without its attributes and trailing spaces.
  private func text(_ screen: TableScreen) -> [String] {
    screen.frame().lines.map { line in
      var text = withoutSGR(line)
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// The demo as `txreport` prints it, line by line.
  private func printed(width: Int = 80) async throws -> [String] {
    var renderer = TextReportRenderer(width: width, colors: false, style: .english)
    let report = try await DemoReport.dataSource().table
    return renderer.document(report).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("The first screen is the printed report's first lines, then the grand total and the status")
  func firstScreen() async throws {
    let screen = try await demo()
    let lines = text(screen)
    let printed = try await printed()
    #expect(lines.count == 24)
    #expect(Array(lines.prefix(22)) == Array(printed.prefix(22)))
    #expect(lines[0] == "Authorized Transactions")
    #expect(lines[22].hasPrefix("Grand Total") && lines[22].hasSuffix("1338.97"))
    #expect(lines[23].hasPrefix(" lines 1–22 of 135 (0%)"))
    #expect(lines[23].hasSuffix("/ search  ? keys  q quit"))
  }

  @Test(
    "A title (--title, a period) leads the status line, as a navigation title; escaped like a description")
  func titledStatusLine() async throws {
    var style = plain
    style.heading = ReportHeading(title: "Visa\u{07}")
    var screen = TableScreen(width: 80, height: 24, style: style)
    screen.load(try await DemoReport.dataSource())
    let lines = text(screen)
    #expect(lines[23].hasPrefix(#" Visa\u{7} · lines 1–22 of 135 (0%)"#))
    #expect(lines[23].hasSuffix("/ search  ? keys  q quit"))
    let untitled = text(try await demo())
    #expect(Array(lines.prefix(23)) == Array(untitled.prefix(23)), "only the status line changes")
  }

  @Test("Scrolled into the Posted group, its header stays on top while its rows scroll under it")
  func stickyHeader() async throws {
    var screen = try await demo()
    let printed = try await printed()
    let posted = try #require(printed.firstIndex(of: "Posted Transactions"))
    screen.apply(.scrollLines(posted + 3))
    let lines = text(screen)
    #expect(lines[0] == "Posted Transactions")
    #expect(lines[1] == printed[posted + 4], "row 0 covers the line under the header")
    #expect(lines[2] == printed[posted + 5])
    #expect(!lines.dropFirst().contains("Posted Transactions"))
    screen.apply(.scrollLines(-4))
    #expect(
      text(screen)[1] == "Posted Transactions",
      "the header scrolls in as itself, under the last Authorized line")
  }

  @Test("The bottom shows the Posted total right above the grand total")
  func lastScreen() async throws {
    var screen = try await demo()
    screen.apply(.bottom)
    let lines = text(screen)
    #expect(lines[0] == "Posted Transactions")
    #expect(lines[21].hasPrefix("  Total") && lines[21].hasSuffix("778.78"))
    #expect(lines[22].hasPrefix("Grand Total") && lines[22].hasSuffix("1338.97"))
    #expect(lines[23].hasPrefix(" lines 114–135 of 135 (end)"))
    screen.apply(.top)
    #expect(text(screen)[0] == "Authorized Transactions")
  }

  @Test("Pages move by the height less two; the grand total never moves")
  func pages() async throws {
    var screen = try await demo()
    let printed = try await printed()
    screen.apply(.scrollPages(1))
    #expect(screen.viewport.top == 20)
    #expect(text(screen)[1] == printed[21], "the last line of the page before is the first under the header")
    #expect(text(screen)[22].hasPrefix("Grand Total"))
    screen.apply(.scrollHalfPages(1))
    #expect(screen.viewport.top == 31)
    screen.apply(.scrollPages(-5))
    #expect(screen.viewport.top == 0)
  }

  @Test("n and p go to the next and previous date block, then group")
  func blocks() async throws {
    var screen = try await demo()
    screen.apply(.next)
    #expect(text(screen)[1] == "  Apr 02, 2016")
    screen.apply(.next)
    #expect(text(screen)[1] == "  Apr 05, 2016")
    screen.apply(.previous)
    #expect(text(screen)[1] == "  Apr 02, 2016")
    screen.apply(.previous)
    #expect(text(screen)[1] == "  Apr 01, 2016")
    screen.apply(.previous)
    #expect(screen.viewport.top == 0)
    #expect(text(screen)[23].contains("the first group"))
    for _ in 0..<20 { screen.apply(.nextBlock) }
    #expect(
      text(screen)[0] == "Posted Transactions", "the twenty-first block after the first is the Posted group")
  }

  @Test("A search shows its first match under the header, highlighted, and n goes to the next")
  func search() async throws {
    var screen = try await demo()
    screen.apply(.beginSearch)
    for character in "pizza" { screen.apply(.type(character)) }
    #expect(screen.mode == .searching)
    let typing = screen.frame()
    #expect(withoutSGR(typing.lines[23]).hasPrefix("/pizza"))
    #expect(typing.cursor == ScreenFrame.Position(row: 23, column: 6))
    screen.apply(.submitSearch)
    var lines = text(screen)
    #expect(lines[0] == "Authorized Transactions")
    #expect(lines[1].hasPrefix("    Pizza Pizza"))
    #expect(lines[23].hasPrefix(" match 1 of 2 for “pizza”"))
    #expect(screen.frame().lines[1].hasPrefix("\u{1B}[7m"), "the match is in reverse video")
    #expect(screen.frame().cursor == nil)
    screen.apply(.next)
    lines = text(screen)
    #expect(lines[0] == "Posted Transactions")
    #expect(lines[1].hasPrefix("    Domino's Pizza"))
    #expect(lines[23].hasPrefix(" match 2 of 2"))
    screen.apply(.next)
    #expect(text(screen)[1].hasPrefix("    Pizza Pizza"))
    #expect(text(screen)[23].hasPrefix(" Search went on from the top. · match 1 of 2 for “pizza”"))
  }

  @Test("A search of a large report shows its first match at once, and the status counts the rest as it goes")
  func searchCountsAsItGoes() {
    // 200,000 detail rows, a match in every thousandth: more rows than a slice counts.
    var rows: [ReportRow] = [
      .header(title: "Posted Transactions"), .subheader(title: "Apr 01, 2016", odd: true),
    ]
    for index in 0..<200_000 {
      rows.append(
        .detail(
          description: DescriptionText(index % 1000 == 500 ? "LCBO #\(index)" : "Row \(index)"),
          amount: "1.00",
          odd: true))
    }
    rows += [
      .subfooter(odd: true), .footer(total: "200,000.00", odd: false), .grandFooter(total: "200,000.00"),
    ]
    var screen = TableScreen(width: 80, height: 24, style: plain)
    screen.load(TerminalTableDataSource(rows: rows))
    screen.apply(.bottom)  // from the end, the search goes round to the first match
    screen.apply(.beginSearch)
    for character in "lcbo" { screen.apply(.type(character)) }
    screen.apply(.submitSearch)
    #expect(text(screen)[1].hasPrefix("    LCBO #500 "))
    // The first slice counted the first match: its place, the count so far, how far.
    let first = text(screen)[23]
    #expect(first.hasPrefix(" match 1 of "), "\(first)")
    #expect(first.contains(" so far for “lcbo” · counting "), "\(first)")
    #expect(screen.isCountingSearch)
    // The next match past what is counted: its place is not known yet.
    for _ in 0..<150 { screen.apply(.next) }
    let far = text(screen)[23]
    #expect(far.hasPrefix(" a match for “lcbo” · "), "\(far)")
    var slices = 0
    while screen.isCountingSearch {
      screen.countSearch()
      slices += 1
    }
    #expect(slices >= 2)
    #expect(text(screen)[23].hasPrefix(" match 151 of 200 for “lcbo”"))
    #expect(text(screen)[1].hasPrefix("    LCBO #150500 "))
  }

  @Test("A search that finds nothing says so and leaves n to the date blocks; an empty one clears")
  func searchWithoutMatch() async throws {
    var screen = try await demo()
    screen.apply(.beginSearch)
    for character in "nowhere" { screen.apply(.type(character)) }
    screen.apply(.submitSearch)
    #expect(text(screen)[23].contains("No description holds “nowhere”."))
    #expect(screen.search == nil)
    screen.apply(.next)
    #expect(text(screen)[1] == "  Apr 02, 2016")
    screen.apply(.beginSearch)
    screen.apply(.type("x"))
    screen.apply(.deleteBackward)
    screen.apply(.deleteBackward)
    #expect(screen.mode == .browsing, "backspace on an empty search leaves it")
  }

  @Test("The list of keys covers the table and closes on the next action")
  func help() async throws {
    var screen = try await demo()
    screen.apply(.help)
    let lines = text(screen)
    #expect(lines[0] == "Keys")
    #expect(lines.contains { $0.contains("search the descriptions") })
    #expect(lines.contains { $0.hasPrefix("  q  Esc  Ctrl-C") })
    screen.apply(.closeHelp)
    #expect(text(screen)[0] == "Authorized Transactions")
  }

  @Test("The records a period left out are noted under the last group, as the printed report notes them")
  func recordsOutsideThePeriod() async throws {
    let period = try ReportPeriod(first: .fixture("2016-05-01"), last: .fixture("2016-05-31"))
    let dataSource = try await DemoReport.dataSource(period: period)
    var screen = TableScreen(width: 100, height: 24, style: plain)
    screen.load(dataSource)
    screen.apply(.bottom)

    let lines = text(screen)
    let note = try #require(lines.first { $0.hasPrefix("  Note: ") })
    #expect(note.contains("outside"))
    #expect(lines.firstIndex(of: note).map { $0 < 22 } == true, "above the grand total")
  }

  @Test("While loading, a spinner turns and keys that scroll wait")
  func loading() {
    var screen = TableScreen(width: 80, height: 24, style: plain)
    let first = text(screen)
    #expect(first[11].contains("Loading the report…"))
    #expect(first[23].hasPrefix(" Loading…"))
    screen.tick()
    #expect(text(screen)[11] != first[11], "the spinner turned")
    screen.loading(rows: 1200)
    #expect(text(screen)[11].contains("(1200 rows so far)"))
    screen.loading(rows: 1500, percent: 48)
    #expect(text(screen)[11].contains("(1500 rows so far, 48% read)"))
    screen.loading(rows: 0, percent: 7)
    #expect(text(screen)[11].contains("(7% read)"))
    screen.apply(.bottom)
    #expect(screen.viewport.top == 0)
  }

  @Test("A resize makes the cells for the new width and keeps the last line at the bottom")
  func resize() async throws {
    var screen = try await demo()
    screen.apply(.bottom)
    screen.resize(width: 60, height: 40)
    let lines = text(screen)
    #expect(lines.count == 40)
    #expect(
      lines[37].hasPrefix("  Total") && lines[37].count == 58, "the amount ends two columns from the edge")
    #expect(lines[38].hasSuffix("1338.97") && lines[38].count == 58)
    #expect(screen.viewport.top == 135 - 38)
  }

  @Test("A terminal too small for the report asks for a bigger one")
  func tooSmall() async throws {
    var screen = try await demo()
    screen.resize(width: 30, height: 10)
    let lines = text(screen)
    #expect(lines.count == 10)
    #expect(lines[0] == "Make the terminal at least 40…")
    screen.resize(width: 80, height: 4)
    #expect(text(screen)[0] == "Make the terminal at least 40×5")
  }

  @Test("A missing source shows its message row and why under it, and the grand total says so")
  func missingSource() async throws {
    var screen = try await demo(postedUnavailable: true)
    screen.apply(.bottom)
    let lines = text(screen)
    #expect(lines[19] == "Posted Transactions")
    #expect(lines[20] == "  Posted Transactions are not currently available.")
    #expect(lines[21].hasPrefix("  Incomplete report: Posted Transactions are not available:"))
    #expect(lines[22].hasPrefix("Grand Total of available sources") && lines[22].hasSuffix("560.19"))
  }

  @Test("With colour, rows are the text report's banded cells; without, no colour at all")
  func colours() async throws {
    var screen = TableScreen(width: 80, height: 24, style: TableCells.Style(colors: true))
    screen.load(try await DemoReport.dataSource())
    let lines = screen.frame().lines
    #expect(lines[1].contains("\u{1B}[48;2;247;248;252m"), "the odd band")
    #expect(lines[22].contains("\u{1B}[48;2;31;95;175m"), "the grand total's bar")
    let plainLines = try await demo().frame().lines
    #expect(!plainLines.joined().contains("\u{1B}[48;"))
    #expect(!plainLines.joined().contains("\u{1B}[38;"))
  }

  @Test("A million rows: the bottom is one step away, and a frame is the screen's lines only")
  func millionRows() {
    var screen = TableScreen(width: 80, height: 24, style: plain)
    screen.load(DemoReport.large(count: 1_000_000))
    screen.apply(.bottom)
    let lines = text(screen)
    #expect(lines.count == 24)
    #expect(lines[0] == "Authorized Transactions")
    #expect(lines[19].hasPrefix("    Purchase 999999"))
    #expect(lines[22].hasSuffix("1000000.00"))
    #expect(lines[23].hasPrefix(" lines 999983–1000004 of 1000004 (end)"))
  }
}
