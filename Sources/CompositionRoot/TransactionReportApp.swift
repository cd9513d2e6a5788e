import CLI
import Entities
import Gateways
import Presenters
import ReportRendering
import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The composition root: the one place that chooses concrete gateways and renderers and wires
/// them to the use cases and the presenter.
///
/// Every other module depends only on abstractions; this one reads the command line, picks a
/// source for each group (the built-in demo data or files), a renderer for the format, and runs
/// one use case with one presenter and one view.
package enum TransactionReportApp {
  /// What `txreport` needs from the process it runs in, gathered so tests can supply their own.
  package struct Context {
    /// The arguments after the program name.
    package var arguments: [String]
    /// The value of `NO_COLOR`, if set.
    package var noColor: String?
    /// Whether standard output is a terminal.
    package var outputIsTerminal: Bool
    /// The value of `COLUMNS`, if set.
    package var columns: String?
    /// The width of the terminal on standard output, if it is one and says.
    package var terminalWidth: Int?
    /// The progress line on standard error, when standard error is a terminal: a long report
    /// shows its progress there when the report itself goes elsewhere. When set, it should
    /// also be ``errors``, so that messages erase it first.
    package var progress: ProgressLine?
    /// Where the report goes.
    package var output: any TextSink
    /// Where warnings and errors go.
    package var errors: any TextSink

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - noColor: The value of `NO_COLOR`, if set.
    ///   - outputIsTerminal: Whether standard output is a terminal.
    ///   - columns: The value of `COLUMNS`, if set.
    ///   - terminalWidth: The width of the terminal on standard output, if known.
    ///   - progress: The progress line on standard error, if it is a terminal.
    ///   - output: Where the report goes.
    ///   - errors: Where warnings and errors go.
    package init(
      arguments: [String],
      noColor: String? = nil,
      outputIsTerminal: Bool = false,
      columns: String? = nil,
      terminalWidth: Int? = nil,
      progress: ProgressLine? = nil,
      output: any TextSink,
      errors: any TextSink
    ) {
      self.arguments = arguments
      self.noColor = noColor
      self.outputIsTerminal = outputIsTerminal
      self.columns = columns
      self.terminalWidth = terminalWidth
      self.progress = progress
      self.output = output
      self.errors = errors
    }

    /// The context of this process: its arguments, environment, standard output and error.
    package static func process() -> Context {
      let standardError = FileDescriptorSink(descriptor: 2, capacity: 0)
      // On a terminal, every message goes through the progress line, so it erases the line
      // first: also the error that ends the process when standard output goes away.
      let progress =
        isatty(2) == 1
        ? ProgressLine(errors: standardError, width: TransactionReportApp.terminalWidth(of: 2) ?? 80) : nil
      let errors: any TextSink = progress ?? standardError
      return Context(
        arguments: Array(CommandLine.arguments.dropFirst()),
        noColor: getenv("NO_COLOR").map { String(cString: $0) },
        outputIsTerminal: isatty(1) == 1,
        columns: getenv("COLUMNS").map { String(cString: $0) },
        terminalWidth: TransactionReportApp.terminalWidth(of: 1),
        progress: progress,
        output: StandardOutput(errors: errors),
        errors: errors
      )
    }
  }

  /// The width in columns of the terminal on a file descriptor, or `nil` when it is not one.
  private static func terminalWidth(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }

  /// Runs `txreport` in this process and exits with its status. `main` calls only this.
  package static func main() async -> Never {
    // A reader that goes away (`txreport | head`) makes writes fail with EPIPE instead of
    // killing the process silently; ``StandardOutput`` then reports it and exits with 74.
    signal(SIGPIPE, SIG_IGN)
    let status = await run(.process())
    exit(status.rawValue)
  }

  /// Runs `txreport` once.
  ///
  /// - Parameter context: The arguments, environment and output streams.
  /// - Returns: The exit code: 0, 3, 64, 65 or 74 (see ``ExitCode``).
  package static func run(_ context: Context) async -> ExitCode {
    let request: CommandLineRequest
    do {
      request = try CommandLineParser.parse(context.arguments)
    } catch {
      context.errors.write("txreport: error: \(ReportText.visible(error.message))\n\(HelpText.usageHint)\n")
      context.errors.flush()
      return .usage
    }
    switch request {
    case .help:
      return write(HelpText.help, context: context)
    case .version:
      return write("txreport \(HelpText.version)\n", context: context)
    case .report(let command):
      return await report(command, context: context)
    }
  }

  private static func write(_ text: String, context: Context) -> ExitCode {
    context.output.write(text)
    context.output.flush()
    guard let failure = context.output.failure else { return .success }
    context.errors.write("txreport: error: cannot write to standard output: \(failure)\n")
    return .outputError
  }

  private static func report(_ command: ReportCommand, context: Context) async -> ExitCode {
    var file: (any OutputFileSink)?
    if let path = command.outputPath, path != "-" {
      do {
        file = try OutputFile.open(path)
      } catch {
        context.errors.write("txreport: error: \(ReportText.visible(error.message))\n")
        return .outputError
      }
    }
    let progress = showsProgress(command, file: file, context: context) ? context.progress : nil
    let view = CommandLineView(
      renderer: renderer(for: command, context: context), output: file ?? context.output,
      errors: context.errors)
    await useCase(for: command, output: TransactionReportPresenter(output: view), progress: progress)
      .eventGenerateReport()
    progress?.clear()
    guard let file else { return view.exitStatus }
    guard view.exitStatus == .success || view.exitStatus == .sourceUnavailable else {
      file.discard()
      return view.exitStatus
    }
    do {
      try file.commit()
    } catch {
      context.errors.write("txreport: error: \(ReportText.visible(error.message))\n")
      return .outputError
    }
    return view.exitStatus
  }

  /// Whether to show progress: only when the report does not go to a terminal (standard
  /// output, or an `--output` that is one), where a status line redrawn among the report's own
  /// lines would garble them.
  private static func showsProgress(_ command: ReportCommand, file: (any OutputFileSink)?, context: Context)
    -> Bool
  {
    guard let file else { return !context.outputIsTerminal }
    return !file.isTerminal
  }

  /// The use case for the input: two-source or one-source, over the demo data or files.
  private static func useCase(
    for command: ReportCommand, output: TransactionReportPresenter, progress: ProgressLine?
  ) -> any TransactionReportUseCaseInput {
    let fileSource = { (path: String) in
      TransactionReportApp.fileSource(path, format: command.inputFormat, progress: progress)
    }
    return switch command.input {
    case .demo(oneSource: false):
      TwoSourceReportUseCase(
        authorized: InMemoryTransactionSource(
          name: DemoTransactions.name, transactions: DemoTransactions.authorized),
        posted: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.posted),
        output: output)
    case .demo(oneSource: true):
      OneSourceReportUseCase(
        source: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.all),
        output: output)
    case .twoFiles(let authorized, let posted):
      TwoSourceReportUseCase(
        authorized: fileSource(authorized),
        posted: fileSource(posted),
        output: output)
    case .oneFile(let path):
      OneSourceReportUseCase(source: fileSource(path), output: output)
    }
  }

  /// The file gateway for a path, reading the format given, else the one its extension names,
  /// else JSON.
  ///
  /// With a progress line, the source reports each chunk it reads: its first reading is the
  /// use case's check of every record, the later ones make the report.
  private static func fileSource(_ path: String, format: InputFormat?, progress: ProgressLine?)
    -> FileTransactionSource
  {
    var observer: (@Sendable (ReadProgress) -> Void)?
    if let progress {
      observer = { read in
        progress.show(
          ProgressLine.status(
            task: read.reading == 1 ? "checking" : "reporting", source: read.source,
            bytesRead: read.bytesRead, totalBytes: read.totalBytes))
      }
    }
    return FileTransactionSource(
      path: path, format: recordFormat(format ?? InputFormat.inferred(fromPath: path) ?? .json),
      progress: observer)
  }

  private static func recordFormat(_ format: InputFormat) -> RecordFormat {
    switch format {
    case .json: .json
    case .ndjson: .ndjson
    case .csv: .csv
    }
  }

  /// The width of the text output: `--width`, else (writing to standard output) `COLUMNS`, else
  /// the terminal's; else 80.
  private static func width(for command: ReportCommand, context: Context) -> Int {
    if let width = command.width { return width }
    guard !writesToFile(command) else { return 80 }
    if let columns = context.columns.flatMap({ Int($0) }), columns > 0 { return columns }
    return context.terminalWidth ?? 80
  }

  private static func writesToFile(_ command: ReportCommand) -> Bool {
    command.outputPath.map { $0 != "-" } ?? false
  }

  private static func renderer(for command: ReportCommand, context: Context) -> any ReportRenderer {
    switch command.format {
    case .text:
      TextReportRenderer(
        width: width(for: command, context: context),
        colors: command.color.isEnabled(
          outputIsTerminal: context.outputIsTerminal && !writesToFile(command), noColor: context.noColor))
    case .json:
      JSONReportRenderer()
    case .markdown:
      MarkdownReportRenderer()
    case .html:
      HTMLReportRenderer()
    }
  }
}

/// Standard output of the process: the first write that fails (a closed pipe, a full disk)
/// ends `txreport` at once with an error and exit code 74, as `cat` would, rather than reading
/// and rendering the rest of the input for no one.
///
/// Only the process's own standard output stops the process this way: nothing is left to
/// clean up for it. An `--output` file is finished or discarded by the composition root.
private final class StandardOutput: TextSink {
  private let sink = FileDescriptorSink(descriptor: 1)
  private let errors: any TextSink

  init(errors: any TextSink) {
    self.errors = errors
  }

  func write(_ text: String) {
    sink.write(text)
    stopIfFailed()
  }

  func flush() {
    sink.flush()
    stopIfFailed()
  }

  var failure: String? { sink.failure }

  private func stopIfFailed() {
    guard let failure = sink.failure else { return }
    errors.write("txreport: error: cannot write to standard output: \(failure)\n")
    errors.flush()
    exit(ExitCode.outputError.rawValue)
  }
}
