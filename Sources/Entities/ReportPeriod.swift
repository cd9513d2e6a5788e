/// The days a report covers: from a first day, up to a last day, both included; either end may
/// be open.
///
/// A report with a period shows only the transactions dated inside it. Asking whether a date
/// is inside is two comparisons of calendar dates, so a report checks it for every record at
/// no measurable cost. A period is never empty: its first day is never after its last.
public struct ReportPeriod: Hashable, Sendable {
  /// The first day reported, or `nil` for no limit before.
  public let first: CalendarDate?
  /// The last day reported, or `nil` for no limit after.
  public let last: CalendarDate?

  /// Creates a period from its first and last days, both included.
  ///
  /// - Parameters:
  ///   - first: The first day, or `nil` for every day up to `last`.
  ///   - last: The last day, or `nil` for every day from `first` on.
  /// - Throws: ``ReportPeriodError/firstAfterLast`` when `first` is after `last`.
  public init(first: CalendarDate?, last: CalendarDate?) throws(ReportPeriodError) {
    if let first, let last, last < first { throw .firstAfterLast }
    self.first = first
    self.last = last
  }

  /// The period of one calendar month: its first day to its last.
  ///
  /// - Parameters:
  ///   - year: The year, 1 to 9999.
  ///   - month: The month, 1 to 12.
  /// - Returns: The month, such as 2024-02-01 to 2024-02-29.
  /// - Throws: ``CalendarDateError`` for a year or month out of range.
  public static func month(year: Int, month: Int) throws(CalendarDateError) -> ReportPeriod {
    let first = try CalendarDate(year: year, month: month, day: 1)
    let last = try CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))
    return ReportPeriod(uncheckedFirst: first, last: last)
  }

  private init(uncheckedFirst first: CalendarDate?, last: CalendarDate?) {
    self.first = first
    self.last = last
  }

  /// Whether a date is one of the period's days.
  ///
  /// - Parameter date: The date.
  /// - Returns: `true` when the date is neither before the first day nor after the last.
  @inlinable
  public func contains(_ date: CalendarDate) -> Bool {
    if let first, date < first { return false }
    if let last, last < date { return false }
    return true
  }

  /// Whether the period is exactly one whole calendar month (its first day to its last), as
  /// ``month(year:month:)`` makes it: such a period can be named by its month.
  public var isWholeMonth: Bool {
    guard let first, let last else { return false }
    return first.day == 1 && first.year == last.year && first.month == last.month
      && last.day == CalendarDate.daysIn(month: last.month, year: last.year)
  }
}

/// Why a first and a last day make no period.
public enum ReportPeriodError: Error, Equatable, Sendable {
  /// The first day is after the last.
  case firstAfterLast
}
