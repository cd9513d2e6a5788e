import Testing

@testable import TableViewClient

/// Which action each key takes: the keys the README lists, in each mode.
@Suite struct KeyMapTests {
  @Test(
    "Browsing: the keys of the README",
    arguments: [
      (Key.character("j"), TableAction.scrollLines(1)), (.down, .scrollLines(1)), (.enter, .scrollLines(1)),
      (.character("k"), .scrollLines(-1)), (.up, .scrollLines(-1)),
      (.wheelDown, .scrollLines(3)), (.wheelUp, .scrollLines(-3)),
      (.pageDown, .scrollPages(1)), (.character(" "), .scrollPages(1)), (.character("f"), .scrollPages(1)),
      (.pageUp, .scrollPages(-1)), (.character("b"), .scrollPages(-1)),
      (.control("d"), .scrollHalfPages(1)), (.control("u"), .scrollHalfPages(-1)),
      (.character("g"), .top), (.home, .top), (.character("G"), .bottom), (.end, .bottom),
      (.character("n"), .next), (.character("p"), .previous), (.character("N"), .previous),
      (.character("]"), .nextBlock), (.character("["), .previousBlock),
      (.character("/"), .beginSearch), (.character("?"), .help),
      (.character("q"), .quit), (.escape, .quit),
      (.control("c"), .interrupt), (.control("z"), .suspend), (.control("l"), .redraw),
    ])
  func browsing(key: Key, action: TableAction) {
    #expect(KeyMap.action(for: key, in: .browsing) == action)
  }

  @Test("Browsing: a key with no meaning does nothing")
  func unboundKey() {
    #expect(KeyMap.action(for: .character("x"), in: .browsing) == nil)
    #expect(KeyMap.action(for: .left, in: .browsing) == nil)
  }

  @Test("Searching: letters type, even those that scroll when browsing; Enter searches, Esc cancels")
  func searching() {
    #expect(KeyMap.action(for: .character("q"), in: .searching) == .type("q"))
    #expect(KeyMap.action(for: .character("j"), in: .searching) == .type("j"))
    #expect(KeyMap.action(for: .character("東"), in: .searching) == .type("東"))
    #expect(KeyMap.action(for: .backspace, in: .searching) == .deleteBackward)
    #expect(KeyMap.action(for: .control("u"), in: .searching) == .clearInput)
    #expect(KeyMap.action(for: .enter, in: .searching) == .submitSearch)
    #expect(KeyMap.action(for: .escape, in: .searching) == .cancelSearch)
    #expect(KeyMap.action(for: .down, in: .searching) == nil)
  }

  @Test("The list of keys closes on any key, q and Esc too, without acting on it")
  func help() {
    for key in [Key.character("q"), .escape, .character("j"), .pageDown] {
      #expect(KeyMap.action(for: key, in: .help) == .closeHelp)
    }
  }

  @Test(
    "Ctrl-C and Ctrl-Z do what they do in a shell, in every mode",
    arguments: [KeyMap.Mode.browsing, .searching, .help])
  func shellKeys(mode: KeyMap.Mode) {
    #expect(KeyMap.action(for: .control("c"), in: mode) == .interrupt)
    #expect(KeyMap.action(for: .control("z"), in: mode) == .suspend)
  }
}
