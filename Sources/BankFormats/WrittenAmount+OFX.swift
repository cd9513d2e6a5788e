import Entities

extension WrittenAmount {
  /// Reads an amount as an OFX statement writes it (`TRNAMT`), exactly.
  ///
  /// OFX writes an amount as an optional sign, digits, and a radix point that is a period or a
  /// comma, followed by digits (the specification's amount type): no thousands separators and no
  /// currency, so the radix point is never in doubt and needs no option. Banks pad it
  /// (`-00000000001500.0000`, `+00000000000000.2400`) and write `-.50` for half a unit:
  ///
  /// - leading zeros and an explicit `+` carry no value;
  /// - digits after the cents are read when they are all zeros (`.2400` is 24 cents);
  /// - digits after the cents that are not all zeros are a fraction of a cent, which the
  ///   report cannot show exactly: refused, never rounded.
  ///
  /// - Parameter text: The amount, such as `-1500.0000`, `+0.24` or `-11,76`, without the
  ///   spaces around it.
  /// - Throws: `AmountSyntaxError` (of Entities): `.tooManyFractionDigits` for a fraction of
  ///   a cent, `.exponent`, `.empty`, `.tooLarge`, else `.notADecimal`.
  package init(parsingOFX text: some StringProtocol) throws(AmountSyntaxError) {
    var bytes = Array(text.utf8)[...]
    guard !bytes.isEmpty else { throw .empty }
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    var whole = bytes
    var fraction: ArraySlice<UInt8> = []
    if let radix = bytes.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
      whole = bytes[..<radix]
      fraction = bytes[(radix + 1)...]
      guard !fraction.isEmpty else { throw .notADecimal }
    }
    guard whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit), !(whole.isEmpty && fraction.isEmpty) else {
      let isExponent = { (byte: UInt8) in byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") }
      let numeric = bytes.allSatisfy { isDigit($0) || isExponent($0) || Self.ofxNumberBytes.contains($0) }
      throw numeric && bytes.contains(where: isExponent) ? .exponent : .notADecimal
    }
    guard fraction.dropFirst(2).allSatisfy({ $0 == UInt8(ascii: "0") }) else { throw .tooManyFractionDigits }
    // `-.50` has no whole digit: it is 0.50.
    var digits = whole.isEmpty ? [UInt8(ascii: "0")] : Array(whole)
    if !fraction.isEmpty { digits += [UInt8(ascii: ".")] + fraction.prefix(2) }
    magnitude = try Money(parsingUnsignedDecimalUTF8: digits)
    isNegative = negative
    currency = nil
  }

  /// The bytes of a number in exponent notation besides digits and `e`: `1.5e+3`.
  private static let ofxNumberBytes: Set<UInt8> = [
    UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "-"),
  ]
}
