import Foundation
import Testing

/// A new empty directory under the system's temporary directory, for the files of one test,
/// removed with its files when the value goes away.
public final class TemporaryDirectory {
  /// The directory's path.
  public let path: String
  /// The directory's URL.
  public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

  /// Makes the directory.
  ///
  /// - Parameter name: How its name starts, to tell which tests made it; a unique suffix
  ///   follows.
  /// - Throws: A test failure when the directory cannot be made.
  public init(_ name: String = "txreport-tests") throws {
    var base = NSTemporaryDirectory()
    while base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/" + name + "-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    path = try #require(created, "mkdtemp failed")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of a file in the directory.
  public func path(_ name: String) -> String { path + "/" + name }

  /// Writes a file in the directory and returns its path.
  @discardableResult
  public func file(_ name: String, bytes: [UInt8]) throws -> String {
    let filePath = path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: filePath))
    return filePath
  }

  /// Writes a text file (UTF-8) in the directory and returns its path.
  @discardableResult
  public func file(_ name: String, text: String) throws -> String {
    try file(name, bytes: Array(text.utf8))
  }

  /// The names of the files in the directory, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}
