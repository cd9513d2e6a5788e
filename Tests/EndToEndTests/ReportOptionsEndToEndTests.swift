import Foundation
import TestSupport
import Testing

/// `--from`, `--to`, `--month`, `--title` and `--currency`, run through the built binary.
@Suite struct ReportOptionsEndToEndTests {
  private typealias TX = TXReportProcess

  /// The test's files, removed with it.
  private let folder: TemporaryDirectory

  /// Makes the test's folder.
  ///
  /// - Throws: The file manager's error when the folder cannot be made.
  init() throws {
    folder = try TemporaryDirectory("txreport-period")
  }

  /// A CSV file of the given rows (after the header), in the test's folder.
  private func csvFile(_ rows: [String]) throws -> String {
    try folder.file(
      UUID().uuidString + ".csv",
      text: (["group,date,description,amount,debit"] + rows).joined(separator: "\n") + "\n")
  }

  /// The demo rows of the CSV fixture, without the header.
  private func demoRows() throws -> [String] {
    try TX.fixtureText("formats/demo_all.csv").split(separator: "\n").dropFirst().map(String.init)
  }

  @Test(
    "--month: April's rows only; Posted (all in May) gets the empty message; the rest are counted on stderr")
  func month() throws {
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--month", "2016-04", "--color", "never"])
    #expect(result.status == 0)
    #expect(
      result.standardError == "txreport: note: 30 records outside 2016-04-01 to 2016-04-30 are not shown\n")
    #expect(result.standardOutput.hasPrefix("Transaction Report, April 2016\n\nAuthorized Transactions\n"))
    #expect(
      result.standardOutput.contains(
        "Posted Transactions\n  There are no Posted Transactions in this period\n"))
    #expect(
      result.standardOutput.hasSuffix(
        "Grand Total                                                             560.19\n"))
    #expect(!result.standardOutput.contains("May "))
  }

  @Test(
    "The same period from sorted and newest-first files, in one-source and two-source mode",
    arguments: [false, true])
  func sortedAndUnsorted(twoSources: Bool) throws {
    let rows = try demoRows()
    let period = ["--from", "2016-04-28", "--to", "2016-05-02", "--color", "never"]
    func run(_ rows: [String]) throws -> TX.Result {
      guard twoSources else { return try TX.run(["--all", try csvFile(rows)] + period) }
      return try TX.run(
        [
          "--authorized", try csvFile(rows.filter { $0.hasPrefix("A,") }),
          "--posted", try csvFile(rows.filter { $0.hasPrefix("P,") }),
        ] + period)
    }
    let sorted = try run(rows)
    let reversed = try run(rows.reversed())
    #expect(sorted.status == 0)
    #expect(reversed.status == 0)
    #expect(
      sorted.standardError == "txreport: note: 52 records outside 2016-04-28 to 2016-05-02 are not shown\n")
    #expect(reversed.standardError == sorted.standardError)
    let dates = sorted.standardOutput.split(separator: "\n").filter {
      $0.hasPrefix("  ") && $0.contains(", 2016")
    }
    #expect(
      dates.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Apr 29, 2016", "Apr 30, 2016", "May 01, 2016", "May 02, 2016",
      ])
    // Newest first: each date's records are reversed too, so compare the lines as sets.
    #expect(
      Set(reversed.standardOutput.split(separator: "\n")) == Set(sorted.standardOutput.split(separator: "\n"))
    )
    #expect(
      sorted.standardOutput.hasSuffix(
        "Grand Total                                                             277.92\n"))
  }

  @Test("An invalid record outside the period still rejects the whole input: exit 65, no report")
  func invalidOutsidePeriod() throws {
    let file = try csvFile(["A,2016-04-01,Coffee,3.11,D", "A,2016-02-30,Bad day,1.00,D"])
    let result = try TX.run(["--all", file, "--month", "2016-04"])
    #expect(result.status == 65)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains(":3:3: error: date: not a real calendar date (got \"2016-02-30\")"))
    #expect(!result.standardError.contains("outside"))
  }

  @Test("Nothing outside the period: no note on standard error")
  func nothingLeftOut() throws {
    let result = try TX.run([
      "--all", TX.fixture("demo_all.json"), "--from", "2016-01-01", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    #expect(
      result.standardOutput
        == (try TX.run(["--all", TX.fixture("demo_all.json"), "--format", "json"])).standardOutput)
  }

  @Test(
    "Report options that cannot be run: exit 64, the message and the hint",
    arguments: [
      (
        ["--month", "2024-03", "--to", "2024-03-31"],
        "--month cannot be combined with --from or --to; give --month YYYY-MM, or --from DATE and --to DATE"
      ),
      (
        ["--from", "2024-04-01", "--to", "2024-03-01"],
        "--from 2024-04-01 is after --to 2024-03-01; give --from the first day of the period and --to the last"
      ),
      (
        ["--from", "2024-02-30"],
        "--from must be a real calendar date as YYYY-MM-DD; 2024-02 has 29 days"
      ),
      (["--month", "24-03"], "--month must be a month as YYYY-MM, such as 2024-03"),
      (
        ["--currency", "yen"],
        "--currency must be a currency's ISO 4217 code, such as USD, EUR, GBP or CHF"
      ),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try TX.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError == "txreport: error: \(message)\nRun 'txreport --help' for usage.\n")
  }

  @Test("--currency: text, Markdown and HTML show it; JSON stays byte for byte the same")
  func currency() throws {
    let all = ["--all", TX.fixture("demo_all.json")]
    let json = try TX.run(all + ["--format", "json", "--currency", "USD"])
    #expect(json.standardOutput == (try TX.run(all + ["--format", "json"])).standardOutput)
    let text = try TX.run(all + ["--currency", "usd", "--width", "40", "--color", "never"]).standardOutput
    #expect(text.contains("    Mark's Work Wearhouse      $206.66\n"))
    #expect(text.contains("    Payment                   -$400.00\n"))
    #expect(text.hasSuffix("Grand Total                  $1,338.97\n"))
    let markdown = try TX.run(all + ["--currency", "EUR", "--format", "markdown"]).standardOutput
    #expect(markdown.contains("**Grand Total: 1.338,97\u{A0}€**\n"))
    let html = try TX.run(all + ["--currency", "EUR", "--format", "html"]).standardOutput
    #expect(html.contains("<p class=\"amount\">1.338,97\u{A0}€</p>"))
  }

  @Test("--title: escaped in every format, with the period after it")
  func title() throws {
    let all = ["--all", TX.fixture("demo_all.json"), "--title", "Visa <b>\u{1B}[2J", "--month", "2016-05"]
    let text = try TX.run(all + ["--color", "never"]).standardOutput
    #expect(text.hasPrefix("Visa <b>\\u{1B}[2J, May 2016\n\nAuthorized Transactions\n"))
    let markdown = try TX.run(all + ["--format", "markdown"]).standardOutput
    #expect(markdown.hasPrefix("# Visa \\<b\\>\\\\u{1B}\\[2J, May 2016\n"))
    let html = try TX.run(all + ["--format", "html"]).standardOutput
    #expect(html.contains("<title>Visa &lt;b&gt;\\u{1B}[2J, May 2016</title>"))
    #expect(html.contains("<h1>Visa &lt;b&gt;\\u{1B}[2J, May 2016</h1>"))
    let json = try TX.run(all + ["--format", "json"]).standardOutput
    #expect(!json.contains("Visa"))
  }
}
