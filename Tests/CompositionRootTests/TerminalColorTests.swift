import CLI
import CompositionRoot
import Foundation
import TestSupport
import Testing

/// How `CommandLineApp.run` colours the report and the labels on standard error, from the
/// context alone: the terminal, `NO_COLOR`, `TERM`, `COLORTERM` and `COLORFGBG`.
@Suite struct TerminalColorTests {
  struct Environment {
    var noColor: String?
    var term: String?
    var colorTerm: String?
    var colorFGBG: String?
  }

  private struct Run {
    var status: ExitCode
    var output: String
    var errors: String
  }

  private func run(
    _ arguments: [String], _ environment: Environment = Environment(), outputIsTerminal: Bool = true,
    errorIsTerminal: Bool = false
  ) async -> Run {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let status = await TransactionReportApp.run(
      .init(
        arguments: arguments, noColor: environment.noColor, term: environment.term,
        colorTerm: environment.colorTerm, colorFGBG: environment.colorFGBG,
        outputIsTerminal: outputIsTerminal,
        errorIsTerminal: errorIsTerminal, output: output, errors: errors))
    return Run(status: status, output: output.text, errors: errors.text)
  }

  private static let anyColor = "\u{1B}["
  /// The odd band's background in each palette and depth.
  private static let lightTrueColor = "\u{1B}[48;2;247;248;252m"
  private static let light256 = "\u{1B}[48;5;231m"
  private static let darkTrueColor = "\u{1B}[48;2;27;30;36m"
  private static let dark256 = "\u{1B}[48;5;234m"

  @Test("An empty NO_COLOR leaves colour on; a non-empty one turns --color auto off")
  func noColor() async {
    #expect(await run([], Environment(noColor: "")).output.contains(Self.anyColor))
    #expect(!(await run([], Environment(noColor: "1")).output.contains(Self.anyColor)))
    #expect(await run(["--color", "always"], Environment(noColor: "1")).output.contains(Self.anyColor))
  }

  @Test("TERM=dumb turns --color auto off; --color always still colours")
  func dumbTerminal() async {
    #expect(!(await run([], Environment(term: "dumb")).output.contains(Self.anyColor)))
    #expect(await run([], Environment(term: "xterm-256color")).output.contains(Self.anyColor))
    #expect(await run(["--color", "always"], Environment(term: "dumb")).output.contains(Self.anyColor))
  }

  @Test(
    "24-bit colour only when COLORTERM says truecolor or 24bit; else the 256-colour palette",
    arguments: [("truecolor", true), ("24bit", true), ("", false), ("yes", false), (nil, false)]
      as [(String?, Bool)])
  func colorDepth(colorTerm: String?, trueColor: Bool) async {
    let output = await run([], Environment(colorTerm: colorTerm)).output
    #expect(output.contains(trueColor ? Self.lightTrueColor : Self.light256))
    #expect(!output.contains(trueColor ? "\u{1B}[48;5;" : "\u{1B}[48;2;"))
  }

  @Test(
    "The palette follows the background COLORFGBG names: dark for 0 to 6 and 8, else light",
    arguments: [
      ("15;0", "truecolor", darkTrueColor), ("15;0", nil, dark256),
      ("15;default;8", "truecolor", darkTrueColor),
      ("0;15", "truecolor", lightTrueColor), ("0;7", nil, light256),
      ("15;default", "truecolor", lightTrueColor),
      (nil, "truecolor", lightTrueColor), (nil, nil, light256),
    ] as [(String?, String?, String)])
  func background(colorFGBG: String?, colorTerm: String?, oddBand: String) async {
    let output = await run([], Environment(colorTerm: colorTerm, colorFGBG: colorFGBG)).output
    #expect(output.contains(oddBand))
  }

  @Test("Colour is the same report's: only the escape sequences differ between palettes and depths")
  func sameReport() async {
    let plain = await run([], outputIsTerminal: false).output
    for environment in [Environment(colorTerm: "truecolor"), Environment(colorFGBG: "15;0")] {
      let colored = await run([], environment).output
      #expect(colored.contains(Self.anyColor))
      #expect(Self.withoutEscapes(colored) == plain)
    }
  }

  /// The text without its SGR sequences, each line's trailing spaces dropped.
  private static func withoutEscapes(_ text: String) -> String {
    withoutSGR(text).split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  private static let red = "\u{1B}[1;31mtxreport: error:\u{1B}[0m "

  @Test("A usage error's label is red on a terminal, as with --color auto, and plain otherwise")
  func usageErrorLabel() async {
    let onTerminal = await run(["--format", "yaml"], errorIsTerminal: true)
    #expect(onTerminal.status == .usage)
    #expect(onTerminal.errors.hasPrefix(Self.red + "--format must be"))
    #expect(onTerminal.errors.hasSuffix("\nRun 'txreport --help' for usage.\n"))
    #expect(
      await run(["--format", "yaml"], errorIsTerminal: false).errors.hasPrefix("txreport: error: --format"))
    #expect(
      await run(["--format", "yaml"], Environment(noColor: "1"), errorIsTerminal: true).errors
        .hasPrefix("txreport: error: --format"))
    #expect(
      await run(["--format", "yaml"], Environment(term: "dumb"), errorIsTerminal: true).errors
        .hasPrefix("txreport: error: --format"))
  }

  private static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  @Test(
    "The labels of errors are coloured only when standard error is a terminal and colour is not off",
    arguments: [
      ([String](), Environment(), true, true), ([], Environment(noColor: ""), true, true),
      ([], Environment(), false, false), ([], Environment(noColor: "1"), true, false),
      ([], Environment(term: "dumb"), true, false), (["--color", "never"], Environment(), true, false),
      (["--color", "always"], Environment(noColor: "1"), true, true),
      (["--color", "always"], Environment(), false, false),
    ] as [([String], Environment, Bool, Bool)])
  func errorLabels(options: [String], environment: Environment, errorIsTerminal: Bool, colored: Bool) async {
    let invalid = Self.fixtures.appendingPathComponent("cases/invalid_records.json").path
    let rejected = await run(["--all", invalid] + options, environment, errorIsTerminal: errorIsTerminal)
    #expect(rejected.status == .dataError)
    #expect(rejected.errors.contains("\ntxreport: error: ") == !colored)
    #expect(rejected.errors.contains("\n" + Self.red) == colored)
    let unwritable = await run(
      ["--all", invalid, "--output", "/no/such/folder/report.txt"] + options, environment,
      errorIsTerminal: errorIsTerminal)
    #expect(unwritable.status == .outputError)
    #expect(unwritable.errors.hasPrefix(colored ? Self.red : "txreport: error: "))
    #expect(
      unwritable.errors.filter { $0 == "\u{1B}" }.count == (colored ? 2 : 0), "only the label is coloured")
  }

  @Test("--theme wins over the background COLORFGBG says, at either colour depth")
  func themeOption() async {
    let dark = await run(["--theme", "dark"], Environment(colorTerm: "truecolor", colorFGBG: "0;15"))
    #expect(dark.output.contains("\u{1B}[48;2;27;30;36m"))
    let light = await run(["--theme", "light"], Environment(colorFGBG: "15;0"))
    #expect(light.output.contains("\u{1B}[48;5;231m"))
  }
}
