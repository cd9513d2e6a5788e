/// A single-byte character set an OFX statement's header names: Windows-1252 (`CHARSET:1252`,
/// the set most banks' OFX 1.x statements are written in) or ISO-8859-1. Each byte is one
/// character; the bytes below 0x80 are ASCII.
///
/// OFX 1.x says it in the header lines before the first tag (`ENCODING:USASCII` and
/// `CHARSET:1252`; `ENCODING:UTF-8` means UTF-8 whatever `CHARSET` says), OFX 2.x in its XML
/// declaration (`<?xml version="1.0" encoding="windows-1252"?>`). Without either, a statement
/// is UTF-8.
enum StatementCharset: Equatable {
  /// Windows-1252: ISO-8859-1 with printable characters in place of most C1 controls (`€`,
  /// curly quotes, dashes).
  case windows1252
  /// ISO-8859-1: each byte is the character of the same number.
  case latin1

  /// How many bytes of the start of a statement hold its header.
  static let headerLimit = 1024

  /// The set the header names, or `nil` for UTF-8 (or a set it does not know, whose bytes above
  /// ASCII are then checked as UTF-8 and named when they are not).
  ///
  /// A statement that starts with `<?xml` names it in that declaration (`encoding="…"`, up to
  /// its `?>`); any other in its header lines before the first `<` (`KEY:VALUE`, a line ending
  /// with a line feed or a carriage return, spaces and tabs not counted). Names are read in any
  /// case.
  ///
  /// - Parameter bytes: The first bytes of the statement (``headerLimit``), after a byte order
  ///   mark and the whitespace before its first line.
  init?(ofHeader bytes: [UInt8]) {
    let upper = bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
    var named: [UInt8] = []
    if upper.starts(with: Array("<?XML".utf8)) {
      let end = upper.firstRange(of: Array("?>".utf8))?.lowerBound ?? upper.endIndex
      if let key = upper[..<end].firstRange(of: Array("ENCODING=".utf8)) {
        let quotes: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "'")]
        named = Array(
          upper[key.upperBound..<end].drop(while: quotes.contains).prefix { !quotes.contains($0) })
      }
    } else {
      var encoding: [UInt8] = []
      var charset: [UInt8] = []
      let header = upper.prefix { $0 != UInt8(ascii: "<") }
      for line in header.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
        let key = line[..<colon].filter { $0 != 0x20 && $0 != 0x09 }
        let value = line[(colon + 1)...].filter { $0 != 0x20 && $0 != 0x09 }
        if key == Array("ENCODING".utf8) { encoding = value }
        if key == Array("CHARSET".utf8) { charset = value }
      }
      named = encoding == Array("UTF-8".utf8) || encoding == Array("UTF8".utf8) ? [] : charset
    }
    switch String(decoding: named, as: UTF8.self) {
    case "1252", "WINDOWS-1252", "CP1252": self = .windows1252
    case "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1", "LATIN-1": self = .latin1
    default: return nil
    }
  }

  /// The character of a byte above ASCII.
  ///
  /// - Parameter byte: A byte from 0x80 to 0xFF.
  /// - Returns: Its character. The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F,
  ///   0x90, 0x9D) are the C1 controls of the same number, as Windows reads them: a report
  ///   shows them escaped.
  func character(for byte: UInt8) -> Unicode.Scalar {
    guard self == .windows1252, (0x80...0x9F).contains(byte) else {
      return Unicode.Scalar(byte)
    }
    return Unicode.Scalar(Self.windows1252C1[Int(byte - 0x80)]) ?? Unicode.Scalar(byte)
  }

  /// The characters of Windows-1252 at 0x80 to 0x9F.
  private static let windows1252C1: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
    0x008D,
    0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
    0x203A,
    0x0153, 0x009D, 0x017E, 0x0178,
  ]
}
