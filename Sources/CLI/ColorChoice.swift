/// The choices of `--color`.
package enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour only when standard output is a terminal and `NO_COLOR` is unset.
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never

  /// Decides whether to colour.
  ///
  /// - Parameters:
  ///   - outputIsTerminal: Whether standard output is a terminal.
  ///   - noColor: The value of the `NO_COLOR` environment variable, if set.
  /// - Returns: Whether the output should be coloured.
  package func isEnabled(outputIsTerminal: Bool, noColor: String?) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: outputIsTerminal && noColor == nil
    }
  }
}
