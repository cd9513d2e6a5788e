import Presenters

/// The one function that formats what `txreport` tells a person on standard error: errors,
/// warnings, and the lines of data that explain them (one per issue).
///
/// Messages carry paths and values from the user and from the data, and a file name can hold
/// an escape sequence as well as a record can. Every character that could control a terminal
/// is shown escaped here (``ReportText/visible(_:quoting:)``), whatever the message, so no call
/// site can forget it.
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
  /// - Returns: The line, with every unsafe character escaped.
  package static func line(_ severity: Severity, _ message: String) -> String {
    "txreport: \(severity.rawValue): \(ReportText.visible(message))\n"
  }

  /// A line of explanation that comes before a message, such as the line of one issue,
  /// ending with a line break.
  ///
  /// - Parameter text: The line, which may quote paths and values as they are.
  /// - Returns: The line, with every unsafe character escaped.
  package static func detail(_ text: String) -> String {
    ReportText.visible(text) + "\n"
  }
}
