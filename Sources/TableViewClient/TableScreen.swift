import Presenters

/// The state of the table view, and what each action does to it: no input, no output, no
/// clock, so every key's effect can be tested as a value.
///
/// The screen is the scrolling table (``TableLayout`` over a ``TerminalTableDataSource``, seen
/// through a ``Viewport``), then the grand total, which stays on screen, then a status line.
/// While the report loads, a spinner stands in for the table. ``frame()`` draws it all
/// (`TableScreen+Frame.swift`).
package struct TableScreen: Sendable {
  /// Whether the report is still loading.
  package enum Phase: Sendable {
    /// The report is being made; `rows` have been made so far, `percent` of the input is read
    /// (when its size is known), and `tick` turns the spinner.
    case loading(rows: Int, percent: Int?, tick: Int)
    /// The report is here.
    case loaded(TerminalTableDataSource, TableLayout)
  }

  /// The smallest screen the view draws on: narrower, the report's columns do not fit.
  package static let minimumWidth = 40
  /// The fewest lines the view draws on: a line of the table, its header, the grand total and
  /// the status line, and one more.
  package static let minimumHeight = 5
  /// The longest search that can be typed.
  package static let longestSearch = 200

  /// Loading or loaded.
  package private(set) var phase: Phase = .loading(rows: 0, percent: nil, tick: 0)
  /// What keys do now.
  package private(set) var mode: KeyMap.Mode = .browsing
  /// Which lines of the table are on screen.
  package private(set) var viewport: Viewport
  /// The search made, while it has matches.
  package private(set) var search: DescriptionSearch?
  /// The search being typed.
  package private(set) var typed = ""
  /// A message for the status line until the next key, such as a search that found nothing.
  package private(set) var notice: String?
  /// The size of the screen.
  package private(set) var width: Int
  /// The number of lines of the screen.
  package private(set) var height: Int
  /// How the screen is coloured.
  package let style: TableCells.Style
  /// The cells at the screen's width.
  private(set) var cells: TableCells

  /// Creates the view of a report that is loading.
  ///
  /// - Parameters:
  ///   - width: The width of the screen, in columns.
  ///   - height: The number of lines of the screen.
  ///   - style: How it is coloured.
  package init(width: Int, height: Int, style: TableCells.Style) {
    self.width = width
    self.height = height
    self.style = style
    cells = TableCells(width: max(width, Self.minimumWidth), style: style)
    viewport = Viewport(height: height - 2, lineCount: 0)
  }

  /// Whether the screen is too small to draw the report on.
  package var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

  /// Whether the report is still loading.
  package var isLoading: Bool {
    if case .loading = phase { true } else { false }
  }

  /// The terminal changed size: the cells are made for the new width, and the table keeps its
  /// top line where it can.
  ///
  /// - Parameters:
  ///   - width: The new width, in columns.
  ///   - height: The new number of lines.
  package mutating func resize(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = TableCells(width: max(width, Self.minimumWidth), style: style)
    viewport.resize(height: height - 2)
  }

  /// Counts the rows made so far, and how much of the input is read, for the loading line.
  ///
  /// - Parameters:
  ///   - rows: The rows made so far.
  ///   - percent: How much of the input is read, from 0 to 100; `nil` when its size is not known.
  package mutating func loading(rows: Int, percent: Int? = nil) {
    if case .loading(_, _, let tick) = phase { phase = .loading(rows: rows, percent: percent, tick: tick) }
  }

  /// Whether a search is still counting its matches: the session then gives it a slice of
  /// counting whenever no key is waiting (``countSearch()``).
  package var isCountingSearch: Bool { search?.isCounting ?? false }

  /// Counts the search's matches in one more slice of the report's rows.
  package mutating func countSearch() {
    search?.countMore()
  }

  /// Turns the spinner.
  package mutating func tick() {
    if case .loading(let rows, let percent, let tick) = phase {
      phase = .loading(rows: rows, percent: percent, tick: tick + 1)
    }
  }

  /// The report is here: the table shows it from the top (`reloadData`).
  ///
  /// - Parameter dataSource: The loaded report.
  package mutating func load(_ dataSource: TerminalTableDataSource) {
    let layout = TableLayout(dataSource)
    phase = .loaded(dataSource, layout)
    viewport.reload(lineCount: layout.lineCount)
    viewport.scroll(to: 0)
    search = nil
  }

  /// Does what an action asks. Quitting, suspending and redrawing are the terminal's to do:
  /// they change nothing here.
  ///
  /// - Parameter action: The action.
  package mutating func apply(_ action: TableAction) {
    notice = nil
    switch action {
    case .help:
      mode = .help
    case .closeHelp:
      mode = .browsing
    case .redraw, .quit, .interrupt, .suspend:
      break
    default:
      guard case .loaded(let dataSource, let layout) = phase else { return }
      apply(action, dataSource: dataSource, layout: layout)
    }
  }

  private mutating func apply(_ action: TableAction, dataSource: TerminalTableDataSource, layout: TableLayout)
  {
    switch action {
    case .scrollLines(let lines): viewport.scroll(by: lines)
    case .scrollPages(let pages): viewport.scroll(pages: pages)
    case .scrollHalfPages(let halves): viewport.scroll(by: halves * max(1, viewport.height / 2))
    case .top: viewport.scroll(to: 0)
    case .bottom: viewport.scroll(to: viewport.maximumTop)
    case .next:
      search == nil ? moveToBlock(forward: true, layout: layout) : moveToMatch(forward: true, layout: layout)
    case .previous:
      search == nil
        ? moveToBlock(forward: false, layout: layout) : moveToMatch(forward: false, layout: layout)
    case .nextBlock: moveToBlock(forward: true, layout: layout)
    case .previousBlock: moveToBlock(forward: false, layout: layout)
    case .beginSearch:
      mode = .searching
      typed = ""
    case .type(let character):
      if typed.count < Self.longestSearch { typed.append(character) }
    case .deleteBackward:
      if typed.isEmpty { mode = .browsing } else { typed.removeLast() }
    case .clearInput: typed = ""
    case .cancelSearch: mode = .browsing
    case .submitSearch: submitSearch(dataSource: dataSource, layout: layout)
    case .help, .closeHelp, .redraw, .quit, .interrupt, .suspend: break
    }
  }

  /// The line just under the header row: where a block or a match is brought to.
  private func anchor(_ layout: TableLayout) -> Int {
    layout.top(showing: viewport.top + 1) == viewport.top ? viewport.top + 1 : viewport.top
  }

  private mutating func show(line: Int, layout: TableLayout) {
    viewport.scroll(to: layout.top(showing: line))
  }

  /// Brings the next (or previous) group or date block under the header: the first one that
  /// moves the table, as one near either end may already be where it can go.
  private mutating func moveToBlock(forward: Bool, layout: TableLayout) {
    let step = { (line: Int) in forward ? layout.blockStart(after: line) : layout.blockStart(before: line) }
    var target = step(anchor(layout))
    while let line = target {
      var moved = viewport
      moved.scroll(to: layout.top(showing: line))
      guard moved.top == viewport.top else {
        viewport = moved
        return
      }
      target = step(line)
    }
    notice = forward ? "This is the last date block." : "This is the first group."
  }

  private mutating func moveToMatch(forward: Bool, layout: TableLayout) {
    guard var search, let (line, wrapped) = forward ? search.selectNext() : search.selectPrevious() else {
      return
    }
    self.search = search
    show(line: line, layout: layout)
    if wrapped { notice = forward ? "Search went on from the top." : "Search went on from the bottom." }
  }

  private mutating func submitSearch(dataSource: TerminalTableDataSource, layout: TableLayout) {
    mode = .browsing
    guard !typed.isEmpty else {
      search = nil
      return
    }
    var search = DescriptionSearch(typed, in: dataSource, layout: layout)
    guard let line = search.selectFirst(atOrAfter: anchor(layout)) else {
      self.search = nil
      notice = "No description holds “\(typed)”."
      return
    }
    // A first slice at once: a report of up to a slice's rows shows its count with its first
    // match; a larger one, its count so far.
    search.countMore()
    self.search = search
    show(line: line, layout: layout)
  }
}
