/// Turns the bytes a terminal sends into keys.
///
/// A terminal in raw mode sends a printable key as its UTF-8 bytes, Ctrl with a letter as one
/// control byte, and the other keys as escape sequences: `ESC [ A` for the up arrow,
/// `ESC [ 5 ~` for Page Up, `ESC O H` for Home in application mode, and, with SGR mouse
/// reporting on (mode 1006), `ESC [ < 65 ; X ; Y M` for the wheel turned down. Sequences the
/// view has no use for (other mouse buttons, function keys) are read whole and dropped.
///
/// Bytes come in pieces: a sequence can be split between two reads. The decoder keeps an
/// unfinished sequence until the rest comes. Esc itself is the first byte of every sequence, so
/// a lone `ESC` at the end of a read may be the Esc key or the start of a sequence still on its
/// way: the decoder holds it (``isHolding``), and the caller, after waiting a moment for more,
/// calls ``flush()`` to take it as Esc.
package struct KeyDecoder: Sendable {
  private var held: [UInt8] = []

  /// Creates a decoder with nothing held.
  package init() {}

  /// Whether the start of a sequence is held, waiting for the rest: the caller should call
  /// ``flush()`` if nothing more comes soon.
  package var isHolding: Bool { !held.isEmpty }

  /// The keys in a piece of input, after what was held.
  ///
  /// - Parameter bytes: The bytes read from the terminal.
  /// - Returns: The keys they complete, in order; an unfinished sequence at the end is held.
  package mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
    held.append(contentsOf: bytes)
    return decode(final: false)
  }

  /// The held bytes taken as they are, because nothing more came: a lone `ESC` is the Esc
  /// key; an unfinished sequence is dropped.
  ///
  /// - Returns: The keys.
  package mutating func flush() -> [Key] {
    decode(final: true)
  }

  private mutating func decode(final: Bool) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < held.count {
      switch Self.parse(held, at: index, final: final) {
      case .key(let key, let length):
        keys.append(key)
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        held.removeFirst(index)
        return keys
      }
    }
    held.removeAll()
    return keys
  }

  /// What the bytes from an index begin with.
  private enum Parsed {
    case key(Key, length: Int)
    case skip(length: Int)
    case incomplete
  }

  private static func parse(_ bytes: [UInt8], at start: Int, final: Bool) -> Parsed {
    let byte = bytes[start]
    switch byte {
    case 0x1B:
      return escape(bytes, at: start, final: final)
    case 0x0D, 0x0A:
      return .key(.enter, length: 1)
    case 0x09:
      return .key(.tab, length: 1)
    case 0x7F, 0x08:
      return .key(.backspace, length: 1)
    case 0x01...0x1A:
      return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x20..<0x7F:
      return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    case 0xC2...0xF4:
      return utf8(bytes, at: start, final: final)
    default:
      return .skip(length: 1)
    }
  }

  /// A character of several UTF-8 bytes; a bad sequence is skipped a byte at a time.
  private static func utf8(_ bytes: [UInt8], at start: Int, final: Bool) -> Parsed {
    let lead = bytes[start]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    let following = bytes[start + 1..<min(bytes.count, start + length)]
    guard following.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .skip(length: 1) }
    guard start + length <= bytes.count else { return final ? .skip(length: 1) : .incomplete }
    guard let scalar = String(validating: bytes[start..<start + length], as: UTF8.self)?.unicodeScalars.first
    else { return .skip(length: 1) }
    return .key(.character(Character(scalar)), length: length)
  }

  /// Esc alone, or a sequence that starts with it.
  private static func escape(_ bytes: [UInt8], at start: Int, final: Bool) -> Parsed {
    guard start + 1 < bytes.count else { return final ? .key(.escape, length: 1) : .incomplete }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      return controlSequence(bytes, at: start, final: final)
    case UInt8(ascii: "O"):
      guard start + 2 < bytes.count else { return final ? .skip(length: bytes.count - start) : .incomplete }
      let key: Key? =
        switch bytes[start + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
      return key.map { .key($0, length: 3) } ?? .skip(length: 3)
    default:
      // Esc, then another key (or Alt with it): Esc first, and the key after it on its own.
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [`, parameters, intermediates, one final byte.
  private static func controlSequence(_ bytes: [UInt8], at start: Int, final: Bool) -> Parsed {
    var end = start + 2
    while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return final ? .skip(length: bytes.count - start) : .incomplete }
    let length = end + 1 - start
    guard (0x40...0x7E).contains(bytes[end]) else { return .skip(length: length - 1) }
    let parameters = bytes[start + 2..<end]
    let key: Key?
    switch bytes[end] {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "~"):
      switch numbers(parameters).first {
      case 1, 7: key = .home
      case 4, 8: key = .end
      case 3: key = .delete
      case 5: key = .pageUp
      case 6: key = .pageDown
      default: key = nil
      }
    case UInt8(ascii: "M") where parameters.first == UInt8(ascii: "<"):
      key = wheel(numbers(parameters.dropFirst()).first)
    default:
      key = nil
    }
    return key.map { .key($0, length: length) } ?? .skip(length: length)
  }

  /// The wheel in an SGR mouse report's button number: 64 up, 65 down, with any of the
  /// modifier bits (4 Shift, 8 Alt, 16 Ctrl); `nil` for a button or a move.
  private static func wheel(_ button: Int?) -> Key? {
    guard let button, button & 64 != 0, button & 128 == 0 else { return nil }
    switch button & 3 {
    case 0: return .wheelUp
    case 1: return .wheelDown
    default: return nil
    }
  }

  /// The numbers of a sequence's parameters, separated by `;`; an empty one is 0.
  private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int] {
    bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { digits in
      digits.reduce(0) { value, digit in
        (0x30...0x39).contains(digit) ? min(value * 10 + Int(digit - 0x30), 1 << 20) : value
      }
    }
  }
}
