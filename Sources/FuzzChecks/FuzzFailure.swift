/// Stops the process when an invariant does not hold.
///
/// `fatalError` prints its message in optimised builds too (a `precondition` would not), so the
/// fuzzer's log says which invariant broke; the trap is what libFuzzer records as a crash.
///
/// - Parameters:
///   - condition: The invariant.
///   - message: What broke, with the values involved.
///   - file: The file of the check, for the message.
///   - line: The line of the check, for the message.
func require(
  _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) {
  guard !condition else { return }
  fatalError("fuzz invariant broken: \(message())", file: file, line: line)
}

/// A value shown in a failure message, cut to a readable length.
///
/// - Parameter value: Any value.
/// - Returns: Its debug description, at most 600 characters.
func shown(_ value: some Any) -> String {
  let text = String(reflecting: value)
  return text.count <= 600 ? text : String(text.prefix(600)) + "…"
}
