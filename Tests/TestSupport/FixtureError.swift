/// The error of a test fixture that cannot be built: a bad literal or a malformed fixture file.
///
/// Builders throw it instead of trapping, so a typo in a test fails that test with a message
/// (through `try` or `try #require`) rather than crashing the test run.
public struct FixtureError: Error, CustomStringConvertible, Equatable {
  /// What is wrong, for the person reading the test failure.
  public var description: String

  /// Creates the error.
  ///
  /// - Parameter description: What is wrong.
  public init(_ description: String) {
    self.description = description
  }
}
