import Entities
import Testing

@Suite struct CalendarDateTests {
  @Test(
    "Real dates are accepted, including February 29 of leap years",
    arguments: [
      (2016, 2, 29),
      (2000, 2, 29),
      (2016, 4, 1),
      (2015, 12, 31),
      (2015, 2, 28),
      (2016, 4, 30),
      (1, 1, 1),
      (9999, 12, 31),
    ])
  func validDates(year: Int, month: Int, day: Int) throws {
    let date = try CalendarDate(year: year, month: month, day: day)
    #expect(date.year == year)
    #expect(date.month == month)
    #expect(date.day == day)
  }

  @Test(
    "Dates that do not exist are rejected, naming the part out of range",
    arguments: [
      (2015, 2, 29, .dayOutOfRange),
      (1900, 2, 29, .dayOutOfRange),  // a century not divisible by 400 is not a leap year
      (2016, 2, 30, .dayOutOfRange),
      (2016, 4, 31, .dayOutOfRange),
      (2016, 1, 32, .dayOutOfRange),
      (2016, 1, 0, .dayOutOfRange),
      (2016, 1, -1, .dayOutOfRange),
      (2016, 13, 1, .monthOutOfRange),
      (2016, 0, 1, .monthOutOfRange),
      (0, 1, 1, .yearOutOfRange),
      (10_000, 1, 1, .yearOutOfRange),
      (-2016, 1, 1, .yearOutOfRange),
    ] as [(Int, Int, Int, CalendarDateError)])
  func invalidDates(year: Int, month: Int, day: Int, error: CalendarDateError) {
    #expect(throws: error) { try CalendarDate(year: year, month: month, day: day) }
  }

  @Test(
    "Leap years follow the Gregorian rule",
    arguments: [
      (2016, true), (2015, false), (2000, true), (1900, false), (2100, false), (2400, true), (4, true),
    ])
  func leapYears(year: Int, isLeap: Bool) {
    #expect(CalendarDate.isLeap(year) == isLeap)
    #expect(CalendarDate.daysIn(month: 2, year: year) == (isLeap ? 29 : 28))
  }

  @Test("Months have their lengths; a month outside 1 to 12 has none")
  func monthLengths() {
    let lengths = (1...12).map { CalendarDate.daysIn(month: $0, year: 2015) }
    #expect(lengths == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    #expect(CalendarDate.daysIn(month: 0, year: 2015) == 0)
    #expect(CalendarDate.daysIn(month: 13, year: 2015) == 0)
  }

  @Test(
    "Every day of every month exists exactly up to the month's length, in common and leap years",
    arguments: [
      (1, false), (4, true), (1900, false), (2000, true), (2015, false), (2016, true), (2100, false),
      (9999, false),
    ])
  func everyDay(year: Int, isLeap: Bool) {
    let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    for (month, length) in zip(1...12, lengths) {
      for day in -1...33 {
        let date = try? CalendarDate(year: year, month: month, day: day)
        #expect((date != nil) == (1...length).contains(day), "\(year)-\(month)-\(day)")
      }
    }
  }

  @Test("Dates are ordered by year, then month, then day")
  func ordering() throws {
    let dates = try [
      (2016, 4, 2), (2015, 12, 31), (2016, 4, 1), (2016, 3, 31), (2016, 10, 1), (1999, 1, 1),
    ].map { try CalendarDate(year: $0.0, month: $0.1, day: $0.2) }
    let sorted = dates.sorted().map { [$0.year, $0.month, $0.day] }
    #expect(
      sorted == [
        [1999, 1, 1], [2015, 12, 31], [2016, 3, 31], [2016, 4, 1], [2016, 4, 2], [2016, 10, 1],
      ])
    #expect(try CalendarDate(year: 2016, month: 4, day: 1) == CalendarDate(year: 2016, month: 4, day: 1))
    #expect(!(try CalendarDate(year: 2016, month: 4, day: 1) < CalendarDate(year: 2016, month: 4, day: 1)))
  }
}
