/// Tests on eight bytes at once, read as one `UInt64` (SIMD within a register): how the
/// renderers pass over the runs of a text that need no escape and take one column a byte.
///
/// Each test says exactly whether some byte of the word matches, and which is the first to
/// match in memory (the word is read in the machine's order, little-endian on every platform
/// Swift runs this package on): a borrow carried into a byte comes only from a byte below it
/// that matched.
enum ASCIIWord {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let high: UInt64 = 0x8080_8080_8080_8080

  /// Whether the eight bytes are all printable ASCII (U+0020 to U+007E) and none is a backslash.
  @inline(__always)
  static func isPlain(_ word: UInt64) -> Bool {
    word & high == 0 && (word &- ones &* 0x20) & ~word & high == 0
      && !contains(0x7F, in: word) && !contains(UInt8(ascii: "\\"), in: word)
  }

  /// How many of the eight bytes, from the first in memory, are plain as ``isPlain(_:)``
  /// means it: 8 when all are.
  @inline(__always)
  static func plainPrefixLength(_ word: UInt64) -> Int {
    let notPlain =
      word & high | (word &- ones &* 0x20) & ~word & high | matches(0x7F, in: word)
      | matches(UInt8(ascii: "\\"), in: word)
    return notPlain.trailingZeroBitCount / 8
  }

  /// Whether one of the eight bytes is `byte`.
  @inline(__always)
  static func contains(_ byte: UInt8, in word: UInt64) -> Bool {
    matches(byte, in: word) != 0
  }

  /// The top bit of each byte that is `byte`, exact up to the first such byte (see above).
  @inline(__always)
  private static func matches(_ byte: UInt8, in word: UInt64) -> UInt64 {
    let matches = word ^ (ones &* UInt64(byte))
    return (matches &- ones) & ~matches & high
  }
}
