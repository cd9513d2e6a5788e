/// One key press, or one turn of the mouse wheel, as the terminal sends it.
package enum Key: Hashable, Sendable {
  /// A character that prints: a letter, a digit, a space, a character of any script.
  case character(Character)
  /// A letter with Ctrl held, as the letter in lower case: `control("c")` is Ctrl-C.
  case control(Character)
  /// Enter (Return).
  case enter
  /// Tab.
  case tab
  /// Backspace.
  case backspace
  /// Esc, on its own.
  case escape
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Delete (forward).
  case delete
  /// The mouse wheel, turned up (away from the person).
  case wheelUp
  /// The mouse wheel, turned down.
  case wheelDown
}
