import Entities
import UseCases

/// Text that is not words: text from the data made safe to show (escapes), a source's words as a
/// line, and dates as `YYYY-MM-DD`. The words themselves are a ``ReportWording``'s; money
/// becomes text in an ``AmountStyle``.
///
/// Nothing here depends on the machine's time zone, locale or clock, so the same input gives
/// byte-identical output everywhere. A client's own ``ReportWording`` may use these too.
public enum ReportText {
  /// A date as `YYYY-MM-DD`, the form the input and the command line's options use.
  ///
  /// - Parameter date: The date.
  /// - Returns: The text, such as `2024-03-01`.
  public static func isoDate(_ date: CalendarDate) -> String {
    // Its ten bytes written in place (a small string, nothing allocated): the transaction list
    // writes one for every date block, and an interpolation of padded numbers was several
    // small strings and their appends. A year has four digits (1 to 9999).
    let (year, month, day) = (date.year, date.month, date.day)
    return String(unsafeUninitializedCapacity: 10) { text in
      (text[0], text[1]) = (digit(year / 1000), digit(year / 100 % 10))
      (text[2], text[3], text[4]) = (digit(year / 10 % 10), digit(year % 10), UInt8(ascii: "-"))
      (text[5], text[6], text[7]) = (digit(month / 10), digit(month % 10), UInt8(ascii: "-"))
      (text[8], text[9]) = (digit(day / 10), digit(day % 10))
      return 10
    }
  }

  /// The ASCII digit of a number from 0 to 9: how the dates written in place
  /// (``isoDate(_:)``, ``EnglishReportWording``'s) write theirs.
  static func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value) }

  /// A source's words as one line of text: its own words as they are, the parts from the input
  /// or the machine as ``visible(_:quoting:)`` shows them (quoted ones in double quotes).
  ///
  /// - Parameter words: The words.
  /// - Returns: The text.
  public static func text(of words: SourceWords) -> String {
    words.parts.map { part in
      switch part {
      case .text(let text): text
      case .shown(let text): visible(text)
      case .quoted(let text): "\"" + visible(text, quoting: true) + "\""
      }
    }.joined()
  }

  /// Text made safe to show in a terminal: control and bidirectional-override characters are
  /// replaced by visible escapes such as `\u{1B}`.
  ///
  /// Tabs, line breaks, escape sequences, C1 controls and the Unicode bidirectional controls
  /// (which can make text display in a different order than it is stored) are all escaped, and
  /// so are the invisible characters that can hide or fake text (zero-width spaces, tags). A
  /// backslash of the text itself is shown doubled, `\\`, so that an escape is never ambiguous:
  /// the text `\u{1B}` shows as `\\u{1B}`, a real escape character as `\u{1B}`.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - quoting: Whether to escape `"` too, for text shown between quotes.
  /// - Returns: The text with every unsafe character escaped.
  public static func visible(_ text: String, quoting: Bool = false) -> String {
    guard needsEscapes(text, quoting: quoting) else { return text }
    return escaped(text, backslashes: true, quoting: quoting)
  }

  /// Text made safe for a terminal without touching backslashes: what ``visible(_:quoting:)``
  /// escapes, except that a backslash stays one.
  ///
  /// For a second pass over text that may already hold escapes, such as a whole message whose
  /// values a wording has shown with ``visible(_:quoting:)``: applied again, it changes
  /// nothing, where ``visible(_:quoting:)`` would double every backslash of the escapes.
  ///
  /// - Parameter text: The text.
  /// - Returns: The text with every unsafe and invisible character escaped.
  package static func terminalSafe(_ text: String) -> String {
    guard mayNeedEscapes(text, quoting: false),
      text.unicodeScalars.contains(where: { mustBeEscaped($0) || isInvisible($0) })
    else { return text }
    return escaped(text, backslashes: false, quoting: false)
  }

  /// The text with every unsafe and invisible character written `\u{…}`, and, when asked, each
  /// backslash and quote after a backslash.
  private static func escaped(_ text: String, backslashes: Bool, quoting: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if mustBeEscaped(scalar) || isInvisible(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else if (backslashes && scalar == "\\") || (quoting && scalar == "\"") {
        result += "\\" + String(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a text holds a character that ``visible(_:quoting:)`` escapes: one that
  /// ``mustBeEscaped(_:)`` or ``isInvisible(_:)`` names, a backslash, or, when quoting, a quote.
  ///
  /// Every description passes through here, so the common case is judged from the UTF-8 bytes
  /// in one pass; only a text with a byte that can start such a character is read as Unicode
  /// scalars. A renderer with the same escapes (a JSON string literal) asks here too.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - quoting: Whether quotes count.
  /// - Returns: `true` when the text must be escaped.
  package static func needsEscapes(_ text: String, quoting: Bool = false) -> Bool {
    mayNeedEscapes(text, quoting: quoting)
      && text.unicodeScalars.contains {
        mustBeEscaped($0) || isInvisible($0) || $0 == "\\" || (quoting && $0 == "\"")
      }
  }

  /// Whether a text may hold a character to escape, judged from its UTF-8 bytes in one pass: a
  /// text with none of the bytes that can start one (a control, DEL, a backslash, the lead bytes
  /// `C2`, `D8`, `E1`, `E2`, `E3`, `EF` and `F3` of C1 controls, bidirectional and invisible
  /// characters, tags among them, and quotes when quoting) certainly needs no escape.
  private static func mayNeedEscapes(_ text: String, quoting: Bool) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for byte in bytes {
        switch byte {
        case 0x00..<0x20, 0x7F, 0xC2, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF3, UInt8(ascii: "\\"): return true
        case UInt8(ascii: "\""): if quoting { return true }
        default: continue
        }
      }
      return false
    }
  }

  /// Whether a character must not reach a terminal raw: C0 and C1 controls, DEL, and the
  /// bidirectional formatting characters.
  ///
  /// - Parameter scalar: The character.
  /// - Returns: `true` when it must be escaped.
  package static func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether a character is invisible and carries nothing a description needs, so that shown
  /// raw it could hide text or make two different texts look the same: the soft hyphen, the
  /// Hangul fillers, the Khmer inherent vowels, the Mongolian vowel separator, the zero-width
  /// space, the word joiner and the invisible operators, the byte order mark, the interlinear
  /// annotation characters (U+FFF9 to U+FFFB), and the tag characters (U+E0000 to U+E007F),
  /// which spell ASCII no one sees. (The only emoji made with tags, the flags of England,
  /// Scotland and Wales, then show as a black flag and escapes: a description never hides
  /// text.)
  ///
  /// The zero-width joiner and non-joiner and the variation selectors are not among them: they
  /// join emoji sequences and shape scripts, so they are part of what a description says. The JSON output keeps every one of these characters as it is: a program
  /// reading it gets the text back exactly.
  ///
  /// - Parameter scalar: The character.
  /// - Returns: `true` when ``visible(_:quoting:)`` shows it as an escape.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x2060...0x2064, 0x3164, 0xFEFF, 0xFFA0: true
    case 0xFFF9...0xFFFB, 0xE0000...0xE007F: true
    default: false
    }
  }
}
