import Entities
import Presenters
import ReportRendering

/// Reads the output of ``JSONReportRenderer`` back into rows: a small JSON parser of its own,
/// so that the fuzzer checks the output is JSON and says what the rows say.
///
/// It accepts an array of objects whose values are strings, booleans or whole numbers, and turns
/// each object into a row if the keys it knows are exactly those SPEC §8 gives its type, in that
/// order.
struct JSONRowsReader {
  /// A JSON value the rows use.
  private enum Value: Equatable {
    case string(String)
    case bool(Bool)
    /// A whole number, as written: no row this reader knows holds one, but a value a row gains
    /// may be one.
    case number(String)
  }

  private let bytes: [UInt8]
  private var index = 0

  /// The rows a JSON text holds.
  ///
  /// - Parameter text: The renderer's whole output.
  /// - Returns: The rows, or `nil` when the text is not such a JSON array.
  static func rows(in text: String) -> [ReportRow]? {
    var reader = JSONRowsReader(bytes: Array(text.utf8))
    return reader.array()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard current == byte else { return false }
    index += 1
    return true
  }

  private mutating func array() -> [ReportRow]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var rows: [ReportRow] = []
    if !take(UInt8(ascii: "]")) {
      repeat {
        guard let members = object(), let row = Self.row(members) else { return nil }
        rows.append(row)
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "]")) else { return nil }
    }
    skipSpace()
    return index == bytes.count ? rows : nil
  }

  private mutating func object() -> [(key: String, value: Value)]? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var members: [(key: String, value: Value)] = []
    if take(UInt8(ascii: "}")) { return members }
    repeat {
      skipSpace()
      guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
      members.append((key, value))
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}")) ? members : nil
  }

  private mutating func value() -> Value? {
    skipSpace()
    for (literal, value) in [("true", true), ("false", false)]
    where bytes[index...].starts(with: literal.utf8) {
      index += literal.utf8.count
      return .bool(value)
    }
    let digits = bytes[index...].prefix {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
    }
    if !digits.isEmpty {
      index += digits.count
      return .number(String(decoding: digits, as: UTF8.self))
    }
    return string().map(Value.string)
  }

  private mutating func string() -> String? {
    guard current == UInt8(ascii: "\"") else { return nil }
    index += 1
    var text: [UInt8] = []
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = escape() else { return nil }
        text.append(contentsOf: String(escaped).utf8)
      case 0x00...0x1F:
        return nil
      default:
        text.append(byte)
      }
    }
    return nil
  }

  /// The character of an escape, after its backslash.
  private mutating func escape() -> Unicode.Scalar? {
    guard let byte = current else { return nil }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard let unit = hexUnit() else { return nil }
      guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) }
      guard bytes[index...].starts(with: "\\u".utf8) else { return nil }
      index += 2
      guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
      return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    default: return nil
    }
  }

  private mutating func hexUnit() -> UInt32? {
    guard index + 4 <= bytes.count,
      let unit = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
    else { return nil }
    index += 4
    return unit
  }

  /// The row an object stands for, if the keys it knows are exactly its type's, in order. A
  /// member it does not know (a value a row gains, such as a count per date block) is passed
  /// over: this reader checks what it knows of a row.
  private static func row(_ members: [(key: String, value: Value)]) -> ReportRow? {
    guard case .string(let type)? = members.first?.value, members.first?.key == "type" else { return nil }
    let known: Set = ["title", "description", "amount", "total", "message", "odd"]
    let rest = Array(members.dropFirst().filter { known.contains($0.key) })
    func strings(_ keys: String...) -> [String]? {
      let values = rest.prefix(keys.count)
      guard values.map(\.key) == keys else { return nil }
      return values.compactMap { if case .string(let text) = $0.value { text } else { nil } }
    }
    var odd: Bool? {
      guard let last = rest.last, last.key == "odd", case .bool(let odd) = last.value else { return nil }
      return odd
    }
    switch (type, rest.count) {
    case ("header", 1):
      guard let values = strings("title"), values.count == 1 else { return nil }
      return .header(title: values[0])
    case ("subheader", 2):
      guard let values = strings("title"), values.count == 1, let odd else { return nil }
      return .subheader(title: values[0], odd: odd)
    case ("detail", 3):
      guard let values = strings("description", "amount"), values.count == 2, let odd else { return nil }
      return .detail(description: DescriptionText(values[0]), amount: values[1], odd: odd)
    case ("subfooter", 1):
      guard let odd else { return nil }
      return .subfooter(odd: odd)
    case ("footer", 2):
      guard let values = strings("total"), values.count == 1, let odd else { return nil }
      return .footer(total: values[0], odd: odd)
    case ("grandfooter", 1):
      guard let values = strings("total"), values.count == 1 else { return nil }
      return .grandFooter(total: values[0])
    case ("message", 1):
      guard let values = strings("message"), values.count == 1 else { return nil }
      return .message(values[0])
    default:
      return nil
    }
  }
}
