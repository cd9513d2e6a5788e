import Entities
import Presenters
import TestSupport
import Testing
import UseCases

/// The reference rows: the calls a use case makes from the fixture data, replayed into the real
/// presenter, give exactly the rows in the fixture's expected file.
@Suite struct DemoReportTests {
  private func rows(replaying calls: UseCaseOutputSpy) -> PresenterOutputSpy {
    let view = PresenterOutputSpy()
    calls.replay(into: TransactionReportPresenter(output: view, style: .english))
    return view
  }

  @Test("The demo data in two-source mode gives exactly demo_expected_rows.json")
  func twoSourceDemo() async throws {
    let calls = UseCaseOutputSpy()
    await TwoSourceReportUseCase(
      authorized: try FixtureFiles.source(FixtureFiles.demoAuthorized),
      posted: try FixtureFiles.source(FixtureFiles.demoPosted),
      output: calls
    ).eventGenerateReport()
    let expected = try FixtureFiles.rows(FixtureFiles.demoExpectedRows)
    #expect(expected.count == 135)
    let view = rows(replaying: calls)
    #expect(view.calls == [.reportStart] + expected.map { .row($0) } + [.reportEnd])
  }

  @Test("The demo data in one-source mode gives exactly demo_expected_rows.json")
  func oneSourceDemo() async throws {
    let calls = UseCaseOutputSpy()
    await OneSourceReportUseCase(source: try FixtureFiles.source(FixtureFiles.demoAll), output: calls)
      .eventGenerateReport()
    let view = rows(replaying: calls)
    #expect(
      view.calls == [.reportStart] + (try FixtureFiles.rows(FixtureFiles.demoExpectedRows)).map { .row($0) }
        + [.reportEnd])
  }

  @Test("The demo's authorized footer is odd and the posted one even, as the reference has them")
  func demoFooters() throws {
    let footers = try FixtureFiles.rows(FixtureFiles.demoExpectedRows).filter { $0.kind == "footer" }
    #expect(footers == [.footer(total: "560.19", odd: true), .footer(total: "778.78", odd: false)])
  }

  @Test(
    "The edge-case fixtures give their hand-written expected rows",
    arguments: [
      (["cases/unsorted_all.json"], "cases/unsorted_all.expected.json"),
      (["cases/only_posted_all.json"], "cases/only_posted_all.expected.json"),
      (["cases/zero_total_authorized.json", "cases/empty.json"], "cases/zero_total.expected.json"),
    ])
  func edgeCases(inputs: [String], expected: String) async throws {
    let calls = UseCaseOutputSpy()
    switch inputs.count {
    case 1:
      await OneSourceReportUseCase(source: try FixtureFiles.source(inputs[0]), output: calls)
        .eventGenerateReport()
    default:
      await TwoSourceReportUseCase(
        authorized: try FixtureFiles.source(inputs[0]), posted: try FixtureFiles.source(inputs[1]),
        output: calls
      ).eventGenerateReport()
    }
    #expect(rows(replaying: calls).rows == (try FixtureFiles.rows(expected)))
  }
}
