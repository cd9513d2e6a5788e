import FuzzChecks
import Testing

/// Runs a fuzz target's whole check on an input in a process of its own (an exit test): the
/// checks stop their process on a broken invariant, as libFuzzer needs, and here that fails this
/// test alone, with the invariant's message, instead of ending every test after it unseen.
///
/// - Parameters:
///   - target: The fuzz target whose check runs.
///   - bytes: The input.
///   - sourceLocation: Where the expectation is, for its failure.
func expectCheckPasses(
  _ target: FuzzTarget, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) async {
  await #expect(processExitsWith: .success, sourceLocation: sourceLocation) {
    [name = target.rawValue as String, bytes = bytes as [UInt8]] in
    guard let target = FuzzTarget(rawValue: name) else { return }
    await target.check(bytes)
  }
}

/// The exit test itself: a check that stops its process fails the expectation, and the tests
/// after it still run.
@Suite struct CheckInItsOwnProcessTests {
  @Test("A broken invariant in an exit test is a failed expectation, not the end of the test run")
  func brokenInvariantIsAFailure() async {
    await #expect(processExitsWith: .failure) {
      FuzzTarget.breakInvariantForTesting()
    }
  }
}
