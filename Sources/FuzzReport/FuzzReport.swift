// The fuzz target of the whole pipeline, from bytes to rendered rows: the check is
// FuzzTarget.report, in FuzzChecks.
import FuzzChecks

#if FUZZING
  /// The libFuzzer entry point: checks one input, returning only when every invariant holds.
  ///
  /// - Parameters:
  ///   - data: The input's first byte, or `nil` when it is empty.
  ///   - size: The input's size in bytes.
  /// - Returns: 0, as libFuzzer requires.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.report.testOneInput(data, size)
  }
#else
  /// Replays inputs, such as a crash file, through the same check the fuzzer runs:
  /// `FuzzReport FILE|DIRECTORY...`.
  @main
  enum FuzzReport {
    /// Checks every input named on the command line, then exits.
    static func main() {
      FuzzTarget.report.replay(CommandLine.arguments)
    }
  }
#endif
