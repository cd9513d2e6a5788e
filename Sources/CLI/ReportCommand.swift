import BankReading
import Entities
import Presenters

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
  /// How sources given as URLs are fetched.
  package var network: NetworkOptions
  /// Whether to show the report full-screen, to scroll and search (`--interactive`), instead of
  /// printing it.
  package var interactive: Bool
  /// How to read a bank's file, where the file does not say (the groups are the composition
  /// root's to set, by the source each file is).
  package var reading: ReadingOptions
  /// The days to report (`--from`, `--to`, `--month`), or `nil` for every day.
  package var period: ReportPeriod?
  /// The report's title (`--title`), or `nil` for the default.
  package var title: String?
  /// How amounts look in text, Markdown and HTML (`--currency`); JSON keeps them plain.
  package var amountStyle: AmountStyle

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
  ///   - network: How sources given as URLs are fetched.
  ///   - interactive: Whether to show the report full-screen instead of printing it.
  ///   - reading: How to read a bank's file, where the file does not say.
  ///   - period: The days to report, or `nil` for every day.
  ///   - title: The report's title, or `nil` for the default.
  ///   - amountStyle: How amounts look in text, Markdown and HTML.
  package init(
    input: ReportInput = .demo(oneSource: false),
    format: OutputFormat = .text,
    color: ColorChoice = .auto,
    inputFormat: InputFormat? = nil,
    width: Int? = nil,
    outputPath: String? = nil,
    partial: Bool = false,
    theme: Theme? = nil,
    network: NetworkOptions = NetworkOptions(),
    interactive: Bool = false,
    reading: ReadingOptions = .standard,
    period: ReportPeriod? = nil,
    title: String? = nil,
    amountStyle: AmountStyle = .plain
  ) {
    self.input = input
    self.format = format
    self.color = color
    self.inputFormat = inputFormat
    self.width = width
    self.outputPath = outputPath
    self.partial = partial
    self.theme = theme
    self.network = network
    self.interactive = interactive
    self.reading = reading
    self.period = period
    self.title = title
    self.amountStyle = amountStyle
  }
}

/// How sources given as URLs are fetched: `--timeout`, `--header`, `--max-response-size`.
package struct NetworkOptions: Equatable, Sendable {
  /// The deadline of each source's whole fetch, in seconds; 5 by default, as the app this
  /// package comes from waits for each service.
  package var timeout: Double
  /// Request headers, in order: name and value.
  package var headers: [RequestHeader]
  /// The largest answer accepted, in bytes.
  package var maximumResponseSize: Int

  /// The default largest answer: 1 GiB, kept on disk while it is read, never in memory.
  package static let defaultMaximumResponseSize = 1 << 30

  /// Creates the options.
  ///
  /// - Parameters:
  ///   - timeout: The deadline of each fetch, in seconds.
  ///   - headers: Request headers.
  ///   - maximumResponseSize: The largest answer accepted, in bytes.
  package init(
    timeout: Double = 5, headers: [RequestHeader] = [], maximumResponseSize: Int = defaultMaximumResponseSize
  ) {
    self.timeout = timeout
    self.headers = headers
    self.maximumResponseSize = maximumResponseSize
  }
}

/// One request header given with `--header`.
package struct RequestHeader: Equatable, Sendable {
  /// The name, such as `Authorization`.
  package var name: String
  /// The value: often a secret, never printed.
  package var value: String

  /// Creates a header.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - value: The value.
  package init(name: String, value: String) {
    self.name = name
    self.value = value
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
    case .oneFile(let path): Self.isFile(path)
    case .twoFiles(let authorized, let posted): Self.isFile(authorized) || Self.isFile(posted)
    }
  }

  /// The inputs read from the file system: the paths of files, and `-` for standard input;
  /// not URLs, not the demo.
  package var localPaths: [String] {
    switch self {
    case .demo: []
    case .oneFile(let path): [path].filter { !Self.isURL($0) }
    case .twoFiles(let authorized, let posted): [authorized, posted].filter { !Self.isURL($0) }
    }
  }

  /// Whether the report reads a service: an input given as a URL.
  package var readsURLs: Bool {
    switch self {
    case .demo: false
    case .oneFile(let path): Self.isURL(path)
    case .twoFiles(let authorized, let posted): Self.isURL(authorized) || Self.isURL(posted)
    }
  }

  /// Whether an input names a service rather than a file: it starts with `http://` or
  /// `https://`, in any case.
  ///
  /// - Parameter path: The input as given.
  /// - Returns: `true` for a URL.
  package static func isURL(_ path: String) -> Bool {
    let scheme = path.prefix(8).lowercased()
    return scheme.hasPrefix("http://") || scheme.hasPrefix("https://")
  }

  /// A file by its path: not standard input, not a URL (an answer is read from the one copy
  /// made of it, so it cannot change between readings).
  private static func isFile(_ path: String) -> Bool { path != "-" && !isURL(path) }
}
