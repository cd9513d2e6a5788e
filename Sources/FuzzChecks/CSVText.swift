import BankFormats
import FileGateways
import UseCases

/// The text of a CSV input as a bank's export is decoded, worked out again without the
/// decoder, by the README's rules: a file whose first line that is not empty has no column
/// named exactly `group` (a bank's export) is read in a single-byte code page when it is not
/// UTF-8, does not start with the first bytes of a UTF-8 byte order mark and writes no
/// character in UTF-8's multi-byte form (a text that does is UTF-8 with bytes in error): the
/// code page the decoder's note names, which the checks then hold every value and position
/// to, else Windows-1252; a carriage return that no line feed follows ends a line when the
/// first line ends with one, and carriage returns before a line feed are one line break with
/// it when the first line ends with two or more. The native format is read as it is.
///
/// The record checks read values and rows back from this text: the positions the decoder
/// gives are in it.
enum CSVText {
  /// The bytes the decoder reads.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - records: What the decoder gave, whose note says the code page it read a text that is
  ///     not UTF-8 in.
  /// - Returns: The input, converted as a bank's export is, or as it is.
  static func decoded(_ bytes: [UInt8], records: [SourceRecord] = []) -> [UInt8] {
    guard !CSVHeader(bytes).isNative else { return bytes }
    let text = fromCodePage(bytes, records: records)
    switch firstLineBreak(text) {
    case .carriageReturn:
      var lines: [UInt8] = []
      for (index, byte) in text.enumerated() {
        let next = index + 1 < text.count ? text[index + 1] : nil
        lines.append(byte == 0x0D && next != 0x0A ? 0x0A : byte)
      }
      return lines
    case .carriageReturnsBeforeLineFeed:
      // Each run of carriage returns before a line feed is one; a carriage return alone stays.
      var lines: [UInt8] = []
      var index = 0
      while index < text.count {
        var end = index
        while end < text.count, text[end] == 0x0D { end += 1 }
        if end > index, end < text.count, text[end] == 0x0A {
          lines.append(0x0D)
        } else {
          lines += text[index..<max(end, index + 1)]
        }
        index = max(end, index + 1)
      }
      return lines
    case .lineFeed:
      return text
    }
  }

  /// The input converted from a single-byte code page to UTF-8 when it is not UTF-8, does not
  /// start with the first byte of a UTF-8 byte order mark, and writes no character in UTF-8's
  /// multi-byte form (as a bank's CSV export and a QIF file are read): the code page a
  /// decoder's note names, else Windows-1252; else as it is.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - records: What the decoder gave, whose note says the code page it read the text in.
  /// - Returns: The input as UTF-8, converted or as it is.
  static func fromCodePage(_ bytes: [UInt8], records: [SourceRecord] = []) -> [UInt8] {
    guard !bytes.starts(with: [0xEF]), String(validating: bytes, as: UTF8.self) == nil,
      !writesMultibyteUTF8(bytes)
    else { return bytes }
    let codePage = Self.codePage(in: records)
    var text: [UInt8] = []
    for byte in bytes {
      if byte < 0x80 {
        text.append(byte)
      } else {
        let scalar = codePage.character(of: byte) ?? "\u{FFFD}"
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

  /// The code page a decoder's note says it read the text in; Windows-1252 when none says.
  private static func codePage(in records: [SourceRecord]) -> TextEncoding {
    for record in records {
      guard case .note(let note) = record, let export = note.base as? ExportNote,
        case .readAs(let encoding) = export.kind
      else { continue }
      return encoding
    }
    return .windows1252
  }

  /// How the first line ends, outside quotes.
  private enum LineBreak {
    case lineFeed
    case carriageReturn
    case carriageReturnsBeforeLineFeed
  }

  /// The first line break outside quotes.
  private static func firstLineBreak(_ text: [UInt8]) -> LineBreak {
    var quoted = false
    for (index, byte) in text.enumerated() {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      guard !quoted else { continue }
      if byte == 0x0A { return .lineFeed }
      if byte == 0x0D {
        var end = index
        while end < text.count, text[end] == 0x0D { end += 1 }
        guard end < text.count, text[end] == 0x0A else { return .carriageReturn }
        return end - index > 1 ? .carriageReturnsBeforeLineFeed : .lineFeed
      }
    }
    return .lineFeed
  }
}
