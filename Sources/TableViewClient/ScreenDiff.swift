/// The bytes that change what a terminal shows from one frame to the next, and nothing more.
///
/// Only the lines that differ are written: each is reached with a cursor move (`ESC [ row ; 1
/// H`), erased (`ESC [ 2 K`) and written whole, so scrolling by a line rewrites the lines that
/// moved and leaves the grand total and the status line alone, and a frame equal to the last
/// costs nothing. With no frame shown yet (the first, after a resize, after a suspension), the
/// screen is cleared and every line written. The whole update is one string, written at once,
/// so the terminal never shows half a frame.
package enum ScreenDiff {
  /// The escape sequences and text that turn one frame into the other.
  ///
  /// - Parameters:
  ///   - old: What the terminal shows, or `nil` when it is not known (draw everything).
  ///   - new: What it should show.
  /// - Returns: What to write; empty when nothing changed.
  package static func update(from old: ScreenFrame?, to new: ScreenFrame) -> String {
    var output = ""
    let known = old.map { $0.lines.count == new.lines.count } ?? false
    if !known { output += "\u{1B}[0m\u{1B}[2J" }
    for (row, line) in new.lines.enumerated() where !known || old?.lines[row] != line {
      output += "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K" + line + "\u{1B}[0m"
    }
    guard !output.isEmpty || old?.cursor != new.cursor else { return "" }
    if let cursor = new.cursor {
      output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    } else {
      output += "\u{1B}[?25l"
    }
    return output
  }
}
