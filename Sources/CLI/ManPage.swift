/// The manual page, `txreport(1)`, made from the one table of options
/// (``CommandLineOption/all``) and the help text's sections: `txreport --man-page` prints it
/// as roff, and `Scripts/install` puts it where `man` finds it.
package enum ManPage {
  /// The page, as roff source for `man`, ending with a line break.
  package static var roff: String {
    var page = [
      ".TH TXREPORT 1 \"\" \"txreport \(HelpText.version)\" \"User Commands\"",
      ".SH NAME",
      "txreport \\- " + escaped(HelpText.purpose),
      ".SH SYNOPSIS",
      ".B txreport",
      "[\\fIOPTIONS\\fR]",
      ".br",
      ".B txreport",
      "\\fB\\-\\-authorized\\fR \\fIFILE\\fR \\fB\\-\\-posted\\fR \\fIFILE\\fR [\\fIOPTIONS\\fR]",
      ".br",
      ".B txreport",
      "\\fB\\-\\-all\\fR \\fIFILE\\fR [\\fIOPTIONS\\fR]",
      ".br",
      ".B txreport",
      "\\fB\\-\\-interactive\\fR [\\fIOPTIONS\\fR]",
      ".SH DESCRIPTION",
      ".B txreport",
      "turns credit-card transactions, Authorized (group A) and Posted (group P), into a",
      "banded report: a header per group, a block per date with a line per transaction,",
      "a total per group and a grand total. Money is exact to the cent, and the output",
      "does not depend on the time zone or the locale.",
      "With no input option it shows the built-in demo data, or reads the data piped",
      "to it. With",
      ".B \\-\\-interactive",
      "it shows the report full-screen in the terminal, to scroll and search (see",
      ".BR INTERACTIVE ).",
    ]
    for section in CommandLineOption.Section.allCases {
      page.append(".SH " + section.rawValue)
      for option in CommandLineOption.all where option.section == section {
        page.append(".TP")
        var names = [bold(option.name)]
        if let short = option.shortName { names.insert(bold(short), at: 0) }
        page.append(
          names.joined(separator: ", ")
            + (option.value.map { " \\fI" + escaped($0.placeholder) + "\\fR" } ?? ""))
        for (index, line) in option.help.enumerated() {
          if index > 0 && startsItem(line) { page.append(".br") }
          page.append(escaped(line))
        }
      }
    }
    for topic in HelpText.topics {
      page.append(".SH " + topic.title)
      switch topic.title {
      case "EXIT STATUS":
        for line in topic.lines {
          if let first = line.first, first.isNumber {
            page.append(".TP")
            let status = line.prefix { $0.isNumber }
            page.append(".B " + status)
            page.append(escaped(line.dropFirst(status.count).drop { $0 == " " }))
          } else {
            page.append(escaped(line.drop { $0 == " " }))
          }
        }
      default:
        page.append(".nf")
        page.append(contentsOf: topic.lines.map { escaped($0) })
        page.append(".fi")
      }
    }
    page.append(contentsOf: [
      ".SH ENVIRONMENT",
      ".TP",
      ".B COLUMNS",
      "the width of the text output when standard output is not a terminal, brought into 40 to 1000",
      ".TP",
      ".B NO_COLOR",
      "when set to a value that is not empty, no colour (see no-color.org)",
      ".TP",
      ".B TMPDIR",
      "where standard input is copied, so that it can be read twice",
      ".SH SEE ALSO",
      "The README of the TransactionReport package.",
    ])
    return page.joined(separator: "\n") + "\n"
  }

  /// Whether a line of an option's help starts an item of its own, on a line of its own in the
  /// page: a word and a colon (`json: …`, `text (default): …`), or a new sentence.
  private static func startsItem(_ line: String) -> Bool {
    if line.first?.isUppercase == true { return true }
    let head = line.prefix { $0 != ":" }
    return head.count < line.count && head.allSatisfy { $0.isLetter || $0 == " " || $0 == "(" || $0 == ")" }
  }

  private static func bold(_ name: String) -> String {
    "\\fB" + escaped(name) + "\\fR"
  }

  /// Text made safe for roff: a backslash doubled, a hyphen-minus written as `\-`, every
  /// character beyond ASCII as groff's escape of its code point (`…` is `\[u2026]`: roff input
  /// is ASCII, and `groff -ww` warns at any other byte), and a line that would start with `.`
  /// or `'` (a request) started with `\&`.
  package static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where !scalar.isASCII:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
