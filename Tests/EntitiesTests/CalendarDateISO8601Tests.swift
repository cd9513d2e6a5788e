import Entities
import Testing

@Suite struct CalendarDateISO8601Tests {
  @Test(
    "YYYY-MM-DD text gives the date it names",
    arguments: [
      ("2016-04-01", 2016, 4, 1),
      ("2016-02-29", 2016, 2, 29),
      ("2000-02-29", 2000, 2, 29),
      ("0001-01-01", 1, 1, 1),
      ("9999-12-31", 9999, 12, 31),
    ])
  func valid(text: String, year: Int, month: Int, day: Int) throws {
    #expect(try CalendarDate(iso8601: text) == CalendarDate(year: year, month: month, day: day))
  }

  @Test(
    "Any other shape is not ISO 8601",
    arguments: [
      "2016-4-1", "20160401", "2016/04/01", "2016-04-01 ", " 2016-04-01", "2016-04-01T00:00:00Z",
      "", "2016-04", "16-04-01", "2016-04-0a", "+016-04-01", "-016-04-01", "2016-+4-01", "2016 04 01",
      "\u{FF12}\u{FF10}\u{FF11}\u{FF16}-04-01",  // fullwidth digits
      "201\u{0666}-04-01",  // an Arabic-Indic digit
    ])
  func invalidShape(text: String) {
    #expect(throws: CalendarDateError.notISO8601) { try CalendarDate(iso8601: text) }
  }

  @Test(
    "Well-shaped text naming a date that does not exist is rejected with the part out of range",
    arguments: [
      ("2015-02-29", .dayOutOfRange),
      ("1900-02-29", .dayOutOfRange),
      ("2016-02-30", .dayOutOfRange),
      ("2016-04-00", .dayOutOfRange),
      ("2016-13-01", .monthOutOfRange),
      ("2016-00-01", .monthOutOfRange),
      ("0000-01-01", .yearOutOfRange),
    ] as [(String, CalendarDateError)])
  func invalidDate(text: String, error: CalendarDateError) {
    #expect(throws: error) { try CalendarDate(iso8601: text) }
  }

  @Test("A substring is read like the string it shows")
  func substring() throws {
    let line = "date=2016-04-01;"
    let start = try #require(line.firstIndex(of: "="))
    let end = try #require(line.firstIndex(of: ";"))
    #expect(
      try CalendarDate(iso8601: line[line.index(after: start)..<end])
        == CalendarDate(year: 2016, month: 4, day: 1))
  }

  @Test(
    "Bytes side by side are read as bytes one by one are, valid or not",
    arguments: [
      "2016-04-01", "9999-12-31", "0001-01-01", "2016-02-29", "2015-02-29", "2016-13-01", "0000-01-01",
      "2016-04-0/", "2016-04-0:", "/016-04-01", "2016:04-01", "2016-04-01 ", "2016-4-01", "",
      "2016-04-0\u{E9}",
    ])
  func contiguousBytes(text: String) {
    let bytes = Array(text.utf8)
    // A lazy map has no storage side by side: it takes the loop, byte by byte.
    let oneByOne = bytes.lazy.map { $0 }
    #expect(oneByOne.withContiguousStorageIfAvailable { _ in true } == nil)
    let sideBySide = Result { () throws(CalendarDateError) in try CalendarDate(iso8601UTF8: bytes) }
    let looped = Result { () throws(CalendarDateError) in try CalendarDate(iso8601UTF8: oneByOne) }
    #expect(sideBySide == looped, "\(text)")
  }
}
