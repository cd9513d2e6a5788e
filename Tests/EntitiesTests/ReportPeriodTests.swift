import Entities
import Testing

@Suite struct ReportPeriodTests {
  private static func date(_ text: String) throws -> CalendarDate { try CalendarDate(iso8601: text) }

  @Test("Both ends are included; a day outside either end is not")
  func inclusiveEnds() throws {
    let period = try ReportPeriod(first: Self.date("2024-03-01"), last: Self.date("2024-03-31"))
    #expect(period.contains(try Self.date("2024-03-01")))
    #expect(period.contains(try Self.date("2024-03-31")))
    #expect(!period.contains(try Self.date("2024-02-29")))
    #expect(!period.contains(try Self.date("2024-04-01")))
  }

  @Test("A period open at one end reaches as far as dates go on that side")
  func openEnds() throws {
    let from = try ReportPeriod(first: Self.date("2024-03-01"), last: nil)
    let upTo = try ReportPeriod(first: nil, last: Self.date("2024-03-01"))
    #expect(from.contains(try Self.date("9999-12-31")))
    #expect(!from.contains(try Self.date("2024-02-29")))
    #expect(upTo.contains(try Self.date("0001-01-01")))
    #expect(!upTo.contains(try Self.date("2024-03-02")))
  }

  @Test("The first day after the last is refused; one day is a period")
  func firstAfterLast() throws {
    #expect(throws: ReportPeriodError.firstAfterLast) {
      try ReportPeriod(first: Self.date("2024-03-02"), last: Self.date("2024-03-01"))
    }
    let day = try ReportPeriod(first: Self.date("2024-03-01"), last: Self.date("2024-03-01"))
    #expect(day.contains(try Self.date("2024-03-01")))
  }

  @Test(
    "A month is its first day to its last: February in leap and common years, December",
    arguments: [
      (2024, 2, "2024-02-29"), (2023, 2, "2023-02-28"), (2000, 2, "2000-02-29"), (1900, 2, "1900-02-28"),
      (2024, 12, "2024-12-31"), (2024, 4, "2024-04-30"),
    ])
  func month(year: Int, month: Int, last: String) throws {
    let period = try ReportPeriod.month(year: year, month: month)
    #expect(period.first == (try CalendarDate(year: year, month: month, day: 1)))
    #expect(period.last == (try Self.date(last)))
    #expect(period.isWholeMonth)
  }

  @Test("A month out of range is refused as a date would be")
  func monthOutOfRange() {
    #expect(throws: CalendarDateError.monthOutOfRange) { try ReportPeriod.month(year: 2024, month: 13) }
    #expect(throws: CalendarDateError.yearOutOfRange) { try ReportPeriod.month(year: 0, month: 1) }
  }

  @Test("Only a first-to-last-day period of one month is a whole month")
  func wholeMonth() throws {
    #expect(try ReportPeriod(first: Self.date("2024-03-01"), last: Self.date("2024-03-31")).isWholeMonth)
    #expect(!(try ReportPeriod(first: Self.date("2024-03-01"), last: Self.date("2024-03-30")).isWholeMonth))
    #expect(!(try ReportPeriod(first: Self.date("2024-03-01"), last: Self.date("2024-04-30")).isWholeMonth))
    #expect(!(try ReportPeriod(first: Self.date("2024-03-01"), last: nil).isWholeMonth))
  }
}
