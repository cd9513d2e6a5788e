import Entities
import Presenters
import TestSupport
import Testing

@testable import ReportRendering

@Suite struct DisplayWidthTests {
  /// A text, what it is, and the columns a terminal gives it.
  struct Sample: CustomTestStringConvertible, Sendable {
    let text: String
    let columns: Int
    let what: String

    init(_ text: String, _ columns: Int, _ what: String) {
      self.text = text
      self.columns = columns
      self.what = what
    }

    var testDescription: String { "\(what) is \(columns) columns" }
  }

  static let samples: [Sample] = [
    Sample("", 0, "the empty text"),
    Sample("Starbucks", 9, "ASCII"),
    Sample("Mark's Work Wearhouse", 21, "ASCII with punctuation"),
    Sample("東京ラーメン", 12, "CJK ideographs and katakana"),
    Sample("ひらがな", 8, "hiragana"),
    Sample("한국어", 6, "Hangul syllables"),
    Sample("\u{1100}\u{1161}\u{11A8}", 2, "a Hangul syllable from conjoining jamo"),
    Sample("ＡＢＣ１２３", 12, "fullwidth letters and digits"),
    Sample("\u{3000}", 2, "the ideographic space"),
    Sample("ｶﾀｶﾅ", 4, "halfwidth katakana"),
    Sample("𠀋", 2, "a CJK Extension B ideograph"),
    Sample("Cafe\u{301}", 4, "a combining acute accent"),
    Sample("Café", 4, "a precomposed é"),
    Sample("e\u{301}\u{302}\u{303}", 1, "a stack of combining marks"),
    Sample("東\u{301}", 2, "a wide character with a combining mark"),
    Sample("a\u{20DD}", 1, "an enclosing mark"),
    Sample("a\u{200B}b", 2, "a zero-width space"),
    Sample("a\u{200D}b", 2, "a lone zero-width joiner"),
    Sample("a\u{2060}b\u{FEFF}", 2, "a word joiner and a zero-width no-break space"),
    Sample("🍣🍺", 4, "two emoji"),
    Sample("👨‍👩‍👧", 2, "a family joined by zero-width joiners"),
    Sample("🧑🏽‍💻", 2, "a ZWJ sequence with a skin tone"),
    Sample("🇨🇦", 2, "a flag"),
    Sample("🇨🇦🇯🇵", 4, "two flags"),
    Sample("👍🏽", 2, "a skin tone modifier"),
    Sample("❤️", 2, "an emoji variation selector on a text-default emoji"),
    Sample("❤", 1, "a text-default emoji without a selector"),
    Sample("#️⃣", 2, "a keycap"),
    Sample("🏳️‍🌈", 2, "the rainbow flag"),
    Sample("x\u{FE0F}", 1, "a variation selector on a letter that has no emoji form"),
    Sample("…", 1, "the ellipsis (East Asian Ambiguous, counted narrow)"),
    Sample("\\u{1B}[2J\\u{202E}", 17, "escaped controls, measured as shown"),
    Sample("\u{AD}", 1, "the soft hyphen, which terminals show"),
  ]

  @Test("Each text is as wide as a terminal shows it", arguments: samples)
  func width(of sample: Sample) {
    #expect(DisplayWidth.columns(of: sample.text) == sample.columns)
  }

  @Test("An emoji, a flag, a family or a skin tone is one grapheme cluster two columns wide")
  func emojiClusters() throws {
    for text in ["🍣", "👨‍👩‍👧", "🇨🇦", "👍🏽", "❤️", "🏳️‍🌈"] {
      let character = try #require(text.first)
      #expect(text.count == 1)
      #expect(DisplayWidth.columns(of: character) == 2, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test(
    "Scalars on their own",
    arguments: [
      ("A", 1), ("\u{7F}", 0), ("\u{1B}", 0), ("\u{85}", 0), ("\u{301}", 0), ("\u{200D}", 0),
      ("\u{FE0F}", 0), ("\u{E0101}", 0), ("\u{1161}", 0), ("\u{115F}", 2), ("\u{302A}", 0),
      ("\u{3099}", 0), ("東", 2), ("\u{FF01}", 2), ("\u{FF61}", 1), ("\u{4DC0}", 2), ("🍣", 2),
      ("\u{1F1E8}", 2), ("\u{1F202}", 2), ("\u{2764}", 1), ("\u{E9}", 1), ("\u{3B1}", 1),
    ] as [(Unicode.Scalar, Int)])
  func scalar(_ scalar: Unicode.Scalar, columns: Int) {
    #expect(
      DisplayWidth.columns(of: scalar) == columns, "U+\(String(scalar.value, radix: 16, uppercase: true))")
  }

  @Test("The ASCII fast path agrees with measuring cluster by cluster")
  func asciiFastPath() {
    let text = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
    let byCluster = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
    #expect(DisplayWidth.columns(of: text) == 95)
    #expect(byCluster == 95)
    #expect(DisplayWidth.columns(of: "a\tb") == 2, "a control is not printable ASCII and takes no column")
    #expect(DisplayWidth.columns(of: "x\r\ny") == 2, "CR LF is one cluster and takes no column")
  }

  @Test(
    "The fast path for kana, ideographs, Hangul and fullwidth forms agrees with measuring cluster by cluster")
  func wideFastPath() throws {
    let ranges: [ClosedRange<UInt32>] = [
      0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
    ]
    for range in ranges {
      let scalars = try range.map { try #require(Unicode.Scalar($0)) }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      text += " Montréal #42"
      let byCluster = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
      #expect(DisplayWidth.columns(of: text) == byCluster, "U+\(String(range.lowerBound, radix: 16))...")
      #expect(DisplayWidth.columns(of: text) == 2 * scalars.count + 13)
    }
    // Scalars next to them that join or take no column go the slow way, and are measured right.
    for (text, columns) in [
      ("\u{304B}\u{3099}", 2), ("\u{AC00}\u{11A8}", 2), ("東\u{301}", 2), ("東京\u{200B}", 4),
      ("\u{3000}x", 3), ("ラーメン🍜", 10), ("ｶﾞ", 2),
    ] {
      #expect(DisplayWidth.columns(of: text) == columns, "\(text.debugDescription)")
      #expect(DisplayWidth.columns(of: text) == text.reduce(0) { $0 + DisplayWidth.columns(of: $1) })
    }
  }

  @Test("A text measured as plain is one the report shows as it is, as wide as measured the long way")
  func plainTextNeedsNoEscape() throws {
    var scalars = (0x20...0x7E).map { UInt32($0) } + (0x80...0x2FF).map { UInt32($0) }
    scalars += [
      0x3041, 0x3099, 0x30FC, 0x4E00, 0x9FFF, 0xAC00, 0xD7A3, 0xFF01, 0xFF60, 0x3164, 0xFFA0, 0x200B,
    ]
    var plain = 0
    for value in scalars {
      let scalar = try #require(Unicode.Scalar(value))
      let text = "a" + String(Character(scalar)) + "é東"
      guard let width = DisplayWidth.plainColumns(of: text) else {
        #expect(
          ReportText.visible(text) != text || DisplayWidth.columns(of: text) != text.count + 1
            || !(0x20...0x7E).contains(value) && !(0xA0...0x2FF).contains(value),
          "U+\(String(value, radix: 16)) needs neither an escape nor the long way, but was not plain")
        continue
      }
      plain += 1
      #expect(ReportText.visible(text) == text, "U+\(String(value, radix: 16))")
      #expect(width == text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }, "U+\(String(value, radix: 16))")
    }
    #expect(
      plain == 95 - 1 + 0x300 - 0xA0 - 1 + 8,
      "printable ASCII but the backslash, U+00A0...U+02FF but the soft hyphen, 8 wide")
    for escaped in ["a\\b", "a\u{AD}b", "a\u{85}b", "a\u{7F}b", "a\tb"] {
      #expect(DisplayWidth.plainColumns(of: escaped) == nil, "\(escaped.debugDescription)")
    }
  }

  @Test("A word's plain prefix ends at its first byte that is not printable ASCII, or is a backslash")
  func plainPrefixOfAWord() {
    func isPlain(_ byte: UInt8) -> Bool { (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") }
    func check(_ bytes: [UInt8]) {
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      let expected = bytes.firstIndex { !isPlain($0) } ?? 8
      #expect(UInt64(littleEndian: word).plainTextPrefixLength == expected, "\(bytes)")
      #expect(UInt64(littleEndian: word).isPlainText == (expected == 8), "\(bytes)")
    }
    // Every byte at every place, after plain bytes and before bytes of every kind (a borrow
    // from a byte that matches may mark those after it, never those before).
    var random = SplitMix64(seed: 0x5EED)
    for place in 0..<8 {
      for byte in UInt8.min...UInt8.max {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 8)
        bytes[place] = byte
        for after in (place + 1)..<8 { bytes[after] = UInt8.random(in: 0...255, using: &random) }
        check(bytes)
      }
    }
    for _ in 0..<20_000 {
      check(
        (0..<8).map { _ in
          [UInt8(ascii: "a"), 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0x5C, 0xFF, 0x00][
            Int.random(in: 0..<9, using: &random)]
        })
    }
  }

  @Test(
    "Long texts of plain runs between wide and accented letters are measured as plain, and others are not")
  func plainColumnsOfLongTexts() {
    // Each piece, its width when the whole text is plain, or nil when it makes the text not plain.
    // Each piece, its width when the whole text is plain, or nil when it makes the text not
    // plain; and whether it is plain only with printable ASCII, or nothing, after it (an emoji).
    let pieces: [(text: String, columns: Int?, lone: Bool)] = [
      ("a", 1, false), ("Montr", 5, false), (" #0302 ", 7, false), ("é", 1, false), ("東", 2, false),
      ("ラー", 4, false), ("\u{A0}", 1, false), ("\\", nil, false), ("\t", nil, false), ("\u{AD}", nil, false),
      ("\u{85}", nil, false), ("🍜", 2, true), ("e\u{301}", nil, false), ("\u{7F}", nil, false),
      ("Кафе", 4, false),
    ]
    var random = SplitMix64(seed: 42)
    for _ in 0..<5_000 {
      var (text, width) = ("", Optional(0))
      var lastIsLone = false
      for _ in 0..<Int.random(in: 0..<24, using: &random) {
        // Mostly plain pieces (the first seven), now and then any.
        let choices = random.next() % 8 == 0 ? pieces.count : 7
        let piece = pieces[Int.random(in: 0..<choices, using: &random)]
        if lastIsLone, let first = piece.text.utf8.first, !(0x20..<0x7F).contains(first) { width = nil }
        text += piece.text
        width = piece.columns.flatMap { columns in width.map { $0 + columns } }
        lastIsLone = piece.lone
      }
      #expect(DisplayWidth.plainColumns(of: text) == width, "\(text.debugDescription)")
    }
  }

  /// Every scalar of planes 0 and 1 above ASCII (the scripts, the symbols, the emoji) and of the tags and
  /// variation selectors of plane 14, and every 7th of the ideographs of planes 2 and 3 and
  /// every 257th of the rest: those outside the one-pass sets go the long way or are measured
  /// alone.
  static var scalarsToMeasure: [Unicode.Scalar] {
    let values =
      Array(0x80...0x1_FFFF) + Array(0xE_0000...0xE_01FF) + Array(stride(from: 0x2_0000, to: 0x4_0000, by: 7))
      + Array(stride(from: 0x4_0000, to: 0x11_0000, by: 257))
    return values.compactMap { Unicode.Scalar(UInt32($0)) }
  }

  @Test(
    "Every scalar, alone or joined, before and after every kind of character, is as wide in one pass as cluster by cluster"
  )
  func everyScalarInOnePass() {
    var wrong: [String] = []
    for scalar in Self.scalarsToMeasure {
      let s = String(scalar)
      // After printable ASCII, an accented letter, an ideograph, a Cyrillic word, a keycap's
      // base, an emoji; twice in a row; and where the text must go the long way (the emoji
      // selector).
      for text in [
        "a\(s) b", "é\(s)", "東\(s)x", "Жа\(s)", "#\(s) ", "🍕\(s) ", "x\(s)\(s)", "ab\(s)\u{FE0F}cd",
      ] {
        let byCluster = text.reduce(0) { $0 + DisplayWidth.columns(of: $1) }
        if DisplayWidth.columns(of: text) != byCluster { wrong.append(text) }
        // A plain text is shown as it is, and each of its scalars is a `Character` (the
        // Markdown renderer counts them so).
        if let plain = DisplayWidth.plainColumns(of: text),
          plain != byCluster || ReportText.visible(text) != text || text.count != text.unicodeScalars.count
        {
          wrong.append(text)
        }
      }
    }
    let shown = wrong.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } }
    #expect(wrong.isEmpty, "\(wrong.count) texts, such as \(shown)")
  }

  @Test(
    "Greek, Cyrillic and Armenian, and an emoji with ASCII after it, are measured in one pass",
    arguments: [
      ("Москва Кафе", 11), ("Αθήνα Taverna", 13), ("Երևան", 5), ("Pizza 🍕 Palace", 15),
      ("Coffee ☕ Corner", 16), ("Taco 🌮", 7), ("🍣", 2), ("☕", 2),
    ])
  func measuredInOnePass(text: String, columns: Int) {
    #expect(DisplayWidth.plainColumns(of: text) == columns)
    #expect(DisplayWidth.columns(of: text) == columns)
  }

  @Test(
    "An emoji joined to another, a flag, a selector, a skin tone, a combining mark or an invisible character goes the long way",
    arguments: [
      ("Family 👨‍👩‍👧 Diner", 15), ("🇨🇦 x", 4), ("❤️ x", 4), ("👍🏽!", 3), ("#️⃣ x", 4), ("🍣🍺", 4),
      ("Cafe\u{301} au lait", 12), ("a\u{200B}b", 2),
    ])
  func longWay(text: String, columns: Int) {
    #expect(DisplayWidth.plainColumns(of: text) == nil)
    #expect(DisplayWidth.columns(of: text) == columns)
    #expect(text.reduce(0) { $0 + DisplayWidth.columns(of: $1) } == columns)
  }

  /// A text, a limit, and the prefix that fits.
  struct Cut: CustomTestStringConvertible, Sendable {
    let text: String
    let limit: Int
    let prefix: String
    let columns: Int

    var testDescription: String { "\(text.debugDescription) in \(limit) columns" }
  }

  static let cuts: [Cut] = [
    Cut(text: "Starbucks", limit: 4, prefix: "Star", columns: 4),
    Cut(text: "Starbucks", limit: 20, prefix: "Starbucks", columns: 9),
    Cut(text: "Starbucks", limit: 0, prefix: "", columns: 0),
    Cut(text: "Starbucks", limit: -3, prefix: "", columns: 0),
    Cut(text: "東京ラーメン", limit: 4, prefix: "東京", columns: 4),
    Cut(text: "東京ラーメン", limit: 5, prefix: "東京", columns: 4),
    Cut(text: "a東京", limit: 2, prefix: "a", columns: 1),
    Cut(text: "Cafe\u{301} au lait", limit: 4, prefix: "Cafe\u{301}", columns: 4),
    Cut(text: "Cafe\u{301} au lait", limit: 3, prefix: "Caf", columns: 3),
    Cut(text: "🍣👨‍👩‍👧x", limit: 3, prefix: "🍣", columns: 2),
    Cut(text: "🍣👨‍👩‍👧x", limit: 4, prefix: "🍣👨‍👩‍👧", columns: 4),
    Cut(text: "🇨🇦🇯🇵", limit: 3, prefix: "🇨🇦", columns: 2),
    Cut(text: "👍🏽ok", limit: 3, prefix: "👍🏽o", columns: 3),
    Cut(text: "한국어", limit: 1, prefix: "", columns: 0),
    Cut(text: "ＡＢＣ", limit: 5, prefix: "ＡＢ", columns: 4),
  ]

  @Test("Cutting keeps whole grapheme clusters and never exceeds the limit", arguments: cuts)
  func prefix(_ cut: Cut) {
    let result = DisplayWidth.prefix(of: cut.text, fittingIn: cut.limit)
    #expect(String(result.text) == cut.prefix)
    #expect(result.columns == cut.columns)
    #expect(DisplayWidth.columns(of: result.text) == result.columns)
    #expect(cut.text.hasPrefix(result.text), "the prefix ends on a grapheme boundary of the text")
  }

  @Test("Every limit gives a prefix on a cluster boundary that fits", arguments: [0, 1, 2, 3, 7, 10, 11, 19])
  func everyLimit(limit: Int) {
    let text = "a東👨‍👩‍👧e\u{301}🇨🇦한👍🏽ｂ#️⃣z"
    let clusters = Array(text)
    let (prefix, columns) = DisplayWidth.prefix(of: text, fittingIn: limit)
    let kept = Array(prefix)
    #expect(columns <= limit)
    #expect(kept == Array(clusters.prefix(kept.count)))
    if kept.count < clusters.count {
      #expect(
        columns + DisplayWidth.columns(of: clusters[kept.count]) > limit, "the next cluster would not fit")
    }
  }

  @Test(
    "Truncating adds an ellipsis only when the text is cut, and stays within the limit",
    arguments: [
      ("Starbucks", 9, "Starbucks"),
      ("Starbucks", 8, "Starbuc…"),
      ("Starbucks", 1, "…"),
      ("Starbucks", 0, ""),
      ("東京ラーメン", 12, "東京ラーメン"),
      ("東京ラーメン", 11, "東京ラーメ…"),
      ("東京ラーメン", 6, "東京…"),
      ("東京ラーメン", 4, "東…"),
      ("🍣🍺🍣", 4, "🍣…"),
      ("Cafe\u{301}s", 4, "Caf…"),
      ("", 0, ""),
    ] as [(String, Int, String)])
  func truncated(text: String, limit: Int, expected: String) {
    let result = DisplayWidth.truncated(text, toColumns: limit)
    #expect(result == expected)
    #expect(DisplayWidth.columns(of: result) <= limit)
  }
}
