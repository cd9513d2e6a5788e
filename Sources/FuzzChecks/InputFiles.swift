#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the inputs of a replay: whole files, and the files of a directory.
enum InputFiles {
  /// The files a path names: the path itself, or for a directory the regular files directly
  /// inside it, sorted by name.
  ///
  /// - Parameter path: A file or a directory.
  /// - Returns: The paths, or `nil` when the path does not exist.
  static func list(_ path: String) -> [String]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    guard status.st_mode & S_IFMT == S_IFDIR else { return [path] }
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var files: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      let file = path.hasSuffix("/") ? path + name : path + "/" + name
      var fileStatus = stat()
      if stat(file, &fileStatus) == 0, fileStatus.st_mode & S_IFMT == S_IFREG { files.append(file) }
    }
    return files.sorted()
  }

  /// The whole content of a file.
  ///
  /// - Parameter path: The file.
  /// - Returns: Its bytes, or `nil` when it cannot be read.
  static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}

/// Writes one line to standard error.
///
/// - Parameter line: The line, without its line break.
func printError(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  bytes.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count, let base = raw.baseAddress {
      let written = write(2, base + offset, raw.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
