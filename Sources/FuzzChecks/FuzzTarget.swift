#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fuzz targets of the package: one for each record decoder, one for the decoders reading a
/// file in chunks, and one for the whole path from bytes to rendered rows.
///
/// Each case is the check of one target. Its executable calls ``testOneInput(_:_:)`` from the
/// libFuzzer entry point when built with `-DFUZZING` (see `Scripts/fuzz`), and ``replay(_:)``
/// from its `@main` otherwise, so a crash input can be run again in a debug build. A broken
/// invariant stops the process with `fatalError` and a message that names it: that is the
/// signal libFuzzer records, with the input, as a crash.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// The JSON decoder: bytes read as a JSON array of records.
  case jsonRecords
  /// The NDJSON decoder: bytes read as one record object a line.
  case ndjsonRecords
  /// The CSV decoder: bytes read as a header row and records (native or a bank's).
  case csvRecords
  /// The OFX decoder: bytes read as a bank statement's `STMTTRN` elements.
  case ofxRecords
  /// The QIF decoder: bytes read as the records of a Quicken file.
  case qifRecords
  /// Every decoder reading a file in chunks: the records must be those of the same bytes in
  /// memory, wherever a chunk ends.
  case fileRecords
  /// The whole pipeline: a control byte picks the mode and format, the rest is the data, and
  /// the report (or its rejection) is checked row by row and as rendered text and JSON.
  case report

  /// Runs the target's check on one input; returns only when every invariant holds.
  ///
  /// - Parameter bytes: The input.
  public func check(_ bytes: [UInt8]) async {
    switch self {
    case .jsonRecords: await RecordsCheck(format: .json).run(bytes)
    case .ndjsonRecords: await RecordsCheck(format: .ndjson).run(bytes)
    case .csvRecords: await RecordsCheck(format: .csv).run(bytes)
    case .ofxRecords: await RecordsCheck(format: .ofx).run(bytes)
    case .qifRecords: await RecordsCheck(format: .qif).run(bytes)
    case .fileRecords: await FileRecordsCheck().run(bytes)
    case .report: await ReportCheck(ReportInput(bytes)).run()
    }
  }

  /// Stops the process as a broken invariant does, so that a test can show where the stop is
  /// caught (an exit test) and that it fails the test, not the test run.
  package static func breakInvariantForTesting() {
    require(false, "broken on purpose, by a test of the tests")
  }

  /// Runs the check from a thread outside Swift's concurrency pool, as libFuzzer's and the
  /// replay tool's are, waiting for it (see ``blocking(_:)``).
  private func checkWaiting(_ bytes: [UInt8]) {
    blocking { await check(bytes) }
  }

  /// Runs the check on the bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
  ///
  /// - Parameters:
  ///   - data: The first byte, or `nil` when there is none.
  ///   - size: How many bytes there are.
  /// - Returns: 0, as libFuzzer requires: a broken invariant does not return at all.
  public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else {
      checkWaiting([])
      return 0
    }
    checkWaiting(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }

  /// Runs the check on every file named, and on every file directly inside every directory
  /// named (a libFuzzer corpus), then exits: 0 when every input passed, 64 without arguments,
  /// 66 when a file cannot be read.
  ///
  /// A broken invariant stops at the input that breaks it, with its message; the name of each
  /// input is printed before it is checked, so the last name printed is the culprit.
  ///
  /// - Parameter arguments: The command line, the program's name first.
  /// - Returns: Never: the process exits.
  public func replay(_ arguments: [String]) -> Never {
    let paths = Array(arguments.dropFirst())
    guard !paths.isEmpty else {
      printError("usage: \(arguments.first ?? rawValue) FILE|DIRECTORY...")
      printError("Runs the \(rawValue) fuzz check on each input, as the fuzzer would.")
      exit(64)
    }
    var count = 0
    for path in paths {
      guard let files = InputFiles.list(path) else {
        printError("\(path): cannot be read")
        exit(66)
      }
      for file in files {
        guard let bytes = InputFiles.contents(of: file) else {
          // A running fuzzer replaces the files of its corpus: one listed may be gone.
          if file != path { continue }
          printError("\(file): cannot be read")
          exit(66)
        }
        printError("checking \(file) (\(bytes.count) bytes)")
        checkWaiting(bytes)
        count += 1
      }
    }
    printError("\(rawValue): \(count) input\(count == 1 ? "" : "s") replayed, every invariant holds")
    exit(0)
  }
}
