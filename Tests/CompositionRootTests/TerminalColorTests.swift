import CLI
import CompositionRoot
import Foundation
import Testing

/// How `CommandLineApp.run` colours the report, from the context alone: the terminal,
/// `NO_COLOR`, `TERM`, `COLORTERM` and `COLORFGBG`.
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
    _ arguments: [String], _ environment: Environment = Environment(), outputIsTerminal: Bool = true
  ) async -> Run {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let status = await TransactionReportApp.run(
      .init(
        arguments: arguments, noColor: environment.noColor, term: environment.term,
        colorTerm: environment.colorTerm, colorFGBG: environment.colorFGBG,
        outputIsTerminal: outputIsTerminal, output: output, errors: errors))
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
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if scalar == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        inEscape = scalar != "m"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }
}
