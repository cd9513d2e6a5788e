#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name a user most likely meant when a file does not exist: an existing file in the same
/// folder whose name is close to the one given.
///
/// A mistyped name is the usual reason a file is not there (`transactons.csv`,
/// `transactions.cvs`, `Transactions.csv`), so the error that says so should also say what is
/// there. Names are compared without regard to letter case, by edit distance: at most one edit
/// for a name of up to four characters, else at most a quarter of the name's length, and never
/// more than three. A name that differs only in its extension (`transactions.json` for
/// `transactions.csv`) is close too. Hidden files are suggested only for a hidden name. The
/// folder is read once, and only its first 10,000 entries: a suggestion is a courtesy, never
/// a cost.
enum SimilarFileName {
  /// The path of an existing file whose name is close to the last component of `path`, in the
  /// same folder, or `nil` when there is none.
  ///
  /// - Parameter path: The path that does not exist.
  /// - Returns: The suggested path, written as the user wrote the folder, or `nil`.
  static func near(_ path: String) -> String? {
    let (folder, name) = split(path)
    guard !name.isEmpty, let names = entries(of: folder.isEmpty ? "." : folder) else { return nil }
    return closest(to: name, among: names).map { folder + $0 }
  }

  /// The name among `names` that is closest to `name`, if one is close enough; the first in
  /// alphabetical order on a tie.
  ///
  /// - Parameters:
  ///   - name: The name given.
  ///   - names: The names that exist.
  /// - Returns: The closest name, or `nil`.
  static func closest(to name: String, among names: [String]) -> String? {
    let wanted = Array(name.lowercased().unicodeScalars)
    let limit = wanted.count <= 4 ? 1 : min(3, wanted.count / 4)
    let stem = Self.stem(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in names where candidate != name && (name.hasPrefix(".") || !candidate.hasPrefix(".")) {
      let lowered = candidate.lowercased()
      let sameStem = !stem.isEmpty && Self.stem(lowered) == stem
      let other = Array(lowered.unicodeScalars)
      // Names whose lengths differ by more than the limit are not measured at all.
      guard sameStem || abs(other.count - wanted.count) <= limit else { continue }
      let distance = sameStem ? 0 : FieldNameGuess.editDistance(wanted, other)
      guard distance <= limit else { continue }
      if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// The folder part (with its trailing `/`, or empty) and the name part of a path.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// A name without its extension, or empty when it has none.
  private static func stem(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[..<dot])
  }

  /// The names in a folder, without `.` and `..`; `nil` when it cannot be read.
  private static func entries(of folder: String) -> [String]? {
    guard !folder.utf8.contains(0), let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while names.count < 10_000, let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
