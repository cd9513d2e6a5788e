import Foundation
import Testing

@Suite struct ReportEndToEndTests {
  private typealias TX = TXReportProcess

  @Test(
    "JSON output is exactly the reference rows, from the built-in demo and from the demo files",
    arguments: [
      [String](),
      ["--one-source"],
      ["--authorized", TX.fixture("demo_authorized.json"), "--posted", TX.fixture("demo_posted.json")],
      ["--all", TX.fixture("demo_all.json")],
    ])
  func demoJSON(arguments: [String]) throws {
    let result = try TX.run(arguments + ["--format", "json"])
    #expect(result.status == 0)
    #expect(result.standardError == TX.quietErrors(arguments))
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test(
    "Edge cases give the hand-written expected rows",
    arguments: [
      (["--all", "cases/unsorted_all.json"], "cases/unsorted_all.expected.json"),
      (["--all", "cases/only_posted_all.json"], "cases/only_posted_all.expected.json"),
      (
        ["--authorized", "cases/zero_total_authorized.json", "--posted", "cases/empty.json"],
        "cases/zero_total.expected.json"
      ),
    ])
  func edgeCases(arguments: [String], expected: String) throws {
    let paths = arguments.map { $0.hasPrefix("cases/") ? TX.fixture($0) : $0 }
    let result = try TX.run(paths + ["--format", "json"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try TX.fixtureText(expected)))
  }

  @Test("The demo text report fits an 80-column terminal and has no colour when piped")
  func demoText() throws {
    let result = try TX.run([])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Authorized Transactions")
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(!result.standardOutput.contains("\u{1B}"))
    #expect(result.standardOutput.contains("  Total" + String(repeating: " ", count: 65) + "560.19\n"))
    #expect(result.standardOutput.hasSuffix("Grand Total" + String(repeating: " ", count: 60) + "1338.97\n"))
  }

  @Test("--color always bands the text even when piped; NO_COLOR does not override it")
  func colour() throws {
    let result = try TX.run(["--color", "always"], environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\u{1B}[48;2;247;248;252m"))
    #expect(result.standardOutput.contains("\u{1B}[48;2;221;221;221m"))
  }

  @Test("Output is byte-identical whatever the time zone and locale")
  func machineIndependence() throws {
    let baselineText = try TX.run([], environment: ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"])
    let baselineJSON = try TX.run(
      ["--format", "json"], environment: ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"])
    for environment in [
      ["TZ": "Pacific/Kiritimati", "LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"],
      ["TZ": "America/St_Johns", "LANG": "ar_SA.UTF-8", "LC_ALL": "de_DE.UTF-8"],
      ["TZ": "Etc/GMT+12", "LANG": "ja_JP.UTF-8"],
    ] {
      #expect(try TX.run([], environment: environment).standardOutput == baselineText.standardOutput)
      #expect(
        try TX.run(["--format", "json"], environment: environment).standardOutput
          == baselineJSON.standardOutput)
    }
  }

  @Test("A missing file: no report, an error naming the file and how to report without it, exit 66")
  func missingFile() throws {
    let missing = TX.fixture("cases/does-not-exist.json")
    let result = try TX.run(
      ["--authorized", TX.fixture("demo_authorized.json"), "--posted", missing, "--format", "json"])
    #expect(result.status == 66)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "txreport: error: cannot read '\(missing)': No such file or directory\n"
        + "txreport: note: no report was made; to report the other group without it, add --partial\n")
  }

  @Test("A missing file and invalid data in the other: both named in one run, no report, exit 66")
  func missingAndInvalid() throws {
    let missing = TX.fixture("cases/does-not-exist.json")
    let invalid = TX.fixture("cases/invalid_records.json")
    let result = try TX.run(["--authorized", invalid, "--posted", missing])
    #expect(result.status == 66)
    #expect(result.standardOutput == "")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "txreport: error: cannot read '\(missing)': No such file or directory")
    #expect(lines.count == 5)
    #expect(lines.dropFirst().prefix(3).allSatisfy { $0.hasPrefix(invalid + ":") })
    #expect(lines.last == "txreport: error: 3 invalid records; no report was made.")
  }

  @Test("A mistyped file name: the error suggests the file of the nearest name in its folder")
  func mistypedFile() throws {
    let mistyped = TX.fixture("demo_athorized.json")
    let result = try TX.run(["--authorized", mistyped, "--posted", TX.fixture("demo_posted.json")])
    #expect(result.status == 66)
    #expect(
      result.standardError.hasPrefix(
        "txreport: error: cannot read '\(mistyped)': No such file or directory;"
          + " did you mean '\(TX.fixture("demo_authorized.json"))'?\n"))
  }

  @Test("With --partial, a missing file: the report with its message, saying it is incomplete; exit 3")
  func missingFilePartial() throws {
    let missing = TX.fixture("cases/does-not-exist.json")
    let result = try TX.run(
      [
        "--authorized", TX.fixture("demo_authorized.json"), "--posted", missing, "--format", "json",
        "--partial",
      ])
    #expect(result.status == 3)
    #expect(
      result.standardError
        == "txreport: warning: Posted Transactions are not available: cannot read '\(missing)': No such file or directory\n"
    )
    #expect(
      result.standardOutput.contains(
        "{\n    \"type\": \"header\",\n    \"title\": \"Posted Transactions\"\n  },\n  {\n    \"type\": \"message\",\n    \"message\": \"Posted Transactions are not currently available.\"\n  }"
      ))
    #expect(
      result.standardOutput.hasSuffix("\"type\": \"grandfooter\",\n    \"total\": \"560.19\"\n  }\n]\n"))
  }

  @Test("With --partial, a missing one-source file: All, its message, the warning line, a partial total")
  func missingOneSource() throws {
    let missing = TX.fixture("cases/nope.json")
    let result = try TX.run(["--all", missing, "--partial"])
    #expect(result.status == 3)
    #expect(
      result.standardOutput
        == "All\n  Transactions are not currently available.\n"
        + "  Incomplete report: Transactions are not available: cannot read '\(missing)': No such file or directory\n"
        + "\nGrand Total of available sources"
        + String(repeating: " ", count: 42)
        + "0.00\n")
    #expect(
      result.standardError.hasPrefix("txreport: warning: Transactions are not available: cannot read '"))
  }

  @Test("Invalid data: no report, one located error line per bad record, exit 65")
  func invalidData() throws {
    let file = TX.fixture("cases/invalid_records.json")
    let result = try TX.run(["--authorized", file, "--posted", TX.fixture("demo_posted.json")])
    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    try #require(lines.count == 4)
    #expect(lines[0].hasPrefix("\(file):2:26: error: date: "))
    #expect(lines[0].contains("(got \"2016-02-30\")"))
    #expect(lines[1].hasPrefix("\(file):3:73: error: amount: "))
    #expect(lines[1].contains("(got \"3.111\")"))
    #expect(lines[2].hasPrefix("\(file):4:90: error: debit: "))
    #expect(lines[2].contains("(got \"X\")"))
    #expect(lines[3] == "txreport: error: 3 invalid records; no report was made.")
  }

  @Test("A record in the wrong group's file is invalid data, located at its group value")
  func wrongGroup() throws {
    let file = TX.fixture("cases/wrong_group_posted.json")
    let result = try TX.run(["--authorized", TX.fixture("demo_authorized.json"), "--posted", file])
    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.hasPrefix(
        "\(file):3:13: error: group: this source holds only group P records (got \"A\")"))
  }

  @Test("A bad command line: a usage error that says how to fix it, exit 64, nothing on stdout")
  func usage() throws {
    let result = try TX.run(["--authorized", "a.json"])
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "txreport: error: --authorized needs --posted FILE too (or use --all FILE for one file holding both groups)\nRun 'txreport --help' for usage.\n"
    )
  }

  @Test("--help and --version print to standard output and exit 0")
  func helpAndVersion() throws {
    let help = try TX.run(["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE"))
    #expect(help.standardOutput.contains("EXIT STATUS"))
    #expect(help.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
    let version = try TX.run(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput.hasPrefix("txreport "))
  }

  @Test("A report that cannot be written (a full disk) exits 74 with the reason")
  func fullDisk() throws {
    let result = try TX.run([], outputPath: "/dev/full")
    #expect(result.status == 74)
    #expect(
      result.standardError == "txreport: error: cannot write to standard output: No space left on device\n")
  }

  @Test(
    "A reader that has gone (txreport | head) ends txreport quietly with status 141, as SIGPIPE would",
    arguments: [["--format", "json"], ["--one-source"], ["--help"]])
  func closedPipe(arguments: [String]) throws {
    let result = try TX.runWithClosedOutput(arguments)
    #expect(result.status == 141)
    #expect(result.standardError == "")
  }

  @Test(
    "A mistyped option gets the one meant, exit 64",
    arguments: [("--out", "--output"), ("--fmt", "--format")])
  func mistypedOption(typed: String, meant: String) throws {
    let result = try TX.run([typed, "x"])
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix("txreport: error: unknown option '\(typed)'; did you mean '\(meant)'?\n")
    )
  }

  @Test("The README's option table names every option of txreport --help, so the two cannot drift")
  func readmeListsEveryOption() throws {
    let readme = try String(contentsOf: TX.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let help = try TX.run(["--help"]).standardOutput
    let options = Set(
      help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).filter {
        $0.hasPrefix("--") && $0.count > 2
      })
    #expect(options.count >= 15)
    // The missing options alone are compared, so a failure prints them, not the whole README.
    let missing = options.filter { !readme.contains("`\($0)") }.sorted()
    #expect(missing == [], "README.md's option table (under Options) does not list these options of --help")
  }

  @Test("A million-digit amount gives a readable error line, not a megabyte one")
  func longBadValue() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-long-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let amount = String(repeating: "9", count: 1_000_000)
    try #"[{"group": "A", "date": "2016-04-01", "description": "x", "amount": "\#(amount)", "debit": "D"}]"#
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try TX.run(["--all", file.path])
    #expect(result.status == 65)
    #expect(result.standardError.utf8.count < 1_000)
    #expect(result.standardError.contains(String(repeating: "9", count: 64) + "…\", 1000000 characters)"))
  }

  @Test("The text \\u{1B} and a real escape character look different in the text report")
  func escapesAreUnambiguous() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-esc-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try
      #"[{"group": "A", "date": "2016-04-01", "description": "lit \\u{1B}", "amount": "1.00", "debit": "D"},"#
      .appending(
        #"{"group": "A", "date": "2016-04-01", "description": "real \u001b", "amount": "1.00", "debit": "D"}]"#
      )
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try TX.run(["--all", file.path, "--color", "never"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("    lit \\\\u{1B} "))
    #expect(result.standardOutput.contains("    real \\u{1B} "))
  }
}
