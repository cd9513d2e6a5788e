/// Which lines of a table are on screen: the table's content offset, in lines.
///
/// The viewport shows ``height`` lines from ``top``. It never scrolls past either end: the
/// last line of the table stops at the bottom of the screen, and a table shorter than the
/// screen stays at the top. Every operation keeps that true, including a change of the
/// screen's height (a resized terminal) or of the table's length (a report that loaded).
package struct Viewport: Equatable, Sendable {
  /// The first line on screen, from 0.
  package private(set) var top = 0
  /// The number of lines the screen shows, at least 1.
  package private(set) var height: Int
  /// The number of lines of the table.
  package private(set) var lineCount: Int

  /// Creates a viewport at the top of a table.
  ///
  /// - Parameters:
  ///   - height: The number of lines on screen; at least 1 is used.
  ///   - lineCount: The number of lines of the table.
  package init(height: Int, lineCount: Int) {
    self.height = max(1, height)
    self.lineCount = max(0, lineCount)
  }

  /// The highest top there is: the last line at the bottom of the screen, or 0.
  package var maximumTop: Int { max(0, lineCount - height) }

  /// The lines on screen, from ``top``; fewer than ``height`` at the end of a short table.
  package var visibleLines: Range<Int> { top..<min(lineCount, top + height) }

  /// Whether the first and the last line are both on screen.
  package var showsEverything: Bool { lineCount <= height }

  /// How far a page moves: the screen's height less two lines, so the line under the sticky
  /// header and the last line of the page before stay in sight; at least 1.
  package var pageSize: Int { max(1, height - 2) }

  /// Moves by a number of lines, stopping at either end.
  ///
  /// - Parameter lines: Lines to move down; negative moves up.
  package mutating func scroll(by lines: Int) {
    scroll(to: top + lines)
  }

  /// Moves to a top line, brought within the table.
  ///
  /// - Parameter line: The line to show first.
  package mutating func scroll(to line: Int) {
    top = min(max(0, line), maximumTop)
  }

  /// Moves by pages: ``pageSize`` lines each.
  ///
  /// - Parameter pages: Pages to move down; negative moves up.
  package mutating func scroll(pages: Int) {
    scroll(by: pages * pageSize)
  }

  /// Changes the number of lines on screen (the terminal was resized), keeping the top line
  /// where it can.
  ///
  /// - Parameter height: The new number of lines; at least 1 is used.
  package mutating func resize(height: Int) {
    self.height = max(1, height)
    scroll(to: top)
  }

  /// Changes the number of lines of the table, keeping the top line where it can.
  ///
  /// - Parameter lineCount: The new number of lines.
  package mutating func reload(lineCount: Int) {
    self.lineCount = max(0, lineCount)
    scroll(to: top)
  }
}
