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
    bytes.reserveCapacity(160)
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

  /// Appends a detail row's object: when its description and amount need no escape (nearly
  /// every row), in one piece of room made for the whole object (``ByteWriter``); else in
  /// parts, the description escaped.
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
      guard needsNoEscape(description), needsNoEscape(amountBytes) else {
        bytes.append(open)
        appendEscaped(utf8: description, to: &bytes)
        bytes.append(middle)
        appendEscaped(utf8: amountBytes, to: &bytes)
        return bytes.append(close)
      }
      let count =
        open.utf8CodeUnitCount + description.count + middle.utf8CodeUnitCount + amountBytes.count
        + close.utf8CodeUnitCount
      bytes.append(count: count) { line in
        line.write(open)
        line.write(description)
        line.write(middle)
        line.write(amountBytes)
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
  /// Runs of bytes that need no escape (nearly every text is one) are appended at once. A
  /// character above ASCII is decoded only when it may be one `ReportText.mustBeEscaped(_:)` escapes
  /// (it judges for the text output too); the first byte tells (`UInt64.jsonStops`).
  private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    text.withUTF8InPlace { appendEscaped(utf8: $0, to: &bytes) }
  }

  /// Whether text goes into a JSON string literal as it is: no byte ``appendEscaped(utf8:to:)``
  /// looks at (`UInt64.jsonStops`), eight bytes at a time.
  ///
  /// - Parameter utf8: The text's bytes.
  /// - Returns: `true` when its bytes are the literal's.
  package static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index &+ 8 <= utf8.count {
      if UInt64(wordAt: index, of: utf8).jsonStops != 0 { return false }
      index &+= 8
    }
    // The last bytes as one more word, spaces after them (a space is no stop).
    return UInt64(tailAt: index, of: utf8, filler: UInt8(ascii: " ")).jsonStops == 0
  }

  /// Appends valid UTF-8 as the inside of a JSON string literal: how the transaction list's
  /// lines (``TransactionListRenderer``) escape a value that ``needsNoEscape(_:)`` did not pass.
  package static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    var (start, index) = (0, 0)
    while index < utf8.count {
      // Eight bytes at a time while none needs a look, then straight to the first that does.
      if index &+ 8 <= utf8.count {
        let stops = UInt64(wordAt: index, of: utf8).jsonStops
        if stops == 0 {
          index &+= 8
          continue
        }
        index &+= stops.firstMarkedByte
      }
      let byte = utf8[index]
      // A byte the word's test passes (a byte that follows a first byte is never a stop): as it is.
      if !UInt64.isJSONStop(byte) {
        index += 1
        continue
      }
      let (scalar, length) = utf8.scalar(at: index)
      let escape: StaticString? =
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "\n"): "\\n"
        case UInt8(ascii: "\r"): "\\r"
        case UInt8(ascii: "\t"): "\\t"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        default: nil
        }
      guard escape != nil || ReportText.mustBeEscaped(scalar) else {
        index += length
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
      if let escape {
        bytes.append(escape)
      } else {
        appendUnicodeEscape(scalar, to: &bytes)
      }
      index += length
      start = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
  }

  /// Appends `\u` and the character's code in four (or more) lowercase hexadecimal digits.
  private static func appendUnicodeEscape(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let hex = String(scalar.value, radix: 16)
    bytes.append("\\u")
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - hex.count)))
    bytes.appendUTF8(of: hex)
  }
}
