import Testing

@testable import TableViewClient

/// Only what changed is written; everything when nothing is known of the screen.
@Suite struct ScreenDiffTests {
  private let before = ScreenFrame(lines: ["one", "two", "three"])

  @Test("The first frame clears the screen and writes every line at its row")
  func firstFrame() {
    let update = ScreenDiff.update(from: nil, to: before)
    #expect(update.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    #expect(update.contains("\u{1B}[1;1H\u{1B}[0m\u{1B}[2Kone"))
    #expect(update.contains("\u{1B}[2;1H\u{1B}[0m\u{1B}[2Ktwo"))
    #expect(update.contains("\u{1B}[3;1H\u{1B}[0m\u{1B}[2Kthree"))
    #expect(update.hasSuffix("\u{1B}[?25l"), "the cursor is hidden")
  }

  @Test("Only the lines that changed are written")
  func changedLines() {
    let update = ScreenDiff.update(from: before, to: ScreenFrame(lines: ["one", "2", "three"]))
    #expect(update == "\u{1B}[2;1H\u{1B}[0m\u{1B}[2K2\u{1B}[0m\u{1B}[?25l")
  }

  @Test("The same frame again writes nothing")
  func sameFrame() {
    #expect(ScreenDiff.update(from: before, to: before) == "")
  }

  @Test("A frame of another height (a resized screen) is written whole")
  func otherHeight() {
    let update = ScreenDiff.update(from: before, to: ScreenFrame(lines: ["one", "two"]))
    #expect(update.contains("\u{1B}[2J"))
    #expect(update.contains("one"))
  }

  @Test("The cursor shows where the frame puts it, even when no line changed")
  func cursor() {
    let typing = ScreenFrame(lines: before.lines, cursor: ScreenFrame.Position(row: 2, column: 4))
    #expect(ScreenDiff.update(from: before, to: typing) == "\u{1B}[3;5H\u{1B}[?25h")
    #expect(ScreenDiff.update(from: typing, to: before) == "\u{1B}[?25l")
  }
}
