extension UnsafeBufferPointer<UInt8> {
  /// The character whose UTF-8 encoding starts at `index`, and its length in bytes, in valid
  /// UTF-8 (a string's bytes, from a character's start): how the JSON renderer reads a
  /// character to escape, and `DisplayWidth` one it measures on its own.
  ///
  /// - Parameter index: Where the character's first byte is.
  /// - Returns: The character, and how many bytes it takes (1 to 4).
  func scalar(at index: Int) -> (Unicode.Scalar, length: Int) {
    let lead = UInt32(self[index])
    let (value, length): (UInt32, Int) =
      switch lead {
      case ..<0x80: (lead, 1)
      case ..<0xE0: ((lead & 0x1F) << 6 | UInt32(self[index + 1] & 0x3F), 2)
      case ..<0xF0:
        ((lead & 0x0F) << 12 | UInt32(self[index + 1] & 0x3F) << 6 | UInt32(self[index + 2] & 0x3F), 3)
      default:
        (
          (lead & 0x07) << 18 | UInt32(self[index + 1] & 0x3F) << 12 | UInt32(self[index + 2] & 0x3F) << 6
            | UInt32(self[index + 3] & 0x3F), 4
        )
      }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}
