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
      (["--one-source", "--all", "all.json"], .oneFile("all.json")),
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
      (["--format"], "--format needs a value: text, json, markdown or html"),
      (["--format", "xml"], "--format must be text, json, markdown or html (got 'xml')"),
      (["--color", "sometimes"], "--color must be auto, always or never (got 'sometimes')"),
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
        "unexpected argument 'report.json'; to read files, use --all FILE, or --authorized FILE --posted FILE"
      ),
      (["--all"], "--all needs a value: a file path, or - for standard input"),
      (["--all="], "--all needs a value: a file path, or - for standard input"),
      (["--one-source=yes"], "unknown option '--one-source=yes'; did you mean '--one-source'?"),
      (["--input-format", "xml"], "--input-format must be json, ndjson or csv (got 'xml')"),
      (["--width", "39"], "--width must be a number of columns from 40 to 1000 (got '39')"),
      (["--width", "wide"], "--width must be a number of columns from 40 to 1000 (got 'wide')"),
      (["--output"], "--output needs a value: a file path, or - for standard output"),
      (
        ["--authorized", "-", "--posted", "-"],
        "standard input (-) can be read for one source only; give the other group a file"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
  }
}
