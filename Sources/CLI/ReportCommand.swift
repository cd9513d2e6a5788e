/// What the user asked `txreport` to do, parsed from the command line.
public enum CommandLineRequest: Equatable, Sendable {
  /// Make a report.
  case report(ReportCommand)
  /// Print the help text.
  case help
  /// Print the version.
  case version
}

/// A report request: where the transactions come from and how to show them.
public struct ReportCommand: Equatable, Sendable {
  /// Where the transactions come from.
  public var input: ReportInput
  /// The output format.
  public var format: OutputFormat
  /// When to colour the text output.
  public var color: ColorChoice

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - input: Where the transactions come from.
  ///   - format: The output format.
  ///   - color: When to colour the text output.
  public init(
    input: ReportInput = .demo(oneSource: false), format: OutputFormat = .text, color: ColorChoice = .auto
  ) {
    self.input = input
    self.format = format
    self.color = color
  }
}

/// Where a report's transactions come from.
public enum ReportInput: Equatable, Sendable {
  /// The built-in demo data, as two sources or as one.
  case demo(oneSource: Bool)
  /// Two files, one per group (two-source mode).
  case twoFiles(authorized: String, posted: String)
  /// One file holding both groups (one-source mode).
  case oneFile(String)
}

/// The formats `--format` accepts.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned, banded text for people.
  case text
  /// One JSON array of row objects, for scripts.
  case json
}

/// The choices of `--color`.
public enum ColorChoice: String, CaseIterable, Sendable {
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
  public func isEnabled(outputIsTerminal: Bool, noColor: String?) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: outputIsTerminal && noColor == nil
    }
  }
}
