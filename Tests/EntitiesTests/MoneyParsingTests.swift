import Entities
import Testing

@Suite struct MoneyParsingTests {
  @Test(
    "Unsigned decimals with at most two fraction digits are read exactly, in cents",
    arguments: [
      ("3.11", 311),
      ("400", 40_000),
      ("0.5", 50),
      ("0.05", 5),
      ("0", 0),
      ("0.00", 0),
      ("15.34", 1534),
      ("92233720368547758.07", Int64.max),
    ] as [(String, Int64)])
  func validAmounts(text: String, cents: Int64) throws {
    let money = try Money(parsingUnsignedDecimal: text)
    #expect(money.minorUnits == cents)
    #expect(!money.isNegative)
  }

  @Test("A substring is read like the string it shows")
  func substring() throws {
    let line = "amount=3.11;"
    let start = try #require(line.firstIndex(of: "="))
    let end = try #require(line.firstIndex(of: ";"))
    let money = try Money(parsingUnsignedDecimal: line[line.index(after: start)..<end])
    #expect(money.minorUnits == 311)
  }

  @Test(
    "Anything but an unsigned decimal with at most two fraction digits is rejected with its reason",
    arguments: [
      ("3.111", .tooManyFractionDigits),
      ("0.001", .tooManyFractionDigits),
      ("-3", .signed),
      ("+3", .signed),
      ("3-", .signed),
      ("1e3", .exponent),
      ("1E3", .exponent),
      ("NaN", .notADecimal),
      ("Infinity", .notADecimal),
      ("", .empty),
      (".5", .notADecimal),
      ("5.", .notADecimal),
      (".", .notADecimal),
      ("1.2.3", .notADecimal),
      ("1 000", .notADecimal),
      ("1,000.00", .notADecimal),
      (" 3.11", .notADecimal),
      ("3.11 ", .notADecimal),
      ("\u{0663}", .notADecimal),  // ARABIC-INDIC DIGIT THREE: a digit, but not an ASCII one
      ("\u{FF13}.11", .notADecimal),  // FULLWIDTH DIGIT THREE
      ("92233720368547758.08", .tooLarge),
      ("92233720368547759", .tooLarge),
      ("99999999999999999999999", .tooLarge),
    ] as [(String, AmountSyntaxError)])
  func invalidAmounts(text: String, error: AmountSyntaxError) {
    #expect(throws: error) { try Money(parsingUnsignedDecimal: text) }
  }
}
