import CLI
import TestSupport
import Testing

/// `--account`: which account of a statement to report.
@Suite struct StatementOptionsTests {
  private func command(_ arguments: [String]) throws -> ReportCommand {
    let request = try CommandLineParser.parse(arguments)
    guard case .report(let command) = request else { throw FixtureError("expected a report, got \(request)") }
    return command
  }

  @Test("--account is kept as given, for the gateway to match; without it every account is read")
  func account() throws {
    #expect(try command(["--all", "s.ofx", "--account", "0000 0002"]).bankCSV.account == "0000 0002")
    #expect(try command(["--all", "s.ofx"]).bankCSV.account == nil)
    #expect(throws: UsageError("--account needs a value: an account's number or name, as the file writes it"))
    {
      try CommandLineParser.parse(["--all", "s.ofx", "--account"])
    }
  }
}
