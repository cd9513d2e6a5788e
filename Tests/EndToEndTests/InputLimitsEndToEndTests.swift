import Foundation
import Testing

/// Inputs that could make a run take memory, time or disk without bound: a key repeated
/// millions of times. Each must end promptly, in flat memory, with exact counts.
@Suite(.timeLimit(.minutes(2))) struct InputLimitsEndToEndTests {
  /// A scratch folder, removed with its files.
  final class Folder {
    let path: String

    init() throws {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "txreport-limits-" + UUID().uuidString)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file in the folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
      let filePath = path + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: filePath))
      return filePath
    }
  }

  @Test("Two million repeated keys: every one is counted, and memory stays flat")
  func repeatedKeysAreCountedInFlatMemory() throws {
    let folder = try Folder()
    // Ten records of 1 MB, each with one key written 200,001 times: 200,000 repeats a record.
    let record =
      #"{"group":"A","date":"2016-04-01","description":"x","amount":"1.00","debit":"D""#
      + String(repeating: #","":0"#, count: 200_001) + "}"
    let path = try folder.file(
      "repeated.json", "[" + Array(repeating: record, count: 10).joined(separator: ",\n") + "]\n")

    let run = try MeasuredRun.run(["--all", path])

    let lines = run.standardError.split(separator: "\n")
    #expect(run.status == 65)
    #expect(lines.count == 21)
    #expect(lines.first == "\(path):1:86: error: a key appears more than once in the record (got \"\")")
    #expect(lines.last == "txreport: error: 2000000 invalid records (1999980 not shown); no report was made.")
    // A run that kept every issue took 150 MB here; the report itself needs about 14 MB.
    #expect(run.peakMemory < 48 << 20, "peak memory \(run.peakMemory >> 20) MiB")
  }
}
