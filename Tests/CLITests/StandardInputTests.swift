import CLI
import Presenters
import Synchronization
import Testing
import UseCases

/// Data on standard input is never ignored, the demo never passes for real data, and a person
/// at a terminal is told what `-` waits for (SPEC §8).
@Suite struct StandardInputTests {
  /// A use case that presents an empty report, standing in for the composition root's.
  private struct EmptyReport: TransactionReportUseCaseInput {
    let output: any TransactionReportUseCaseOutput
    func eventGenerateReport() async {
      output.presentReportStart()
      output.presentGrandFooter(total: .zero)
      output.presentReportEnd()
    }
  }

  private struct Run {
    var status: ExitCode
    var input: ReportInput?
    var errors: String
    var asked: Int
  }

  /// Runs the command-line app with a standard input that says `standardInput`, and records
  /// the command it composed and how often standard input was looked at.
  private func run(_ arguments: [String], standardInput: StandardInput) async -> Run {
    let composed = Mutex<ReportInput?>(nil)
    let asked = Mutex(0)
    let errors = MemoryTextSink()
    let context = CommandLineApp.Context(
      arguments: arguments, output: MemoryTextSink(), errors: errors,
      standardInput: {
        asked.withLock { $0 += 1 }
        return standardInput
      })
    let status = await CommandLineApp.run(context) { command, output, _, _ in
      composed.withLock { $0 = command.input }
      return EmptyReport(output: output)
    }
    return Run(
      status: status, input: composed.withLock { $0 }, errors: errors.text, asked: asked.withLock { $0 })
  }

  private let demoNote =
    "txreport: note: this is the built-in demo data (2016); to report your own, use --all FILE,"
    + " --authorized FILE --posted FILE, or pipe the data in\n"

  @Test("Data piped in with no input option is read as --all -, and no demo note is written")
  func pipedDataIsRead() async {
    let result = await run(["--format", "json"], standardInput: .data)
    #expect(result.input == .oneFile("-"))
    #expect(result.errors == "")
    #expect(await run(["--one-source"], standardInput: .data).input == .oneFile("-"))
  }

  @Test("With nothing on standard input, or a terminal, the demo is shown, and standard error says so")
  func demoIsAnnounced() async {
    for standardInput in [StandardInput.nothing, .terminal] {
      let result = await run([], standardInput: standardInput)
      #expect(result.input == .demo(oneSource: false))
      #expect(result.status == .success)
      #expect(result.errors == demoNote)
    }
  }

  @Test("A pipe that sends nothing is not waited for: the demo, and how to read the pipe")
  func silentPipe() async {
    let result = await run([], standardInput: .silent)
    #expect(result.input == .demo(oneSource: false))
    #expect(
      result.errors
        == "txreport: note: standard input is a pipe that sent nothing, so it was not read; to report it, use --all -\n"
        + demoNote)
  }

  @Test("- on a terminal says what it reads and how to end; a pipe or a file gets no such note")
  func terminalPrompt() async {
    let prompt = await run(["--all", "-", "--input-format", "csv"], standardInput: .terminal)
    #expect(
      prompt.errors
        == "txreport: note: reading CSV records from the terminal; paste or type them, then press Ctrl-D"
        + " at the start of a line to end\n")
    #expect(
      await run(["--authorized", "a.json", "--posted", "-"], standardInput: .terminal).errors.contains("JSON")
    )
    #expect(await run(["--all", "-"], standardInput: .data).errors == "")
  }

  @Test("Standard input is not looked at when files are named: a pipe left open costs nothing")
  func filesDoNotProbe() async {
    let result = await run(["--all", "a.json"], standardInput: .silent)
    #expect(result.asked == 0)
    #expect(result.errors == "")
  }
}
