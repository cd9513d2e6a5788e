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
      ("2024-3-1", .iso, 2024, 3, 1), ("2024-3-15", .iso, 2024, 3, 15),
      ("2024-12-5 13:12", .iso, 2024, 12, 5),
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
      ("2024031", .compact, .notInLayout), ("2024-3-1x", .iso, .notISO8601),
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
    #expect(DateLayout.layouts(fitting: "2024-4-1") == [.iso])
    #expect(DateLayout.layouts(fitting: "soon") == [])
  }

  @Test("Every layout reads its dates written at full width, without zeros and with a time, alike")
  func fullWidthDatesReadAsEveryOther() throws {
    let dates = [(2024, 3, 15), (1999, 12, 31), (2068, 1, 2), (2000, 2, 29), (1969, 10, 9)]
    var checked = 0
    for layout in DateLayout.detectable where !layout.pattern.contains("MMM") {
      for (year, month, day) in dates {
        let twoDigit = format2(year % 100)
        let written = layout.pattern
          .replacing("YYYY", with: String(year))
          .replacing("YY", with: twoDigit)
          .replacing("MM", with: format2(month))
          .replacing("DD", with: format2(day))
        let expected = layout.pattern.contains("YYYY") ? year : DateLayout.twoDigitYear(year % 100)
        let numbers = try #require(layout.numbers(in: written), "\(layout.pattern): \(written)")
        #expect(numbers == (expected, month, day), "\(layout.pattern): \(written)")
        #expect(
          layout.numbers(in: written + " 10:21")! == numbers, "\(layout.pattern): \(written) with a time")
        #expect(layout.numbers(in: written + "0") == nil, "\(layout.pattern): \(written)0")
        #expect(layout.numbers(in: "0" + written) == nil, "\(layout.pattern): 0\(written)")
        if !layout.pattern.contains("YYYYMM"), !layout.pattern.contains("MMDD"), month < 10, day < 10 {
          // Without the zeros, where separators tell the numbers apart: the same date.
          let short = layout.pattern
            .replacing("YYYY", with: String(year))
            .replacing("YY", with: twoDigit)
            .replacing("MM", with: String(month))
            .replacing("DD", with: String(day))
          #expect(layout.numbers(in: short)! == numbers, "\(layout.pattern): \(short)")
        }
        checked += 1
      }
    }
    #expect(checked >= 50)
  }

  private func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

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
    "Any layout written with D, M and Y reads its dates: two-digit years, month names, dashes, a time after",
    arguments: [
      ("2/20/19", "M/D/YY", 2019, 2, 20), ("12/25/19", "M/D/YY", 2019, 12, 25),
      ("08.04.24", "DD.MM.YY", 2024, 4, 8),
      ("23-Jan-15", "DD-MMM-YY", 2015, 1, 23), ("12-jan-2024", "DD-MMM-YYYY", 2024, 1, 12),
      ("02 Mar 24", "DD MMM YY", 2024, 3, 2), ("Sept 3, 2024", "MMM D, YYYY", 2024, 9, 3),
      ("September 3, 2024", "MMM D, YYYY", 2024, 9, 3), ("3 sep. 2024", "D MMM YYYY", 2024, 9, 3),
      ("2024/05/17", "YYYY/MM/DD", 2024, 5, 17), ("01-09-2024", "DD-MM-YYYY", 2024, 9, 1),
      ("150324", "DDMMYY", 2024, 3, 15), ("2021-02-03 13:12", "YYYY-MM-DD", 2021, 2, 3),
      ("2024-04-01 08:00:12", "YYYY-MM-DD", 2024, 4, 1), ("2024-04-06T10:21", "YYYY-MM-DD", 2024, 4, 6),
      ("2024-04-06T10:21:00.250Z", "YYYY-MM-DD", 2024, 4, 6),
      ("01/28/2024 07:42 AM", "MM/DD/YYYY", 2024, 1, 28),
      ("28.01.2024 19:42+01:00", "DD.MM.YYYY", 2024, 1, 28), ("31/12/68", "DD/MM/YY", 2068, 12, 31),
      ("01/01/69", "DD/MM/YY", 1969, 1, 1),
    ])
  func patternsRead(text: String, pattern: String, year: Int, month: Int, day: Int) throws {
    let layout = try #require(DateLayout(name: pattern))
    #expect(try CalendarDate(text, layout: layout) == CalendarDate(year: year, month: month, day: day))
  }

  @Test(
    "A date with something else after it, or a number too long for its letters, is not in the layout",
    arguments: [
      ("2021-02-03 soon", "YYYY-MM-DD"), ("2021-02-03 13", "YYYY-MM-DD"), ("23-Jun-2015", "DD-MMM-YY"),
      ("23-Ju-15", "DD-MMM-YY"), ("23-Junk-15", "DD-MMM-YY"), ("123/12/2024", "DD/MM/YYYY"),
      ("1532024", "DDMMYYYY"), ("12/25/2019", "M/D/YY"),
    ])
  func patternsRefuse(text: String, pattern: String) throws {
    let layout = try #require(DateLayout(name: pattern))
    #expect(throws: (any Error).self) { try CalendarDate(text, layout: layout) }
  }

  @Test("The layouts told from a file include two-digit years and month names, and ask where two fit")
  func detectableLayouts() {
    #expect(DateLayout.layouts(fitting: "2/20/19").map(\.pattern) == ["MM/DD/YY"])
    #expect(DateLayout.layouts(fitting: "2/4/19").map(\.pattern) == ["MM/DD/YY", "DD/MM/YY"])
    #expect(DateLayout.layouts(fitting: "23-Jan-15").map(\.pattern) == ["DD-MMM-YY"])
    #expect(DateLayout.layouts(fitting: "2021-02-03 13:12") == [.iso])
    #expect(DateLayout.layouts(fitting: "24/03/15").map(\.pattern) == ["DD/MM/YY", "YY/MM/DD"])
  }

  @Test(
    "Zeros past the cents are read, Indian groups and the typographic apostrophe too; other digits past them are not",
    arguments: [
      ("12.3400", DecimalMark.point, Int64(1234)), ("-00000000001500.0000", .point, 150_000),
      ("+00000000000000.2400", .point, 24), ("1,23,456.78", .point, 12_345_678),
      ("12,34,56,789.00", .point, 12_345_678_900),
      ("11’373.94", .point, 1_137_394), ("1.234,5600", .comma, 123_456),
    ])
  func moreAmountsRead(text: String, mark: DecimalMark, cents: Int64) throws {
    #expect(try WrittenAmount(parsing: text, decimalMark: mark).magnitude == Money(minorUnits: cents))
  }

  @Test("Digits past the cents that are not zeros are refused, never rounded")
  func subCentsRefused() {
    #expect(throws: AmountSyntaxError.tooManyFractionDigits) {
      try WrittenAmount(parsing: "12.3456", decimalMark: .point)
    }
    #expect(throws: AmountSyntaxError.tooManyFractionDigits) {
      try WrittenAmount(parsing: "0.001", decimalMark: .point)
    }
  }

  @Test("Encodings are named as people name them")
  func encodingNames() {
    #expect(TextEncoding(name: "UTF8") == .utf8)
    #expect(TextEncoding(name: "latin-1") == .windows1252)
    #expect(TextEncoding(name: "CP1252") == .windows1252)
    #expect(TextEncoding(name: "ebcdic") == nil)
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
      // The plainest forms, read at once from their bytes: the same values.
      ("-853,20", .comma, 85320, true), ("424,4", .comma, 42440, false), ("+7", .comma, 700, false),
      ("007.50", .point, 750, false), ("-0.00", .point, 0, true),
      ("92233720368547758.07", .point, Int64.max, false), ("-92233720368547758.07", .point, Int64.max, true),
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
      ("123456789012345678901", .point, .tooLarge), ("-", .point, .empty), ("12,", .comma, .notADecimal),
      ("-12,345", .comma, .tooManyFractionDigits), ("+-5", .point, .notADecimal),
    ])
  func amountsRefused(text: String, mark: DecimalMark, error: AmountSyntaxError) {
    #expect(throws: error) { try WrittenAmount(parsing: text, decimalMark: mark) }
  }
}
