import Presenters
import ReportRendering

/// How each line of the screen is drawn: the cells of the report's rows as the text report
/// draws them, and the view's own lines (the status line, the list of keys).
///
/// This is the cell configuration of `tableView(_:cellForRowAt:)`: a row's cell is
/// `TextReportRenderer.cell(for:)` of ReportRendering, the line the printed report has for that
/// row, so the banding colours, the aligned amounts and the widths of CJK and emoji are the
/// report's own. A search match is drawn in reverse video over its cell, the status line in
/// reverse video: both are attributes, not colours, so they show with `NO_COLOR` too.
package struct TableCells: Sendable {
  /// How the screen is coloured.
  package struct Style: Sendable {
    /// Whether to colour the rows (off with `NO_COLOR`, `--color never`, `TERM=dumb`).
    package var colors: Bool
    /// The colours, for a light or a dark background.
    package var palette: TextReportRenderer.Palette
    /// 24-bit colours or the 256-colour palette.
    package var colorDepth: TextReportRenderer.ColorDepth
    /// The style the presenter was given: the words of the labels and the heading's period.
    package var report = ReportStyle.english
    /// The report's title and period (`--title`, `--from`, `--to`, `--month`), which the status
    /// line shows when one is given.
    package var heading = ReportHeading()

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - colors: Whether to colour the rows.
    ///   - palette: The colours.
    ///   - colorDepth: How the colours are written.
    package init(
      colors: Bool, palette: TextReportRenderer.Palette = .light,
      colorDepth: TextReportRenderer.ColorDepth = .trueColor
    ) {
      self.colors = colors
      self.palette = palette
      self.colorDepth = colorDepth
    }
  }

  /// The width of the screen, in columns.
  package let width: Int
  /// The report's title and period as one line, or `nil` when neither is given.
  package let heading: String?
  private let renderer: TextReportRenderer

  /// Creates the cells of a screen.
  ///
  /// - Parameters:
  ///   - width: The width of the screen, in columns.
  ///   - style: How it is coloured.
  package init(width: Int, style: Style) {
    self.width = width
    heading = style.heading.isDefault ? nil : style.heading.text(in: style.report.wording)
    renderer = TextReportRenderer(
      width: width, colors: style.colors, palette: style.palette, colorDepth: style.colorDepth,
      style: style.report)
  }

  /// A row's cell.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - highlighted: Whether it is a search match.
  ///   - incomplete: Whether a source is missing, which the grand total's label says.
  /// - Returns: The line.
  package func cell(for row: ReportRow, highlighted: Bool = false, incomplete: Bool = false) -> String {
    let cell = renderer.cell(for: row, incomplete: incomplete)
    return highlighted ? reversed(cell) : cell
  }

  /// A missing source's note under its group's message row.
  ///
  /// - Parameter warning: The source that could not be read.
  /// - Returns: The line.
  package func note(for warning: SourceWarning) -> String {
    renderer.cell(for: warning)
  }

  /// A line of the view's own, in the terminal's colours: the text, escaped and cut to the
  /// width.
  ///
  /// - Parameter text: The text.
  /// - Returns: The line.
  package func plain(_ text: String) -> String {
    DisplayWidth.truncated(ReportText.visible(text), toColumns: width)
  }

  /// The status line: the text on the left, the keys on the right, in reverse video across the
  /// whole width. The keys give way first when both do not fit: the first of them that fits is
  /// shown, or none.
  ///
  /// - Parameters:
  ///   - left: What the view is doing: where it is, the search.
  ///   - keys: The keys to remember, longest first, then shorter ways to say them.
  /// - Returns: The line.
  package func status(_ left: String, keys: [String]) -> String {
    let left = DisplayWidth.truncated(ReportText.visible(left), toColumns: width)
    let leftWidth = DisplayWidth.columns(of: left)
    let room = width - leftWidth - 2
    let right = keys.first { DisplayWidth.columns(of: $0) <= room } ?? ""
    let gap = width - leftWidth - DisplayWidth.columns(of: right)
    return Self.reverse + left + String(repeating: " ", count: max(0, gap)) + right + Self.reset
  }

  /// A cell in reverse video, padded to the full width.
  private func reversed(_ cell: String) -> String {
    // A coloured cell is already as wide as the screen; a plain one is padded here.
    let padding = cell.contains("\u{1B}") ? 0 : max(0, width - DisplayWidth.columns(of: cell))
    return Self.reverse + cell.replacing(Self.reset, with: Self.reset + Self.reverse)
      + String(repeating: " ", count: padding) + Self.reset
  }

  private static let reverse = "\u{1B}[7m"
  private static let reset = "\u{1B}[0m"
}
