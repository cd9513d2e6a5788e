/// The characters that must never reach a terminal raw (SPEC §8): they could move the cursor,
/// recolour, retitle or reorder what a person sees.
///
/// This list is the fuzzer's own, written from the SPEC rather than taken from the code it
/// checks: C0 controls (a line feed is allowed only where the output itself breaks lines), DEL,
/// C1 controls, the Unicode bidirectional formatting characters, and the line and paragraph
/// separators.
enum TerminalSafety {
  /// Whether a character must not reach a terminal raw.
  ///
  /// - Parameter scalar: The character.
  /// - Returns: `true` for a control, bidirectional or separator character.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether a character is one of the invisible characters the report shows escaped, by the
  /// rule decision 0015 writes down: the soft hyphen, the Hangul fillers, the Khmer inherent
  /// vowels, the Mongolian vowel separator, the zero-width space, the word joiner and the
  /// invisible operators, the byte order mark, the interlinear annotation characters and the
  /// tag characters (not the joiners or selectors).
  ///
  /// - Parameter scalar: The character.
  /// - Returns: `true` when the report must show it as an escape.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    [
      0x00AD, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164,
      0xFEFF, 0xFFA0, 0xFFF9, 0xFFFA, 0xFFFB,
    ]
    .contains(scalar.value) || (0xE0000...0xE007F).contains(scalar.value)
  }

  /// A text from the data as the report must show it, written here from the rule, not taken
  /// from `ReportText`: each unsafe or invisible character as `\u{HEX}` (upper-case hex, no
  /// leading zeros), each backslash doubled, everything else as it is.
  ///
  /// - Parameter text: The text from the data.
  /// - Returns: The text as shown.
  static func escaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) || isInvisible(scalar) {
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16).uppercased())}".unicodeScalars)
      } else if scalar == "\\" {
        result.append(contentsOf: "\\\\".unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The first unsafe character of a text.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - lineFeeds: Whether line feeds are allowed (they end the output's own lines).
  /// - Returns: The character, or `nil` when there is none.
  static func firstUnsafe(in text: some StringProtocol, allowingLineFeeds lineFeeds: Bool = false)
    -> Unicode.Scalar?
  {
    text.unicodeScalars.first { isUnsafe($0) && !(lineFeeds && $0 == "\n") }
  }

  /// A text without its ANSI SGR sequences (`ESC [` digits and `;` then `m`), the only escape
  /// sequences the text renderer may write itself.
  ///
  /// - Parameter text: Rendered text.
  /// - Returns: The text without them; any other `ESC` is left in place.
  static func withoutColors(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
        var end = index + 2
        while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
        if end < scalars.count, scalars[end] == "m" {
          index = end + 1
          continue
        }
      }
      result.append(scalars[index])
      index += 1
    }
    return String(result)
  }
}
