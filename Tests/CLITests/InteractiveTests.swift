import CLI
import Presenters
import Synchronization
import Testing
import UseCases

/// `--interactive` on the command line: what it cannot be combined with, what it needs of the
/// terminals, and how a full-screen session's end becomes the exit status, with the report's
/// errors and warnings written only once the screen is gone.
@Suite struct InteractiveTests {
  // MARK: Parsing

  @Test("--interactive is a flag of the report, with the input and colour options")
  func parses() throws {
    #expect(
      try CommandLineParser.parse(["--interactive"]) == .report(ReportCommand(interactive: true)))
    #expect(
      try CommandLineParser.parse([
        "--all", "a.csv", "--interactive", "--color=never", "--theme", "dark", "--partial",
      ])
        == .report(
          ReportCommand(
            input: .oneFile("a.csv"), color: .never, partial: true, theme: .dark, interactive: true)))
    #expect(
      try CommandLineParser.parse(["--interactive", "--format", "text"])
        == .report(ReportCommand(interactive: true)))
  }

  @Test(
    "What --interactive cannot do is a usage error that says what to leave out",
    arguments: [
      (["--interactive", "--output", "r.txt"], "leave out --output"),
      (["--interactive", "--format", "json"], "leave out --format"),
      (["--interactive", "--format", "transactions"], "leave out --format"),
      (["--interactive", "--width", "100"], "leave out --width"),
      (["--interactive", "--all", "-"], "give them as a file: --all FILE"),
      (["--interactive", "--authorized", "-", "--posted", "p.json"], "give them as a file"),
    ])
  func refused(arguments: [String], advice: String) {
    #expect {
      try CommandLineParser.parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message.contains(advice) == true
    }
  }

  // MARK: Running

  /// What a frontend was given and did.
  private final class Frontend: Sendable {
    private let calls = Mutex<[CommandLineApp.InteractiveDisplay]>([])
    let end: CommandLineApp.InteractiveEnd
    let report: @Sendable (any TransactionReportPresenterOutput) -> Void

    init(
      ending end: CommandLineApp.InteractiveEnd,
      report: @escaping @Sendable (any TransactionReportPresenterOutput) -> Void = { _ in }
    ) {
      self.end = end
      self.report = report
    }

    var displays: [CommandLineApp.InteractiveDisplay] { calls.withLock { $0 } }

    var run: CommandLineApp.InteractiveFrontend {
      { _, display, view in
        self.calls.withLock { $0.append(display) }
        self.report(view)
        return self.end
      }
    }
  }

  private struct Run {
    var status: ExitCode
    var output: String
    var errors: String
  }

  private func run(
    _ arguments: [String] = ["--interactive"], frontend: Frontend?, input: Bool = true, output: Bool = true,
    term: String? = "xterm-256color", noColor: String? = nil
  ) async -> Run {
    let (standardOutput, errors) = (MemoryTextSink(), MemoryTextSink())
    let context = CommandLineApp.Context(
      arguments: arguments, noColor: noColor, term: term, outputIsTerminal: output, inputIsTerminal: input,
      output: standardOutput, errors: errors)
    let status = await CommandLineApp.run(
      context,
      composing: { _, _, _, _ in
        Issue.record("the printed report's composition must not run for --interactive")
        return NoReport()
      },
      interactive: frontend?.run)
    return Run(status: status, output: standardOutput.text, errors: errors.text)
  }

  private struct NoReport: TransactionReportUseCaseInput {
    func eventGenerateReport() async {}
  }

  @Test(
    "Without a terminal on standard output or input, or on a dumb one, it is a usage error and the screen never opens",
    arguments: [
      (false, true, "xterm", "standard output is not one"),
      (true, false, "xterm", "standard input is not one"),
      (true, true, "dumb", "TERM is dumb"),
    ])
  func needsTerminals(output: Bool, input: Bool, term: String, message: String) async {
    let frontend = Frontend(ending: .quit)
    let result = await run(frontend: frontend, input: input, output: output, term: term)
    #expect(result.status == .usage)
    #expect(result.output.isEmpty, "nothing, least of all an escape sequence, reaches standard output")
    #expect(result.errors.hasPrefix("txreport: error: --interactive "))
    #expect(result.errors.contains(message))
    #expect(result.errors.hasSuffix("Run 'txreport --help' for usage.\n"))
    #expect(frontend.displays.isEmpty)
  }

  @Test("A composition without a full-screen view says so")
  func unavailable() async {
    let result = await run(frontend: nil)
    #expect(result.status == .usage)
    #expect(result.errors.contains("not available in this build"))
  }

  @Test("The display follows --color, NO_COLOR and --theme as the printed report does")
  func display() async throws {
    let frontend = Frontend(ending: .quit)
    _ = await run(frontend: frontend)
    _ = await run(frontend: frontend, noColor: "1")
    _ = await run(
      ["--interactive", "--color", "always", "--theme", "dark"], frontend: frontend, noColor: "1")
    let displays = frontend.displays
    try #require(displays.count == 3)
    #expect(displays[0].colors && displays[0].palette == .light)
    #expect(!displays[1].colors)
    #expect(displays[2].colors && displays[2].palette == .dark)
    #expect(displays[0].colorDepth == .xterm256, "no COLORTERM: the 256-colour palette")
  }

  @Test(
    "How the session ended gives the status",
    arguments: [
      (CommandLineApp.InteractiveEnd.quit, ExitCode.success), (.signal(2), .interrupted),
      (.signal(15), .terminated),
      (.signal(1), .hungUp), (.signal(3), .quitSignal), (.terminalFailed("EIO"), .outputError),
    ])
  func statuses(end: CommandLineApp.InteractiveEnd, status: ExitCode) async {
    let result = await run(["--interactive", "--all", "a.json"], frontend: Frontend(ending: end))
    #expect(result.status == status)
    #expect(result.output.isEmpty)
    if case .terminalFailed = end { #expect(result.errors == "txreport: error: the terminal failed: EIO\n") }
  }

  @Test("A refused report's errors come after the screen is gone, with the status of the printed report")
  func refusedReport() async {
    let frontend = Frontend(ending: .reportFailed) { view in
      view.showReportStart()
      view.showInputRejected(
        InputRejection(
          issues: [], lines: ["a.json:2:26: error: date: not a real calendar date"], totalCount: 1,
          recordCount: 1,
          summary: "1 invalid record; no report was made."))
    }
    let result = await run(["--interactive", "--all", "a.json"], frontend: frontend)
    #expect(result.status == .dataError)
    #expect(
      result.errors
        == "a.json:2:26: error: date: not a real calendar date\ntxreport: error: 1 invalid record; no report was made.\n"
    )
    #expect(result.output.isEmpty, "no rows of a refused report")
  }

  @Test("A missing source's warning is held while the screen is up, then written; the status is 3")
  func warningAfterTheScreen() async {
    let errorsDuringSession = Mutex<String?>(nil)
    let (standardOutput, errors) = (MemoryTextSink(), MemoryTextSink())
    let frontend: CommandLineApp.InteractiveFrontend = { _, _, view in
      view.showReportStart()
      view.showRow(.header(title: "Posted Transactions"))
      view.showRow(.message("Posted Transactions are not currently available."))
      view.showSourceUnavailable(
        SourceWarning(
          scope: .group(.posted), reason: "down", text: "Posted Transactions are not available: down"))
      view.showRow(.grandFooter(total: "0.00"))
      view.showReportEnd()
      errorsDuringSession.withLock { $0 = errors.text }
      return .quit
    }
    let context = CommandLineApp.Context(
      arguments: ["--interactive", "--all", "a.json"], term: "xterm", outputIsTerminal: true,
      inputIsTerminal: true,
      output: standardOutput, errors: errors)
    let status = await CommandLineApp.run(
      context, composing: { _, _, _, _ in NoReport() }, interactive: frontend)
    #expect(status == .sourceUnavailable)
    #expect(errorsDuringSession.withLock { $0 } == "", "nothing is written under the screen")
    #expect(errors.text == "txreport: warning: Posted Transactions are not available: down\n")
    #expect(standardOutput.text.isEmpty)
  }
}
