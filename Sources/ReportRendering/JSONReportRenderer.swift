import Presenters

/// Renders the report as one JSON array of row objects (SPEC §8).
///
/// Each row is an object whose keys come in a fixed order, `type` first; amounts and totals
/// are the display strings. The layout (two-space indentation, one key a line) is stable, so
/// the output can be compared byte for byte.
public struct JSONReportRenderer: ReportRenderer {
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
  public mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {
    // Bytes, not a string: every row of a large report goes through here, and appending a
    // dozen strings to a string cost a third of the run.
    bytes.appendUTF8(of: isFirst ? "\n  {\n    \"type\": \"" : ",\n  {\n    \"type\": \"")
    bytes.appendUTF8(of: row.kind)
    bytes.appendUTF8(of: "\"")
    isFirst = false
    switch row {
    case .header(let title), .subheader(let title, _):
      member("title", title, to: &bytes)
    case .detail(let description, let amount, _):
      member("description", description, to: &bytes)
      member("amount", amount, to: &bytes)
    case .subfooter:
      break
    case .footer(let total, _), .grandFooter(let total):
      member("total", total, to: &bytes)
    case .message(let message):
      member("message", message, to: &bytes)
    }
    if let odd = row.odd { bytes.appendUTF8(of: odd ? ",\n    \"odd\": true" : ",\n    \"odd\": false") }
    bytes.appendUTF8(of: "\n  }")
  }

  /// Appends `,`, the key and the value as a string literal.
  private func member(_ key: StaticString, _ value: String, to bytes: inout [UInt8]) {
    bytes.appendUTF8(of: ",\n    \"")
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.appendUTF8(of: "\": ")
    // Most text has nothing to escape: its bytes go in as they are. The characters escaped
    // are those `ReportText.visible(_:quoting: true)` escapes, so it judges.
    if ReportText.needsEscapes(value, quoting: true) {
      bytes.appendUTF8(of: quoted(value))
    } else {
      bytes.append(UInt8(ascii: "\""))
      bytes.appendUTF8(of: value)
      bytes.append(UInt8(ascii: "\""))
    }
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
  public func quoted(_ text: String) -> String {
    var literal = ""
    appendQuoted(text, to: &literal)
    return literal
  }

  /// Appends a string as a JSON string literal (see ``quoted(_:)``).
  private func appendQuoted(_ text: String, to result: inout String) {
    // Most text has nothing to escape: copy it whole. The characters escaped here are those
    // `ReportText.visible(_:quoting: true)` escapes, so it judges.
    result += "\""
    if !ReportText.needsEscapes(text, quoting: true) {
      result += text
      result += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where ReportText.isUnsafe(scalar):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    result += "\""
  }
}
