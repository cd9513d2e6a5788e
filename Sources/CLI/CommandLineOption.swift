import BankFormats
import Entities
import Presenters

/// One option of `txreport`, as the one table of options describes it.
///
/// The table, ``all``, is the single source of every option's name, value and description:
/// the parser reads it to know which options take a value and to suggest a name, and the help
/// text, the shell completions (``ShellCompletion``) and the man page (``ManPage``) are made
/// from it. An option added here appears in all of them at once.
package struct CommandLineOption: Sendable, Equatable {
  /// The part of the help text and the man page that lists an option.
  package enum Section: String, Sendable, CaseIterable {
    case input = "INPUT OPTIONS"
    /// What the report shows: its period, title and currency.
    case report = "REPORT OPTIONS"
    case output = "OUTPUT OPTIONS"
    case other = "OTHER OPTIONS"
  }

  /// What an option's value is, which says how a shell completes it.
  package enum Value: Sendable, Equatable {
    /// A file path; `-` stands for standard input or output.
    case file(placeholder: String)
    /// One of a few words.
    case choice(placeholder: String, [String])
    /// A number.
    case number(placeholder: String)
    /// Free text, such as a request header; shells offer nothing to complete it.
    case text(placeholder: String)

    /// The placeholder the help text shows, such as `FILE`.
    package var placeholder: String {
      switch self {
      case .file(let placeholder), .choice(let placeholder, _), .number(let placeholder),
        .text(let placeholder):
        placeholder
      }
    }

    /// The words a value may be, for a choice; empty otherwise.
    package var choices: [String] {
      if case .choice(_, let words) = self { words } else { [] }
    }
  }

  /// The long name, such as `--format`.
  package let name: String
  /// The short name, such as `-f`, if there is one.
  package let shortName: String?
  /// The value the option takes, or `nil` for a flag.
  package let value: Value?
  /// Where the help text lists it.
  package let section: Section
  /// What it does, in one short line: the shells show it beside a completion.
  package let summary: String
  /// What it does, for the help text and the man page: lines of at most 52 characters.
  package let help: [String]
  /// Whether it may be given more than once, each time adding a value (`--header`).
  package var isRepeatable = false

  /// The long name without its dashes, such as `format`.
  package var bareName: String { String(name.dropFirst(2)) }
}

extension CommandLineOption {
  /// Every option, in the order the help text lists them.
  package static let all: [CommandLineOption] = [
    CommandLineOption(
      name: "--authorized", shortName: nil, value: .file(placeholder: "FILE"), section: .input,
      summary: "the Authorized (group A) transactions",
      help: ["the Authorized (group A) transactions"]),
    CommandLineOption(
      name: "--posted", shortName: nil, value: .file(placeholder: "FILE"), section: .input,
      summary: "the Posted (group P) transactions",
      help: ["the Posted (group P) transactions"]),
    CommandLineOption(
      name: "--all", shortName: nil, value: .file(placeholder: "FILE"), section: .input,
      summary: "all transactions in one file (one-source)",
      help: ["all transactions, each naming its group (one-source)"]),
    CommandLineOption(
      name: "--one-source", shortName: nil, value: nil, section: .input,
      summary: "read the demo data as one stream",
      help: ["read the demo data as one stream holding both groups"]),
    CommandLineOption(
      name: "--input-format", shortName: nil,
      value: .choice(placeholder: "FMT", InputFormat.allCases.map(\.rawValue)), section: .input,
      summary: "the format of the input files",
      help: [
        "json, ndjson (or jsonl), csv, ofx or qif; by default",
        "from each file's extension (.json, .ndjson or .jsonl,",
        ".csv or .tsv, .ofx or .qfx, .qif), else json. A FILE",
        "of - reads standard input (for one source); data",
        "piped to txreport is read as --all -",
      ]),
    CommandLineOption(
      name: "--columns", shortName: nil, value: .text(placeholder: "ROLE=NAME,…"), section: .input,
      summary: "which column of a bank's CSV is which",
      help: [
        "the columns of a bank's CSV file whose header does",
        "not name them as banks usually do (Date, Payee,",
        "Amount, Debit, Credit, …): ROLE is date,",
        "description, amount, debit and credit (amounts in",
        "two columns), code (D or C), group, balance (the",
        "running balance, checked) or account; NAME as the",
        "header writes it: --columns 'date=Booked,amount=Value'",
        "or its place (1, 2, …) in a file without a header;",
        "balance= (no name) says the file has none to check",
      ]),
    CommandLineOption(
      name: "--delimiter", shortName: nil, value: .choice(placeholder: "SEP", ["comma", "semicolon", "tab"]),
      section: .input,
      summary: "the CSV field separator (default: detected)",
      help: [
        "comma, semicolon or tab: what separates CSV fields;",
        "by default the one that splits the header into the",
        "names of a date, a description and an amount",
      ]),
    CommandLineOption(
      name: "--decimal-comma", shortName: nil, value: nil, section: .input,
      summary: "a bank's CSV amounts read 1.234,56",
      help: [
        "a bank's CSV file writes amounts as 1.234,56; by",
        "default its amounts tell (12,50 says a comma)",
      ]),
    CommandLineOption(
      name: "--decimal-point", shortName: nil, value: nil, section: .input,
      summary: "a bank's CSV amounts read 1,234.56",
      help: ["a bank's CSV file writes amounts as 1,234.56"]),
    CommandLineOption(
      name: "--date-format", shortName: nil, value: .text(placeholder: "LAYOUT"), section: .input,
      summary: "the layout of a bank's CSV dates",
      help: [
        "how a bank's CSV file writes dates, with D (day),",
        "M (month; MMM for Jan or January) and Y (YYYY, or",
        "YY: 69-99 are 1969-1999, 00-68 2000-2068) between",
        "its separators: DD/MM/YYYY, M/D/YY, DD-MMM-YYYY;",
        "by default its dates tell, and when every date fits",
        "two layouts (03/04/2024) txreport asks, not guesses",
      ]),
    CommandLineOption(
      name: "--debits-positive", shortName: nil, value: nil, section: .input,
      summary: "a bank's positive amounts are charges",
      help: [
        "a bank's CSV file with one signed amount column",
        "writes charges positive, as card issuers often do;",
        "txreport asks whenever the file does not prove its",
        "signs (a running balance, a debit/credit column)",
      ]),
    CommandLineOption(
      name: "--debits-negative", shortName: nil, value: nil, section: .input,
      summary: "a bank's negative amounts are charges",
      help: [
        "a bank's CSV file with one signed amount column",
        "writes charges negative: money out of the account,",
        "as bank accounts write it",
      ]),
    CommandLineOption(
      name: "--encoding", shortName: nil,
      value: .choice(placeholder: "NAME", ["utf-8", "windows-1252", "windows-1250", "iso-8859-2"]),
      section: .input,
      summary: "a bank's CSV text encoding (default: detected)",
      help: [
        "utf-8, windows-1252 (latin-1), windows-1250 or",
        "iso-8859-2 (latin-2): by default a bank's CSV file",
        "that is not UTF-8 is read in the code page its bytes",
        "and column names prove, with a note, or asked",
      ]),
    CommandLineOption(
      name: "--pending-date", shortName: nil, value: .text(placeholder: "DATE"), section: .input,
      summary: "the date of pending rows that have none",
      help: [
        "YYYY-MM-DD: the date of a bank's pending transactions",
        "whose date column says Pending instead of a date",
      ]),
    CommandLineOption(
      name: "--account", shortName: nil, value: .text(placeholder: "ACCOUNT"), section: .input,
      summary: "report one account of a file that holds several",
      help: [
        "report one account of a file that holds several",
        "(OFX, QIF, a bank's CSV with an account column): its",
        "number or name as the file writes it, or its type",
        "when only one account has it (savings); by default",
        "all are shown together, and standard error names them",
      ]),
    CommandLineOption(
      name: "--summary-rows", shortName: nil, value: .choice(placeholder: "HOW", ["skip", "count"]),
      section: .input,
      summary: "rows that say only Total or Balance: skip or count",
      help: [
        "a bank's CSV row dated and worded only as a total",
        "or a balance (Total, Summe, Balance, Saldo) is skipped",
        "when it has no amount or its amount is the sum of",
        "the rows above it, and asked otherwise: skip leaves",
        "every such row out, count reads each as a transaction",
      ]),
    CommandLineOption(
      name: "--explain", shortName: nil, value: nil, section: .input,
      summary: "say how each bank's file was read, and why",
      help: [
        "before the report, standard error lists each decision",
        "made about a bank's file (its columns, date layout,",
        "decimal mark, signs, groups, running balance) with",
        "the evidence in the file, or the option, that proved it",
      ]),
    CommandLineOption(
      name: "--partial", shortName: nil, value: nil, section: .input,
      summary: "report the files that exist when one is missing",
      help: [
        "when an input file does not exist or cannot be read,",
        "report the other sources anyway (exit status 3): the",
        "report says it is incomplete, and its grand total",
        "covers only the sources that were read",
      ]),
    CommandLineOption(
      name: "--timeout", shortName: nil, value: .number(placeholder: "SECONDS"), section: .input,
      summary: "how long to wait for each URL (default 5)",
      help: [
        "a FILE may be an http:// or https:// URL; each is",
        "fetched at once, and one that has not answered whole",
        "within SECONDS (default 5; up to 3600) is shown as",
        "not currently available (exit status 3)",
      ]),
    CommandLineOption(
      name: "--header", shortName: nil, value: .text(placeholder: "'NAME: VALUE'"), section: .input,
      summary: "a request header for URLs (repeatable)",
      help: [
        "send this header with every URL request, such as",
        "'Authorization: Bearer …'; repeatable. @FILE reads",
        "headers from FILE, one a line, to keep a token out",
        "of the shell's history. Never printed",
      ],
      isRepeatable: true),
    CommandLineOption(
      name: "--max-response-size", shortName: nil, value: .number(placeholder: "SIZE"), section: .input,
      summary: "the largest answer from a URL (default 1G)",
      help: [
        "the largest answer accepted from a URL, in bytes or",
        "with K, M or G (default 1G); a larger one is shown",
        "as not currently available",
      ]),
    // The report's period, title and currency (decisions 0033 and 0034).
    CommandLineOption(
      name: "--from", shortName: nil, value: .text(placeholder: "DATE"), section: .report,
      summary: "report from this day on (YYYY-MM-DD)",
      help: [
        "report only the days from DATE (YYYY-MM-DD) on;",
        "every record is still read and checked, and",
        "standard error says how many were left out",
      ]),
    CommandLineOption(
      name: "--to", shortName: nil, value: .text(placeholder: "DATE"), section: .report,
      summary: "report up to this day (YYYY-MM-DD)",
      help: ["report only the days up to DATE (YYYY-MM-DD),", "that day included"]),
    CommandLineOption(
      name: "--month", shortName: nil, value: .text(placeholder: "YYYY-MM"), section: .report,
      summary: "report one month (YYYY-MM)",
      help: [
        "report one calendar month, its first day to its",
        "last: the same as --from and --to, which it",
        "cannot be combined with",
      ]),
    CommandLineOption(
      name: "--title", shortName: nil, value: .text(placeholder: "TEXT"), section: .report,
      summary: "the report's title",
      help: [
        "the report's title in HTML and Markdown (default",
        "Transaction Report), and a first line of the text",
        "report; with a period, the period follows it",
      ]),
    CommandLineOption(
      name: "--currency", shortName: nil, value: .text(placeholder: "CODE"), section: .report,
      summary: "show amounts with a currency (ISO 4217 code)",
      help: [
        "show amounts in text, Markdown and HTML with a",
        "currency, its ISO 4217 code in any case: USD",
        "$1,234.56, EUR 1.234,56 €, any other with its code,",
        "CHF 1,234.56 CHF (JSON keeps plain amounts)",
      ]),
    CommandLineOption(
      name: "--format", shortName: "-f",
      value: .choice(placeholder: "FORMAT", OutputFormat.allCases.map(\.rawValue)), section: .output,
      summary: "the output format", help: OutputFormat.help),
    CommandLineOption(
      name: "--output", shortName: "-o", value: .file(placeholder: "FILE"), section: .output,
      summary: "write the report to FILE",
      help: [
        "write the report to FILE, all at once or not at all",
        "(the previous FILE stays as it was on any failure);",
        "while a long report is made, a terminal on standard",
        "error shows how far it has got",
      ]),
    CommandLineOption(
      name: "--width", shortName: nil, value: .number(placeholder: "COLUMNS"), section: .output,
      summary: "text width, 40 to 1000",
      help: [
        "text width, 40 to 1000; by default COLUMNS, else the",
        "terminal's width (either brought into 40 to 1000),",
        "else 80",
      ]),
    CommandLineOption(
      name: "--color", shortName: nil,
      value: .choice(placeholder: "WHEN", ColorChoice.allCases.map(\.rawValue)), section: .output,
      summary: "when to colour the text output",
      help: [
        "auto (default): colour only a terminal, unless",
        "NO_COLOR is set and not empty, or TERM is dumb;",
        "or always, or never. Also colours error and",
        "warning labels when standard error is a terminal",
      ]),
    CommandLineOption(
      name: "--theme", shortName: nil,
      value: .choice(placeholder: "THEME", Theme.allCases.map(\.rawValue)), section: .output,
      summary: "the colours of the text report",
      help: [
        "light or dark: the colours of the text report; by",
        "default from the terminal's background when",
        "COLORFGBG says it, else light",
      ]),
    CommandLineOption(
      name: "--interactive", shortName: nil, value: nil, section: .output,
      summary: "browse the report full-screen in the terminal",
      help: [
        "show the report full-screen in the terminal: scroll",
        "by row, page, group or date, search descriptions;",
        "? lists the keys, q quits. Needs a terminal on",
        "standard input and output",
      ]),
    CommandLineOption(
      name: "--help", shortName: "-h", value: nil, section: .other,
      summary: "show the help", help: ["show this help"]),
    CommandLineOption(
      name: "--version", shortName: nil, value: nil, section: .other,
      summary: "show the version", help: ["show the version"]),
    CommandLineOption(
      name: "--completions", shortName: nil,
      value: .choice(placeholder: "SHELL", ShellCompletion.Shell.allCases.map(\.rawValue)), section: .other,
      summary: "print the shell completion script",
      help: [
        "print the completion script of bash, zsh or fish",
        "(Scripts/install puts it where the shell finds it)",
      ]),
    CommandLineOption(
      name: "--man-page", shortName: nil, value: nil, section: .other,
      summary: "print the manual page (roff)",
      help: ["print the manual page, txreport(1), as roff"]),
  ]

  /// The option with this long or short name.
  ///
  /// - Parameter name: `--format` or `-f`.
  /// - Returns: The option, or `nil` when there is none of that name.
  package static func named(_ name: String) -> CommandLineOption? {
    all.first { $0.name == name || $0.shortName == name }
  }
}
