import Entities

extension CalendarDate {
  /// A date written as `YYYY-MM-DD`.
  ///
  /// - Parameter text: The date, such as `2016-04-01`.
  /// - Returns: The date.
  /// - Throws: ``FixtureError`` when the literal is not a real date in that form.
  public static func fixture(_ text: String) throws -> CalendarDate {
    do {
      return try CalendarDate(iso8601: text)
    } catch {
      throw FixtureError("\"\(text)\" is not a YYYY-MM-DD date: \(error)")
    }
  }
}
