import Entities
import UseCases

/// Reads a valid record's group and amount back from the input bytes, without the decoders,
/// and checks that the transaction holds exactly those values.
///
/// The record's origin says where its group and amount start. From there this check reads
/// the value as written: an optional opening quote, then the text up to the closing quote or
/// the field's end. A value written with a JSON escape (`\u0033`) is not read back: that
/// would take a second JSON string decoder.
struct RawFieldsCheck {
  private let layout: TextLayout

  /// Prepares to read values from the input.
  ///
  /// - Parameter layout: The input's lines.
  init(_ layout: TextLayout) {
    self.layout = layout
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
    if let amount = value(at: origin.amount, index: index, field: "amount") {
      let cents = Self.minorUnits(amount)
      require(
        cents == transaction.amount.minorUnits,
        "record \(index): the input says amount \(shown(String(decoding: amount, as: UTF8.self))) "
          + "(\(cents.map(String.init) ?? "not an amount") cents), the transaction \(transaction.amount.minorUnits)"
      )
    }
  }

  /// The value written at a position, without its quotes; `nil` when it holds an escape.
  private func value(at position: TextPosition, index: Int, field: String) -> [UInt8]? {
    guard var rest = layout.restOfLine(from: position) else {
      fatalError("fuzz invariant broken: record \(index): its \(field) at \(position) is not in the input")
    }
    let quoted = rest.first == UInt8(ascii: "\"")
    if quoted { rest = rest.dropFirst() }
    let stops: [UInt8] = quoted ? [UInt8(ascii: "\"")] : [UInt8(ascii: ","), UInt8(ascii: "\r")]
    let text = rest.prefix { !stops.contains($0) }
    require(
      !quoted || text.count < rest.count, "record \(index): its \(field) at \(position) has no closing quote")
    return text.contains(UInt8(ascii: "\\")) ? nil : Array(text)
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
