import Presenters

/// The one function that formats what `txreport` tells a person on standard error: errors,
/// warnings, and the lines of data that explain them (one per issue).
///
/// Messages carry paths and values from the user and from the data, and a file name can hold
/// an escape sequence as well as a record can. Every character that could control a terminal
/// is shown escaped here (``ReportText/terminalSafe(_:)``), whatever the message, so no call
/// site can forget it. Messages may hold values a wording has already shown escaped, so this
/// pass leaves backslashes alone: applied twice, it changes nothing.
package enum Diagnostic {
  /// How serious a message is: the word after `txreport:`.
  package enum Severity: String {
    case error
    case warning
    /// Not a problem: what `txreport` is doing or showing, and how to do otherwise.
    case note
  }

  /// A message as one line: `txreport: error: MESSAGE`, ending with a line break.
  ///
  /// - Parameters:
  ///   - severity: Error, warning or note.
  ///   - message: The message, which may quote paths and values as they are.
  ///   - colored: Whether to colour the label `txreport: error:` (standard error is a terminal
  ///     and colour is on; see ``ColorChoice/colorsLabels(errorIsTerminal:noColor:term:)``).
  ///     The message itself is never coloured.
  /// - Returns: The line, with every unsafe character escaped.
  package static func line(_ severity: Severity, _ message: String, colored: Bool = false) -> String {
    let label = "txreport: \(severity.rawValue):"
    let shown = colored ? labelColor(severity) + label + "\u{1B}[0m" : label
    return "\(shown) \(ReportText.terminalSafe(message))\n"
  }

  /// A line of explanation that comes before a message, such as the line of one issue,
  /// ending with a line break.
  ///
  /// - Parameter text: The line, which may quote paths and values as they are.
  /// - Returns: The line, with every unsafe character escaped.
  package static func detail(_ text: String) -> String {
    ReportText.terminalSafe(text) + "\n"
  }

  /// The escape sequence that colours a label on a terminal: bold red for an error, bold
  /// yellow for a warning, bold cyan for a note. These are the terminal's own red and yellow, which its theme makes
  /// readable on its background, light or dark.
  ///
  /// - Parameter severity: The severity of the label.
  /// - Returns: The escape sequence (SGR) that starts the colour.
  private static func labelColor(_ severity: Severity) -> String {
    switch severity {
    case .error: "\u{1B}[1;31m"
    case .warning: "\u{1B}[1;33m"
    case .note: "\u{1B}[1;36m"
    }
  }
}
