import ByteWords
import Entities
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
    guard let (length, secondByteRange) = UTF8Text.sequence(startingWith: lead) else {
      return Self.replacement(for: lead, at: position, in: &text)
    }
    let continuationCount = length - 1
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
  /// The length of the character a lead byte above ASCII starts (2 to 4), and the range its
  /// second byte must be in (The Unicode Standard, table 3-7: no overlong form, no encoded
  /// surrogate, nothing above U+10FFFF); every byte after the second is 80 to BF. `nil` for a
  /// byte that starts no character.
  ///
  /// - Parameter lead: The first byte.
  /// - Returns: The length and the second byte's range, or `nil`.
  @inline(__always)
  static func sequence(startingWith lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
    switch lead {
    case 0xC2...0xDF: (2, 0x80...0xBF)
    case 0xE0: (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
    case 0xED: (3, 0x80...0x9F)
    case 0xF0: (4, 0x90...0xBF)
    case 0xF1...0xF3: (4, 0x80...0xBF)
    case 0xF4: (4, 0x80...0x8F)
    default: nil
    }
  }

  /// Whether bytes are valid UTF-8 as they stand: the same answer as
  /// `String(exactUTF8:)`, without making a `String` (decision 0043).
  ///
  /// Its own loop, not the standard library's `UTF8Span(validating:)`: a description is short,
  /// ASCII but for a letter or two, and is checked on the reader thread for every record that
  /// holds a letter beyond ASCII. The ASCII bytes are passed eight at a time; each character
  /// of two to four bytes is checked by the table of well-formed sequences
  /// (``sequence(startingWith:)``, which the full decoder reads characters by too).
  /// `UTF8TextTests` compares it with the standard library's answer for every text of one or
  /// two bytes, every lead and second byte of three and four, characters among ASCII at every
  /// place in a word, and random texts.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: Whether they are UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      if index &+ 8 <= count {
        let aboveASCII = UInt64(wordAt: index, of: bytes).bytesAboveASCII
        if aboveASCII == 0 {
          index &+= 8
          continue
        }
        index &+= aboveASCII.trailingZeroBitCount &>> 3
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      // Each byte after the second is a continuation byte, 80 to BF.
      guard let (length, second) = sequence(startingWith: lead) else { return false }
      guard count &- index >= length, second.contains(bytes[index &+ 1]) else { return false }
      if length > 2 {
        guard bytes[index &+ 2] & 0xC0 == 0x80 else { return false }
        if length > 3 {
          guard bytes[index &+ 3] & 0xC0 == 0x80 else { return false }
        }
      }
      index &+= length
    }
    return true
  }

  /// Appends a Unicode scalar value as UTF-8.
  ///
  /// - Parameters:
  ///   - value: The scalar value: at most 0x10FFFF, not a surrogate.
  ///   - text: Where its bytes go.
  static func append(_ value: UInt32, to text: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { buffer in
      var count = 0
      write(value, into: buffer, at: &count)
      text.append(contentsOf: buffer[..<count])
    }
  }

  /// Writes a Unicode scalar value as UTF-8 into memory.
  ///
  /// - Parameters:
  ///   - value: The scalar value: at most 0x10FFFF, not a surrogate.
  ///   - text: Where its bytes go, with room for them from `count` on.
  ///   - count: Where they go in `text`; moved past them.
  static func write(_ value: UInt32, into text: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
    switch value {
    case 0..<0x80:
      text[count] = UInt8(value)
      count += 1
    case 0x80..<0x800:
      text[count] = UInt8(0xC0 | value >> 6)
      text[count + 1] = UInt8(0x80 | value & 0x3F)
      count += 2
    case 0x800..<0x10000:
      text[count] = UInt8(0xE0 | value >> 12)
      text[count + 1] = UInt8(0x80 | value >> 6 & 0x3F)
      text[count + 2] = UInt8(0x80 | value & 0x3F)
      count += 3
    default:
      text[count] = UInt8(0xF0 | value >> 18)
      text[count + 1] = UInt8(0x80 | value >> 12 & 0x3F)
      text[count + 2] = UInt8(0x80 | value >> 6 & 0x3F)
      text[count + 3] = UInt8(0x80 | value & 0x3F)
      count += 4
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
    guard text.utf8.withContiguousStorageIfAvailable({ $0.hasSameBytes(as: bytes) }) == true else {
      return nil
    }
    self = text
  }
}

/// The scanners' tests on a byte word (eight bytes read as one `UInt64`, the first lowest; see
/// `UInt64(wordAt:of:)` in ByteWords): the stops of a string.
extension UInt64 {
  /// The mask of the bytes that are `"`, `\\` or below 0x20 (a control).
  @inline(__always)
  var quotesBackslashesAndControls: UInt64 {
    bytes(equalTo: UInt8(ascii: "\"")) | bytes(equalTo: UInt8(ascii: "\\")) | bytes(below: 0x20)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether two runs of bytes are the same, compared eight bytes at a time.
  ///
  /// - Parameter other: The other run.
  /// - Returns: `true` when both hold the same bytes.
  func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let left = baseAddress, let right = other.baseAddress else { return true }
    var index = 0
    while index &+ 8 <= count {
      let x = UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
      let y = UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
      guard x == y else { return false }
      index &+= 8
    }
    while index < count {
      guard left[index] == right[index] else { return false }
      index &+= 1
    }
    return true
  }
}
