/// The choices of `--color`.
///
/// `--color` says when to colour: the report on standard output, and the `error:` and
/// `warning:` labels on standard error. How to colour (24-bit or 256 colours, a light or a dark
/// palette) is ``TextReportRenderer/ColorDepth/init(colorTerm:)`` and
/// ``Theme/resolved(_:colorFGBG:)``.
package enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour only a terminal, and only when the environment does not turn colour off.
  case auto
  /// Always colour the report; the labels on standard error still only on a terminal.
  case always
  /// Never colour.
  case never

  /// Decides whether to colour the report.
  ///
  /// - Parameters:
  ///   - outputIsTerminal: Whether the report goes to a terminal.
  ///   - noColor: The value of the `NO_COLOR` environment variable, if set.
  ///   - term: The value of the `TERM` environment variable, if set.
  /// - Returns: Whether the report should be coloured: with `auto`, only on a terminal that
  ///   the environment lets colour (``environmentAllowsColor(noColor:term:)``).
  package func isEnabled(outputIsTerminal: Bool, noColor: String?, term: String?) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: outputIsTerminal && Self.environmentAllowsColor(noColor: noColor, term: term)
    }
  }

  /// Decides whether to colour the `txreport: error:` and `txreport: warning:` labels on
  /// standard error.
  ///
  /// Only a terminal gets colour, whatever the choice: standard error captured in a file or by
  /// a script must read as plain text. On a terminal, `always` colours them and `never` does
  /// not; `auto` colours them when the environment lets it.
  ///
  /// - Parameters:
  ///   - errorIsTerminal: Whether standard error is a terminal.
  ///   - noColor: The value of the `NO_COLOR` environment variable, if set.
  ///   - term: The value of the `TERM` environment variable, if set.
  /// - Returns: Whether the labels should be coloured.
  package func colorsLabels(errorIsTerminal: Bool, noColor: String?, term: String?) -> Bool {
    switch self {
    case .always: errorIsTerminal
    case .never: false
    case .auto: errorIsTerminal && Self.environmentAllowsColor(noColor: noColor, term: term)
    }
  }

  /// Whether the environment lets `auto` colour a terminal.
  ///
  /// `NO_COLOR` set to any non-empty value turns colour off; set to the empty string it does
  /// not, as <https://no-color.org> says. A `TERM` of `dumb` names a terminal that understands
  /// no escape sequences.
  ///
  /// - Parameters:
  ///   - noColor: The value of `NO_COLOR`, if set.
  ///   - term: The value of `TERM`, if set.
  /// - Returns: `false` when `NO_COLOR` is set and not empty, or `TERM` is `dumb`.
  package static func environmentAllowsColor(noColor: String?, term: String?) -> Bool {
    (noColor ?? "").isEmpty && term != "dumb"
  }
}
