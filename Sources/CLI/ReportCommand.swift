/// What the user asked `txreport` to do, parsed from the command line.
package enum CommandLineRequest: Equatable, Sendable {
  /// Make a report.
  case report(ReportCommand)
  /// Print the help text.
  case help
  /// Print the version.
  case version
  /// Print the completion script of a shell.
  case completions(ShellCompletion.Shell)
  /// Print the manual page, as roff.
  case manPage
}

/// A report request: where the transactions come from and how to show them.
package struct ReportCommand: Equatable, Sendable {
  /// Where the transactions come from.
  package var input: ReportInput
  /// The output format.
  package var format: OutputFormat
  /// When to colour the text output.
  package var color: ColorChoice
  /// The format of the input files, or `nil` to tell it from each file's extension.
  package var inputFormat: InputFormat?
  /// The width of the text output in columns, or `nil` to ask the terminal.
  package var width: Int?
  /// The file to write the report to, or `nil` for standard output.
  package var outputPath: String?
  /// Whether a missing input file still gets a report of the other sources (`--partial`).
  package var partial: Bool
  /// The colours of the text output (`--theme`), or `nil` to tell them from the terminal's
  /// background, else light.
  package var theme: Theme?

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - input: Where the transactions come from.
  ///   - format: The output format.
  ///   - color: When to colour the text output.
  ///   - inputFormat: The format of the input files, or `nil` to tell it from the extension.
  ///   - width: The width of the text output, or `nil` to ask the terminal.
  ///   - outputPath: The file to write the report to, or `nil` for standard output.
  ///   - partial: Whether a missing input file still gets a report of the other sources.
  ///   - theme: The colours of the text output, or `nil` to tell them from the background.
  package init(
    input: ReportInput = .demo(oneSource: false),
    format: OutputFormat = .text,
    color: ColorChoice = .auto,
    inputFormat: InputFormat? = nil,
    width: Int? = nil,
    outputPath: String? = nil,
    partial: Bool = false,
    theme: Theme? = nil
  ) {
    self.input = input
    self.format = format
    self.color = color
    self.inputFormat = inputFormat
    self.width = width
    self.outputPath = outputPath
    self.partial = partial
    self.theme = theme
  }
}

/// Where a report's transactions come from.
package enum ReportInput: Equatable, Sendable {
  /// The built-in demo data, as two sources or as one.
  case demo(oneSource: Bool)
  /// Two files, one per group (two-source mode). A path of `-` is standard input.
  case twoFiles(authorized: String, posted: String)
  /// One file holding both groups (one-source mode). A path of `-` is standard input.
  case oneFile(String)
}

extension ReportInput {
  /// Whether the report reads a file by its path (not only standard input or the demo): a
  /// file can change between the two readings of a report.
  package var readsFiles: Bool {
    switch self {
    case .demo: false
    case .oneFile(let path): path != "-"
    case .twoFiles(let authorized, let posted): authorized != "-" || posted != "-"
    }
  }
}
