/// The text of a CSV input as a bank's export is decoded, worked out again without the
/// decoder, by the README's rules: a file whose first line that is not empty has no column
/// named exactly `group` (a bank's export) is read as Windows-1252 when it is not UTF-8, does
/// not start with the first bytes of a UTF-8 byte order mark and writes no character in UTF-8's
/// multi-byte form (a text that does is UTF-8 with bytes in error), and a carriage return that
/// no line feed follows ends a line when the first line ends with one. The native format is
/// read as it is.
///
/// The record checks read values and rows back from this text: the positions the decoder
/// gives are in it.
enum CSVText {
  /// The bytes the decoder reads.
  ///
  /// - Parameter bytes: The input.
  /// - Returns: The input, converted as a bank's export is, or as it is.
  static func decoded(_ bytes: [UInt8]) -> [UInt8] {
    guard !CSVHeader(bytes).isNative else { return bytes }
    let text = fromWindows1252(bytes)
    guard endsFirstLineWithCarriageReturn(text) else { return text }
    var lines: [UInt8] = []
    for (index, byte) in text.enumerated() {
      let next = index + 1 < text.count ? text[index + 1] : nil
      lines.append(byte == 0x0D && next != 0x0A ? 0x0A : byte)
    }
    return lines
  }

  /// The input converted from Windows-1252 to UTF-8 when it is not UTF-8, does not start with
  /// the first byte of a UTF-8 byte order mark, and writes no character in UTF-8's multi-byte
  /// form (as a bank's CSV export and a QIF file are read); else as it is.
  static func fromWindows1252(_ bytes: [UInt8]) -> [UInt8] {
    guard !bytes.starts(with: [0xEF]), String(validating: bytes, as: UTF8.self) == nil,
      !writesMultibyteUTF8(bytes)
    else { return bytes }
    var text: [UInt8] = []
    for byte in bytes {
      if byte < 0x80 {
        text.append(byte)
      } else {
        let scalar = Unicode.Scalar(byte < 0xA0 ? high[Int(byte - 0x80)] : UInt32(byte)) ?? "\u{FFFD}"
        text += Array(String(Character(scalar)).utf8)
      }
    }
    return text
  }

  /// Whether some two to four bytes of the input are one character of UTF-8's multi-byte form,
  /// asked of the standard library for each lead byte in turn.
  private static func writesMultibyteUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.indices.contains { start in
      guard bytes[start] >= 0xC2 else { return false }
      return (2...4).contains { length in
        guard start + length <= bytes.count,
          let text = String(validating: bytes[start..<(start + length)], as: UTF8.self)
        else { return false }
        return text.unicodeScalars.count == 1
      }
    }
  }

  /// Whether the first line break outside quotes is a carriage return alone.
  private static func endsFirstLineWithCarriageReturn(_ text: [UInt8]) -> Bool {
    var quoted = false
    for (index, byte) in text.enumerated() {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      guard !quoted else { continue }
      if byte == 0x0A { return false }
      if byte == 0x0D { return index + 1 == text.count || text[index + 1] != 0x0A }
    }
    return false
  }

  /// Windows-1252's characters at 0x80 to 0x9F (its five holes are the C1 controls), from the
  /// code page's table.
  private static let high: [UInt32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
    0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122,
    0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]
}
