import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

/// SPEC §6: a date is a calendar date, not an instant, and formatting uses no locale.
@Suite(.serialized) struct MachineIndependenceTests {
  private static let variables = ["TZ", "LANG", "LC_ALL"]

  private func rows() async throws -> [ReportRow] {
    let calls = UseCaseOutputSpy()
    await OneSourceReportUseCase(source: try FixtureFiles.source(FixtureFiles.demoAll), output: calls)
      .eventGenerateReport()
    let view = PresenterOutputSpy()
    calls.replay(into: TransactionReportPresenter(output: view, style: .english))
    return view.rows
  }

  @Test(
    "Rows are the same whatever TZ, LANG and LC_ALL say",
    arguments: [
      ["TZ": "Pacific/Kiritimati", "LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"],
      ["TZ": "America/Adak", "LANG": "ar_SA.UTF-8", "LC_ALL": "de_DE.UTF-8"],
      ["TZ": "Etc/GMT+12", "LANG": "ja_JP.UTF-8", "LC_ALL": "fr_FR.UTF-8"],
    ])
  func environmentDoesNotMatter(environment: [String: String]) async throws {
    let saved = Self.variables.map { ($0, ProcessInfo.processInfo.environment[$0]) }
    defer {
      for (name, value) in saved {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      }
      tzset()
    }
    for (name, value) in environment { setenv(name, value, 1) }
    tzset()
    #expect(ProcessInfo.processInfo.environment["TZ"] == environment["TZ"])

    #expect(try await rows() == FixtureFiles.rows(FixtureFiles.demoExpectedRows))
    #expect(EnglishReportWording().date(try .fixture("2016-01-01")) == "Jan 01, 2016")
    #expect(EnglishReportWording().date(try .fixture("2016-12-31")) == "Dec 31, 2016")
    #expect(AmountStyle.plain.text(try .fixture("-1234567.89")) == "-1234567.89")
  }
}
