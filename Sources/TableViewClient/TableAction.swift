/// What a key asks the table view to do.
package enum TableAction: Equatable, Sendable {
  /// Scroll by lines: positive down, negative up.
  case scrollLines(Int)
  /// Scroll by pages.
  case scrollPages(Int)
  /// Scroll by half pages.
  case scrollHalfPages(Int)
  /// Go to the first line.
  case top
  /// Go to the last line.
  case bottom
  /// The next match of the search, or without one, the next group or date block.
  case next
  /// The previous match of the search, or without one, the previous group or date block.
  case previous
  /// The next group or date block, search or not.
  case nextBlock
  /// The previous group or date block, search or not.
  case previousBlock
  /// Start typing a search.
  case beginSearch
  /// Add a character to the search being typed.
  case type(Character)
  /// Delete the last character of the search being typed.
  case deleteBackward
  /// Clear the search being typed.
  case clearInput
  /// Search for what was typed; empty, stop searching.
  case submitSearch
  /// Stop typing, leaving the search as it was.
  case cancelSearch
  /// Show the keys.
  case help
  /// Close the list of keys.
  case closeHelp
  /// Draw the whole screen again.
  case redraw
  /// Quit (`q`, Esc).
  case quit
  /// Quit as Ctrl-C does: as if interrupted.
  case interrupt
  /// Suspend, as Ctrl-Z does, until the shell's `fg`.
  case suspend
}
