/// The encoding of a bank's CSV export.
public enum TextEncoding: String, CaseIterable, Sendable {
  /// UTF-8, the native format's.
  case utf8 = "utf-8"
  /// Windows-1252, which holds Latin-1's printable characters: the text of many European
  /// banks' exports.
  case windows1252 = "windows-1252"

  /// The encoding a person names, in any case: `utf-8` or `utf8`; `windows-1252`, `cp1252`,
  /// `latin-1`, `latin1` or `iso-8859-1` (whose printable characters Windows-1252 holds).
  ///
  /// - Parameter name: The name.
  public init?(name: some StringProtocol) {
    switch name.lowercased() {
    case "utf-8", "utf8": self = .utf8
    case "windows-1252", "windows1252", "cp1252", "cp-1252", "latin-1", "latin1", "iso-8859-1", "iso8859-1":
      self = .windows1252
    default: return nil
    }
  }
}
