// The fuzz target of the OFX decoder: the check is FuzzTarget.ofxRecords, in FuzzChecks.
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
    FuzzTarget.ofxRecords.testOneInput(data, size)
  }
#else
  /// Replays inputs, such as a crash file, through the same check the fuzzer runs:
  /// `FuzzOFXRecords FILE|DIRECTORY...`.
  @main
  enum FuzzOFXRecords {
    /// Checks every input named on the command line, then exits.
    static func main() {
      FuzzTarget.ofxRecords.replay(CommandLine.arguments)
    }
  }
#endif
