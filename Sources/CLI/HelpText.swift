/// The texts `txreport` prints about itself: help, version and the usage-error hint.
///
/// The option sections of the help are made from the one table of options,
/// ``CommandLineOption/all``, as the completions and the man page are.
package enum HelpText {
  /// The program's version.
  package static let version = "0.1.0"

  /// The first line of the help and the man page's name line: what `txreport` is.
  package static let purpose = "credit-card transactions as a banded report, grouped by date"

  /// The text of `txreport --help`.
  package static let help =
    "txreport: \(purpose)\n\n" + usage + "\n"
    + CommandLineOption.Section.allCases.map(optionSection).joined(separator: "\n") + "\n"
    + topics.map { "\($0.title)\n" + $0.lines.map { "  " + $0 }.joined(separator: "\n") + "\n" }
    .joined(separator: "\n") + "\n"

  /// The usage lines.
  private static let usage = """
    USAGE
      txreport [OPTIONS]                        the built-in demo data
      txreport --one-source [OPTIONS]           the demo data, read as one stream
      txreport --authorized FILE --posted FILE  one file per group (two-source)
      txreport --all FILE [OPTIONS]             one file holding both groups
      COMMAND | txreport [OPTIONS]              the data on standard input
      txreport --interactive [OPTIONS]          full-screen, to scroll and search

    """

  /// One section of options: its title, then each option with its help beside it.
  private static func optionSection(_ section: CommandLineOption.Section) -> String {
    var text = section.rawValue + "\n"
    for option in CommandLineOption.all where option.section == section {
      let names = ([option.shortName].compactMap { $0 } + [option.name]).joined(separator: ", ")
      let usage = "  " + names + (option.value.map { " " + $0.placeholder } ?? "")
      for (index, line) in option.help.enumerated() {
        let start = index == 0 ? usage : ""
        text += start.padding(toLength: max(23, start.count + 1)) + line + "\n"
      }
    }
    return text
  }

  /// The sections after the options, as titles and lines: the help text and the man page
  /// show the same.
  package static let topics: [(title: String, lines: [String])] = [
    (
      "INPUT",
      [
        "Records with the fields group (A or P), date (YYYY-MM-DD), description",
        "(any text), amount (unsigned, at most two decimals, such as 3.11) and",
        "debit (D for a debit, C for a credit such as a payment), as",
        "  json     [{\"group\": \"A\", \"date\": \"2016-04-01\", \"description\": \"Starbucks\",",
        "            \"amount\": \"3.11\", \"debit\": \"D\"}, ...]",
        "  ndjson   one such object per line",
        "  csv      a header row group,date,description,amount,debit (any order),",
        "           then one row per record",
        "A bank's CSV export is read as it is: txreport --all export.csv. Its",
        "columns are found by name in the banks' languages (Date, Buchungstag,",
        "Payee, Libellé, Amount, or Debit and Credit, ...), below lines of title",
        "too; its text (UTF-8, else Windows-1252), delimiter, decimal mark and",
        "date layout from the file; a negative amount is a charge; a Status",
        "column puts pending rows in Authorized, else every record is Posted (in",
        "two-source mode, the option's group). Rows that are clearly no",
        "transaction (titles, totals, balances) are skipped and counted in a",
        "note. --columns, --delimiter, --decimal-comma, --date-format,",
        "--encoding, --pending-date and --debits-positive or --debits-negative",
        "say what a file does not. OFX statements (.ofx, .qfx) and QIF files",
        "(.qif) are read too: each transaction is Posted.",
        "Records may come in any order; the report groups them by group, then date.",
        "With no input option, data piped to txreport is read as --all -;",
        "otherwise the demo data is shown, and standard error says so when",
        "standard output is not a terminal.",
      ]
    ),
    (
      "INTERACTIVE",
      [
        "txreport --interactive shows the report full-screen in the terminal: the",
        "group's header stays at the top while its rows scroll, the grand total at",
        "the bottom; a spinner while the sources load. The keys (? lists them all):",
        "  j k, arrows     a line           Space f b, PgDn PgUp   a page",
        "  g G, Home End   top, bottom      n p   next, previous date block",
        "  /               search the descriptions, then n N: next, previous match",
        "  q, Esc          quit             Ctrl-Z suspends, fg comes back",
        "The mouse wheel scrolls. Colours follow --color, --theme and NO_COLOR.",
      ]
    ),
    (
      "EXIT STATUS",
      [
        "0    the report was written",
        "3    with --partial, an input file is missing: the report shows that",
        "     group's message and says it is incomplete",
        "64   the command line is wrong",
        "65   the input holds invalid data: no report; standard error names each",
        "     bad record as FILE:LINE:COLUMN: error: FIELD: PROBLEM (got \"VALUE\")",
        "66   an input file does not exist or cannot be read: no report; standard",
        "     error names it, and a file of a similar name when there is one",
        "74   the report could not be written (for example, the disk is full)",
        "141  the program reading the report stopped, as in txreport | head:",
        "     txreport stops quietly",
        "130  --interactive was ended by Ctrl-C (129 SIGHUP, 131 SIGQUIT, 143 SIGTERM)",
      ]
    ),
    (
      "EXAMPLES",
      [
        "txreport",
        "txreport --authorized authorized.json --posted posted.json --format json",
        "txreport --all transactions.csv -o report.html",
        "txreport --all transactions.csv --month 2024-03 --title 'Visa' --currency USD",
        "bank-export | txreport --input-format ndjson",
        "txreport --all transactions.csv --interactive",
      ]
    ),
  ]

  /// The line printed after a usage error.
  package static let usageHint = "Run 'txreport --help' for usage."
}

extension String {
  /// The string with spaces added to the end up to `length` characters.
  fileprivate func padding(toLength length: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, length - count))
  }
}
