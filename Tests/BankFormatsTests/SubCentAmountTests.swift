import BankFormats
import Entities
import Testing

/// Digits after the cents: zeros are read when no thousands could be written so, anything else
/// is a fraction of a cent, refused; OFX's amounts, whose radix point is never in doubt.
@Suite struct SubCentAmountTests {
  @Test(
    "Zeros after the cents are read when the other decimal mark cannot read the amount",
    arguments: [
      ("1500.0000", DecimalMark.point, Int64(150_000)), ("-2,380.000", .point, 238_000),
      ("0.2400", .point, 24),
      ("1.500,0000", .comma, 150_000), ("12,3400", .comma, 1234),
    ])
  func zerosRead(text: String, mark: DecimalMark, cents: Int64) throws {
    #expect(try WrittenAmount(parsing: text, decimalMark: mark).magnitude == Money(minorUnits: cents))
  }

  @Test(
    "Zeros that may be thousands, and digits that are not zeros, are refused",
    arguments: [("1.000", DecimalMark.point), ("0.240", .point), ("12.3456", .point), ("1,000", .comma)])
  func refused(text: String, mark: DecimalMark) {
    #expect(throws: AmountSyntaxError.tooManyFractionDigits) {
      try WrittenAmount(parsing: text, decimalMark: mark)
    }
  }

  @Test(
    "OFX amounts: a sign, digits and a period or a comma; padded zeros carry no value",
    arguments: [
      ("-00000000001500.0000", Int64(150_000), true), ("+00000000000000.2400", 24, false),
      ("-11,76", 1176, true),
      ("-.5", 50, true), ("7", 700, false), ("0012.3", 1230, false),
    ] as [(String, Int64, Bool)])
  func ofxAmounts(text: String, cents: Int64, negative: Bool) throws {
    let amount = try WrittenAmount(parsingOFX: text)
    #expect(amount.magnitude == Money(minorUnits: cents))
    #expect(amount.isNegative == negative)
  }

  @Test(
    "OFX amounts with separators, currencies, exponents or nothing are refused",
    arguments: [
      ("1,234.56", AmountSyntaxError.notADecimal), ("$5.00", .notADecimal), ("1e3", .exponent), ("", .empty),
      ("-", .notADecimal), ("12.", .notADecimal), ("+-1", .notADecimal), ("0.0001", .tooManyFractionDigits),
    ])
  func ofxAmountsRefused(text: String, error: AmountSyntaxError) {
    #expect(throws: error) { try WrittenAmount(parsingOFX: text) }
  }
}
