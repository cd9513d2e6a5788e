extension UnsafeBufferPointer<UInt8> {
  /// The character whose UTF-8 encoding starts at `index`, and its length in bytes, in valid
  /// UTF-8 (a string's bytes, from a character's start): how the JSON renderer reads a
  /// character to escape, and `DisplayWidth` one it measures on its own.
  ///
  /// - Parameter index: Where the character's first byte is.
  /// - Returns: The character, and how many bytes it takes (1 to 4).
  func scalar(at index: Int) -> (Unicode.Scalar, length: Int) {
    let lead = UInt32(self[index])
    // A character cut short by the end: only bytes that are not UTF-8 end so (a description
    // lent as bytes, `ReportRenderer.renderDetail(descriptionUTF8:amount:odd:appendingTo:)`,
    // is trusted to be UTF-8); read nothing past the end.
    let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= count else { return ("\u{FFFD}", count - index) }
    let value: UInt32 =
      switch length {
      case 1: lead
      case 2: (lead & 0x1F) << 6 | UInt32(self[index + 1] & 0x3F)
      case 3: (lead & 0x0F) << 12 | UInt32(self[index + 1] & 0x3F) << 6 | UInt32(self[index + 2] & 0x3F)
      default:
        (lead & 0x07) << 18 | UInt32(self[index + 1] & 0x3F) << 12 | UInt32(self[index + 2] & 0x3F) << 6
          | UInt32(self[index + 3] & 0x3F)
      }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}
