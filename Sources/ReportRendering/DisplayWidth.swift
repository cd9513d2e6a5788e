import ByteWords
import Entities

/// How many columns of a terminal a text takes, counted per grapheme cluster, and how to cut a
/// text to a number of columns without splitting a cluster.
///
/// A terminal lays text out in a grid of cells. Most characters take one cell, East Asian wide
/// and fullwidth characters (CJK ideographs, kana, Hangul syllables, fullwidth forms) and emoji
/// take two, and combining marks, joiners and variation selectors take none: they change the
/// cell of the character before them. The report aligns its amounts by these columns, not by
/// the number of `Character`s, so a line holding `東京` or `🍣` still ends at the right edge.
///
/// One user-perceived character, a `Character` (an extended grapheme cluster), is measured as a
/// whole:
///
/// - An emoji cluster takes 2 columns, however many scalars it holds: a base with emoji
///   presentation (`🍣`, a flag's regional indicators, a family joined by zero-width joiners, a
///   hand with a skin tone), or any emoji followed by the emoji variation selector U+FE0F
///   (`❤️`, `#️⃣`, `🏳️‍🌈`).
/// - Any other cluster takes the sum of its scalars' widths: 2 for East Asian Wide (W) and
///   Fullwidth (F) scalars, 0 for nonspacing and enclosing marks (Mn, Me), format characters
///   (Cf, such as the zero-width space and joiner), controls, default-ignorable code points and
///   the Hangul medial vowels and final consonants (which join the syllable before them), and 1
///   for everything else. So `e` + U+0301 is 1 and `東` + a combining mark is 2.
///
/// East Asian Ambiguous (A) characters, such as `…` and `§`, count as 1, as terminals do outside
/// CJK legacy settings. Controls count as 0: the report shows them escaped (see
/// `ReportText.visible(_:)`) before it measures, so none are left to measure.
///
/// Simple text is measured without looking at clusters, so the common case costs one pass over
/// the UTF-8 bytes: when every scalar is printable ASCII or between U+00A0 and U+02FF (Latin-1
/// letters and signs, Latin Extended, IPA, spacing modifiers), no scalar joins another and each
/// takes one column, so the width is the number of scalars. Text that also holds kana, CJK
/// ideographs, Hangul syllables or fullwidth forms is measured in the same pass: those scalars
/// join nothing either (their grapheme break property is Other, or LV and LVT with no jamo to
/// join), and each takes two columns. The same pass measures Greek, Cyrillic and Armenian
/// letters and signs (one column each), and an emoji with printable ASCII, or nothing, after it
/// (`Pizza 🍕 Palace`: two columns). Anything else (an emoji joined to another, a flag, a
/// combining mark) is measured cluster by cluster; even then, printable ASCII with ASCII after
/// it is one column, without asking where its cluster ends.
public enum DisplayWidth {
  /// The number of terminal columns a text takes.
  ///
  /// - Parameter text: The text, with any control characters already escaped.
  /// - Returns: The sum of the widths of its grapheme clusters.
  public static func columns(of text: some StringProtocol) -> Int {
    let bytes = text.utf8
    if let quick = bytes.withContiguousStorageIfAvailable({ quickColumns($0) })
      ?? Array(bytes).withUnsafeBufferPointer({ quickColumns($0) })
    {
      return quick
    }
    // Cluster by cluster, but a printable ASCII character followed by ASCII (or the end) is a
    // cluster of one column without asking where the cluster ends: no such pair joins.
    let utf8 = text.utf8
    var total = 0
    var start = text.startIndex
    while start < text.endIndex {
      if isPrintableASCII(utf8[start]) {
        let next = utf8.index(after: start)
        if next == utf8.endIndex || utf8[next] < 0x80 {
          (total, start) = (total + 1, next)
          continue
        }
      }
      let end = text.index(after: start)
      total += columns(ofClusterIn: text, from: start, to: end)
      start = end
    }
    return total
  }

  /// The number of terminal columns one grapheme cluster takes: 0, 1 or 2 (more only for an
  /// unusual cluster that holds several wide scalars without being an emoji).
  ///
  /// - Parameter character: The grapheme cluster.
  /// - Returns: 2 for an emoji cluster, else the sum of its scalars' widths.
  public static func columns(of character: Character) -> Int {
    if let ascii = character.asciiValue { return isPrintableASCII(ascii) ? 1 : 0 }
    return columns(ofCluster: character.unicodeScalars)
  }

  /// The number of terminal columns one Unicode scalar takes on its own: 0, 1 or 2.
  ///
  /// - Parameter scalar: The scalar.
  /// - Returns: 0 for marks, format characters, controls and other zero-width scalars; 2 for
  ///   East Asian Wide and Fullwidth scalars and those with emoji presentation; else 1.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    // The soft hyphen is format (Cf), but terminals show it as a hyphen, one column wide.
    if value < 0x300 { return 1 }
    if isEastAsianWide(value) { return 2 }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return 0
    default:
      break
    }
    if properties.isDefaultIgnorableCodePoint || isHangulJamoMedialOrFinal(value) { return 0 }
    return properties.isEmojiPresentation ? 2 : 1
  }

  /// The longest start of a text that fits in a number of columns, cut between grapheme
  /// clusters.
  ///
  /// A cluster is never split: a wide character that would straddle the limit is left out, so
  /// the prefix can be one column narrower than the limit.
  ///
  /// - Parameters:
  ///   - text: The text, with any control characters already escaped.
  ///   - limit: The most columns the prefix may take; a negative limit is taken as 0.
  /// - Returns: The prefix and the number of columns it takes.
  public static func prefix(of text: String, fittingIn limit: Int) -> (text: Substring, columns: Int) {
    let limit = max(0, limit)
    if let simple = simpleColumns(text) {
      let count = min(limit, simple)
      let end = text.unicodeScalars.index(text.startIndex, offsetBy: count)
      return (text[..<end], count)
    }
    var end = text.startIndex
    var used = 0
    while end < text.endIndex {
      let next = text.index(after: end)
      let width = columns(ofClusterIn: text, from: end, to: next)
      guard used + width <= limit else { break }
      used += width
      end = next
    }
    return (text[..<end], used)
  }

  /// A text cut to a number of columns, ending with an ellipsis when it had to be cut.
  ///
  /// A text that fits is returned whole. Otherwise it is cut between grapheme clusters so that
  /// it and the ellipsis together fit; when not even the ellipsis fits, the result is empty.
  ///
  /// - Parameters:
  ///   - text: The text, with any control characters already escaped.
  ///   - limit: The most columns the result may take.
  ///   - ellipsis: What marks the cut; `…` (one column) unless told.
  /// - Returns: The text, or its cut start followed by the ellipsis; never wider than `limit`.
  public static func truncated(_ text: String, toColumns limit: Int, ellipsis: String = "…") -> String {
    if columns(of: text) <= limit { return text }
    let room = limit - columns(of: ellipsis)
    guard room >= 0 else { return "" }
    return String(prefix(of: text, fittingIn: room).text) + ellipsis
  }

  /// The columns of the grapheme cluster of `text` between two of its character boundaries.
  ///
  /// Measures in place, without making a `Character`: most clusters are one scalar, and that
  /// case goes straight to the scalar's width.
  private static func columns(
    ofClusterIn text: some StringProtocol, from start: String.Index, to end: String.Index
  ) -> Int {
    let scalars = text.unicodeScalars
    guard scalars.index(after: start) != end else { return columns(of: scalars[start]) }
    return columns(ofCluster: scalars[start..<end])
  }

  /// The columns of a grapheme cluster given as its scalars: 2 for an emoji, else the sum.
  private static func columns(ofCluster scalars: some Collection<Unicode.Scalar>) -> Int {
    guard let base = scalars.first else { return 0 }
    let properties = base.properties
    if properties.isEmojiPresentation { return 2 }
    if properties.isEmoji && scalars.contains(emojiVariationSelector) { return 2 }
    var total = 0
    for scalar in scalars { total += columns(of: scalar) }
    return total
  }

  /// U+FE0F VARIATION SELECTOR-16: show the character before it as an emoji.
  private static let emojiVariationSelector: Unicode.Scalar = "\u{FE0F}"

  private static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F
  }

  /// The width of a simple text (every scalar printable ASCII or in U+00A0...U+02FF): its
  /// number of scalars; `nil` for any other text.
  ///
  /// Read straight from the string's storage when it is contiguous (a native string), which is
  /// several times faster than walking a view.
  private static func simpleColumns(_ text: some StringProtocol) -> Int? {
    let bytes = text.utf8
    return bytes.withContiguousStorageIfAvailable(simpleColumns) ?? simpleColumns(Array(bytes))
  }

  /// The width of a text that is shown as it is: one whose every scalar is measured in one pass
  /// (see ``quickColumns(_:plainOnly:)``) and is none that `ReportText.visible(_:quoting:)`
  /// escapes (a backslash, C1 controls, the soft hyphen); `nil` for any other text.
  ///
  /// A renderer that gets a width here may show the text without escaping or measuring it
  /// again: the one pass over its bytes did both.
  ///
  /// - Parameter text: The text, as it came (not yet escaped).
  /// - Returns: Its width, or `nil` when it must be escaped or measured the long way.
  static func plainColumns(of text: String) -> Int? {
    let bytes = text.utf8
    let quick = bytes.withContiguousStorageIfAvailable(plainPrefixColumns)
    guard let (columns, stop) = quick else {
      return Array(bytes).withUnsafeBufferPointer { quickColumns($0, plainOnly: true) }
    }
    guard let stop else { return columns }
    // The rest, when a character stopped the loop above (an emoji, Cyrillic, one to escape),
    // one character at a time with those of `otherCharacter(_:at:)`. Apart, because that one
    // asks the standard library for a scalar's properties, a call the compiler cannot see
    // into: in the loop above, it made the compiler count a reference to every text measured
    // (a description made on the other core), which slowed every HTML report.
    return bytes.withContiguousStorageIfAvailable { bytes in
      quickColumns(UnsafeBufferPointer(rebasing: bytes[stop...]), plainOnly: true).map { columns + $0 }
    } ?? nil
  }

  /// ``plainColumns(of:)`` of a text given as its UTF-8 bytes (valid UTF-8): a description
  /// lent as bytes (decision 0045).
  ///
  /// - Parameter bytes: The text's bytes.
  /// - Returns: Its width, or `nil` when the one pass does not measure it.
  static func plainColumns(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let (columns, stop) = plainPrefixColumns(bytes)
    guard let stop else { return columns }
    return quickColumns(UnsafeBufferPointer(rebasing: bytes[stop...]), plainOnly: true).map { columns + $0 }
  }

  /// The loop of ``plainColumns(of:)`` over a text's bytes: the width of its bytes up to the
  /// first character it does not measure itself, and where that character is (`nil` when
  /// there is none). It calls nothing the compiler cannot see into (see `plainColumns(of:)`).
  @inline(__always)
  private static func plainPrefixColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> (columns: Int, stop: Int?) {
    // Eight bytes at a time, as many as are printable ASCII other than the backslash (as
    // many columns as bytes); then the character that stopped them, measured as usual, and
    // words again after it: most descriptions are ASCII but for a letter or two.
    var (index, columns) = (0, 0)
    while index != bytes.count {
      if index &+ 8 <= bytes.count {
        let word = UInt64(wordAt: index, of: bytes)
        // A word all plain moves on by a constant: the next word's read then waits for no
        // count of this one's plain bytes.
        if word.isPlainText {
          (index, columns) = (index &+ 8, columns &+ 8)
          continue
        }
        let plain = word.plainTextPrefixLength
        (index, columns) = (index &+ plain, columns &+ plain)
      } else {
        // The last bytes as one more word, spaces after them (plain): when all are plain, the
        // text ends here, without a look at each of them.
        let plain = UInt64(tailAt: index, of: bytes, filler: UInt8(ascii: " ")).plainTextPrefixLength
        if plain == 8 { return (columns &+ bytes.count &- index, stop: nil) }
        (index, columns) = (index &+ plain, columns &+ plain)
      }
      guard let (width, next) = quickCharacter(bytes, at: index, plainOnly: true) else {
        return (columns, stop: Optional(index))
      }
      (index, columns) = (next, columns &+ width)
    }
    return (columns, stop: nil)
  }

  /// The width of a text whose every scalar is simple (see ``simpleColumns(_:)``), a kana, a
  /// CJK ideograph, a Hangul syllable or a fullwidth form (two columns each, none joining
  /// another), a Greek, Cyrillic or Armenian scalar, or an emoji with printable ASCII or nothing
  /// after it (``otherCharacter(_:at:)``); `nil` for any other text, and, when `plainOnly`, for
  /// a text holding a scalar that is escaped when shown (a backslash, a C1 control, the soft
  /// hyphen).
  private static func quickColumns(_ bytes: UnsafeBufferPointer<UInt8>, plainOnly: Bool = false) -> Int? {
    var columns = 0
    var index = bytes.startIndex
    while index != bytes.endIndex {
      guard
        let (width, next) = quickCharacter(bytes, at: index, plainOnly: plainOnly)
          ?? otherCharacter(bytes, at: index)
      else { return nil }
      (index, columns) = (next, columns + width)
    }
    return columns
  }

  /// The width of the character whose UTF-8 bytes start at `index`, and where the next
  /// starts, for ``quickColumns(_:plainOnly:)``: `nil` for a character it does not measure.
  @inline(__always)
  private static func quickCharacter<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, at index: Bytes.Index, plainOnly: Bool
  ) -> (columns: Int, next: Bytes.Index)? {
    let byte = bytes[index]
    switch byte {
    case 0x20..<0x7F:  // printable ASCII
      if plainOnly && byte == UInt8(ascii: "\\") { return nil }
      return (1, bytes.index(after: index))
    case 0xC2...0xCB:  // U+0080...U+02FF: one column from U+00A0 on
      let next = bytes.index(after: index)
      guard next != bytes.endIndex else { return nil }
      let second = bytes[next]
      guard second & 0xC0 == 0x80, byte != 0xC2 || second >= 0xA0 else { return nil }
      if plainOnly && byte == 0xC2 && second == 0xAD { return nil }  // the soft hyphen
      return (1, bytes.index(after: next))
    case 0xE3...0xED, 0xEF:  // three bytes: U+3000...U+DFFF, U+F000...U+FFFF
      let second = bytes.index(after: index)
      guard second != bytes.endIndex else { return nil }
      let third = bytes.index(after: second)
      guard third != bytes.endIndex else { return nil }
      let (b1, b2) = (bytes[second], bytes[third])
      guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
      let value = UInt32(byte & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
      guard isQuickWide(value) else { return nil }
      return (2, bytes.index(after: third))
    default:
      return nil
    }
  }

  /// The width of a character that ``quickCharacter(_:at:plainOnly:)`` does not measure, in
  /// the same pass: a Greek, Cyrillic or Armenian scalar (``isQuickNarrow(_:)``), one column;
  /// or an emoji with printable ASCII or the end of the text after it, two columns; `nil` for
  /// any other.
  ///
  /// The emoji is a scalar with the Emoji_Presentation property (a lone regional indicator
  /// too), but not a skin tone, which joins whatever character comes before it; an emoji shown
  /// as text unless a selector follows (`❤`, `©`) is not one. It is a grapheme cluster of its
  /// own, as the long way would find it: it joins no character before it that the one pass
  /// measures, and printable ASCII after it joins nothing. What comes after it must be ASCII:
  /// two regional indicators are one flag, two columns, not four, and a skin tone, a selector
  /// or a joiner after an emoji joins it. That is how `Pizza 🍕 Palace` or `Coffee ☕ Corner`
  /// is measured in one pass. Like every character of the one pass, it is one `Character`, as
  /// the Markdown renderer counts. Out of line: it is rare, and the loop of the quick
  /// characters stays small.
  @inline(never)
  private static func otherCharacter(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (columns: Int, next: Int)? {
    let (scalar, length) = bytes.scalar(at: index)
    let next = index + length
    if isQuickNarrow(scalar.value) { return (1, next) }
    guard next == bytes.endIndex || isPrintableASCII(bytes[next]) else { return nil }
    let properties = scalar.properties
    return properties.isEmojiPresentation && !properties.isEmojiModifier ? (2, next) : nil
  }

  /// Whether a scalar is a Greek, Cyrillic or Armenian one that joins no other and takes one
  /// column: U+0370...U+0482 and U+048A...U+058F (Greek and Coptic, Cyrillic, Cyrillic
  /// Supplement, Armenian: letters, signs, punctuation, and the few unassigned code points
  /// among them), without the Cyrillic combining marks U+0483...U+0489. The standard library's
  /// grapheme breaking and `columns(of:)` agree, scalar by scalar (`DisplayWidthTests`).
  private static func isQuickNarrow(_ value: UInt32) -> Bool {
    switch value {
    case 0x0370...0x0482, 0x048A...0x058F: true
    default: false
    }
  }

  /// Whether a scalar is one of the wide scalars that join no other: kana (without the
  /// combining sound marks U+3099 and U+309A), CJK unified ideographs, Hangul syllables, and the
  /// fullwidth forms.
  private static func isQuickWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60: true
    default: false
    }
  }

  private static func simpleColumns(_ bytes: some Collection<UInt8>) -> Int? {
    var columns = 0
    var previous: UInt8 = 0
    for byte in bytes {
      switch byte {
      case 0x20..<0x7F, 0xC3...0xCB:  // printable ASCII; the lead byte of U+00C0...U+02FF
        columns += 1
      case 0x80..<0xC0:  // a continuation byte; after C2, at least A0 for U+00A0...U+00BF
        if previous == 0xC2 && byte < 0xA0 { return nil }
      case 0xC2:
        columns += 1
      default:
        return nil
      }
      previous = byte
    }
    return columns
  }
}
