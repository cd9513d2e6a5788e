/// Windows-1252 (code page 1252, the Western European text of Windows): one byte a character,
/// read as the Unicode text it stands for.
///
/// Bytes below 0x80 are ASCII, and 0xA0 to 0xFF are Latin-1's characters (U+00A0 to U+00FF),
/// as in ISO-8859-1; 0x80 to 0x9F are the code page's own (`€` is 0x80, `’` is 0x92). The five
/// bytes the code page leaves undefined are read as the C1 control of the same value, as the
/// WHATWG Encoding Standard reads them: shown escaped, never dropped. So every byte is read,
/// and Latin-1 text is read right too, but for the controls that no bank writes.
enum Windows1252 {
  /// The characters of 0x80 to 0x9F.
  private static let high: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  /// The character a byte stands for.
  ///
  /// - Parameter byte: A byte of Windows-1252 text.
  /// - Returns: Its character.
  static func scalar(_ byte: UInt8) -> Unicode.Scalar {
    let value = (0x80...0x9F).contains(byte) ? high[Int(byte - 0x80)] : UInt32(byte)
    // Every value of the table is a scalar; the fallback is never taken.
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// The text some Windows-1252 bytes stand for.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: The text, a character for each byte.
  static func text(_ bytes: some Sequence<UInt8>) -> String {
    var text = String.UnicodeScalarView()
    for byte in bytes { text.append(scalar(byte)) }
    return String(text)
  }
}
