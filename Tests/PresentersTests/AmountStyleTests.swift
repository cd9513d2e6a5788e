import Entities
import Presenters
import Testing

@Suite struct AmountStyleTests {
  @Test(
    "US dollars: the sign first, then $, commas between thousands",
    arguments: [
      ("0.00", "$0.00"), ("0.05", "$0.05"), ("-0.05", "-$0.05"), ("3.11", "$3.11"), ("999.99", "$999.99"),
      ("1000.00", "$1,000.00"), ("-1234.56", "-$1,234.56"), ("123456.78", "$123,456.78"),
      ("1234567.89", "$1,234,567.89"), ("-12345678.00", "-$12,345,678.00"),
      ("92233720368547758.07", "$92,233,720,368,547,758.07"),
      ("-92233720368547758.08", "-$92,233,720,368,547,758.08"),
    ])
  func usd(plain: String, shown: String) {
    #expect(AmountStyle.usd.format(plain) == shown)
  }

  @Test(
    "Euros: the sign first, dots between thousands, a decimal comma, a no-break space and €",
    arguments: [
      ("0.00", "0,00\u{A0}€"), ("-0.05", "-0,05\u{A0}€"), ("999.99", "999,99\u{A0}€"),
      ("1000.00", "1.000,00\u{A0}€"), ("-1234.56", "-1.234,56\u{A0}€"), ("1234567.89", "1.234.567,89\u{A0}€"),
      ("92233720368547758.07", "92.233.720.368.547.758,07\u{A0}€"),
    ])
  func eur(plain: String, shown: String) {
    #expect(AmountStyle.eur.format(plain) == shown)
  }

  @Test("Plain amounts stay as the row has them; text that is not a plain amount is left alone")
  func plainAndOtherText() {
    #expect(AmountStyle.plain.format("-1234.56") == "-1234.56")
    for text in ["", "-", ".00", "12.3", "1,234.56", "abc.de", "--1.00", "1.234"] {
      #expect(AmountStyle.usd.format(text) == text)
    }
  }

  @Test("An amount of Money is the presenter's plain text in the style")
  func money() throws {
    #expect(AmountStyle.usd.text(try #require(Money(minorUnits: -123_456))) == "-$1,234.56")
    #expect(AmountStyle.eur.text(.zero) == "0,00\u{A0}€")
  }

  @Test(
    "Currency codes are read in any case; others have no style",
    arguments: ["USD", "usd", "Usd", "EUR", "eUr"])
  func codes(code: String) throws {
    let style = try #require(AmountStyle(currencyCode: code))
    #expect(style.currencyCode == code.uppercased())
    #expect(AmountStyle(currencyCode: "GBP") == nil)
    #expect(AmountStyle(currencyCode: "") == nil)
    #expect(AmountStyle.currencies.compactMap(\.currencyCode) == ["USD", "EUR"])
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
  private let jpy = AmountStyle(
    currencyCode: "JPY", symbol: "JPY", placement: .after(spaced: true), groupingSeparator: ",",
    decimalMark: ".")

  @Test(
    "Swiss francs: the code first, a no-break space, apostrophes between thousands, the sign before the digits",
    arguments: [
      ("1234.56", "CHF\u{A0}1'234.56"), ("-1234.56", "CHF\u{A0}-1'234.56"), ("0.05", "CHF\u{A0}0.05"),
      ("1234567.89", "CHF\u{A0}1'234'567.89"),
    ])
  func swissFrancs(plain: String, shown: String) {
    #expect(chf.format(plain) == shown)
  }

  @Test(
    "Pounds: £ right before the number, the sign first",
    arguments: [("1234.56", "£1,234.56"), ("-1234.56", "-£1,234.56"), ("999.99", "£999.99")])
  func pounds(plain: String, shown: String) {
    #expect(gbp.format(plain) == shown)
  }

  @Test("A code after the number, as a yen-like style writes it")
  func codeAfter() throws {
    #expect(jpy.format("1234567.00") == "1,234,567.00\u{A0}JPY")
    #expect(jpy.format("-5.00") == "-5.00\u{A0}JPY")
    #expect(jpy.text(try #require(Money(minorUnits: 100))) == "1.00\u{A0}JPY")
    #expect(jpy.currencyCode == "JPY")
  }

  @Test("Accounting parentheses, a no-break-space grouping and a decimal comma; text that is no amount stays")
  func parenthesesAndOtherMarks() {
    let style = AmountStyle(
      currencyCode: nil, symbol: "$", placement: .before(spaced: false), groupingSeparator: "\u{A0}",
      decimalMark: ",", negativeSign: .parentheses)
    #expect(style.format("-1234.56") == "($1\u{A0}234,56)")
    #expect(style.format("1234.56") == "$1\u{A0}234,56")
    #expect(style.format("n/a") == "n/a")
  }

  @Test("Described by the general rule, the presets write what they always wrote")
  func presetsByTheRule() {
    let usd = AmountStyle(
      currencyCode: "USD", symbol: "$", placement: .before(spaced: false), groupingSeparator: ",",
      decimalMark: ".")
    let eur = AmountStyle(
      currencyCode: "EUR", symbol: "€", placement: .after(spaced: true), groupingSeparator: ".",
      decimalMark: ",")
    let plain = AmountStyle(
      currencyCode: nil, symbol: "", placement: .before(spaced: false), groupingSeparator: nil,
      decimalMark: ".")
    for amount in ["0.00", "-0.05", "1234.56", "-1234567.89"] {
      #expect(usd.format(amount) == AmountStyle.usd.format(amount))
      #expect(eur.format(amount) == AmountStyle.eur.format(amount))
      #expect(plain.format(amount) == amount)
    }
    #expect(usd == AmountStyle.usd && eur == AmountStyle.eur)
  }
}
