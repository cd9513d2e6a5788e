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

/// A new empty directory under the system's temporary directory, removed with its files when
/// the value goes away.
final class TemporaryDirectory {
  let path: String

  init() throws {
    var base = NSTemporaryDirectory()
    while base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/gateways-tests-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    path = try #require(created, "mkdtemp failed")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes a file in the directory and returns its path.
  @discardableResult
  func file(_ name: String, bytes: [UInt8]) throws -> String {
    let filePath = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: filePath))
    return filePath
  }

  /// Writes a text file (UTF-8) in the directory and returns its path.
  @discardableResult
  func file(_ name: String, text: String) throws -> String {
    try file(name, bytes: Array(text.utf8))
  }
}
