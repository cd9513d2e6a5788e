import Entities
import TestSupport
import Testing
import UseCases

/// The reference demo data (SPEC §7): Authorized 560.19, Posted 778.78, grand 1338.97.
@Suite struct DemoTotalsTests {
  private func expectDemoTotals(_ spy: UseCaseOutputSpy) throws {
    #expect(spy.footerTotals == [try .fixture("560.19"), try .fixture("778.78")])
    #expect(spy.grandFooterTotals == [try .fixture("1338.97")])
    #expect(spy.calls.first == .reportStart)
    #expect(spy.calls.last == .reportEnd)
    let details = spy.calls.filter { if case .detail = $0 { true } else { false } }
    #expect(details.count == 58)
    #expect(spy.invalidInput == nil)
  }

  @Test("The demo files in two-source mode give the reference totals")
  func twoSource() async throws {
    let authorized = try FixtureFiles.source(FixtureFiles.demoAuthorized)
    let posted = try FixtureFiles.source(FixtureFiles.demoPosted)
    #expect(try FixtureFiles.transactions(FixtureFiles.demoAuthorized).count == 28)
    #expect(try FixtureFiles.transactions(FixtureFiles.demoPosted).count == 30)
    try expectDemoTotals(await runTwoSource(authorized: authorized, posted: posted))
  }

  @Test("The demo file in one-source mode gives the same calls as two-source mode")
  func oneSource() async throws {
    let spy = await runOneSource(try FixtureFiles.source(FixtureFiles.demoAll))
    try expectDemoTotals(spy)
    let twoSource = await runTwoSource(
      authorized: try FixtureFiles.source(FixtureFiles.demoAuthorized),
      posted: try FixtureFiles.source(FixtureFiles.demoPosted))
    #expect(spy.calls == twoSource.calls)
  }
}
