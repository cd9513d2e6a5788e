import Foundation
import Testing

/// The package's `Fixtures/` folder and scratch files for one test.
enum TestFiles {
  /// The package root: two folders up from this file (`Tests/GatewaysTests/TestFiles.swift`).
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The path of a file in `Fixtures/`.
  static func fixture(_ name: String) -> String {
    packageRoot + "/Fixtures/" + name
  }
}
