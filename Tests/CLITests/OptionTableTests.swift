import CLI
import Testing

/// The one table of options is the source of the parser, the help, the completions and the man
/// page: an option in the table is in each of them.
@Suite struct OptionTableTests {
  @Test("Every option, long and short, is completed by every shell, with the words of a choice")
  func completionsHoldEveryOption() {
    for shell in ShellCompletion.Shell.allCases {
      let script = ShellCompletion.script(for: shell)
      for option in CommandLineOption.all {
        let name = shell == .fish ? "-l \(option.bareName)" : option.name
        #expect(script.contains(name), "\(shell) has no \(option.name)")
        if let short = option.shortName {
          #expect(script.contains(shell == .fish ? "-s \(short.dropFirst())" : short))
        }
        for word in option.value?.choices ?? [] { #expect(script.contains(word)) }
      }
    }
  }

  @Test("The man page has every option with its placeholder, and the exit statuses of the help")
  func manPageHoldsEveryOption() {
    let page = ManPage.roff
    for option in CommandLineOption.all {
      let name = "\\fB" + option.name.replacingDashes() + "\\fR"
      #expect(
        page.contains(name + (option.value.map { " \\fI" + ManPage.escaped($0.placeholder) + "\\fR" } ?? "")))
    }
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "roff input is ASCII: groff escapes the rest")
    #expect(ManPage.escaped("1.234,56 € … ½") == #"1.234,56 \[u20AC] \[u2026] \[u00BD]"#)
    for status in ["0", "3", "64", "65", "66", "74", "141"] { #expect(page.contains(".B \(status)\n")) }
    #expect(page.hasPrefix(".TH TXREPORT 1 "))
  }

  @Test("Every option parses: a flag alone, an option with a value of its kind")
  func everyOptionParses() throws {
    for option in CommandLineOption.all
    where !["--help", "--version", "--completions", "--man-page"].contains(option.name) {
      let value: [String] =
        switch option.value {
        case .choice(_, let words)?: [words[0]]
        case .file?: ["x.json"]
        case .number?: ["80"]
        case .text(let placeholder)?:
          switch placeholder {
          case "DATE": ["2024-03-01"]
          case "YYYY-MM": ["2024-03"]
          case "LAYOUT": ["DD.MM.YY"]
          case "CODE": ["chf"]
          default: option.name == "--columns" ? ["date=Booked"] : ["Authorization: Bearer x"]
          }
        case nil: []
        }
      let extra =
        option.name == "--authorized"
        ? ["--posted", "p.json"] : option.name == "--posted" ? ["--authorized", "a.json"] : []
      #expect(throws: Never.self) { try CommandLineParser.parse([option.name] + value + extra) }
    }
  }
}

extension String {
  /// The name as roff writes it: each hyphen-minus as `\-`.
  fileprivate func replacingDashes() -> String {
    var result = ""
    for character in self { result += character == "-" ? "\\-" : String(character) }
    return result
  }
}
