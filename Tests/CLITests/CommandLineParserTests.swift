import CLI
import Testing

@Suite struct CommandLineParserTests {
  @Test("No arguments asks for the two-source demo report as coloured-when-possible text")
  func defaults() throws {
    #expect(try CommandLineParser.parse([]) == .report(ReportCommand(input: .demo(oneSource: false))))
  }

  @Test(
    "Each input mode is read from its options",
    arguments: [
      (["--one-source"], ReportInput.demo(oneSource: true)),
      (["--authorized", "a.json", "--posted", "p.json"], .twoFiles(authorized: "a.json", posted: "p.json")),
      (["--posted=p.json", "--authorized=a.json"], .twoFiles(authorized: "a.json", posted: "p.json")),
      (["--all", "all.json"], .oneFile("all.json")),
    ])
  func inputModes(arguments: [String], expected: ReportInput) throws {
    let request = try CommandLineParser.parse(arguments)
    guard case .report(let command) = request else {
      Issue.record("expected a report request, got \(request)")
      return
    }
    #expect(command.input == expected)
  }

  @Test("Format and colour are read in both spellings")
  func formatAndColor() throws {
    #expect(
      try CommandLineParser.parse(["--format", "json", "--color=never"])
        == .report(ReportCommand(format: .json, color: .never)))
    #expect(
      try CommandLineParser.parse(["--format=text", "--color", "always"])
        == .report(ReportCommand(format: .text, color: .always)))
  }

  @Test("Input format, width and output file are read; - names standard input")
  func inputFormatWidthOutput() throws {
    #expect(
      try CommandLineParser.parse(["--all", "-", "--input-format", "csv", "--width=100", "--output", "r.txt"])
        == .report(ReportCommand(input: .oneFile("-"), inputFormat: .csv, width: 100, outputPath: "r.txt")))
    #expect(
      try CommandLineParser.parse(["--authorized", "-", "--posted", "p.ndjson"])
        == .report(ReportCommand(input: .twoFiles(authorized: "-", posted: "p.ndjson"))))
  }

  @Test(
    "The input format is named by the file's extension, in any letter case",
    arguments: [
      ("a.json", InputFormat.json), ("dir.v2/a.JSON", .json), ("a.ndjson", .ndjson), ("a.jsonl", .ndjson),
      ("a.csv", .csv), ("A.CSV", .csv), ("-", nil), ("a.txt", nil), ("noextension", nil),
      ("dir.csv/file", nil),
    ])
  func inferredFormat(path: String, expected: InputFormat?) {
    #expect(InputFormat.inferred(fromPath: path) == expected)
  }

  @Test("Help and version win over anything else on the line")
  func helpAndVersion() throws {
    #expect(try CommandLineParser.parse(["--help"]) == .help)
    #expect(try CommandLineParser.parse(["--bogus", "-h"]) == .help)
    #expect(try CommandLineParser.parse(["--version"]) == .version)
    #expect(try CommandLineParser.parse(["--format", "xml", "--version"]) == .version)
  }

  @Test(
    "A wrong command line is a usage error that says how to fix it",
    arguments: [
      (["--frobnicate"], "unknown option '--frobnicate'"),
      (["--formt", "json"], "unknown option '--formt'; did you mean '--format'?"),
      (["--format"], "--format needs a value: \(OutputFormat.listed)"),
      // The one test that states the list of formats as --help and the README do.
      (["--format", "xml"], "--format must be text, json, transactions, markdown or html"),
      (["--color", "sometimes"], "--color must be auto, always or never"),
      (["--format", "json", "--format", "text"], "--format is given twice; give it once"),
      (
        ["--authorized", "a.json"],
        "--authorized needs --posted FILE too (or use --all FILE for one file holding both groups)"
      ),
      (
        ["--posted", "p.json"],
        "--posted needs --authorized FILE too (or use --all FILE for one file holding both groups)"
      ),
      (
        ["--all", "x.json", "--posted", "p.json"],
        "--all cannot be combined with --authorized or --posted; choose one source mode"
      ),
      (
        ["--one-source", "--authorized", "a", "--posted", "p"],
        "--one-source cannot read two files; use --all FILE for one file holding both groups"
      ),
      (
        ["report.json"],
        "unexpected argument (the 1st argument, not shown: it may be a secret); txreport takes only options;"
          + " to read files, use --all FILE, or --authorized FILE --posted FILE"
      ),
      (["--all"], "--all needs a value: a file path, or - for standard input"),
      (["--all="], "--all needs a value: a file path, or - for standard input"),
      (["--one-source=yes"], "--one-source takes no value; leave out what follows its '='"),
      (["--input-format", "xml"], "--input-format must be json, ndjson, csv, ofx or qif"),
      (["--width", "39"], "--width must be a number of columns from 40 to 1000"),
      (["--width", "wide"], "--width must be a number of columns from 40 to 1000"),
      (["--output"], "--output needs a value: a file path, or - for standard output"),
      (
        ["--authorized", "-", "--posted", "-"],
        "standard input (-) can be read for one source only; give the other group a file"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
  }

  @Test(
    "A mistyped option or value gets the one most likely meant: by letter case, prefix, letters in order, edits",
    arguments: [
      (["--out", "r.html"], "unknown option '--out'; did you mean '--output'?"),
      (["--fmt", "json"], "unknown option '--fmt'; did you mean '--format'?"),
      (["--auth", "a.json"], "unknown option '--auth'; did you mean '--authorized'?"),
      (["--input", "csv"], "unknown option '--input'; did you mean '--input-format'?"),
      (["--Format", "json"], "unknown option '--Format'; did you mean '--format'?"),
      (["--colour", "never"], "unknown option '--colour'; did you mean '--color'?"),
      (["--frobnicate"], "unknown option '--frobnicate'"),
      (
        ["--format", "jsn"],
        "--format must be \(OutputFormat.listed); did you mean 'json'?"
      ),
      (
        ["--format=JSON"],
        "--format must be \(OutputFormat.listed); did you mean 'json'?"
      ),
      (
        ["--format", "md"],
        "--format must be \(OutputFormat.listed); did you mean 'markdown'?"
      ),
      (
        ["--format", "ndjson"],
        "--format must be \(OutputFormat.listed); did you mean 'transactions'?"
      ),
      (["--format", "xlsx"], "--format must be \(OutputFormat.listed)"),
      (
        ["--input-format", "CSV"],
        "--input-format must be json, ndjson, csv, ofx or qif; did you mean 'csv'?"
      ),
      (
        ["--", "a.json"],
        "txreport takes no arguments after '--', only options; to read a file, use --all FILE,"
          + " or --authorized FILE --posted FILE"
      ),
      (
        ["--all", "a.json", "--one-source"],
        "--one-source is for the demo data; --all FILE is read as one source already, so leave out --one-source"
      ),
      (["-x"], "unknown option '-x'"),
    ])
  func suggestions(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
  }

  @Test("Short options -o and -f, joined or apart; jsonl names NDJSON input; --partial is a flag")
  func shortOptionsAndAliases() throws {
    #expect(
      try CommandLineParser.parse(["-f", "json", "-or.json"])
        == .report(ReportCommand(format: .json, outputPath: "r.json")))
    #expect(
      try CommandLineParser.parse(["--all", "-", "--input-format=jsonl", "--partial"])
        == .report(ReportCommand(input: .oneFile("-"), inputFormat: .ndjson, partial: true)))
    #expect(try CommandLineParser.parse(["--theme", "dark"]) == .report(ReportCommand(theme: .dark)))
    #expect(throws: UsageError("--theme must be light or dark; did you mean 'dark'?")) {
      try CommandLineParser.parse(["--theme", "DARK"])
    }
  }

  @Test(
    "--output picks the format from its extension when --format is not given; --format wins",
    arguments: [
      (["--output", "r.html"], OutputFormat.html), (["-o", "r.HTM"], .html), (["-o", "notes.md"], .markdown),
      (["-o", "r.markdown"], .markdown), (["-o", "rows.json"], .json), (["-o", "r.txt"], .text),
      (["-o", "report"], .text), (["-o", "-"], .text), (["-o", "r.html", "--format", "json"], .json),
      (["-o", "dir.html/report"], .text), (["-o", "tx.ndjson"], .transactions),
      (["-o", "tx.JSONL"], .transactions),
      (["--format", "transactions"], .transactions),
      (["-f", "transactions", "-o", "tx.json"], .transactions),
    ])
  func formatFromOutputExtension(arguments: [String], expected: OutputFormat) throws {
    guard case .report(let command) = try CommandLineParser.parse(arguments) else {
      Issue.record("expected a report request")
      return
    }
    #expect(command.format == expected)
  }

  @Test("--completions and --man-page ask for the scripts and the page; a shell it has none for is an error")
  func completionsAndManPage() throws {
    #expect(try CommandLineParser.parse(["--completions", "bash"]) == .completions(.bash))
    #expect(try CommandLineParser.parse(["--completions=fish"]) == .completions(.fish))
    #expect(try CommandLineParser.parse(["--man-page"]) == .manPage)
    #expect(throws: UsageError("--completions must be bash, zsh or fish")) {
      try CommandLineParser.parse(["--completions", "tcsh"])
    }
  }

  @Test("The help lists every option of the table, with its value, in lines of at most 80 columns")
  func helpListsEveryOption() {
    for option in CommandLineOption.all {
      let usage = option.name + (option.value.map { " " + $0.placeholder } ?? "")
      #expect(HelpText.help.contains(usage), "\(usage) is not in the help")
      for line in option.help { #expect(HelpText.help.contains(line)) }
    }
    #expect(HelpText.help.contains("-f, --format FORMAT"))
    #expect(HelpText.help.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

}
