import CLI
import Entities
import Presenters
import ReportRendering
import TestSupport
import Testing

/// `--from`, `--to`, `--month`, `--title` and `--currency`: what they parse to, and the exact
/// usage errors of what they refuse.
@Suite struct ReportOptionsTests {
  private func command(_ arguments: [String]) throws -> ReportCommand {
    let request = try CommandLineParser.parse(arguments)
    guard case .report(let command) = request else { throw FixtureError("expected a report, got \(request)") }
    return command
  }

  @Test("No report option: no period, no title, plain amounts")
  func defaults() throws {
    let command = try command([])
    #expect(command.period == nil)
    #expect(command.title == nil)
    #expect(command.amountStyle == .plain)
  }

  @Test(
    "A period from --from and --to, either alone, or from --month",
    arguments: [
      (["--from", "2024-03-01", "--to", "2024-03-31"], "2024-03-01", "2024-03-31"),
      (["--from=2024-03-01"], "2024-03-01", nil),
      (["--to", "2024-03-31"], nil, "2024-03-31"),
      (["--from", "2024-03-05", "--to", "2024-03-05"], "2024-03-05", "2024-03-05"),
      (["--month", "2024-02"], "2024-02-01", "2024-02-29"),
      (["--month", "2023-02"], "2023-02-01", "2023-02-28"),
      (["--month=2024-12"], "2024-12-01", "2024-12-31"),
    ] as [([String], String?, String?)])
  func periods(arguments: [String], first: String?, last: String?) throws {
    let period = try #require(try command(arguments).period)
    #expect(period.first == (try first.map { try CalendarDate.fixture($0) }))
    #expect(period.last == (try last.map { try CalendarDate.fixture($0) }))
  }

  @Test("The title is kept as given; the currency is read in any case")
  func titleAndCurrency() throws {
    let command = try command(["--title", "Acme <Visa>", "--currency", "usd"])
    #expect(command.title == "Acme <Visa>")
    #expect(command.amountStyle == .usd)
    #expect(try self.command(["--currency=Eur"]).amountStyle == .eur)
  }

  @Test("Any ISO 4217 code is a currency: one without a style of its own is written with its code")
  func anyCurrencyCode() throws {
    let style = try command(["--currency", "chf"]).amountStyle

    #expect(style == AmountStyle(code: "CHF"))
    #expect(style.text(try #require(Money(minorUnits: -123_456))) == "-1,234.56\u{A0}CHF")
    #expect(try command(["--currency", "GBP"]).amountStyle.currencyCode == "GBP")
    let yen = try command(["--currency", "jpy"]).amountStyle
    #expect(yen.text(try #require(Money(minorUnits: 123_400))) == "1,234\u{A0}JPY")
  }

  @Test(
    "What the report options refuse, each with a message that names the option and the value",
    arguments: [
      (
        ["--from", "03/01/2024"], "--from must be a date as YYYY-MM-DD, such as 2024-03-01"
      ),
      (["--to", "2024-3-1"], "--to must be a date as YYYY-MM-DD, such as 2024-03-01"),
      (
        ["--from", "2023-02-29"],
        "--from must be a real calendar date as YYYY-MM-DD; 2023-02 has 28 days"
      ),
      (["--to", "2024-13-01"], "--to must be a real calendar date as YYYY-MM-DD"),
      (
        ["--from", "2024-04-01", "--to", "2024-03-01"],
        "--from 2024-04-01 is after --to 2024-03-01; give --from the first day of the period and --to the last"
      ),
      (
        ["--month", "2024-03", "--from", "2024-03-01"],
        "--month cannot be combined with --from or --to; give --month YYYY-MM, or --from DATE and --to DATE"
      ),
      (
        ["--to", "2024-03-31", "--month", "2024-03"],
        "--month cannot be combined with --from or --to; give --month YYYY-MM, or --from DATE and --to DATE"
      ),
      (["--month", "2024-13"], "--month must be a month as YYYY-MM, such as 2024-03"),
      (["--month", "2024-3"], "--month must be a month as YYYY-MM, such as 2024-03"),
      (["--month", "March"], "--month must be a month as YYYY-MM, such as 2024-03"),
      (
        ["--currency", "DOLLARS"],
        "--currency must be a currency's ISO 4217 code, such as USD, EUR, GBP or CHF"
      ),
      (
        ["--currency", "yen"],
        "--currency must be a currency's ISO 4217 code, such as USD, EUR, GBP or CHF"
      ),
      (["--currency"], "--currency needs a value: a currency's ISO 4217 code, such as USD, EUR or CHF"),
      (["--from"], "--from needs a value: a date as YYYY-MM-DD"),
      (["--month"], "--month needs a value: a month as YYYY-MM"),
      (["--title"], "--title needs a value: the report's title"),
      (["--title", ""], "--title needs a value: the report's title"),
      (["--from", "2024-03-01", "--from", "2024-03-02"], "--from is given twice; give it once"),
    ])
  func refusals(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
  }

  @Test("The view says on standard error how many records the period left out, as a note; the status stays 0")
  func viewNote() throws {
    let output = MemoryTextSink()
    let errors = MemoryTextSink()
    let view = CommandLineView(
      renderer: TextReportRenderer(colors: false, style: .english), output: output, errors: errors)
    let period = try ReportPeriod.month(year: 2024, month: 3)
    view.showRecordsOutsidePeriod(
      RecordsOutsidePeriod(
        count: 12, period: period, text: "12 records outside 2024-03-01 to 2024-03-31 are not shown"))
    #expect(errors.text == "txreport: note: 12 records outside 2024-03-01 to 2024-03-31 are not shown\n")
    #expect(output.text.isEmpty)
    #expect(view.exitStatus == .success)
  }

  @Test("The help lists the report options in a section of their own")
  func help() {
    let help = HelpText.help
    let section = help.range(of: "REPORT OPTIONS\n")
    #expect(section != nil)
    for option in ["--from DATE", "--to DATE", "--month YYYY-MM", "--title TEXT", "--currency CODE"] {
      #expect(help.contains("  " + option), "\(option)")
    }
  }
}
