/// How the text of a bank's export is turned into what the decoders read, UTF-8 with line
/// feeds, before it is decoded: from Windows-1252, and with lines that end in a carriage return
/// alone.
///
/// A conversion keeps every position right: a Windows-1252 byte is one character, and so one
/// column, as its UTF-8 bytes are; a carriage return alone becomes a line feed, which starts a
/// line as it did. So an issue in a converted file names the line and column a person sees.
/// The native format (SPEC §7) is never converted: it is UTF-8 with LF or CRLF.
struct TextConversion: Equatable, Sendable {
  /// Whether the bytes are Windows-1252 (Latin-1 with the printable characters of 0x80 to
  /// 0x9F), to be written as UTF-8.
  var fromWindows1252 = false
  /// Whether a carriage return that no line feed follows ends a line (old Mac exports): it
  /// becomes a line feed; a carriage return and line feed stay as they are.
  var carriageReturnsEndLines = false

  /// Whether there is anything to convert.
  var isNeeded: Bool { fromWindows1252 || carriageReturnsEndLines }

  /// Whether bytes are UTF-8, but for a character that their end may cut when more bytes
  /// follow.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - complete: Whether they run to the end of the input.
  /// - Returns: Whether they are UTF-8.
  static func isUTF8(_ bytes: [UInt8], complete: Bool) -> Bool {
    var end = bytes.count
    if !complete {
      // A character cut by the end of the sample is no sign of another encoding: drop its lead
      // byte and the continuation bytes after it.
      var back = end
      while back > 0, end - back < 3, bytes[back - 1] & 0xC0 == 0x80 { back -= 1 }
      if back > 0, bytes[back - 1] >= 0xC0 { end = back - 1 }
    }
    return bytes.withUnsafeBufferPointer { UTF8Text.isValid(UnsafeBufferPointer(rebasing: $0[..<end])) }
  }

  /// Where bytes stop being UTF-8, and whether they write any character in UTF-8's multi-byte
  /// form: a text with such characters is UTF-8 whose other bytes are errors, not Windows-1252.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - complete: Whether they run to the end of the input (else a character cut at their end
  ///     is no error).
  /// - Returns: The offset of the first byte that is not UTF-8, if any, and whether a
  ///   multi-byte character is well written anywhere in them.
  static func utf8Evidence(_ bytes: [UInt8], complete: Bool) -> (firstInvalid: Int?, multibyte: Bool) {
    var index = 0
    var firstInvalid: Int?
    var multibyte = false
    while index < bytes.count {
      let lead = bytes[index]
      guard lead >= 0x80 else {
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        upper = 0x9F
      case 0xF0:
        length = 4
        lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        upper = 0x8F
      default: length = 0
      }
      var valid = length > 0
      if valid {
        for offset in 1..<length {
          guard index + offset < bytes.count else {
            // Cut by the end of the sample: no error unless the input ends there.
            valid = !complete
            break
          }
          let byte = bytes[index + offset]
          let (low, high): (UInt8, UInt8) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
          if byte < low || byte > high {
            valid = false
            break
          }
        }
      }
      if valid {
        if index + length <= bytes.count { multibyte = true }
        index += length
      } else {
        if firstInvalid == nil { firstInvalid = index }
        index += 1
      }
    }
    return (firstInvalid, multibyte)
  }

  /// Whether the first line of bytes ends in a carriage return alone, outside quotes.
  ///
  /// - Parameters:
  ///   - bytes: The first bytes of a text.
  ///   - complete: Whether they run to the end of the input (then a carriage return at their
  ///     very end ends a line).
  /// - Returns: `true` when the first line break is a carriage return that no line feed
  ///   follows; `false` when it is a line feed, a carriage return and line feed, or there is
  ///   none.
  static func endsLinesWithCarriageReturns(_ bytes: [UInt8], complete: Bool) -> Bool {
    var quoted = false
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "\""): quoted.toggle()
      case UInt8(ascii: "\n") where !quoted: return false
      case UInt8(ascii: "\r") where !quoted:
        guard index + 1 < bytes.count else { return complete }
        return bytes[index + 1] != UInt8(ascii: "\n")
      default: break
      }
    }
    return false
  }

  /// The characters of Windows-1252's bytes 0x80 to 0x9F; the five it leaves undefined are the
  /// C1 controls of the same values, as the WHATWG's encoding standard has them.
  static let windows1252High: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D,
    0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A,
    0x153, 0x9D, 0x17E, 0x178,
  ]
}

/// Converts a text chunk by chunk (``TextConversion``): a carriage return at the end of a chunk
/// waits for the next chunk's first byte.
struct TextConverter: Sendable {
  let conversion: TextConversion
  private var carriageReturnWaits = false

  init(_ conversion: TextConversion) {
    self.conversion = conversion
  }

  /// Converts the next bytes of the text, appending the result.
  ///
  /// - Parameters:
  ///   - bytes: The next bytes.
  ///   - output: Where the converted bytes go.
  mutating func convert(_ bytes: some Sequence<UInt8>, into output: inout [UInt8]) {
    for byte in bytes {
      if carriageReturnWaits {
        carriageReturnWaits = false
        output.append(byte == UInt8(ascii: "\n") ? UInt8(ascii: "\r") : UInt8(ascii: "\n"))
      }
      if byte == UInt8(ascii: "\r"), conversion.carriageReturnsEndLines {
        carriageReturnWaits = true
      } else if byte >= 0x80, conversion.fromWindows1252 {
        let scalar = byte < 0xA0 ? TextConversion.windows1252High[Int(byte - 0x80)] : UInt32(byte)
        UTF8Text.append(scalar, to: &output)
      } else {
        output.append(byte)
      }
    }
  }

  /// Ends the text: a carriage return that waited ends the last line.
  ///
  /// - Parameter output: Where the converted bytes go.
  mutating func finish(into output: inout [UInt8]) {
    if carriageReturnWaits { output.append(UInt8(ascii: "\n")) }
    carriageReturnWaits = false
  }
}

/// A provider whose bytes are converted (``TextConversion``) on their way to a ``ByteInput``.
struct ConvertingProvider: ByteProvider {
  private var base: any ByteProvider
  private var converter: TextConverter
  /// Converted bytes not yet given.
  private var pending: [UInt8] = []
  private var pendingStart = 0
  /// What the base said once it ended, to say after the pending bytes.
  private var ended: ByteReadResult?
  private var scratch: [UInt8] = []

  init(base: any ByteProvider, converter: TextConverter) {
    self.base = base
    self.converter = converter
  }

  mutating func readChunk(into buffer: UnsafeMutableRawBufferPointer) -> ByteReadResult {
    while pendingStart == pending.count {
      if let ended { return ended }
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
      if scratch.count < buffer.count { scratch = [UInt8](repeating: 0, count: buffer.count) }
      let result = scratch.withUnsafeMutableBytes { base.readChunk(into: $0) }
      switch result {
      case .bytes(let count):
        converter.convert(scratch[..<count], into: &pending)
      case .endOfFile:
        converter.finish(into: &pending)
        ended = .endOfFile
      case .failure:
        ended = result
      }
    }
    let count = min(buffer.count, pending.count - pendingStart)
    pending.withUnsafeBytes { bytes in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[pendingStart..<(pendingStart + count)]))
    }
    pendingStart += count
    return .bytes(count)
  }
}

extension ByteInput {
  /// Converts the text from the next byte on (``TextConversion``): the bytes already read
  /// ahead, and every chunk read from now on.
  ///
  /// A decoder asks it once, before it consumes its first row, when what it looked at ahead
  /// (``upcomingBytes(limit:)``) shows a text to convert.
  ///
  /// - Parameter conversion: What to convert.
  mutating func convertText(_ conversion: TextConversion) {
    guard conversion.isNeeded else { return }
    var converter = TextConverter(conversion)
    replaceUnreadBytes { unread, atEnd in
      var converted: [UInt8] = []
      converted.reserveCapacity(unread.count + unread.count / 8)
      converter.convert(unread, into: &converted)
      if atEnd { converter.finish(into: &converted) }
      return converted
    } wrappingProvider: { provider in
      ConvertingProvider(base: provider, converter: converter)
    }
  }
}
