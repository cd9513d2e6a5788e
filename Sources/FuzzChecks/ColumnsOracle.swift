/// The fuzzer's own measure of how many terminal columns a line takes, so that the text check
/// does not measure the report with the code that laid it out.
///
/// The rule is the one the SPEC and `DisplayWidth`'s documentation state, written again here:
/// a grapheme cluster whose first scalar has Emoji_Presentation, or is an Emoji followed in its
/// cluster by U+FE0F, takes 2 columns; any other cluster takes the sum of its scalars' columns,
/// which are 0 for controls, nonspacing and enclosing marks, format characters (but the soft
/// hyphen, 1), default-ignorable code points and the Hangul medial vowels and final consonants,
/// 2 for East Asian Wide and Fullwidth scalars, and 1 for the rest. East Asian Ambiguous is 1.
///
/// The data is not the standard library's: `ColumnsOracle+Table.swift` is derived from another
/// implementation of the Unicode Character Database (see `Scripts/width-oracle-table`). Only
/// the split into grapheme clusters is the standard library's, as the report's.
///
/// A scalar that either side does not know (unassigned in the oracle's table, or with no age
/// in the standard library's, which the report's measure asks), or a private-use or surrogate
/// code point, is not judged: the oracle answers `nil` for any text that holds one, and the
/// check skips what it would have measured. Two Unicode versions disagree there by design, and
/// an oracle that reported those as bugs would be a false alarm.
enum ColumnsOracle {
  /// The columns a text takes, or `nil` when it holds a scalar the oracle does not judge.
  static func columns(of text: some StringProtocol) -> Int? {
    var total = 0
    for cluster in text {
      guard let columns = columns(of: cluster) else { return nil }
      total += columns
    }
    return total
  }

  /// The columns one grapheme cluster takes, or `nil` when it holds a scalar not judged.
  static func columns(of cluster: Character) -> Int? {
    var flags: [UInt8] = []
    for scalar in cluster.unicodeScalars {
      let flag = self.flags(of: scalar)
      guard flag & 3 != 3, scalar.properties.age != nil else { return nil }
      flags.append(flag)
    }
    guard let base = flags.first else { return 0 }
    if base & 8 != 0 { return 2 }  // Emoji_Presentation
    if base & 4 != 0 && cluster.unicodeScalars.contains("\u{FE0F}") { return 2 }  // Emoji + VS16
    return flags.reduce(0) { $0 + Int($1 & 3) }
  }

  /// The flags of the run a scalar falls in (see ``runStarts``).
  private static func flags(of scalar: Unicode.Scalar) -> UInt8 {
    // The last run whose start is at or before the scalar.
    var low = 0
    var high = runStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if runStarts[middle] <= scalar.value { low = middle } else { high = middle }
    }
    return runFlags[low]
  }
}
