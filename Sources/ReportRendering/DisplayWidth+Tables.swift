// The range tables behind `DisplayWidth`, written by hand from the Unicode Character Database.

extension DisplayWidth {
  /// The code points whose East Asian Width is Wide (W) or Fullwidth (F), by block, as in
  /// `EastAsianWidth.txt` of Unicode 17.0, leaving out the emoji: those have the
  /// `Emoji_Presentation` property, which the standard library answers, and are wide too.
  ///
  /// Unassigned code points inside the CJK blocks and the two ideographic planes are included,
  /// as `EastAsianWidth.txt` defaults them to W, so ideographs added after this table are
  /// measured right. The seven nonspacing marks that `EastAsianWidth.txt` calls W (the
  /// ideographic tone marks, the kana voicing marks and the Khitan filler) are left out: they
  /// combine with the character before them and take no column. So a code point found here is
  /// two columns without asking for its general category, which keeps CJK text fast. Sorted,
  /// not overlapping: `isEastAsianWide(_:)` searches it by halves.
  static let eastAsianWideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo: leading consonants (choseong) and their filler
    0x2329...0x232A,  // left- and right-pointing angle brackets
    0x2630...0x2637,  // Yijing trigrams (wide since Unicode 16)
    0x268A...0x268F,  // Yijing monograms and digrams (wide since Unicode 16)
    0x2E80...0x2E99,  // CJK Radicals Supplement
    0x2E9B...0x2EF3,
    0x2F00...0x2FD5,  // Kangxi Radicals
    0x2FF0...0x3029,  // Ideographic Description Characters; CJK Symbols and Punctuation (3000 is F)
    0x302E...0x303E,  // (without 302A-302D, the ideographic tone marks)
    0x3041...0x3096,  // Hiragana
    0x309B...0x30FF,  // Hiragana iteration marks, Katakana (without 3099-309A, the voicing marks)
    0x3105...0x312F,  // Bopomofo
    0x3131...0x318E,  // Hangul Compatibility Jamo
    0x3190...0x31E5,  // Kanbun, Bopomofo Extended, CJK Strokes
    0x31EF...0x321E,  // CJK stroke HXG, Katakana Phonetic Extensions, Enclosed CJK
    0x3220...0x3247,  // Enclosed CJK Letters and Months
    0x3250...0xA48C,  // Enclosed CJK, CJK Compatibility, Ext. A, Yijing hexagrams, CJK Unified, Yi
    0xA490...0xA4C6,  // Yi Radicals
    0xA960...0xA97C,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul Syllables
    0xF900...0xFAFF,  // CJK Compatibility Ideographs
    0xFE10...0xFE19,  // Vertical Forms
    0xFE30...0xFE52,  // CJK Compatibility Forms; Small Form Variants
    0xFE54...0xFE66,
    0xFE68...0xFE6B,
    0xFF01...0xFF60,  // Fullwidth Forms (F)
    0xFFE0...0xFFE6,  // fullwidth signs: cent, pound, not, macron, broken bar, yen, won (F)
    0x16FE0...0x16FE3,  // Ideographic Symbols and Punctuation (without 16FE4, the Khitan filler)
    0x16FF0...0x16FF6,
    0x17000...0x18CD5,  // Tangut, Tangut Components, Khitan Small Script
    0x18CFF...0x18D1E,  // Khitan, Tangut Supplement
    0x18D80...0x18DF2,  // Tangut Components Supplement
    0x1AFF0...0x1AFF3,  // Kana Extended-B
    0x1AFF5...0x1AFFB,
    0x1AFFD...0x1AFFE,
    0x1B000...0x1B122,  // Kana Supplement, Kana Extended-A
    0x1B132...0x1B132,  // Small Kana Extension
    0x1B150...0x1B152,
    0x1B155...0x1B155,
    0x1B164...0x1B167,
    0x1B170...0x1B2FB,  // Nushu
    0x1D300...0x1D356,  // Tai Xuan Jing Symbols (wide since Unicode 16)
    0x1D360...0x1D376,  // Counting Rod Numerals (wide since Unicode 16)
    0x1F200...0x1F202,  // Enclosed Ideographic Supplement: the squared kana and ideographs
    0x1F210...0x1F23B,
    0x1F240...0x1F248,
    0x1F250...0x1F251,
    0x1F260...0x1F265,
    0x20000...0x2FFFD,  // Supplementary Ideographic Plane: CJK Extensions B to F and I
    0x30000...0x3FFFD,  // Tertiary Ideographic Plane: CJK Extensions G, H and J
  ]

  /// Whether a code point is East Asian Wide or Fullwidth (see ``eastAsianWideRanges``).
  static func isEastAsianWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = eastAsianWideRanges.count
    while low < high {
      let middle = (low + high) / 2
      let range = eastAsianWideRanges[middle]
      if value < range.lowerBound {
        high = middle
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Whether a code point is a Hangul medial vowel (jungseong) or final consonant (jongseong):
  /// these join the leading consonant before them into one syllable block and take no column of
  /// their own.
  static func isHangulJamoMedialOrFinal(_ value: UInt32) -> Bool {
    (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
  }
}
