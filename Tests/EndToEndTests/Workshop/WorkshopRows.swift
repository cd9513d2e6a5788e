import Foundation
import Testing

/// The rows of a report as `txreport --format json` prints them, for the workshop's guided
/// tests: each row a dictionary of its members (`type`, `title`, `amount`, `odd`…).
enum WorkshopRows {
  /// The rows of `txreport ARGUMENTS --format json`, or a recorded issue and `nil`.
  static func json(_ arguments: [String]) throws -> [[String: Any]]? {
    let result = try TXReportProcess.run(arguments + ["--format", "json"])
    guard result.status == 0 else {
      Issue.record(
        "txreport \((arguments + ["--format", "json"]).joined(separator: " ")) ended with \(result.status): \(result.standardError)"
      )
      return nil
    }
    let value = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    guard let rows = value as? [[String: Any]] else {
      Issue.record("txreport --format json did not print an array of objects")
      return nil
    }
    return rows
  }

  /// A folder of its own under the temporary folder, removed by `body`'s caller with
  /// `removeItem`.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("txreport-workshop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
