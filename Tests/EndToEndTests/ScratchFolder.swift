import Foundation

/// A new empty folder under the system's temporary folder, for the files of one test, removed
/// with them when the value goes away.
final class ScratchFolder {
  let url: URL
  var path: String { url.path }

  /// Makes the folder.
  ///
  /// - Parameter name: How its name starts, to tell which tests made it; a unique suffix
  ///   follows.
  /// - Throws: The file manager's error when the folder cannot be made.
  init(_ name: String) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of a file in the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes a text file (UTF-8) in the folder and returns its path.
  @discardableResult
  func file(_ name: String, _ text: String) throws -> String {
    let filePath = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: filePath))
    return filePath
  }

  /// The names of the files in the folder, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}
