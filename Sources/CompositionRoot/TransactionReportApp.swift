import CLI
import Entities
import Gateways
import Presenters
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
public enum TransactionReportApp {
  /// What `txreport` needs from the process it runs in, gathered so tests can supply their own.
  public struct Context {
    /// The arguments after the program name.
    public var arguments: [String]
    /// The value of `NO_COLOR`, if set.
    public var noColor: String?
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// Where the report goes.
    public var output: any TextSink
    /// Where warnings and errors go.
    public var errors: any TextSink

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - noColor: The value of `NO_COLOR`, if set.
    ///   - outputIsTerminal: Whether standard output is a terminal.
    ///   - output: Where the report goes.
    ///   - errors: Where warnings and errors go.
    public init(
      arguments: [String],
      noColor: String? = nil,
      outputIsTerminal: Bool = false,
      output: any TextSink,
      errors: any TextSink
    ) {
      self.arguments = arguments
      self.noColor = noColor
      self.outputIsTerminal = outputIsTerminal
      self.output = output
      self.errors = errors
    }

    /// The context of this process: its arguments, environment, standard output and error.
    public static func process() -> Context {
      Context(
        arguments: Array(CommandLine.arguments.dropFirst()),
        noColor: getenv("NO_COLOR").map { String(cString: $0) },
        outputIsTerminal: isatty(1) == 1,
        output: FileDescriptorSink(descriptor: 1),
        errors: FileDescriptorSink(descriptor: 2, capacity: 0)
      )
    }
  }

  /// Runs `txreport` in this process and exits with its status. `main` calls only this.
  public static func main() -> Never {
    let status = run(.process())
    exit(status.rawValue)
  }

  /// Runs `txreport` once.
  ///
  /// - Parameter context: The arguments, environment and output streams.
  /// - Returns: The exit code: 0, 3, 64, 65 or 74 (see ``ExitCode``).
  public static func run(_ context: Context) -> ExitCode {
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
      return report(command, context: context)
    }
  }

  private static func write(_ text: String, context: Context) -> ExitCode {
    context.output.write(text)
    context.output.flush()
    guard let failure = context.output.failure else { return .success }
    context.errors.write("txreport: error: cannot write to standard output: \(failure)\n")
    return .outputError
  }

  private static func report(_ command: ReportCommand, context: Context) -> ExitCode {
    let view = CommandLineView(
      renderer: renderer(for: command, context: context), output: context.output, errors: context.errors)
    let presenter = TransactionReportPresenter(output: view)
    switch command.input {
    case .demo(oneSource: false):
      TwoSourceReportUseCase(
        authorized: InMemoryTransactionSource(
          name: DemoTransactions.name, transactions: DemoTransactions.authorized),
        posted: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.posted),
        output: presenter
      ).eventGenerateReport()
    case .demo(oneSource: true):
      OneSourceReportUseCase(
        source: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.all),
        output: presenter
      ).eventGenerateReport()
    case .twoFiles(let authorized, let posted):
      TwoSourceReportUseCase(
        authorized: FileTransactionSource(path: authorized),
        posted: FileTransactionSource(path: posted),
        output: presenter
      ).eventGenerateReport()
    case .oneFile(let path):
      OneSourceReportUseCase(source: FileTransactionSource(path: path), output: presenter)
        .eventGenerateReport()
    }
    return view.exitStatus
  }

  private static func renderer(for command: ReportCommand, context: Context) -> any ReportRenderer {
    switch command.format {
    case .text:
      TextReportRenderer(
        colors: command.color.isEnabled(outputIsTerminal: context.outputIsTerminal, noColor: context.noColor))
    case .json:
      JSONReportRenderer()
    }
  }
}
