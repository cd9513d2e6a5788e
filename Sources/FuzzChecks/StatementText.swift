import FileGateways

/// How the statement formats write their text, as the fuzzers read it, written here again
/// rather than taken from the decoders: where a QIF line ends, and which single-byte character
/// set an OFX header names.
enum StatementText {
  /// A single-byte character set an OFX header may name.
  enum Charset {
    case windows1252
    case latin1
  }

  /// Whether lines of this format end at a carriage return alone too (QIF, which the classic Mac
  /// OS wrote so), not only at a line feed.
  static func breaksLinesAtCarriageReturns(_ format: RecordFormat) -> Bool {
    format == .qif
  }

  /// The character set an OFX statement's header names: in the XML declaration when the text
  /// (after a byte order mark and whitespace) starts with `<?xml`, its `encoding="…"` up to
  /// `?>`; else its `KEY:VALUE` lines before the first `<` (`CHARSET:1252`, unless
  /// `ENCODING:UTF-8`), within the first 1,024 bytes. `nil` for UTF-8.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - format: Its format; only OFX names a set.
  /// - Returns: The set, or `nil`.
  static func charset(of bytes: [UInt8], format: RecordFormat) -> Charset? {
    guard format == .ofx else { return nil }
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let text = String(
      decoding: bytes[start..<min(bytes.count, start + 1024)].map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self
    ).uppercased()
    var name = ""
    if text.hasPrefix("<?XML") {
      let declaration = text[..<(text.firstRange(of: "?>")?.lowerBound ?? text.endIndex)]
      if let key = declaration.firstRange(of: "ENCODING=") {
        let value = declaration[key.upperBound...]
        name = String(value.drop { $0 == "\"" || $0 == "'" }.prefix { $0 != "\"" && $0 != "'" })
      }
    } else {
      var encoding = ""
      var charset = ""
      let header = text.prefix { $0 != "<" }
      for line in header.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
        let line = String(line)
        guard let colon = line.firstIndex(of: ":") else { continue }
        let key = line[..<colon].filter { $0 != " " && $0 != "\t" }
        let value = line[line.index(after: colon)...].filter { $0 != " " && $0 != "\t" }
        if key == "ENCODING" { encoding = value }
        if key == "CHARSET" { charset = value }
      }
      name = ["UTF-8", "UTF8"].contains(encoding) ? "" : charset
    }
    switch name {
    case "1252", "WINDOWS-1252", "CP1252": return .windows1252
    case "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1", "LATIN-1": return .latin1
    default: return nil
    }
  }

  /// The text of bytes in a single-byte set: each byte one character.
  static func decoded(_ bytes: some Collection<UInt8>, _ charset: Charset) -> String {
    var text = String.UnicodeScalarView()
    for byte in bytes {
      if charset == .windows1252, let scalar = windows1252[byte] {
        text.append(scalar)
      } else {
        text.append(Unicode.Scalar(byte))
      }
    }
    return String(text)
  }

  /// Windows-1252 where it is not ISO-8859-1 (0x80 to 0x9F), from its code chart; the five
  /// bytes it leaves undefined are the C1 controls of their numbers.
  private static let windows1252: [UInt8: Unicode.Scalar] = [
    0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰",
    0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•",
    0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›", 0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
  ]
}
