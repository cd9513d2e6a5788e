/// Tests on eight bytes at once, read as one `UInt64` (SIMD within a register): how the
/// renderers pass over the runs of a text that need no escape and take one column a byte.
///
/// Each test says exactly whether some byte of the word matches; which byte, it does not say.
enum ASCIIWord {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let high: UInt64 = 0x8080_8080_8080_8080

  /// Whether the eight bytes are all printable ASCII (U+0020 to U+007E) and none is a backslash.
  @inline(__always)
  static func isPlain(_ word: UInt64) -> Bool {
    word & high == 0 && (word &- ones &* 0x20) & ~word & high == 0
      && !contains(0x7F, in: word) && !contains(UInt8(ascii: "\\"), in: word)
  }

  /// Whether one of the eight bytes is `byte`.
  @inline(__always)
  static func contains(_ byte: UInt8, in word: UInt64) -> Bool {
    let matches = word ^ (ones &* UInt64(byte))
    return (matches &- ones) & ~matches & high != 0
  }
}
