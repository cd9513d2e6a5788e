#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a small file an argument names (`--header @FILE`) cannot be read.
package struct FileReadError: Error, Equatable {
  /// The operating system's reason, or why the file is refused.
  package var reason: String

  /// Creates an error.
  ///
  /// - Parameter reason: Why the file cannot be read.
  package init(reason: String) {
    self.reason = reason
  }

  /// The most bytes such a file may hold: a few headers, not a report.
  package static let limit = 64 << 10

  /// Reads a small text file whole.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: Its text, or why it cannot be read: it does not exist, cannot be opened, is a
  ///   folder, or holds more than ``limit`` bytes.
  package static func read(_ path: String) -> Result<String, FileReadError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(FileReadError(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(FileReadError(reason: String(cString: strerror(errno)))) }
      guard count > 0 else { break }
      bytes += chunk[..<count]
      guard bytes.count <= limit else {
        return .failure(FileReadError(reason: "it holds more than \(limit) bytes"))
      }
    }
    return .success(String(decoding: bytes, as: UTF8.self))
  }
}
