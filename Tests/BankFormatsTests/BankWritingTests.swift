import BankFormats
import Entities
import Testing

/// Dates and amounts as banks write them: `DateLayout` and `WrittenAmount`.
@Suite struct BankWritingTests {
  @Test(
    "Each layout reads its own shape, with one-digit months and days where it has separators",
    arguments: [
      ("2024-03-15", DateLayout.iso, 2024, 3, 15), ("03/15/2024", .monthDayYear, 2024, 3, 15),
      ("3/5/2024", .monthDayYear, 2024, 3, 5), ("15/03/2024", .dayMonthYear, 2024, 3, 15),
      ("15.03.2024", .dayMonthYearDots, 2024, 3, 15), ("5.3.2024", .dayMonthYearDots, 2024, 3, 5),
      ("20240315", .compact, 2024, 3, 15), ("02/29/2024", .monthDayYear, 2024, 2, 29),
    ])
  func layoutsRead(text: String, layout: DateLayout, year: Int, month: Int, day: Int) throws {
    #expect(try CalendarDate(text, layout: layout) == CalendarDate(year: year, month: month, day: day))
  }

  @Test(
    "A text of another shape, a two-digit year or a date that does not exist is refused",
    arguments: [
      ("2024-03-15", DateLayout.monthDayYear, CalendarDateError.notInLayout),
      ("03/15/24", .monthDayYear, .notInLayout),
      ("15/03/2024", .monthDayYear, .monthOutOfRange), ("02/30/2024", .monthDayYear, .dayOutOfRange),
      ("2024031", .compact, .notInLayout), ("2024-3-15", .iso, .notISO8601),
      ("15.03.2024 ", .dayMonthYearDots, .notInLayout),
      ("+3/05/2024", .monthDayYear, .notInLayout), ("15/03/2024", .dayMonthYearDots, .notInLayout),
    ])
  func layoutsRefuse(text: String, layout: DateLayout, error: CalendarDateError) {
    #expect(throws: error) { try CalendarDate(text, layout: layout) }
  }

  @Test("A text fits every layout that reads it, and 03/04/2024 fits two")
  func fittingLayouts() {
    #expect(DateLayout.layouts(fitting: "03/04/2024") == [.monthDayYear, .dayMonthYear])
    #expect(DateLayout.layouts(fitting: "13/04/2024") == [.dayMonthYear])
    #expect(DateLayout.layouts(fitting: "04/13/2024") == [.monthDayYear])
    #expect(DateLayout.layouts(fitting: "2024-04-13") == [.iso])
    #expect(DateLayout.layouts(fitting: "soon") == [])
  }

  @Test("A layout is named in any case")
  func layoutNames() {
    #expect(DateLayout(name: "dd.mm.yyyy") == .dayMonthYearDots)
    #expect(DateLayout(name: "YYYYMMDD") == .compact)
    #expect(DateLayout(name: "DD-MM-YYYY")?.pattern == "DD-MM-YYYY")
    #expect(DateLayout(name: "m/d/yy")?.pattern == "M/D/YY")
    #expect(DateLayout(name: "DD/MM") == nil)
    #expect(DateLayout(name: "DD/MM/YYY") == nil)
    #expect(DateLayout(name: "DD/QQ/YYYY") == nil)
  }

  @Test(
    "Amounts with signs, parentheses, currencies and thousands separators are read exactly",
    arguments: [
      ("12.00", DecimalMark.point, 1200, false), ("-4.75", .point, 475, true), ("+4.75", .point, 475, false),
      ("(12.00)", .point, 1200, true), ("12.00-", .point, 1200, true), ("$1,234.56", .point, 123456, false),
      ("-$1,234.56", .point, 123456, true), ("$-1,234.56", .point, 123456, true), ("($5)", .point, 500, true),
      ("USD 1,000,000.5", .point, 100_000_050, false), (" 4.75 ", .point, 475, false),
      ("1.234,56", .comma, 123456, false), ("-12,5 €", .comma, 1250, true),
      ("EUR 1 234,56", .comma, 123456, false),
      ("1'234.56", .point, 123456, false), ("\u{2212}3.11", .point, 311, true), ("0", .point, 0, false),
      ("1\u{A0}234,00\u{A0}€", .comma, 123400, false), ("12.00 USD", .point, 1200, false),
    ])
  func amountsRead(text: String, mark: DecimalMark, cents: Int64, negative: Bool) throws {
    let amount = try WrittenAmount(parsing: text, decimalMark: mark)
    #expect(amount.magnitude == Money(minorUnits: cents))
    #expect(amount.isNegative == negative)
  }

  @Test(
    "Amounts that would need a guess or rounding are refused, with what is wrong",
    arguments: [
      ("", DecimalMark.point, AmountSyntaxError.empty), ("  ", .point, .empty),
      ("1.234", .point, .tooManyFractionDigits),
      ("12,34", .point, .misgrouped), ("1,23,4567.00", .point, .misgrouped),
      ("12,345,67.00", .point, .misgrouped),
      ("1,234 567.00", .point, .misgrouped),
      ("12.50", .comma, .misgrouped), ("--5", .point, .notADecimal), ("-(5)", .point, .notADecimal),
      ("(5)-", .point, .notADecimal), ("1e3", .point, .exponent), ("NaN", .point, .notADecimal),
      ("12.", .point, .notADecimal), (".5", .point, .notADecimal), ("1,234.", .point, .notADecimal),
      ("92233720368547758.08", .point, .tooLarge), ("$", .point, .empty), ("12.3.4", .point, .notADecimal),
    ])
  func amountsRefused(text: String, mark: DecimalMark, error: AmountSyntaxError) {
    #expect(throws: error) { try WrittenAmount(parsing: text, decimalMark: mark) }
  }
}
