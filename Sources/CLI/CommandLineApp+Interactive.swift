import Presenters
import ReportRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandLineApp {
  /// How a full-screen view shows the report: what `--color`, `--theme` and the environment
  /// ask of the terminal, worked out as for the printed report.
  package struct InteractiveDisplay: Equatable, Sendable {
    /// Whether to band the rows in colour (`--color`, `NO_COLOR`, `TERM`).
    package var colors: Bool
    /// The colours, for a light or a dark background (`--theme`, `COLORFGBG`).
    package var palette: TextReportRenderer.Palette
    /// 24-bit colours or the 256-colour palette (`COLORTERM`).
    package var colorDepth: TextReportRenderer.ColorDepth
    /// How amounts look (`--currency`).
    package var amountStyle: AmountStyle = .plain
    /// The title and period (`--title`, `--from`, `--to`, `--month`).
    package var heading = ReportHeading()

    /// Creates the settings.
    ///
    /// - Parameters:
    ///   - colors: Whether to band the rows in colour.
    ///   - palette: The colours.
    ///   - colorDepth: How the colours are written.
    package init(colors: Bool, palette: TextReportRenderer.Palette, colorDepth: TextReportRenderer.ColorDepth)
    {
      self.colors = colors
      self.palette = palette
      self.colorDepth = colorDepth
    }
  }

  /// How a full-screen session ended, which decides the exit status.
  package enum InteractiveEnd: Equatable, Sendable {
    /// The person quit (`q`, Esc): the status is the report's own (0, or 3 with a source
    /// missing).
    case quit
    /// There is no report (invalid input, a missing file): the screen is gone, and the errors
    /// follow on standard error as without `--interactive` (65, 66).
    case reportFailed
    /// A signal ended it: SIGINT (also Ctrl-C, which the screen reads as a key), SIGTERM,
    /// SIGHUP or SIGQUIT, whose status is 128 + the signal's number; any other signal that
    /// ends a program ends `txreport` by that signal, once the terminal is restored.
    case signal(Int32)
    /// The terminal could not be used (set up, read or written); the reason, for a person.
    case terminalFailed(String)
  }

  /// The full-screen view of `--interactive`, which the composition root supplies: it runs the
  /// report of a command, shows it until the person quits, and hands every call of its
  /// presenter to `view` too.
  ///
  /// `view` is the command line's own view without rows: it words the errors and warnings as
  /// the printed report does, keeps them until the screen is gone, and earns the exit status.
  package typealias InteractiveFrontend =
    @Sendable (
      _ command: ReportCommand, _ display: InteractiveDisplay, _ view: any TransactionReportPresenterOutput
    ) async -> InteractiveEnd

  /// `--interactive`: checks the terminals, runs the full-screen view, then writes what the
  /// report had to say on standard error and returns the status.
  ///
  /// Standard input and output must both be a terminal that understands escape sequences:
  /// otherwise it is a usage error, and nothing reaches standard output.
  static func runInteractive(_ command: ReportCommand, context: Context, frontend: InteractiveFrontend?) async
    -> ExitCode
  {
    let colored = context.colorsLabels(command.color)
    if let problem = interactiveProblem(context, available: frontend != nil) {
      context.errors.write(Diagnostic.line(.error, problem, colored: colored) + HelpText.usageHint + "\n")
      context.errors.flush()
      return .usage
    }
    guard let frontend else { return .usage }
    let errors = MemoryTextSink()
    let view = CommandLineView(
      renderer: NoRowsRenderer(), output: DiscardingTextSink(), errors: errors, coloredLabels: colored)
    var display = InteractiveDisplay(
      colors: command.color.isEnabled(outputIsTerminal: true, noColor: context.noColor, term: context.term),
      palette: Theme.resolved(command.theme, colorFGBG: context.colorFGBG).palette,
      colorDepth: TextReportRenderer.ColorDepth(colorTerm: context.colorTerm))
    display.amountStyle = command.amountStyle
    display.heading = heading(for: command)
    let end = await frontend(command, display, view)
    context.errors.write(errors.text)
    defer { context.errors.flush() }
    switch end {
    case .quit, .reportFailed:
      return view.exitStatus
    case .signal(let number):
      switch number {
      case SIGHUP: return .hungUp
      case SIGINT: return .interrupted
      case SIGQUIT: return .quitSignal
      case SIGTERM: return .terminated
      default:
        // Any other signal that ends a program (SIGUSR1, SIGALRM, SIGXCPU…): the screen is gone,
        // the errors are written; end as that signal ends a program, for the parent to see.
        context.errors.flush()
        endProcess(by: number)
        return .interrupted
      }
    case .terminalFailed(let reason):
      context.errors.write(Diagnostic.line(.error, "the terminal failed: \(reason)", colored: colored))
      return .outputError
    }
  }

  /// Ends the process by a signal, as its default action does: the action set back to the
  /// default, the signal unblocked on this thread, then raised.
  ///
  /// - Parameter number: The signal, one whose default action ends the process.
  private static func endProcess(by number: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = SIG_DFL
    #else
      action.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigemptyset(&action.sa_mask)
    _ = sigaction(number, &action, nil)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, number)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    raise(number)
  }

  /// Why `--interactive` cannot run here, or `nil` when it can.
  ///
  /// - Parameters:
  ///   - context: The process's terminals and environment.
  ///   - available: Whether the composition has a full-screen view.
  /// - Returns: The error message, with a hint.
  static func interactiveProblem(_ context: Context, available: Bool) -> String? {
    let hint = "; run it in a terminal, or leave out --interactive to print the report"
    switch (context.inputIsTerminal, context.outputIsTerminal) {
    case (_, false):
      return "--interactive needs a terminal, and standard output is not one (a pipe or a file)" + hint
    case (false, true):
      return "--interactive reads keys from a terminal, and standard input is not one (a pipe or a file)"
        + "; to report data from a pipe, leave out --interactive, or save it and use --all FILE"
    case (true, true) where context.term == "dumb":
      return "--interactive needs a terminal that can move the cursor, and TERM is dumb" + hint
    case (true, true):
      return available ? nil : "--interactive is not available in this build" + hint
    }
  }
}

/// The renderer of the command line's view under a full-screen view: the screen shows the rows,
/// so the view renders none.
private struct NoRowsRenderer: ByteRenderer {
  mutating func start() -> String { "" }
  mutating func render(_ row: ReportRow) -> String { "" }
  mutating func finish() -> String { "" }
  mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {}
}

/// A sink that keeps nothing: where the command line's view writes rows it did not render.
private final class DiscardingTextSink: TextSink {
  func write(_ text: String) {}
  func flush() {}
  var failure: String? { nil }
}
