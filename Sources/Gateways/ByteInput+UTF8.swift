import UseCases

extension ByteInput {
  /// Reads one character of two to four UTF-8 bytes and appends it to `text`, or appends
  /// U+FFFD when the bytes are not UTF-8.
  ///
  /// Call it when ``peek()`` gives a byte of 0x80 or more. Overlong forms, encoded surrogates
  /// and values above U+10FFFF are not UTF-8. When the bytes are not UTF-8, only the bytes up
  /// to the first bad one are consumed, so the next character is read as usual.
  ///
  /// - Parameter text: Where the character goes.
  /// - Returns: `nil` for a character; otherwise the problem, located at the first byte.
  mutating func appendMultibyteCharacter(to text: inout [UInt8]) -> EncodingProblem? {
    let position = self.position
    guard let lead = peek() else { return nil }
    advance()
    let continuationCount: Int
    var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: continuationCount = 1
    case 0xE0:
      continuationCount = 2
      secondByteRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
    case 0xED:
      continuationCount = 2
      secondByteRange = 0x80...0x9F
    case 0xF0:
      continuationCount = 3
      secondByteRange = 0x90...0xBF
    case 0xF1...0xF3: continuationCount = 3
    case 0xF4:
      continuationCount = 3
      secondByteRange = 0x80...0x8F
    default:
      return Self.replacement(for: lead, at: position, in: &text)
    }
    let mark = text.count
    text.append(lead)
    for index in 0..<continuationCount {
      guard let byte = peek(), (index == 0 ? secondByteRange : 0x80...0xBF).contains(byte) else {
        text.removeSubrange(mark...)
        return Self.replacement(for: lead, at: position, in: &text)
      }
      text.append(byte)
      advance()
    }
    return nil
  }

  private static func replacement(
    for byte: UInt8, at position: TextPosition, in text: inout [UInt8]
  ) -> EncodingProblem {
    UTF8Text.append(0xFFFD, to: &text)
    return EncodingProblem(position: position, problem: .invalidUTF8(byte: byte))
  }
}

/// Small helpers for text kept as UTF-8 bytes.
enum UTF8Text {
  /// Appends a Unicode scalar value as UTF-8.
  ///
  /// - Parameters:
  ///   - value: The scalar value: at most 0x10FFFF, not a surrogate.
  ///   - text: Where its bytes go.
  static func append(_ value: UInt32, to text: inout [UInt8]) {
    switch value {
    case 0..<0x80:
      text.append(UInt8(value))
    case 0x80..<0x800:
      text.append(UInt8(0xC0 | value >> 6))
      text.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      text.append(UInt8(0xE0 | value >> 12))
      text.append(UInt8(0x80 | value >> 6 & 0x3F))
      text.append(UInt8(0x80 | value & 0x3F))
    default:
      text.append(UInt8(0xF0 | value >> 18))
      text.append(UInt8(0x80 | value >> 12 & 0x3F))
      text.append(UInt8(0x80 | value >> 6 & 0x3F))
      text.append(UInt8(0x80 | value & 0x3F))
    }
  }

  /// A byte as two uppercase hexadecimal digits, such as `0F`.
  ///
  /// - Parameter byte: The byte.
  /// - Returns: The digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }

  /// A byte as text for a message: itself when it is printable ASCII, its code otherwise, such
  /// as `<0x0A>`.
  ///
  /// - Parameter byte: The byte.
  /// - Returns: The text.
  static func printable(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "<0x\(hex(byte))>"
  }
}
