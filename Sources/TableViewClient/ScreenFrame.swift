/// What the screen shows at one moment: one string per line of the terminal, top to bottom,
/// each with its colours, and where the cursor is when it shows.
package struct ScreenFrame: Equatable, Sendable {
  /// A place on the screen, from 0.
  package struct Position: Equatable, Sendable {
    /// The line, from the top.
    package var row: Int
    /// The column, from the left.
    package var column: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - row: The line, from the top.
    ///   - column: The column, from the left.
    package init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// The lines, one per line of the terminal; each as wide as the terminal at most.
  package var lines: [String]
  /// Where the cursor shows (typing a search), or `nil` to hide it.
  package var cursor: Position?

  /// Creates a frame.
  ///
  /// - Parameters:
  ///   - lines: The lines, one per line of the terminal.
  ///   - cursor: Where the cursor shows, or `nil` to hide it.
  package init(lines: [String], cursor: Position? = nil) {
    self.lines = lines
    self.cursor = cursor
  }
}
