extension CalendarDate {
  /// Reads a date written as `YYYY-MM-DD`, the ISO 8601 calendar-date form.
  ///
  /// Exactly four year digits, two month digits and two day digits, separated by hyphens; the
  /// date must exist.
  ///
  /// - Parameter text: The text to read, such as `2016-04-01`.
  /// - Throws: ``CalendarDateError/notISO8601`` for any other shape, or the error of
  ///   ``init(year:month:day:)`` for a date that does not exist.
  public init(iso8601 text: some StringProtocol) throws(CalendarDateError) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      throw .notISO8601
    }
    func number(_ range: Range<Int>) throws(CalendarDateError) -> Int {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw .notISO8601 }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    try self.init(year: number(0..<4), month: number(5..<7), day: number(8..<10))
  }
}
