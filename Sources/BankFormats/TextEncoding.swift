/// The encoding of a bank's CSV export: UTF-8, or one of the single-byte code pages banks
/// write their exports in.
///
/// A single-byte code page reads every byte as one character: ASCII below 0x80, the code
/// page's own letters and signs above. Windows-1252 is Western Europe's
/// (German, French, Spanish, Dutch, …); Windows-1250 and ISO-8859-2 are Central Europe's
/// (Czech, Polish, Hungarian, Slovak, …), where a byte such as 0xE8 is `č`, not `è`.
public enum TextEncoding: String, CaseIterable, Sendable {
  /// UTF-8, the native format's.
  case utf8 = "utf-8"
  /// Windows-1252, which holds Latin-1's printable characters: the text of many Western
  /// European banks' exports.
  case windows1252 = "windows-1252"
  /// Windows-1250, the code page of Central European banks' exports (Czech, Polish,
  /// Hungarian, Slovak, Slovenian, Croatian).
  case windows1250 = "windows-1250"
  /// ISO-8859-2 (Latin-2), the older standard of the same languages as Windows-1250, with the
  /// same letters at partly other bytes.
  case iso88592 = "iso-8859-2"

  /// The encoding a person names, in any case: `utf-8` or `utf8`; `windows-1252`, `cp1252`,
  /// `latin-1`, `latin1` or `iso-8859-1` (whose printable characters Windows-1252 holds);
  /// `windows-1250` or `cp1250`; `iso-8859-2`, `latin-2` or `latin2`.
  ///
  /// - Parameter name: The name.
  public init?(name: some StringProtocol) {
    switch name.lowercased() {
    case "utf-8", "utf8": self = .utf8
    case "windows-1252", "windows1252", "cp1252", "cp-1252", "latin-1", "latin1", "iso-8859-1", "iso8859-1":
      self = .windows1252
    case "windows-1250", "windows1250", "cp1250", "cp-1250": self = .windows1250
    case "iso-8859-2", "iso8859-2", "latin-2", "latin2": self = .iso88592
    default: return nil
    }
  }

  /// The encoding's name as people write it: `UTF-8`, `Windows-1250`.
  public var name: String {
    switch self {
    case .utf8: "UTF-8"
    case .windows1252: "Windows-1252"
    case .windows1250: "Windows-1250"
    case .iso88592: "ISO-8859-2"
    }
  }

  /// The single-byte code pages a reader tells apart by a file's bytes and words, in the
  /// order it names them; ISO-8859-2 is read only when the user names it.
  package static let codePages: [TextEncoding] = [.windows1252, .windows1250]

  /// The character a byte of a single-byte code page stands for: ASCII below 0x80, the code
  /// page's own above; a byte the code page leaves undefined is the C1 control of the same
  /// value, as the WHATWG Encoding Standard reads it (shown escaped, never dropped). `nil` for
  /// UTF-8, whose bytes are no characters of their own.
  ///
  /// - Parameter byte: A byte of text in this encoding.
  /// - Returns: Its character.
  package func character(of byte: UInt8) -> Unicode.Scalar? {
    guard self != .utf8 else { return nil }
    guard byte >= 0x80 else { return Unicode.Scalar(byte) }
    let value = Self.high(of: self)[Int(byte - 0x80)]
    // Every value of the tables is a scalar (0 marks a byte left undefined).
    return Unicode.Scalar(value == 0 ? UInt32(byte) : value)
  }

  /// Whether a single-byte code page gives a byte a character of its own: `false` for the
  /// bytes it leaves undefined (Windows-1252's 0x81, 0x8D, 0x8F, 0x90 and 0x9D), which no
  /// text in it holds, and for ISO-8859-2's C1 controls (0x80 to 0x9F). Always `true` below
  /// 0x80, and for UTF-8.
  ///
  /// - Parameter byte: A byte.
  /// - Returns: Whether the code page defines it.
  package func defines(_ byte: UInt8) -> Bool {
    guard self != .utf8, byte >= 0x80 else { return true }
    return Self.high(of: self)[Int(byte - 0x80)] != 0
  }

  private static func high(of encoding: TextEncoding) -> [UInt32] {
    switch encoding {
    case .utf8, .windows1252: windows1252High
    case .windows1250: windows1250High
    case .iso88592: iso88592High
    }
  }
}
