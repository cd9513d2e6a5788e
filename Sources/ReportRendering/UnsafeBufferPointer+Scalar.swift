extension UnsafeBufferPointer<UInt8> {
  /// The character whose UTF-8 encoding starts at `index`, and its length in bytes, in valid
  /// UTF-8 (a string's bytes, from a character's start): how the JSON renderer reads a
  /// character to escape, and `DisplayWidth` one it measures on its own.
  ///
  /// Bytes that are not UTF-8 (a description lent as bytes by a careless caller,
  /// `ReportRenderer.renderDetail(descriptionUTF8:amount:odd:appendingTo:)`) give U+FFFD for
  /// their first byte alone: a character cut short by the end is not read past it, and a byte
  /// that is not a continuation is not taken into the character before it, so that a control
  /// or a quote after a broken first byte is still seen for what it is.
  ///
  /// - Parameter index: Where the character's first byte is.
  /// - Returns: The character, and how many bytes it takes (1 to 4).
  func scalar(at index: Int) -> (Unicode.Scalar, length: Int) {
    let lead = UInt32(self[index])
    let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= count, self[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
    else {
      return ("\u{FFFD}", 1)
    }
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
