import Entities

extension Money {
  /// An amount written as a short literal: `3.11`, `400`, or `-400.00` for a negative amount.
  ///
  /// - Parameter text: An unsigned decimal as ``Money/init(parsingUnsignedDecimal:)`` reads it,
  ///   optionally preceded by `-`.
  /// - Returns: The amount.
  /// - Throws: ``FixtureError`` when the literal is not an amount.
  public static func fixture(_ text: String) throws -> Money {
    let isNegative = text.hasPrefix("-")
    let digits = isNegative ? text.dropFirst() : Substring(text)
    do {
      let money = try Money(parsingUnsignedDecimal: digits)
      return isNegative ? money.negated : money
    } catch {
      throw FixtureError("\"\(text)\" is not an amount: \(error)")
    }
  }
}
