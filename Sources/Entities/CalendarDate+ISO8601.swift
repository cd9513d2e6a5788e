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
    try self.init(iso8601UTF8: text.utf8)
  }

  /// Reads a date from the UTF-8 bytes of its `YYYY-MM-DD` text, by the rules of
  /// ``init(iso8601:)``.
  ///
  /// A decoder that reads dates straight from the bytes of a file uses this form: nothing is
  /// allocated. It is inlinable so that a caller's byte buffer is read without generic overhead.
  ///
  /// - Parameter bytes: The UTF-8 bytes of the text, such as those of `2016-04-01`.
  /// - Throws: The errors of ``init(iso8601:)``.
  @inlinable
  package init(iso8601UTF8 bytes: some Collection<UInt8>) throws(CalendarDateError) {
    // Bytes side by side (a file's, a string's): each digit read at its place, no loop.
    if let fields = bytes.withContiguousStorageIfAvailable(Self.iso8601Fields) {
      guard let fields else { throw .notISO8601 }
      try self.init(year: fields.year, month: fields.month, day: fields.day)
      return
    }
    guard bytes.count == 10 else { throw .notISO8601 }
    var fields = (year: 0, month: 0, day: 0)
    for (offset, byte) in zip(0..<10, bytes) {
      switch offset {
      case 4, 7:
        guard byte == UInt8(ascii: "-") else { throw .notISO8601 }
      default:
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .notISO8601 }
        let digit = Int(byte &- UInt8(ascii: "0"))
        switch offset {
        case 0..<4: fields.year = fields.year * 10 + digit
        case 5..<7: fields.month = fields.month * 10 + digit
        default: fields.day = fields.day * 10 + digit
        }
      }
    }
    try self.init(year: fields.year, month: fields.month, day: fields.day)
  }

  /// The year, month and day of the ten bytes `YYYY-MM-DD`, or `nil` for any other shape.
  @inlinable
  static func iso8601Fields(_ bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    @inline(__always) func digit(_ offset: Int) -> Int? {
      let value = bytes[offset] &- UInt8(ascii: "0")
      return value < 10 ? Int(value) : nil
    }
    guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3), let m0 = digit(5),
      let m1 = digit(6), let d0 = digit(8), let d1 = digit(9)
    else { return nil }
    return (y0 * 1000 + y1 * 100 + y2 * 10 + y3, m0 * 10 + m1, d0 * 10 + d1)
  }
}
