/// Which action each key takes, in each mode of the table view.
///
/// Browsing follows `less` and `vi`: `j` and `k` or the arrows by line, Space, `f` and `b` or
/// Page Down and Page Up by page, `g` and `G` or Home and End to the ends, `n` and `p` to the
/// next and previous group or date block (the next and previous match once a search is made,
/// with `N` too), `/` to search, `?` for the keys, `q` or Esc to quit. Ctrl-C and Ctrl-Z do
/// what they do in a shell in every mode; in the search line, keys type.
package enum KeyMap {
  /// What the table view is doing, which decides what a key means.
  package enum Mode: Equatable, Sendable {
    /// Scrolling the report (or waiting for it).
    case browsing
    /// Typing a search.
    case searching
    /// Showing the keys.
    case help
  }

  /// The action of a key.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - mode: What the view is doing.
  /// - Returns: The action, or `nil` for a key that does nothing there.
  package static func action(for key: Key, in mode: KeyMap.Mode) -> TableAction? {
    switch key {
    case .control("c"): return .interrupt
    case .control("z"): return .suspend
    case .control("l"): return .redraw
    default: break
    }
    switch mode {
    case .browsing: return browsing(key)
    case .searching: return searching(key)
    case .help: return .closeHelp
    }
  }

  private static func browsing(_ key: Key) -> TableAction? {
    switch key {
    case .down, .enter, .character("j"), .control("n"), .control("e"): .scrollLines(1)
    case .up, .character("k"), .control("p"), .control("y"): .scrollLines(-1)
    case .wheelDown: .scrollLines(3)
    case .wheelUp: .scrollLines(-3)
    case .pageDown, .character(" "), .character("f"), .control("f"): .scrollPages(1)
    case .pageUp, .character("b"), .control("b"): .scrollPages(-1)
    case .control("d"): .scrollHalfPages(1)
    case .control("u"): .scrollHalfPages(-1)
    case .home, .character("g"), .character("<"): .top
    case .end, .character("G"), .character(">"): .bottom
    case .character("n"): .next
    case .character("p"), .character("N"): .previous
    case .character("]"): .nextBlock
    case .character("["): .previousBlock
    case .character("/"): .beginSearch
    case .character("?"): .help
    case .character("q"), .character("Q"), .escape: .quit
    default: nil
    }
  }

  private static func searching(_ key: Key) -> TableAction? {
    switch key {
    case .character(let character): .type(character)
    case .backspace: .deleteBackward
    case .control("u"): .clearInput
    case .enter: .submitSearch
    case .escape: .cancelSearch
    default: nil
    }
  }
}
