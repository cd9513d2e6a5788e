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
  /// Whether bytes are valid UTF-8 as they stand: the same answer as
  /// `String(exactUTF8:)`, without making a `String` (decision 0043).
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: Whether they are UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // `UTF8Span` is new on Apple's systems; there, before it, the `String` is made after all.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return (try? UTF8Span(validating: bytes.span)) != nil
    }
    return String(exactUTF8: bytes) != nil
  }

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

extension String {
  /// The text of bytes that must be UTF-8 as they stand, or `nil` when they are not.
  ///
  /// The same answer as `String(validating:as:)`, without its cost on the fast path: that
  /// initializer is generic over the encoding, and looks up the metadata of its specialization
  /// on every call. This one decodes, which repairs bytes that are not UTF-8, and keeps the
  /// text only if nothing was repaired: a repaired text is valid UTF-8, so it differs from
  /// bytes that were not.
  ///
  /// - Parameter bytes: The bytes.
  init?(exactUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    // Read in place: a copy to call `withUTF8` on would count one more reference, and release it.
    guard text.utf8.withContiguousStorageIfAvailable({ SWAR.equal($0, bytes) }) == true else { return nil }
    self = text
  }
}

/// Tests on eight bytes at once, read as one `UInt64` with the first byte lowest (SIMD within a
/// register): the scanners' way through the runs of plain bytes in a string.
///
/// A mask has the top bit set in each byte that matches, and the lowest one it sets is exact:
/// a byte above a match may be marked too (a borrow), one below it never is. So
/// `trailingZeroBitCount / 8` is the offset of the first match.
enum SWAR {
  /// The top bit of every byte.
  static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The eight bytes from an offset, the first lowest.
  @inline(__always)
  static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The four bytes from an offset, the first lowest.
  @inline(__always)
  static func halfWord(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
    UInt64(
      UInt32(
        littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// Every bit of the first `count` bytes (0 to 8).
  @inline(__always)
  static func firstBytes(_ count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
  }

  /// The bytes that are zero.
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highBits
  }

  /// The bytes that are a given byte.
  @inline(__always)
  static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
    zeroBytes(word ^ (ones &* UInt64(byte)))
  }

  /// The plain bytes at the start of a word, before the first of the `stops` (a mask): their
  /// count (8 when there is no stop), their top bits (not zero when one is above ASCII), and
  /// how many are UTF-8 continuation bytes (`10xxxxxx`), which take no column.
  @inline(__always)
  static func plainRun(_ word: UInt64, stops: UInt64) -> (count: Int, highBits: UInt64, continuations: Int) {
    let count = stops == 0 ? 8 : stops.trailingZeroBitCount >> 3
    let high = word & highBits & firstBytes(count)
    return (count, high, (high & ~(word << 1)).nonzeroBitCount)
  }

  /// The bytes that are `"`, `\\` or below 0x20 (a control).
  @inline(__always)
  static func quotesBackslashesAndControls(_ word: UInt64) -> UInt64 {
    zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | (word &- ones &* 0x20) & ~word
      & highBits
  }

  /// Whether two runs of bytes are the same.
  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
    var index = 0
    while index &+ 8 <= a.count {
      let x = UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
      guard x == y else { return false }
      index &+= 8
    }
    while index < a.count {
      guard left[index] == right[index] else { return false }
      index &+= 1
    }
    return true
  }
}
