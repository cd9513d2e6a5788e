import ByteWords
import Entities
import Presenters

/// Renders the report as one JSON array of row objects (SPEC §8).
///
/// Each row is an object whose keys come in a fixed order, `type` first; amounts and totals
/// are the display strings. The layout (two-space indentation, one key a line) is stable, so
/// the output can be compared byte for byte.
public struct JSONReportRenderer: ReportRenderer, ByteRenderer {
  private var isFirst = true

  /// Creates a renderer.
  public init() {}

  /// Opens the array.
  public mutating func start() -> String {
    isFirst = true
    return "["
  }

  /// One row as an indented object, preceded by a comma after the first.
  ///
  /// - Parameter row: The row.
  /// - Returns: The row's text.
  public mutating func render(_ row: ReportRow) -> String {
    var bytes: [UInt8] = []
    render(row, appendingTo: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one row as an indented object, preceded by a comma after the first: the bytes of
  /// ``render(_:)-(ReportRow)``, written straight in.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - bytes: The buffer the row's text is appended to.
  package mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {
    // Bytes, not a string: every row of a large report goes through here, and appending a
    // dozen strings to a string cost a third of the run.
    let isFirst = self.isFirst
    self.isFirst = false
    switch row {
    case .detail(let description, let amount, let odd):
      return description.withUTF8 { utf8 in
        Self.appendDetail(utf8, amount: amount, odd: odd, isFirst: isFirst, to: &bytes)
      }
    case .header(let title), .subheader(let title, _):
      open(row, isFirst: isFirst, to: &bytes)
      member(",\n    \"title\": ", title, to: &bytes)
    case .subfooter:
      open(row, isFirst: isFirst, to: &bytes)
    case .footer(let total, _), .grandFooter(let total):
      open(row, isFirst: isFirst, to: &bytes)
      member(",\n    \"total\": ", total, to: &bytes)
    case .message(let message):
      open(row, isFirst: isFirst, to: &bytes)
      member(",\n    \"message\": ", message, to: &bytes)
    }
    switch row.odd {
    case true?: bytes.append(",\n    \"odd\": true\n  }")
    case false?: bytes.append(",\n    \"odd\": false\n  }")
    case nil: bytes.append("\n  }")
    }
  }

  /// Appends a detail row's object in one piece of room made for the longest it could be
  /// (``Swift/Array/append(atMost:writing:)``), its description and amount escaped as they are
  /// copied (``ByteWriter/writeJSONEscaped(_:)``).
  private static func appendDetail(
    _ description: UnsafeBufferPointer<UInt8>, amount: String, odd: Bool, isFirst: Bool,
    to bytes: inout [UInt8]
  ) {
    let open: StaticString =
      isFirst
      ? "\n  {\n    \"type\": \"detail\",\n    \"description\": \""
      : ",\n  {\n    \"type\": \"detail\",\n    \"description\": \""
    let middle: StaticString = "\",\n    \"amount\": \""
    let close: StaticString = odd ? "\",\n    \"odd\": true\n  }" : "\",\n    \"odd\": false\n  }"
    amount.withUTF8InPlace { amountBytes in
      let count =
        open.utf8CodeUnitCount + middle.utf8CodeUnitCount + close.utf8CodeUnitCount
        + ByteWriter.mostJSONEscapedCount(description.count &+ amountBytes.count)
      bytes.append(atMost: count) { line in
        line.write(open)
        line.writeJSONEscaped(description)
        line.write(middle)
        line.writeJSONEscaped(amountBytes)
        line.write(close)
      }
    }
  }

  /// Appends the comma before a row's object (after the first), the brace, and its `type`.
  private func open(_ row: ReportRow, isFirst: Bool, to bytes: inout [UInt8]) {
    bytes.append(isFirst ? "\n  {\n    \"type\": \"" : ",\n  {\n    \"type\": \"")
    bytes.appendUTF8(of: row.kind)
    bytes.append("\"")
  }

  /// Appends the comma, key and colon before a member (one constant: one append, not three),
  /// then its value as a string literal.
  private func member(_ keyPart: StaticString, _ value: String, to bytes: inout [UInt8]) {
    bytes.append(keyPart)
    bytes.append(UInt8(ascii: "\""))
    Self.appendEscaped(value, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Closes the array and ends the line.
  public mutating func finish() -> String {
    isFirst ? "]\n" : "\n]\n"
  }

  /// A string as a JSON string literal.
  ///
  /// Quotes, backslashes and every character that could control a terminal are escaped: C0
  /// and C1 controls, DEL, the bidirectional formatting characters, and U+2028 and U+2029
  /// (which JavaScript treats as line breaks), so `txreport --format json` is as safe to print
  /// as the text output. Everything else is written as UTF-8.
  ///
  /// - Parameter text: The text.
  /// - Returns: The literal, with its quotes.
  package func quoted(_ text: String) -> String {
    var literal: [UInt8] = [UInt8(ascii: "\"")]
    Self.appendEscaped(text, to: &literal)
    literal.append(UInt8(ascii: "\""))
    return String(decoding: literal, as: UTF8.self)
  }

  /// Appends a string as the inside of a JSON string literal (see ``quoted(_:)``), from its
  /// UTF-8 bytes: the caller writes the quotes, with the constant text around them.
  ///
  /// Eight bytes at a time while none needs a look (``ByteWriter/writeJSONEscaped(_:)``). A
  /// character above ASCII is decoded only when it may be one `ReportText.mustBeEscaped(_:)` escapes
  /// (it judges for the text output too); the first byte tells (`UInt64.jsonStops`).
  private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    text.withUTF8InPlace { appendEscaped(utf8: $0, to: &bytes) }
  }

  /// Appends UTF-8 as the inside of a JSON string literal (``ByteWriter/writeJSONEscaped(_:)``).
  private static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(atMost: ByteWriter.mostJSONEscapedCount(utf8.count)) { $0.writeJSONEscaped(utf8) }
  }
}

extension ByteWriter {
  /// The most bytes `count` bytes of text take escaped in a JSON string literal: six a byte
  /// (`\u0000` for a control), which no character's escape passes.
  ///
  /// - Parameter count: How many bytes of text.
  /// - Returns: Six times as many.
  static func mostJSONEscapedCount(_ count: Int) -> Int { 6 &* count }

  /// Writes UTF-8 as the inside of a JSON string literal: quotes, backslashes and every
  /// character that could control a terminal (`ReportText.mustBeEscaped(_:)`) escaped, the rest
  /// as it is. Eight bytes at a time, each word stored whole, while none is a stop
  /// (`UInt64.jsonStops`); the character at a stop is decoded, and escaped or copied (a byte of
  /// lent text that starts no character is copied as it is, as before). Needs the room of
  /// ``Swift/Array/append(atMost:writing:)`` for ``mostJSONEscapedCount(_:)`` bytes.
  ///
  /// - Parameter utf8: The text's bytes.
  // Inlined where a line is written, so that the writer's place stays in a register from one
  // value to the next; the rare character at a stop is written out of line.
  @inline(__always)
  mutating func writeJSONEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < utf8.count {
      let (word, end) = utf8.spacedWord(at: index)
      let stops = word.jsonStops
      guard stops != 0 else {
        write(word, count: end)
        index &+= 8
        continue
      }
      // The first marked byte is a stop (a mask's lowest mark is exact), and not a filler.
      let plain = stops.firstMarkedByte
      write(word, count: plain)
      index = writeJSONCharacter(utf8, at: index &+ plain)
    }
  }

  /// Writes the character whose first byte, at `index`, is a stop: its escape when it needs
  /// one, else its bytes as they are.
  ///
  /// - Returns: Where the next character starts.
  @inline(never)
  private mutating func writeJSONCharacter(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let (scalar, length) = utf8.scalar(at: index)
    let escape: StaticString? =
      switch utf8[index] {
      case UInt8(ascii: "\""): "\\\""
      case UInt8(ascii: "\\"): "\\\\"
      case UInt8(ascii: "\n"): "\\n"
      case UInt8(ascii: "\r"): "\\r"
      case UInt8(ascii: "\t"): "\\t"
      case 0x08: "\\b"
      case 0x0C: "\\f"
      default: nil
      }
    if let escape {
      write(escape)
    } else if ReportText.mustBeEscaped(scalar) {
      writeUnicodeEscape(scalar)
    } else {
      write(UnsafeBufferPointer(rebasing: utf8[index..<(index &+ length)]))
    }
    return index &+ length
  }

  /// Writes `\u` and the character's code in four (or more) lowercase hexadecimal digits.
  private mutating func writeUnicodeEscape(_ scalar: Unicode.Scalar) {
    write("\\u")
    var digits = 4
    while digits < 8, scalar.value >> UInt32(4 &* digits) != 0 { digits &+= 1 }
    for place in stride(from: digits &- 1, through: 0, by: -1) {
      let nibble = UInt8(truncatingIfNeeded: scalar.value >> UInt32(4 &* place)) & 0xF
      write(nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10)
    }
  }
}
