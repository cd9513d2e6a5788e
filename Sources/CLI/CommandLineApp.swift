import Presenters
import ReportRendering
import Synchronization
import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command-line application: everything `txreport` does as a process, around one report.
///
/// It reads the arguments and the environment (`NO_COLOR`, `TERM`, `COLORTERM`, `COLORFGBG`,
/// `COLUMNS`, whether standard output and error are terminals), catches the signals that end it
/// (``EndingSignals``), picks the renderer and the sinks, shows progress, commits or discards an
/// `--output` file, and turns the outcome into an ``ExitCode``. It does not know which gateways
/// exist: the composition root hands it a ``Composer`` that makes the use case for a command, so
/// the same composition serves another client.
package enum CommandLineApp {
  /// What the application needs of the composition root: the use case for a command, whose
  /// presenter output and progress line the application made, with what takes back the rows
  /// the output was shown when its view can (``CommandLineView/takesBackDrafts``).
  package typealias Composer =
    @Sendable (
      _ command: ReportCommand, _ output: any TransactionReportUseCaseOutput, _ progress: ProgressLine?,
      _ takeBack: (@Sendable () -> Void)?
    ) -> any TransactionReportUseCaseInput

  /// What `txreport` needs from the process it runs in, gathered so tests can supply their own.
  package struct Context {
    /// The arguments after the program name.
    package var arguments: [String]
    /// The value of `NO_COLOR`, if set.
    package var noColor: String?
    /// The value of `TERM`, if set: `dumb` turns `--color auto` off.
    package var term: String?
    /// The value of `COLORTERM`, if set: `truecolor` or `24bit` allow 24-bit colour.
    package var colorTerm: String?
    /// The value of `COLORFGBG`, if set: its last field tells a light background from a dark.
    package var colorFGBG: String?
    /// Whether standard output is a terminal.
    package var outputIsTerminal: Bool
    /// Whether standard input is a terminal: `--interactive` reads its keys there.
    package var inputIsTerminal: Bool
    /// Whether standard error is a terminal: only then are its labels coloured.
    package var errorIsTerminal: Bool
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
    /// What is on standard input; asked only when it matters (no input option, or `-`), as a
    /// pipe may take a moment to tell.
    package var standardInput: @Sendable () -> StandardInput

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - noColor: The value of `NO_COLOR`, if set.
    ///   - term: The value of `TERM`, if set.
    ///   - colorTerm: The value of `COLORTERM`, if set.
    ///   - colorFGBG: The value of `COLORFGBG`, if set.
    ///   - outputIsTerminal: Whether standard output is a terminal.
    ///   - inputIsTerminal: Whether standard input is a terminal.
    ///   - errorIsTerminal: Whether standard error is a terminal.
    ///   - columns: The value of `COLUMNS`, if set.
    ///   - terminalWidth: The width of the terminal on standard output, if known.
    ///   - progress: The progress line on standard error, if it is a terminal.
    ///   - output: Where the report goes.
    ///   - errors: Where warnings and errors go.
    ///   - standardInput: What is on standard input, asked only when it matters.
    package init(
      arguments: [String],
      noColor: String? = nil,
      term: String? = nil,
      colorTerm: String? = nil,
      colorFGBG: String? = nil,
      outputIsTerminal: Bool = false,
      inputIsTerminal: Bool = false,
      errorIsTerminal: Bool = false,
      columns: String? = nil,
      terminalWidth: Int? = nil,
      progress: ProgressLine? = nil,
      output: any TextSink,
      errors: any TextSink,
      standardInput: @escaping @Sendable () -> StandardInput = { .nothing }
    ) {
      self.arguments = arguments
      self.noColor = noColor
      self.term = term
      self.colorTerm = colorTerm
      self.colorFGBG = colorFGBG
      self.outputIsTerminal = outputIsTerminal
      self.inputIsTerminal = inputIsTerminal
      self.errorIsTerminal = errorIsTerminal
      self.columns = columns
      self.terminalWidth = terminalWidth
      self.progress = progress
      self.output = output
      self.errors = errors
      self.standardInput = standardInput
    }

    /// The context of this process: its arguments, environment, standard output and error.
    package static func process() -> Context {
      let standardError = FileDescriptorSink(descriptor: 2, capacity: 0)
      // On a terminal, every message goes through the progress line, so it erases the line
      // first: also the error that ends the process when standard output goes away.
      let progress =
        isatty(2) == 1
        ? ProgressLine(errors: standardError, width: CommandLineApp.terminalWidth(of: 2) ?? 80) : nil
      let errors: any TextSink = progress ?? standardError
      return Context(
        arguments: Array(CommandLine.arguments.dropFirst()),
        noColor: environment("NO_COLOR"),
        term: environment("TERM"),
        colorTerm: environment("COLORTERM"),
        colorFGBG: environment("COLORFGBG"),
        outputIsTerminal: isatty(1) == 1,
        inputIsTerminal: isatty(0) == 1,
        errorIsTerminal: isatty(2) == 1,
        columns: environment("COLUMNS"),
        terminalWidth: CommandLineApp.terminalWidth(of: 1),
        progress: progress,
        output: StandardOutput(errors: errors),
        errors: errors,
        standardInput: StandardInput.probe
      )
    }

    /// The value of an environment variable of this process, if set.
    private static func environment(_ name: String) -> String? {
      getenv(name).map { String(cString: $0) }
    }

    /// Whether to colour the labels of errors and warnings on standard error.
    ///
    /// - Parameter choice: The `--color` of the command line, or `auto` before it is known.
    /// - Returns: ``ColorChoice/colorsLabels(errorIsTerminal:noColor:term:)`` of this context.
    func colorsLabels(_ choice: ColorChoice) -> Bool {
      choice.colorsLabels(errorIsTerminal: errorIsTerminal, noColor: noColor, term: term)
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
  ///
  /// - Parameters:
  ///   - compose: The composition root's choice of use case for a command.
  ///   - interactive: The full-screen view of `--interactive`, if the composition has one.
  package static func main(composing compose: Composer, interactive: InteractiveFrontend? = nil) async
    -> Never
  {
    // Every signal that ends a program ends txreport by that signal, with nothing left behind,
    // even one the runtime's crash reporter would catch and return from (``EndingSignals``). A
    // reader that goes away (`txreport | head`) makes writes fail with EPIPE instead of killing
    // the process; ``StandardOutput`` then ends it quietly with status 141, and an `--output`
    // file is not left half made. A write past a file-size limit (`ulimit -f`) fails with EFBIG,
    // reported as any failed write.
    EndingSignals.install()
    let status = await run(.process(), composing: compose, interactive: interactive)
    EndingSignals.exit(status.rawValue)
  }

  /// Runs `txreport` once.
  ///
  /// - Parameters:
  ///   - context: The arguments, environment and output streams.
  ///   - compose: The composition root's choice of use case for a command.
  ///   - interactive: The full-screen view of `--interactive`, if the composition has one.
  /// - Returns: The exit code (see ``ExitCode``).
  package static func run(
    _ context: Context, composing compose: Composer, interactive: InteractiveFrontend? = nil
  ) async -> ExitCode {
    let request: CommandLineRequest
    do {
      request = try CommandLineParser.parse(context.arguments)
    } catch {
      // No --color is known: the label is coloured as with `--color auto`.
      let line = Diagnostic.line(.error, error.message, colored: context.colorsLabels(.auto))
      context.errors.write(line + HelpText.usageHint + "\n")
      context.errors.flush()
      return .usage
    }
    let color: ColorChoice = if case .report(let command) = request { command.color } else { .auto }
    (context.output as? StandardOutput)?.coloredLabels.store(context.colorsLabels(color), ordering: .relaxed)
    switch request {
    case .help:
      return write(HelpText.help, context: context)
    case .version:
      return write("txreport \(HelpText.version)\n", context: context)
    case .completions(let shell):
      return write(ShellCompletion.script(for: shell), context: context)
    case .manPage:
      return write(ManPage.roff, context: context)
    case .report(let command) where command.interactive:
      if let problem = inputProblem(command) { return refuse(problem, command: command, context: context) }
      let status = await runInteractive(command, context: context, frontend: interactive)
      if case .demo = command.input, status == .success {
        noteDemo(context: context, colored: context.colorsLabels(command.color))
      }
      return status
    case .report(let command):
      let command = readingStandardInput(command, context: context)
      if let problem = inputProblem(command) { return refuse(problem, command: command, context: context) }
      let status = await report(command, context: context, compose: compose)
      if case .demo = command.input, status == .success {
        noteDemo(context: context, colored: context.colorsLabels(command.color))
      }
      return status
    }
  }

  /// The command, made to read standard input when it asks for the demo data and data is piped
  /// in: data on standard input is never ignored. A pipe that sends nothing in a moment is not
  /// waited for; the note after the demo says how to read it. A terminal on standard input that
  /// a file of `-` reads is told what to type, and how to end.
  private static func readingStandardInput(_ command: ReportCommand, context: Context) -> ReportCommand {
    var command = command
    let colored = context.colorsLabels(command.color)
    switch command.input {
    case .demo:
      switch context.standardInput() {
      case .data:
        command.input = .oneFile("-")
      case .silent:
        context.errors.write(
          Diagnostic.line(
            .note,
            "standard input is a pipe that sent nothing, so it was not read; to report it, use --all -",
            colored: colored
          ))
      case .terminal, .nothing:
        break
      }
    case .oneFile("-"), .twoFiles("-", _), .twoFiles(_, "-"):
      if context.standardInput() == .terminal {
        let format = command.inputFormat ?? .json
        context.errors.write(
          Diagnostic.line(
            .note,
            "reading \(format.rawValue.uppercased()) records from the terminal; "
              + "paste or type them, then press Ctrl-D at the start of a line to end", colored: colored))
        context.errors.flush()
      }
    case .oneFile, .twoFiles:
      break
    }
    return command
  }

  /// Why the inputs of a command cannot make the report asked for, or `nil`.
  ///
  /// - A file of the built-in demo data: `--output FILE` with no input (or a pipe that sent
  ///   nothing) would make a file that looks like a report of one's own data, and nothing in
  ///   a JSON file or a transaction list could say otherwise; the demo is shown on standard
  ///   output only, where standard error says it is the demo (SPEC §8).
  /// - The same source twice: `--authorized` and `--posted` naming one file (by another path,
  ///   or a link: the same device and inode) or one URL would count every record twice.
  ///
  /// The message names no path or URL: a URL may hold a password.
  static func inputProblem(_ command: ReportCommand) -> String? {
    switch command.input {
    case .demo:
      guard let path = command.outputPath, path != "-" else { return nil }
      return "--output would hold the built-in demo data (2016), not yours; give the data with --all FILE,"
        + " --authorized FILE --posted FILE, or --all - for standard input (a pipe is waited for);"
        + " the demo is shown by txreport alone, on standard output"
    case .twoFiles(let authorized, let posted):
      // A device (/dev/null) or a named pipe read twice is not read twice the same.
      let same =
        ReportInput.isURL(authorized)
        ? authorized == posted : OutputFile.input(among: [authorized], sameAs: posted) != nil
      guard same else { return nil }
      return "--authorized and --posted name the same source, so each record would be counted twice;"
        + " give each group its own file, or use --all FILE for one file holding both groups"
    case .oneFile:
      return nil
    }
  }

  /// Says why the command cannot be run, with the help hint: a usage error.
  private static func refuse(_ problem: String, command: ReportCommand, context: Context) -> ExitCode {
    let line = Diagnostic.line(.error, problem, colored: context.colorsLabels(command.color))
    context.errors.write(line + HelpText.usageHint + "\n")
    return .usage
  }

  /// Says on standard error that the report shown is the built-in demo data, and how to report
  /// one's own: a script that captures the output must not take the demo for real data.
  static func noteDemo(context: Context, colored: Bool) {
    context.errors.write(
      Diagnostic.line(
        .note,
        "this is the built-in demo data (2016); to report your own, use --all FILE,"
          + " --authorized FILE --posted FILE, or pipe the data in", colored: colored))
    context.errors.flush()
  }

  private static func write(_ text: String, context: Context) -> ExitCode {
    context.output.write(text)
    context.output.flush()
    guard let failure = context.output.failure else { return .success }
    let line = Diagnostic.line(
      .error, "cannot write to standard output: \(failure)", colored: context.colorsLabels(.auto))
    context.errors.write(line)
    return .outputError
  }

  private static func report(_ command: ReportCommand, context: Context, compose: Composer) async -> ExitCode
  {
    let coloredLabels = context.colorsLabels(command.color)
    var file: (any OutputFileSink)?
    if let path = command.outputPath, path != "-",
      let input = OutputFile.input(among: command.input.localPaths, sameAs: path)
    {
      let inputName = input == "-" ? "standard input" : "the input '\(ReportText.visible(input))'"
      let message =
        "--output '\(ReportText.visible(path))' is \(inputName): the report would replace the data it is made from; write it to another file"
      context.errors.write(
        Diagnostic.line(.error, message, colored: coloredLabels) + HelpText.usageHint + "\n")
      return .usage
    }
    if let path = command.outputPath, path != "-" {
      do {
        file = try OutputFile.open(path)
      } catch {
        context.errors.write(Diagnostic.line(.error, error.message, colored: coloredLabels))
        return .outputError
      }
    } else if command.input.readsFiles {
      // A file may change between its two readings: no row reaches standard output until the
      // report is known to be good.
      file = SpooledStandardOutput(releasingTo: context.output, isTerminal: context.outputIsTerminal)
    }
    let progress = showsProgress(command, file: file, context: context) ? context.progress : nil
    if context.output is StandardOutput, !writesToFile(command), colors(for: command, context: context) {
      // Ctrl-C may cut the report between a colour and its reset: the terminal is reset then.
      EndingSignals.resetColorsOnEnd(of: 1)
    }
    let view =
      if let file {
        CommandLineView(
          renderer: renderer(for: command, context: context), file: file, errors: context.errors,
          coloredLabels: coloredLabels)
      } else {
        CommandLineView(
          renderer: renderer(for: command, context: context), output: context.output, errors: context.errors,
          coloredLabels: coloredLabels)
      }
    let takeBack: (@Sendable () -> Void)? = view.takesBackDrafts ? { @Sendable in view.discardDraft() } : nil
    await compose(command, presenter(for: command, view: view), progress, takeBack).eventGenerateReport()
    progress?.clear()
    guard let file else { return view.exitStatus }
    defer {
      if let left = file.leftBehind {
        context.errors.write(
          Diagnostic.line(
            .warning,
            "the folder does not let '\(left)' be removed (append-only?): it is left behind, empty; remove it by hand",
            colored: coloredLabels))
      }
    }
    guard view.exitStatus == .success || view.exitStatus == .sourceUnavailable else {
      file.discard()
      return view.exitStatus
    }
    do {
      try file.commit()
    } catch {
      context.errors.write(Diagnostic.line(.error, error.message, colored: coloredLabels))
      return .outputError
    }
    return view.exitStatus
  }

  /// The use case's output for the command: the report presenter; for `--format transactions`,
  /// the transaction list presenter in front of it, which takes the transactions and passes it
  /// the rest (start and end, warnings, notes, rejections), so the view ends the run as for
  /// any format. The view is both presenters' view.
  private static func presenter(for command: ReportCommand, view: CommandLineView)
    -> any TransactionReportUseCaseOutput
  {
    let report = TransactionReportPresenter(output: view, style: style(for: command))
    guard command.format == .transactions else { return report }
    return TransactionListPresenter(output: view, report: report)
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

  /// The width of the text output: `--width`, else (writing to standard output) `COLUMNS`, else
  /// the terminal's; else 80.
  ///
  /// `COLUMNS` and the terminal's width are clamped to the range `--width` accepts (40 to
  /// 1000): a `COLUMNS` of 10 or of 2^63 - 1 must neither crash nor write a gigabyte of padding.
  /// A `COLUMNS` that is not a positive number is ignored.
  private static func width(for command: ReportCommand, context: Context) -> Int {
    if let width = command.width { return width }
    guard !writesToFile(command) else { return 80 }
    let range = CommandLineParser.widthRange
    if let columns = context.columns.flatMap({ Int($0) }), columns > 0 { return columns.clamped(to: range) }
    return (context.terminalWidth ?? 80).clamped(to: range)
  }

  private static func writesToFile(_ command: ReportCommand) -> Bool {
    command.outputPath.map { $0 != "-" } ?? false
  }

  /// The renderer of the command's format. The text renderer's colours: on or off by `--color`
  /// (``ColorChoice/isEnabled(outputIsTerminal:noColor:term:)``), the palette of `--theme`
  /// else of the terminal's background (``Theme/resolved(_:colorFGBG:)``), 24-bit or 256
  /// colours as `COLORTERM` says (``TextReportRenderer/ColorDepth/init(colorTerm:)``).
  private static func renderer(for command: ReportCommand, context: Context) -> any ByteRenderer {
    switch command.format {
    case .text:
      TextReportRenderer(
        width: width(for: command, context: context),
        colors: colors(for: command, context: context),
        palette: Theme.resolved(command.theme, colorFGBG: context.colorFGBG).palette,
        colorDepth: TextReportRenderer.ColorDepth(colorTerm: context.colorTerm),
        heading: heading(for: command), style: style(for: command))
    case .json:
      // The contract's rows, whatever the title, period and currency: scripts read them.
      JSONReportRenderer()
    case .transactions:
      // No rows: the transactions' lines, from TransactionListPresenter (report(_:context:compose:)).
      TransactionLines()
    case .markdown:
      MarkdownReportRenderer(heading: heading(for: command), style: style(for: command))
    case .html:
      HTMLReportRenderer(heading: heading(for: command), style: style(for: command))
    }
  }

  /// Whether the text report is coloured: by `--color`, the terminal and `NO_COLOR`; never
  /// another format.
  private static func colors(for command: ReportCommand, context: Context) -> Bool {
    command.format == .text
      && command.color.isEnabled(
        outputIsTerminal: context.outputIsTerminal && !writesToFile(command), noColor: context.noColor,
        term: context.term)
  }

  /// The report's title (`--title`) and period (`--from`, `--to`, `--month`).
  static func heading(for command: ReportCommand) -> ReportHeading {
    ReportHeading(title: command.title, period: command.period)
  }

  /// The one style of the command's presenter and renderer: the contract's English words, and
  /// the amounts of `--currency`, except in the formats scripts read (JSON, the transaction
  /// list), whose amounts stay plain whatever the currency.
  static func style(for command: ReportCommand) -> ReportStyle {
    switch command.format {
    case .json, .transactions: .english
    case .text, .markdown, .html: ReportStyle(wording: EnglishReportWording(), amounts: command.amountStyle)
    }
  }
}

/// Standard output of the process: the first write that fails ends `txreport` at once, rather
/// than reading and rendering the rest of the input for no one. A reader that stopped reading
/// (`txreport | head`) ends it quietly with status 141, as SIGPIPE ends `grep`; any other
/// failure (a full disk) with an error and exit code 74.
///
/// Only the process's own standard output stops the process this way: nothing is left to
/// clean up for it. An `--output` file is finished or discarded by the composition root.
private final class StandardOutput: TextSink {
  private let sink = FileDescriptorSink(descriptor: 1)
  private let errors: any TextSink
  /// Whether the error that ends the process colours its label: set by ``CommandLineApp/run``
  /// once the command line is known.
  let coloredLabels = Atomic(false)

  init(errors: any TextSink) {
    self.errors = errors
  }

  func write(_ text: String) {
    sink.write(text)
    stopIfFailed()
  }

  func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    sink.write(utf8: bytes)
    stopIfFailed()
  }

  func flush() {
    sink.flush()
    stopIfFailed()
  }

  var failure: String? { sink.failure }

  func writeContents(of descriptor: Int32, length: Int) -> Bool {
    let written = sink.writeContents(of: descriptor, length: length)
    stopIfFailed()
    return written
  }

  private func stopIfFailed() {
    guard let failure = sink.failure else { return }
    guard !sink.readerStopped else {
      // `txreport | head`: the reader has all it wants. Stop quietly, with the status a shell
      // shows for a command that SIGPIPE ended, as `grep` and `cat` end.
      (errors as? ProgressLine)?.clear()
      EndingSignals.exit(ExitCode.readerStopped.rawValue)
    }
    let colored = coloredLabels.load(ordering: .relaxed)
    errors.write(Diagnostic.line(.error, "cannot write to standard output: \(failure)", colored: colored))
    errors.flush()
    EndingSignals.exit(ExitCode.outputError.rawValue)
  }
}

extension Int {
  /// The number, or the nearer end of the range when it is outside.
  fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
