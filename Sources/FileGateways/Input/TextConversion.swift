import BankFormats
import ByteWords

/// How the text of a bank's export is turned into what the decoders read, UTF-8 with line
/// feeds, before it is decoded: from a single-byte code page (Windows-1252, Windows-1250, …),
/// and with lines that end in a carriage return alone, or in carriage returns before a line
/// feed.
///
/// A conversion keeps every position right: a code page's byte is one character, and so one
/// column, as its UTF-8 bytes are; a carriage return alone becomes a line feed, which starts a
/// line as it did; the extra carriage returns before a line feed, which no editor shows as a
/// line, are left out. So an issue in a converted file names the line and column a person
/// sees. The native format (SPEC §7) is never converted: it is UTF-8 with LF or CRLF.
struct TextConversion: Equatable, Sendable {
  /// The single-byte code page the bytes are written in, to be written as UTF-8; `nil` for
  /// text that is UTF-8 already.
  var codePage: TextEncoding?
  /// Whether a carriage return that no line feed follows ends a line (old Mac exports): it
  /// becomes a line feed; a carriage return and line feed stay as they are.
  var carriageReturnsEndLines = false
  /// Whether carriage returns before a line feed are one line break with it (`CR CR LF`, a
  /// CRLF file whose line breaks were converted twice): they become one carriage return and
  /// line feed. A carriage return that no line feed follows stays, an error where it is.
  var carriageReturnsBeforeLineFeeds = false

  /// Whether there is anything to convert.
  var isNeeded: Bool { codePage != nil || carriageReturnsEndLines || carriageReturnsBeforeLineFeeds }

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
      // Eight ASCII bytes at a time: nearly all of an export's text.
      if index &+ 8 <= bytes.count,
        bytes.withUnsafeBufferPointer({ UInt64(wordAt: index, of: $0).bytesAboveASCII }) == 0
      {
        index &+= 8
        continue
      }
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

  /// How the lines of a text end, as its first line break outside quotes shows.
  enum LineBreaks: Equatable, Sendable {
    /// A line feed, or a carriage return and a line feed: as the decoders read them.
    case lineFeeds
    /// A carriage return that no line feed follows (the classic Mac OS).
    case carriageReturns
    /// Two carriage returns or more, then a line feed (`CR CR LF`): one line break.
    case carriageReturnsBeforeLineFeed
  }

  /// How the first line of bytes ends, outside quotes.
  ///
  /// - Parameters:
  ///   - bytes: The first bytes of a text.
  ///   - complete: Whether they run to the end of the input (then carriage returns at their
  ///     very end end a line).
  /// - Returns: ``LineBreaks/carriageReturns`` when the first line break is one or more
  ///   carriage returns that no line feed follows; ``LineBreaks/carriageReturnsBeforeLineFeed``
  ///   when two or more come before a line feed; else ``LineBreaks/lineFeeds`` (a line feed,
  ///   one carriage return and a line feed, or no line break).
  static func lineBreaks(of bytes: [UInt8], complete: Bool) -> LineBreaks {
    var quoted = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""): quoted.toggle()
      case UInt8(ascii: "\n") where !quoted: return .lineFeeds
      case UInt8(ascii: "\r") where !quoted:
        var end = index
        while end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
        guard end < bytes.count else { return complete ? .carriageReturns : .lineFeeds }
        guard bytes[end] == UInt8(ascii: "\n") else { return .carriageReturns }
        return end - index == 1 ? .lineFeeds : .carriageReturnsBeforeLineFeed
      default: break
      }
      index += 1
    }
    return .lineFeeds
  }
}

/// Converts a text chunk by chunk (``TextConversion``): carriage returns at the end of a chunk
/// wait for the next chunk's first byte.
struct TextConverter: Sendable {
  let conversion: TextConversion
  /// Carriage returns read and not yet written: what they become depends on the byte after.
  private var waitingCarriageReturns = 0

  init(_ conversion: TextConversion) {
    self.conversion = conversion
  }

  /// Converts the next bytes of the text, appending the result.
  ///
  /// - Parameters:
  ///   - bytes: The next bytes.
  ///   - output: Where the converted bytes go.
  mutating func convert(_ bytes: some Sequence<UInt8>, into output: inout [UInt8]) {
    let holdsCarriageReturns = conversion.carriageReturnsEndLines || conversion.carriageReturnsBeforeLineFeeds
    for byte in bytes {
      if byte == UInt8(ascii: "\r"), holdsCarriageReturns {
        waitingCarriageReturns += 1
        continue
      }
      if waitingCarriageReturns > 0 { writeCarriageReturns(before: byte, into: &output) }
      if byte >= 0x80, let codePage = conversion.codePage, let scalar = codePage.character(of: byte) {
        UTF8Text.append(scalar.value, to: &output)
      } else {
        output.append(byte)
      }
    }
  }

  /// Ends the text: carriage returns that waited end the last line, or stay as they are.
  ///
  /// - Parameter output: Where the converted bytes go.
  mutating func finish(into output: inout [UInt8]) {
    if waitingCarriageReturns > 0 { writeCarriageReturns(before: nil, into: &output) }
  }

  /// Writes the carriage returns that waited, now that the byte after them is known: with
  /// lines ending in a carriage return alone, each is a line feed, but the last before a line
  /// feed, which stays; with carriage returns before a line feed, those before one are one
  /// carriage return, and the others stay as they are.
  private mutating func writeCarriageReturns(before next: UInt8?, into output: inout [UInt8]) {
    let count = waitingCarriageReturns
    waitingCarriageReturns = 0
    let beforeLineFeed = next == UInt8(ascii: "\n")
    if conversion.carriageReturnsEndLines {
      output += repeatElement(UInt8(ascii: "\n"), count: beforeLineFeed ? count - 1 : count)
      if beforeLineFeed { output.append(UInt8(ascii: "\r")) }
    } else {
      output += repeatElement(UInt8(ascii: "\r"), count: beforeLineFeed ? 1 : count)
    }
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
