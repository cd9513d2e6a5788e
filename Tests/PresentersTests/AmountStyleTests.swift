import Entities
import Presenters
import Testing

/// An amount of the tests, in cents.
private func money(_ cents: Int64) throws -> Money { try #require(Money(minorUnits: cents)) }

@Suite struct AmountStyleTests {
  @Test(
    "Plain: two decimals, the sign first, no grouping, never -0.00",
    arguments: [
      (0, "0.00"), (5, "0.05"), (-5, "-0.05"), (123_456, "1234.56"), (-123_456, "-1234.56"),
      (Int64.max, "92233720368547758.07"), (Int64.min + 1, "-92233720368547758.07"),
    ] as [(Int64, String)])
  func plain(cents: Int64, shown: String) throws {
    #expect(AmountStyle.plain.text(try money(cents)) == shown)
  }

  @Test(
    "US dollars: the sign first, then $, commas between thousands",
    arguments: [
      (0, "$0.00"), (5, "$0.05"), (-5, "-$0.05"), (311, "$3.11"), (99_999, "$999.99"),
      (100_000, "$1,000.00"), (-123_456, "-$1,234.56"), (12_345_678, "$123,456.78"),
      (123_456_789, "$1,234,567.89"), (-1_234_567_800, "-$12,345,678.00"),
      (Int64.max, "$92,233,720,368,547,758.07"), (Int64.min + 1, "-$92,233,720,368,547,758.07"),
    ] as [(Int64, String)])
  func usd(cents: Int64, shown: String) throws {
    #expect(AmountStyle.usd.text(try money(cents)) == shown)
  }

  @Test(
    "Euros: the sign first, dots between thousands, a decimal comma, a no-break space and €",
    arguments: [
      (0, "0,00\u{A0}€"), (-5, "-0,05\u{A0}€"), (99_999, "999,99\u{A0}€"), (100_000, "1.000,00\u{A0}€"),
      (-123_456, "-1.234,56\u{A0}€"), (123_456_789, "1.234.567,89\u{A0}€"),
      (Int64.max, "92.233.720.368.547.758,07\u{A0}€"),
    ] as [(Int64, String)])
  func eur(cents: Int64, shown: String) throws {
    #expect(AmountStyle.eur.text(try money(cents)) == shown)
  }

  @Test(
    "Any three-letter code in any case has a style: dollars and euros their own, any other its code",
    arguments: [
      ("USD", "-$1,234.56"), ("usd", "-$1,234.56"), ("eUr", "-1.234,56\u{A0}€"),
      ("gbp", "-1,234.56\u{A0}GBP"),
    ])
  func codes(code: String, shown: String) throws {
    let style = try #require(AmountStyle(currencyCode: code))
    #expect(style.currencyCode == code.uppercased())
    #expect(style.text(try money(-123_456)) == shown)
    for notACode in ["", "US", "USDX", "U$D", "ÜSD"] { #expect(AmountStyle(currencyCode: notACode) == nil) }
  }

  @Test(
    "A currency's minor digits are ISO 4217's: none for the yen and the won, three for the dinars, two for most",
    arguments: [
      ("JPY", 0), ("KRW", 0), ("ISK", 0), ("KWD", 3), ("BHD", 3), ("TND", 3), ("CLF", 4), ("CHF", 2),
      ("USD", 2),
      ("EUR", 2), ("XYZ", 2),
    ])
  func minorDigits(code: String, digits: Int) throws {
    #expect(AmountStyle.minorDigits(ofCurrency: code) == digits)
    #expect(try #require(AmountStyle(currencyCode: code)).minorDigits == digits)
  }

  @Test("Yen have no minor digits; cents a source gave are shown, not rounded away")
  func yen() throws {
    let yen = AmountStyle(code: "JPY")
    #expect(yen.text(try money(123_456_700)) == "1,234,567\u{A0}JPY")
    #expect(yen.text(try money(-500)) == "-5\u{A0}JPY")
    #expect(yen.text(try money(0)) == "0\u{A0}JPY")
    #expect(yen.text(try money(150)) == "1.50\u{A0}JPY")
    let symbol = AmountStyle(
      currencyCode: "JPY", symbol: "¥", placement: .before(spaced: false), groupingSeparator: ",",
      decimalMark: ".")
    #expect(symbol.text(try money(123_456_700)) == "¥1,234,567")
  }

  @Test("Kuwaiti dinars have three minor digits")
  func dinars() throws {
    #expect(AmountStyle(code: "KWD").text(try money(123_456)) == "1,234.560\u{A0}KWD")
  }
}

/// Any currency, described by its own rule: symbol or code, placement, grouping, decimal mark,
/// the minus sign.
@Suite struct AnyCurrencyAmountStyleTests {
  private let chf = AmountStyle(
    currencyCode: "CHF", symbol: "CHF", placement: .before(spaced: true), groupingSeparator: "'",
    decimalMark: ".", negativeSign: .beforeNumber)
  private let gbp = AmountStyle(
    currencyCode: "GBP", symbol: "£", placement: .before(spaced: false), groupingSeparator: ",",
    decimalMark: ".")

  @Test(
    "Swiss francs: the code first, a space as given, apostrophes between thousands, the sign before the digits",
    arguments: [
      (123_456, "CHF 1'234.56"), (-123_456, "CHF -1'234.56"), (5, "CHF 0.05"),
      (123_456_789, "CHF 1'234'567.89"),
    ] as [(Int64, String)])
  func swissFrancs(cents: Int64, shown: String) throws {
    #expect(chf.text(try money(cents)) == shown)
  }

  @Test(
    "Pounds: £ right before the number, the sign first",
    arguments: [(123_456, "£1,234.56"), (-123_456, "-£1,234.56"), (99_999, "£999.99")] as [(Int64, String)])
  func pounds(cents: Int64, shown: String) throws {
    #expect(gbp.text(try money(cents)) == shown)
  }

  @Test("Spaced placement writes a plain space; a symbol given with a no-break space keeps it")
  func spacing() throws {
    let after = AmountStyle(
      currencyCode: "EUR", symbol: "€", placement: .after(spaced: true), groupingSeparator: ".",
      decimalMark: ",")
    #expect(after.text(try money(-123_456)) == "-1.234,56 €")
    let noBreak = AmountStyle(
      currencyCode: "EUR", symbol: "\u{A0}€", placement: .after(spaced: false), groupingSeparator: ".",
      decimalMark: ",")
    #expect(noBreak.text(try money(-123_456)) == "-1.234,56\u{A0}€")
    #expect(noBreak == .eur)
  }

  @Test("Accounting parentheses, a no-break-space grouping and a decimal comma")
  func parenthesesAndOtherMarks() throws {
    let style = AmountStyle(
      currencyCode: nil, symbol: "$", placement: .before(spaced: false), groupingSeparator: "\u{A0}",
      decimalMark: ",", negativeSign: .parentheses)
    #expect(style.text(try money(-123_456)) == "($1\u{A0}234,56)")
    #expect(style.text(try money(123_456)) == "$1\u{A0}234,56")
  }

  @Test("Described by the general rule, the presets write what they always wrote")
  func presetsByTheRule() throws {
    let usd = AmountStyle(
      currencyCode: "USD", symbol: "$", placement: .before(spaced: false), groupingSeparator: ",",
      decimalMark: ".")
    let plain = AmountStyle(
      currencyCode: nil, symbol: "", placement: .before(spaced: false), groupingSeparator: nil,
      decimalMark: ".")
    for cents: Int64 in [0, -5, 123_456, -123_456_789] {
      #expect(usd.text(try money(cents)) == AmountStyle.usd.text(try money(cents)))
      #expect(plain.text(try money(cents)) == AmountStyle.plain.text(try money(cents)))
    }
    #expect(usd == AmountStyle.usd && plain == AmountStyle.plain)
  }
}
