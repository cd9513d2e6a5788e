import CLI
import TestSupport
import Testing

/// `--account`, and an `--output` file whose extension names no format.
@Suite struct StatementOptionsTests {
  private func command(_ arguments: [String]) throws -> ReportCommand {
    let request = try CommandLineParser.parse(arguments)
    guard case .report(let command) = request else { throw FixtureError("expected a report, got \(request)") }
    return command
  }

  @Test("--account is kept as given, for the gateway to match; without it every account is read")
  func account() throws {
    #expect(try command(["--all", "s.ofx", "--account", "0000 0002"]).reading.account == "0000 0002")
    #expect(try command(["--all", "s.ofx"]).reading.account == nil)
    #expect(throws: UsageError("--account needs a value: an account's number or name, as the file writes it"))
    {
      try CommandLineParser.parse(["--all", "s.ofx", "--account"])
    }
  }

  @Test(
    "An output file's extension picks the format, and one that names no format is refused",
    arguments: [
      ("report.txt", OutputFormat?.some(.text)), ("report.JSON", .json), ("r.md", .markdown),
      ("r.htm", .html), ("tx.ndjson", .transactions), ("tx.jsonl", .transactions),
      ("report", .text), ("out/.report", .text), ("report.2024-05", .text), ("-", .text),
      ("/dev/stdout", .text),
      ("report.pdf", nil), ("report.xlsx", nil), ("report.log", nil),
    ])
  func outputExtension(path: String, format: OutputFormat?) throws {
    guard let format else {
      let ext = path.split(separator: ".").last.map(String.init) ?? ""
      #expect(
        throws: UsageError(
          "--output \(path): txreport writes \(OutputFormat.listed), and .\(ext) is none"
            + " of them; name the file \(OutputFormat.listedFileNames), or give the format with --format")
      ) { try CommandLineParser.parse(["-o", path]) }
      return
    }
    #expect(try command(["-o", path]).format == format)
  }

  @Test("--format writes any file name in the format it says")
  func formatWins() throws {
    #expect(try command(["-o", "report.csv", "--format", "text"]).format == .text)
    #expect(try command(["--output=report.log", "-f", "json"]).format == .json)
  }
}
