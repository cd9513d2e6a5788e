import Presenters
import ReportRendering

extension TableScreen {
  /// The frames of the loading spinner, one per tick.
  static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// What the screen shows now: the table's visible lines (the sticky header over the first),
  /// the grand total, the status line; or the spinner, the list of keys, or a request for a
  /// bigger terminal.
  ///
  /// Only the lines on screen are made, whatever the size of the report.
  ///
  /// - Returns: One line per line of the screen.
  package func frame() -> ScreenFrame {
    guard !isTooSmall else { return tooSmall() }
    var lines: [String]
    switch (mode, phase) {
    case (.help, _):
      lines = helpLines()
    case (_, .loading(let rows, let percent, let tick)):
      lines = [String](repeating: "", count: viewport.height)
      let counts = [rows > 0 ? "\(rows) rows so far" : nil, percent.map { "\($0)% read" }].compactMap { $0 }
      let count = counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")"
      let spin = Self.spinner[tick % Self.spinner.count]
      lines[viewport.height / 2] = cells.plain("  \(spin) Loading the report…" + count)
    case (_, .loaded(let dataSource, let layout)):
      lines = tableLines(dataSource, layout)
    }
    lines.append(grandTotalLine())
    let (status, cursor) = statusLine()
    lines.append(status)
    return ScreenFrame(lines: lines, cursor: cursor)
  }

  private func tooSmall() -> ScreenFrame {
    var lines = [String](repeating: "", count: max(1, height))
    let request = "Make the terminal at least \(Self.minimumWidth)×\(Self.minimumHeight)"
    lines[0] = DisplayWidth.truncated(request, toColumns: max(0, width))
    return ScreenFrame(lines: lines)
  }

  /// The visible lines of the table, with the sticky header over the first.
  private func tableLines(_ dataSource: TerminalTableDataSource, _ layout: TableLayout) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(viewport.height)
    let sticky = layout.stickyHeaderLine(top: viewport.top)
    for line in viewport.top..<viewport.top + viewport.height {
      let shown = line == viewport.top ? (sticky ?? line) : line
      switch layout.content(ofLine: shown) {
      case .row(let indexPath)?:
        lines.append(
          dataSource.row(at: indexPath).map {
            cells.cell(for: $0, highlighted: search?.matches(line: shown) ?? false)
          } ?? "")
      case .note(let section, let index)?:
        switch dataSource.footerNotes(inSection: section)[index] {
        case .warning(let warning): lines.append(cells.note(for: warning))
        case .note(let text): lines.append(cells.plain("  Note: " + text))
        }
      case .spacer?, nil:
        lines.append("")
      }
    }
    return lines
  }

  private func grandTotalLine() -> String {
    guard case .loaded(let dataSource, _) = phase, let total = dataSource.grandTotal else { return "" }
    return cells.cell(for: total, incomplete: !dataSource.warnings.isEmpty)
  }

  /// The status line and, while a search is typed, the cursor at its end.
  private func statusLine() -> (String, ScreenFrame.Position?) {
    let keys: [String]
    let left: String
    switch (mode, phase) {
    case (.searching, _):
      let prompt = "/" + typed
      let text = cells.status(prompt, keys: ["Enter search  Esc cancel"])
      let column = min(width - 1, DisplayWidth.columns(of: ReportText.visible(prompt)))
      return (text, ScreenFrame.Position(row: height - 1, column: column))
    case (.help, _):
      left = "Keys"
      keys = ["any key closes"]
    case (_, .loading):
      left = "Loading…"
      keys = ["q quit"]
    case (_, .loaded(_, let layout)):
      // A notice (a search that went round) does not hide where the search is, nor its count.
      let said = [notice, searchSummary()].compactMap { $0 }
      left = said.isEmpty ? titled(position(layout)) : said.joined(separator: " · ")
      keys = [
        search == nil ? "/ search  ? keys  q quit" : "n next  N previous  ? keys  q quit", "? keys  q quit",
      ]
    }
    return (cells.status(" " + left, keys: keys.map { $0 + " " }), nil)
  }

  /// The position, after the report's title and period when one is given: the table view's
  /// navigation title, `Visa, March 2024 · lines 1–22 of 135 (0%)` (the status line escapes it).
  private func titled(_ position: String) -> String {
    cells.heading.map { $0 + " · " + position } ?? position
  }

  /// The current match: `match 3 of 120 for “pizza”`; while the matches are counted,
  /// `match 3 of 41 so far for “pizza” · counting 35%`, or, before the count reaches it,
  /// `a match for “pizza” · 41 so far · counting 35%`.
  private func searchSummary() -> String? {
    guard let search, search.currentLine != nil else { return nil }
    let (text, count, counting) = ("“\(search.text)”", search.count, "counting \(search.percentCounted)%")
    switch (search.current, search.isCounting) {
    case (let current?, false): return "match \(current + 1) of \(count) for \(text)"
    case (let current?, true): return "match \(current + 1) of \(count) so far for \(text) · \(counting)"
    case (nil, _): return "a match for \(text) · \(count) so far · \(counting)"
    }
  }

  private func position(_ layout: TableLayout) -> String {
    let lines = viewport.visibleLines
    guard !lines.isEmpty else { return "no lines" }
    let place =
      viewport.showsEverything ? "all" : lines.upperBound == layout.lineCount ? "end" : "\(percent)%"
    return "lines \(lines.lowerBound + 1)–\(lines.upperBound) of \(layout.lineCount) (\(place))"
  }

  private var percent: Int {
    viewport.maximumTop == 0 ? 100 : viewport.top * 100 / viewport.maximumTop
  }

  /// The keys, as a list over the table.
  private func helpLines() -> [String] {
    let keys: [(String, String)] = [
      ("j  ↓  Enter", "down a line"),
      ("k  ↑", "up a line"),
      ("Space  f  PgDn", "down a page"),
      ("b  PgUp", "up a page"),
      ("Ctrl-D  Ctrl-U", "down, up half a page"),
      ("g  Home", "to the top"),
      ("G  End", "to the bottom"),
      ("n  p", "next, previous group or date block"),
      ("/", "search the descriptions"),
      ("n  N", "after a search: next, previous match"),
      ("]  [", "next, previous date block, searching or not"),
      ("mouse wheel", "scroll"),
      ("Ctrl-L", "draw the screen again"),
      ("Ctrl-Z", "suspend (fg comes back)"),
      ("q  Esc  Ctrl-C", "quit"),
    ]
    var lines = [cells.cell(for: .header(title: "Keys"))]
    for (key, meaning) in keys {
      lines.append(cells.plain("  " + key + String(repeating: " ", count: max(1, 18 - key.count)) + meaning))
    }
    lines.append("")
    lines.append(cells.plain("  Press any key to close this list."))
    if lines.count > viewport.height { lines = Array(lines.prefix(viewport.height)) }
    return lines + [String](repeating: "", count: viewport.height - lines.count)
  }
}
