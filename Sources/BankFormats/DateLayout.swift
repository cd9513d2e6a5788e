import Entities

/// A way a calendar date is written: the layouts bank exports use.
///
/// Each layout's raw value is how a person names it, and how `txreport --date-format` takes
/// it. In the layouts with separators, a month or day may be one digit (`3/5/2024`); the year is
/// always four digits, since a two-digit year would be a guess.
///
/// Some texts fit two layouts: `03/04/2024` is March 4 as `MM/DD/YYYY` and April 3 as
/// `DD/MM/YYYY`. ``layouts(fitting:)`` tells which layouts a text fits, so a reader can decide a
/// file's layout from its dates, or say that it cannot.
public enum DateLayout: String, CaseIterable, Sendable {
  /// `2024-03-15`: ISO 8601, the native format's only layout.
  case iso = "YYYY-MM-DD"
  /// `03/15/2024`: month first, as in the United States.
  case monthDayYear = "MM/DD/YYYY"
  /// `15/03/2024`: day first, as in much of the world.
  case dayMonthYear = "DD/MM/YYYY"
  /// `15.03.2024`: day first with dots, as in Germany, Switzerland and much of Europe.
  case dayMonthYearDots = "DD.MM.YYYY"
  /// `20240315`: eight digits, as in OFX files and many exports.
  case compact = "YYYYMMDD"

  /// The layout a person names, in any case: `mm/dd/yyyy` is ``monthDayYear``.
  ///
  /// `nil` for a name that is not one of the layouts.
  ///
  /// - Parameter name: A layout's name, such as `DD.MM.YYYY`.
  public init?(name: some StringProtocol) {
    guard let layout = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
      return nil
    }
    self = layout
  }

  /// The layouts in which a text is a real date.
  ///
  /// - Parameter text: The date as written.
  /// - Returns: Every layout that reads it as a date that exists, in the order of the cases;
  ///   empty when none does.
  public static func layouts(fitting text: some StringProtocol) -> [DateLayout] {
    allCases.filter { (try? CalendarDate(text, layout: $0)) != nil }
  }
}

extension CalendarDate {
  /// Reads a date written in a layout.
  ///
  /// - Parameters:
  ///   - text: The date as written, such as `03/15/2024`.
  ///   - layout: How it is written.
  /// - Throws: `CalendarDateError.notInLayout` when the text does not have the layout's shape
  ///   (`CalendarDateError.notISO8601` for ``DateLayout/iso``), or the error of
  ///   `CalendarDate.init(year:month:day:)` for a date that does not exist.
  public init(_ text: some StringProtocol, layout: DateLayout) throws(CalendarDateError) {
    let bytes = Array(text.utf8)
    switch layout {
    case .iso:
      try self.init(iso8601UTF8: bytes)
    case .compact:
      guard bytes.count == 8, let number = Self.number(bytes[...]) else { throw .notInLayout }
      try self.init(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    case .monthDayYear, .dayMonthYear, .dayMonthYearDots:
      let separator = UInt8(ascii: layout == .dayMonthYearDots ? "." : "/")
      let parts = bytes.split(separator: separator, omittingEmptySubsequences: false)
      guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
        parts[2].count == 4, let first = Self.number(parts[0]), let second = Self.number(parts[1]),
        let year = Self.number(parts[2])
      else { throw .notInLayout }
      let (month, day) = layout == .monthDayYear ? (first, second) : (second, first)
      try self.init(year: year, month: month, day: day)
    }
  }

  /// The value of a run of ASCII digits, or `nil` when it holds anything else or nothing.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
