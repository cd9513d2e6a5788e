import Entities
import TestSupport
import Testing
import UseCases

/// Exercise 4 of the workshop, step 3: your own use-case test, with your doubles
/// (`ScriptedSource`, `RecordingOutput`). Off unless `WORKSHOP=4`.
@Suite(.enabled(if: Workshop.isOn(4), "the workshop's exercise 4: run with WORKSHOP=4"))
struct Workshop4UseCaseTests {
  @Test func postedSourceUnavailable() async throws {
    Issue.record(
      """
      Step 3: write this test. Give TwoSourceReportUseCase a ScriptedSource of two Authorized \
      transactions on one date and, for Posted, a source whose open() says .unavailable; run \
      eventGenerateReport() into a RecordingOutput; compare its calls, all at once, with the \
      list you expect (SPEC: the Posted group shows its message, the grand total adds the \
      Authorized group only).
      """)
  }
}
