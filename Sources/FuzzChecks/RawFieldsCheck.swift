import Entities
import Gateways
import UseCases

/// Reads a valid record's group, date, description and amount back from the input bytes,
/// without the decoders, and checks that the transaction holds exactly those values.
///
/// The record's origin says where each value starts. From there this check reads the value as
/// written: an optional opening quote, then the text up to the closing quote (in CSV, a quote
/// written twice is one quote) or, for a value without quotes, up to where the format itself
/// ends it (see ``endsUnquotedValue(_:format:)``). Two kinds of value are not read back: one
/// written with a JSON escape (`\u0033`), which would take a second JSON string decoder, and a
/// CSV description whose quotes hold a line break, as the check reads one line.
struct RawFieldsCheck {
  private let layout: TextLayout
  private let format: RecordFormat

  /// Prepares to read values from the input.
  ///
  /// - Parameters:
  ///   - layout: The input's lines.
  ///   - format: The input's format, which says where a value without quotes ends.
  init(_ layout: TextLayout, format: RecordFormat) {
    self.layout = layout
    self.format = format
  }

  /// Checks one valid record.
  ///
  /// - Parameters:
  ///   - transaction: What the decoder and validator made of the record.
  ///   - origin: Where its fields are in the input.
  ///   - index: The record's place in what the source yielded, for messages.
  func check(_ transaction: Transaction, origin: RecordOrigin, index: Int) {
    if let group = value(at: origin.group, index: index, field: "group") {
      require(
        group == Array(transaction.group.code.utf8),
        "record \(index): the input says group \(shown(String(decoding: group, as: UTF8.self))), "
          + "the transaction \(transaction.group.code)")
    }
    if let date = value(at: origin.date, index: index, field: "date") {
      let written = Self.iso8601(transaction.date)
      require(
        date == Array(written.utf8),
        "record \(index): the input says date \(shown(String(decoding: date, as: UTF8.self))), the transaction \(written)"
      )
    }
    if let description = value(
      at: origin.description, index: index, field: "description", mayHoldLineBreaks: format == .csv)
    {
      require(
        description == Array(transaction.description.utf8),
        "record \(index): the input says description \(shown(String(decoding: description, as: UTF8.self))), "
          + "the transaction \(shown(transaction.description))")
    }
    if let amount = value(at: origin.amount, index: index, field: "amount") {
      let cents = Self.minorUnits(amount)
      require(
        cents == transaction.amount.minorUnits,
        "record \(index): the input says amount \(shown(String(decoding: amount, as: UTF8.self))) "
          + "(\(cents.map(String.init) ?? "not an amount") cents), the transaction \(transaction.amount.minorUnits)"
      )
    }
  }

  /// The value written at a position, without its quotes; `nil` when it holds an escape, or a
  /// line break where a value may hold one.
  private func value(
    at position: TextPosition, index: Int, field: String, mayHoldLineBreaks: Bool = false
  ) -> [UInt8]? {
    guard let rest = layout.restOfLine(from: position) else {
      fatalError("fuzz invariant broken: record \(index): its \(field) at \(position) is not in the input")
    }
    switch Self.value(startingAt: rest, format: format) {
    case .text(let text): return text
    case .escaped: return nil
    case .unclosedQuote:
      if mayHoldLineBreaks { return nil }
      fatalError("fuzz invariant broken: record \(index): its \(field) at \(position) has no closing quote")
    }
  }

  /// A date as the formats write it, `YYYY-MM-DD`, worked out here rather than by Entities.
  static func iso8601(_ date: CalendarDate) -> String {
    func padded(_ number: Int, _ width: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))"
  }

  /// What a value written at the start of some bytes is.
  enum Value: Equatable {
    /// The value's text, without quotes.
    case text([UInt8])
    /// A quoted value holding a backslash: a JSON escape, not read back.
    case escaped
    /// A quote that opens a value and is not closed on the same line.
    case unclosedQuote
  }

  /// Reads the value at the start of `rest` (the rest of a line): the text between quotes, or
  /// the text up to where the format ends a value without quotes.
  ///
  /// - Parameters:
  ///   - rest: The bytes from the value's first character to the end of its line.
  ///   - format: The input's format.
  /// - Returns: The value.
  static func value(startingAt rest: ArraySlice<UInt8>, format: RecordFormat) -> Value {
    guard rest.first == UInt8(ascii: "\"") else {
      return .text(Array(rest.prefix { !endsUnquotedValue($0, format: format) }))
    }
    if format == .csv { return csvQuoted(rest.dropFirst()) }
    let text = rest.dropFirst().prefix { $0 != UInt8(ascii: "\"") }
    guard text.count < rest.count - 1 else { return .unclosedQuote }
    return text.contains(UInt8(ascii: "\\")) ? .escaped : .text(Array(text))
  }

  /// The content of a quoted CSV field, from the byte after its opening quote: up to the
  /// closing quote, a quote written twice being one quote (RFC 4180). A backslash is a plain
  /// byte in CSV.
  private static func csvQuoted(_ rest: ArraySlice<UInt8>) -> Value {
    let quote = UInt8(ascii: "\"")
    var text: [UInt8] = []
    var index = rest.startIndex
    while index < rest.endIndex {
      let byte = rest[index]
      index += 1
      guard byte == quote else {
        text.append(byte)
        continue
      }
      guard index < rest.endIndex, rest[index] == quote else { return .text(text) }
      text.append(quote)
      index += 1
    }
    return .unclosedQuote
  }

  /// Whether a byte ends a value written without quotes, as the format defines it.
  ///
  /// In JSON (and NDJSON) such a value is a number or a literal, and the grammar ends it at
  /// insignificant whitespace (space, tab, carriage return, line feed) or at the `,`, `}` or `]`
  /// that follows it. In CSV a field without quotes ends only at the delimiter or the line
  /// break: spaces are part of the field.
  ///
  /// - Parameters:
  ///   - byte: A byte after the value's first.
  ///   - format: The input's format.
  /// - Returns: `true` when the value ends before this byte.
  static func endsUnquotedValue(_ byte: UInt8, format: RecordFormat) -> Bool {
    switch (format, byte) {
    case (_, UInt8(ascii: ",")), (_, UInt8(ascii: "\r")), (_, UInt8(ascii: "\n")): true
    case (.csv, _): false
    case (.json, _), (.ndjson, _):
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "}")
        || byte == UInt8(ascii: "]")
    }
  }

  /// An unsigned amount with at most two decimals, in cents, read digit by digit; `nil` for
  /// any other text.
  static func minorUnits(_ text: [UInt8]) -> Int64? {
    let parts = text.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
    var fraction: ArraySlice<UInt8> = []
    if parts.count == 2 {
      fraction = parts[1]
      guard (1...2).contains(fraction.count), fraction.allSatisfy(isDigit) else { return nil }
    }
    var cents: Int64 = 0
    for byte in whole + fraction + Array(repeating: UInt8(ascii: "0"), count: 2 - fraction.count) {
      let (shifted, overflow) = cents.multipliedReportingOverflow(by: 10)
      let (sum, overflowAgain) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !overflow, !overflowAgain else { return nil }
      cents = sum
    }
    return cents
  }
}
