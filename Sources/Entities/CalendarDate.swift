/// A day in the proleptic Gregorian calendar: a year, a month and a day, with no time and no
/// time zone.
///
/// A transaction happens on a calendar date, not at an instant, so nothing about a
/// `CalendarDate` depends on the machine's clock, time zone or locale. Every value is a real
/// date: the initializer rejects 2016-02-30.
public struct CalendarDate: Hashable, Comparable, Sendable {
  /// The year, the month and the day in one number: the year from bit 9, the month from bit 5,
  /// the day in bits 0 to 4. So a date takes 4 bytes, not three `Int`s' 24 (a report moves a
  /// date in every record), and dates compare and hash as one number, in calendar order.
  private let packed: UInt32

  /// The year, from 1 to 9999.
  public var year: Int { Int(packed >> 9) }
  /// The month, from 1 (January) to 12 (December).
  public var month: Int { Int(packed >> 5 & 0xF) }
  /// The day of the month, from 1 to the length of the month.
  public var day: Int { Int(packed & 0x1F) }

  /// Creates a date after checking that it exists.
  ///
  /// - Parameters:
  ///   - year: The year, 1 to 9999.
  ///   - month: The month, 1 to 12.
  ///   - day: The day, 1 to the number of days in that month of that year.
  /// - Throws: ``CalendarDateError`` naming the part that is out of range.
  public init(year: Int, month: Int, day: Int) throws(CalendarDateError) {
    guard (1...9999).contains(year) else { throw .yearOutOfRange }
    guard (1...12).contains(month) else { throw .monthOutOfRange }
    // Days 1 to 28 are in every month: most dates are decided without looking the month up
    // (dates in no order made that lookup a branch mispredicted for nearly every record).
    guard day >= 1, day <= 28 || day <= Self.daysIn(month: month, year: year) else { throw .dayOutOfRange }
    packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
  }

  /// The number of days in a month, counting February 29 in leap years.
  ///
  /// - Parameters:
  ///   - month: The month, 1 to 12.
  ///   - year: The year.
  /// - Returns: 28 to 31, or 0 for a month outside 1 to 12.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 1, 3, 5, 7, 8, 10, 12: return 31
    case 4, 6, 9, 11: return 30
    case 2: return isLeap(year) ? 29 : 28
    default: return 0
    }
  }

  /// Whether a year has a February 29 in the Gregorian calendar.
  ///
  /// - Parameter year: The year.
  /// - Returns: `true` for years divisible by 4, except centuries not divisible by 400.
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// Orders dates from earlier to later.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    lhs.packed < rhs.packed
  }
}

/// Why a year, month and day do not name a real date.
public enum CalendarDateError: Error, Equatable, Sendable {
  /// The text is not in the form `YYYY-MM-DD`.
  case notISO8601
  /// The text does not have the shape of the layout it was read in (a way of writing dates that
  /// a reader of dates defines, such as `MM/DD/YYYY`): `2024-03-15` read as `MM/DD/YYYY`.
  case notInLayout
  /// The year is outside 1 to 9999.
  case yearOutOfRange
  /// The month is outside 1 to 12.
  case monthOutOfRange
  /// The day is outside the days of that month, such as February 30.
  case dayOutOfRange
}
