import ByteWords
import Entities

/// A way a calendar date is written, named by a pattern of `D`, `M` and `Y` letters: the
/// layouts bank exports use.
///
/// The pattern is how a person names the layout, and how `txreport --date-format` takes it:
///
/// - `D` or `DD`: the day; `M` or `MM`: the month as a number; `MMM`: the month by its English
///   name, abbreviated (`Jan`, `Sep` or `Sept`) or whole (`January`), in any case;
/// - `YYYY`: the year in four digits; `YY`: in two, read by the pivot of POSIX's `%y`, which
///   this layout states once and for all: `69` to `99` are 1969 to 1999, `00` to `68` are 2000
///   to 2068;
/// - anything else (`/`, `.`, `-`, a space, a comma) is written as it is.
///
/// Where a number is followed by a separator, it may have one digit or two whatever the
/// pattern says (`D/M/YY` and `DD/MM/YY` read the same dates, `3/5/24` and `03/05/24`); where
/// numbers follow each other with nothing between (`YYYYMMDD`), each has exactly its letters'
/// digits. A time after the date is allowed and left out, as a date is a calendar date: a space
/// or a `T`, then `H:MM`, `HH:MM:SS` (with a fraction), then an optional `AM` or `PM` and an
/// optional zone (`Z`, `+01:00`).
///
/// Some texts fit two layouts: `03/04/2024` is March 4 as `MM/DD/YYYY` and April 3 as
/// `DD/MM/YYYY`. A reader of a bank's file decides its layout from all its dates, or says that
/// it cannot and asks for one, never guessing.
public struct DateLayout: Hashable, Sendable, CustomStringConvertible {
  /// The pattern, as written with upper-case letters: `DD/MM/YYYY`.
  package let pattern: String
  /// What the pattern is made of.
  private let parts: [Part]

  /// One part of a pattern.
  private enum Part: Hashable, Sendable {
    case day
    case month
    case monthName
    case year(digits: Int)
    case literal(UInt8)

    /// Whether the part is a number: a day, a month or a year (not a month's name).
    var isNumber: Bool {
      switch self {
      case .day, .month, .year: true
      case .monthName, .literal: false
      }
    }
  }

  /// `2024-03-15`: ISO 8601's order, as banks write it: like every layout here, a month or a
  /// day beside a separator may drop its zero (`2024-3-1`). The native format's dates are read
  /// strictly, by `CalendarDate(iso8601:)`, not by this layout.
  public static let iso = DateLayout(checked: "YYYY-MM-DD")
  /// `03/15/2024`: month first, as in the United States.
  public static let monthDayYear = DateLayout(checked: "MM/DD/YYYY")
  /// `15/03/2024`: day first, as in much of the world.
  public static let dayMonthYear = DateLayout(checked: "DD/MM/YYYY")
  /// `15.03.2024`: day first with dots, as in Germany, Switzerland and much of Europe.
  public static let dayMonthYearDots = DateLayout(checked: "DD.MM.YYYY")
  /// `20240315`: eight digits, as in OFX files and many exports.
  public static let compact = DateLayout(checked: "YYYYMMDD")

  /// The layouts a reader tries when a file does not say how its dates are written, in the
  /// order they are named in messages: the four-digit years first, then the two-digit ones,
  /// then those with month names. A file whose dates fit two of them (`03/04/2024`, `03.04.2024`,
  /// `24-03-15`, which is a year first as Swedish and Japanese exports write it, or a day first)
  /// is asked, never read by a guess; every layout that the same digits can spell another way is
  /// here for that reason, so that the file's own dates must rule the others out.
  package static let detectable: [DateLayout] = [
    .iso, .monthDayYear, .dayMonthYear, .dayMonthYearDots, .compact,
    DateLayout(checked: "MM.DD.YYYY"), DateLayout(checked: "DD-MM-YYYY"), DateLayout(checked: "MM-DD-YYYY"),
    DateLayout(checked: "YYYY/MM/DD"), DateLayout(checked: "YYYY.MM.DD"), DateLayout(checked: "YYYY.MM.DD."),
    DateLayout(checked: "MM/DD/YY"), DateLayout(checked: "DD/MM/YY"), DateLayout(checked: "YY/MM/DD"),
    DateLayout(checked: "DD.MM.YY"), DateLayout(checked: "MM.DD.YY"), DateLayout(checked: "YY.MM.DD"),
    DateLayout(checked: "DD-MM-YY"), DateLayout(checked: "MM-DD-YY"), DateLayout(checked: "YY-MM-DD"),
    DateLayout(checked: "DD-MMM-YYYY"), DateLayout(checked: "DD MMM YYYY"), DateLayout(checked: "DD-MMM-YY"),
    DateLayout(checked: "DD MMM YY"), DateLayout(checked: "MMM DD, YYYY"), DateLayout(checked: "DD/MMM/YYYY"),
  ]

  /// The pattern.
  public var description: String { pattern }

  /// The layout a pattern names, in any case: `dd.mm.yy` is `DD.MM.YY`.
  ///
  /// `nil` for a pattern that does not name one day, one month and one year with the letters
  /// above, or that has other letters or digits.
  ///
  /// - Parameter name: A pattern, such as `DD.MM.YYYY` or `M/D/YY`.
  public init?(name: some StringProtocol) {
    guard let layout = Self.parse(name) else { return nil }
    self = layout
  }

  private init(checked pattern: String) {
    // The patterns of this file are written right; a wrong one is a bug caught by every test.
    self = Self.parse(pattern) ?? DateLayout(pattern: pattern, parts: [])
  }

  private init(pattern: String, parts: [Part]) {
    self.pattern = pattern
    self.parts = parts
  }

  private static func parse(_ name: some StringProtocol) -> DateLayout? {
    let text = Array(name.uppercased().utf8)
    var parts: [Part] = []
    var index = 0
    var seen = (day: 0, month: 0, year: 0)
    while index < text.count {
      let byte = text[index]
      let run = text[index...].prefix { $0 == byte }.count
      switch byte {
      case UInt8(ascii: "D"):
        guard run <= 2 else { return nil }
        parts.append(.day)
        seen.day += 1
      case UInt8(ascii: "M"):
        guard run <= 4 else { return nil }
        parts.append(run >= 3 ? .monthName : .month)
        seen.month += 1
      case UInt8(ascii: "Y"):
        guard run == 2 || run == 4 else { return nil }
        parts.append(.year(digits: run))
        seen.year += 1
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...:
        return nil
      default:
        parts += Array(repeating: .literal(byte), count: run)
      }
      index += run
    }
    guard seen == (1, 1, 1) else { return nil }
    return DateLayout(pattern: String(decoding: text, as: UTF8.self), parts: parts)
  }

  /// The layouts among ``detectable`` in which a text is a real date.
  ///
  /// - Parameter text: The date as written.
  /// - Returns: Every layout that reads it as a date that exists, in the order of
  ///   ``detectable``; empty when none does.
  package static func layouts(fitting text: some StringProtocol) -> [DateLayout] {
    // The text's bytes taken once for all the layouts, not once for each: a reading tries each
    // date of its sample in every layout, and a generic text is slow to read from another module.
    var native = String(text)
    return native.withUTF8 { bytes in
      detectable.filter { (try? CalendarDate(utf8: bytes, layout: $0)) != nil }
    }
  }

  /// The year a two-digit year stands for: POSIX's pivot, `69` to `99` for 1969 to 1999, `00`
  /// to `68` for 2000 to 2068.
  ///
  /// - Parameter year: The two digits' value, 0 to 99.
  /// - Returns: The year.
  package static func twoDigitYear(_ year: Int) -> Int {
    year >= 69 ? 1900 + year : 2000 + year
  }

  /// The year, month and day a text writes in this layout, as numbers, not checked to be a
  /// real date (`2024`, `2`, `30`); `nil` when the text does not have the layout's shape.
  ///
  /// A reader that must say why a date is not real (February has 29 days that year) asks
  /// this.
  ///
  /// - Parameter text: The date as written.
  /// - Returns: The numbers, or `nil`.
  package func numbers(in text: some StringProtocol) -> (year: Int, month: Int, day: Int)? {
    // No date, even with its time and zone, is this long.
    guard text.utf8.count <= 64 else { return nil }
    // Read where the text lies when it can be (every date is tried in several layouts).
    if let numbers = text.utf8.withContiguousStorageIfAvailable({ numbers(utf8: $0) }) { return numbers }
    return Array(text.utf8).withUnsafeBufferPointer { numbers(utf8: $0) }
  }

  /// ``numbers(in:)`` of a text's UTF-8 bytes.
  package func numbers(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
    // No date, even with its time and zone, is this long.
    guard bytes.count <= 64 else { return nil }
    if self == .iso, bytes.count >= 10, Self.isTime(bytes[10...]),
      let numbers = numbers(strictISO: bytes[..<10])
    {
      // Most ISO dates have both zeros: read them at once; any other goes the general way.
      return numbers
    }
    // So have most dates of any layout: each number with its zeros, nothing after the date.
    if let numbers = fixedWidthNumbers(bytes) { return numbers }
    var index = 0
    var year: Int?
    var month: Int?
    var day: Int?
    for (offset, part) in parts.enumerated() {
      let next = offset + 1 < parts.count ? parts[offset + 1] : nil
      switch part {
      case .literal(let byte):
        guard index < bytes.count, bytes[index] == byte else { return nil }
        index += 1
      case .monthName:
        let letters = bytes[index...].prefix { Self.isLetter($0) || $0 == UInt8(ascii: ".") }
        guard let number = Self.month(named: letters) else { return nil }
        month = number
        index += letters.count
      case .day, .month, .year:
        // A number beside another, with nothing between, has exactly its digits (YYYYMMDD);
        // one beside a separator, a name or the end may drop a day's or a month's zero.
        let previous = offset > 0 ? parts[offset - 1] : nil
        let besideNumber = (next?.isNumber ?? false) || (previous?.isNumber ?? false)
        let width: ClosedRange<Int> =
          switch part {
          case .year(let count): count...count
          default: besideNumber ? 2...2 : 1...2
          }
        let digits = bytes[index...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let count = (next?.isNumber ?? false) ? min(digits.count, width.upperBound) : digits.count
        guard width.contains(count), let value = Self.number(bytes[index..<(index + count)]) else {
          return nil
        }
        switch part {
        case .day: day = value
        case .month: month = value
        case .year(let digitCount): year = digitCount == 2 ? Self.twoDigitYear(value) : value
        default: break
        }
        index += count
      }
    }
    guard Self.isTime(bytes[index...]), let year, let month, let day else { return nil }
    return (year, month, day)
  }

  /// The numbers of a date written with every number at its full width (a day and a month in
  /// two digits, a year in the layout's), and nothing after it; `nil` for any other text, which
  /// the general reading takes (and reads such a text alike).
  private func fixedWidthNumbers(_ bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
    var index = 0
    var (year, month, day) = (0, 0, 0)
    for part in parts {
      let width: Int
      switch part {
      case .literal(let byte):
        guard index < bytes.count, bytes[index] == byte else { return nil }
        index += 1
        continue
      case .monthName: return nil
      case .year(let digits): width = digits
      case .day, .month: width = 2
      }
      guard index + width <= bytes.count else { return nil }
      var value = 0
      for offset in index..<(index + width) {
        let digit = bytes[offset] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      index += width
      switch part {
      case .day: day = value
      case .month: month = value
      case .year(let digits): year = digits == 2 ? Self.twoDigitYear(value) : value
      case .literal, .monthName: break
      }
    }
    return index == bytes.count ? (year, month, day) : nil
  }

  /// The places of a date written in this layout with every number at its full width, for a
  /// reader that reads many dates of one layout; `nil` for a layout with a month's name, or
  /// whose dates would be longer than 15 bytes.
  package var fixedWidth: FixedWidthDate? {
    var place = 0
    var (year, month, day, yearDigits) = (0, 0, 0, 4)
    var literals: [(place: Int, byte: UInt8)] = []
    for part in parts {
      switch part {
      case .literal(let byte):
        literals.append((place, byte))
        place += 1
      case .monthName: return nil
      case .year(let digits): (year, yearDigits, place) = (place, digits, place + digits)
      case .month: (month, place) = (place, place + 2)
      case .day: (day, place) = (place, place + 2)
      }
    }
    guard place <= 15 else { return nil }
    return FixedWidthDate(
      count: place, year: year, yearDigits: yearDigits, month: month, day: day, literals: literals)
  }

  /// The numbers of `YYYY-MM-DD`, each with exactly its digits.
  private func numbers(strictISO date: Slice<UnsafeBufferPointer<UInt8>>) -> (
    year: Int, month: Int, day: Int
  )? {
    guard date[4] == UInt8(ascii: "-"), date[7] == UInt8(ascii: "-"), let year = Self.number(date[0..<4]),
      let month = Self.number(date[5..<7]), let day = Self.number(date[8..<10])
    else { return nil }
    return (year, month, day)
  }

  /// Whether the bytes are nothing, or a time after a date: a space or `T`, `H:MM` or
  /// `HH:MM:SS` (a fraction allowed), an optional `AM`/`PM` and an optional zone.
  private static func isTime(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    guard let first = bytes.first else { return true }
    guard first == UInt8(ascii: " ") || first == UInt8(ascii: "T") else { return false }
    var rest = bytes.dropFirst()
    func digits(_ range: ClosedRange<Int>) -> Bool {
      let run = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard range.contains(run.count) else { return false }
      rest = rest.dropFirst(run.count)
      return true
    }
    func take(_ byte: Character) -> Bool {
      guard rest.first == UInt8(ascii: byte.unicodeScalars.first ?? " ") else { return false }
      rest = rest.dropFirst()
      return true
    }
    guard digits(1...2), take(":"), digits(2...2) else { return false }
    if take(":") {
      guard digits(2...2) else { return false }
      if take(".") { guard digits(1...9) else { return false } }
    }
    _ = take(" ")
    let meridiem = rest.prefix(2).map { $0 | 0x20 }
    if meridiem == Array("am".utf8) || meridiem == Array("pm".utf8) {
      rest = rest.dropFirst(2)
      _ = take(" ")
    }
    if take("Z") { return rest.isEmpty }
    if take("+") || take("-") {
      guard digits(2...4) else { return false }
      if take(":") { guard digits(2...2) else { return false } }
    }
    return rest.isEmpty
  }

  /// The month of an English month name or its abbreviation (`Jan`, `Sept`, `Sep.`,
  /// `January`), in any case.
  private static func month(named letters: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    var name = String(decoding: letters, as: UTF8.self).lowercased()
    if name.hasSuffix(".") { name.removeLast() }
    guard name.count >= 3 else { return nil }
    for (index, month) in monthNames.enumerated() where month.hasPrefix(name) {
      // `Sept` is September's abbreviation too; any other prefix is only the first three letters
      // or the whole name.
      if name.count == 3 || name == month || (index == 8 && name == "sept") { return index + 1 }
    }
    return nil
  }

  private static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// The value of a run of ASCII digits, or `nil` when it holds anything else or nothing.
  fileprivate static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    guard !digits.isEmpty, digits.count <= 9 else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

extension CalendarDate {
  /// Reads a date written in a layout from its UTF-8 bytes, as ``init(_:layout:)`` reads its
  /// text: for a reader that has the bytes and no `String`.
  ///
  /// - Parameters:
  ///   - bytes: The date's UTF-8 bytes.
  ///   - layout: How it is written.
  /// - Throws: What ``init(_:layout:)`` throws.
  package init(utf8 bytes: UnsafeBufferPointer<UInt8>, layout: DateLayout) throws(CalendarDateError) {
    guard let numbers = layout.numbers(utf8: bytes) else { throw layout == .iso ? .notISO8601 : .notInLayout }
    try self.init(year: numbers.year, month: numbers.month, day: numbers.day)
  }

  /// Reads a date written in a layout.
  ///
  /// - Parameters:
  ///   - text: The date as written, such as `03/15/2024` or `2024-03-15 13:12`.
  ///   - layout: How it is written.
  /// - Throws: `CalendarDateError.notInLayout` when the text does not have the layout's shape
  ///   (`CalendarDateError.notISO8601` for ``DateLayout/iso``), or the error of
  ///   `CalendarDate.init(year:month:day:)` for a date that does not exist.
  package init(_ text: some StringProtocol, layout: DateLayout) throws(CalendarDateError) {
    guard let numbers = layout.numbers(in: text) else {
      throw layout == .iso ? .notISO8601 : .notInLayout
    }
    try self.init(year: numbers.year, month: numbers.month, day: numbers.day)
  }
}

/// Where a layout's numbers and separators are in a date written with every number at its full
/// width (``DateLayout/fixedWidth``): made once for a reading, it reads each date of the reading
/// in a few steps on two words, where the layout's reading walks its parts one by one.
///
/// It reads exactly the dates that ``DateLayout/numbers(utf8:)`` reads at full width, with the
/// same numbers; any other text (a date without a zero, a time after it) gives `nil`, and its
/// reader asks the layout.
package struct FixedWidthDate: Sendable {
  /// How many bytes a date has.
  package let count: Int
  private let year: Int
  private let yearDigits: Int
  private let month: Int
  private let day: Int
  /// The separators' bytes in the first eight bytes and in the rest, the first lowest, and the
  /// mask of their places.
  private let separators: (low: UInt64, high: UInt64)
  private let separatorMask: (low: UInt64, high: UInt64)
  /// The top bit of each byte that is a digit, in the first eight bytes and in the rest.
  private let digitLanes: (low: UInt64, high: UInt64)

  fileprivate init(
    count: Int, year: Int, yearDigits: Int, month: Int, day: Int, literals: [(place: Int, byte: UInt8)]
  ) {
    (self.count, self.year, self.yearDigits, self.month, self.day) = (count, year, yearDigits, month, day)
    var (separators, separatorMask, digitLanes): ([UInt64], [UInt64], [UInt64]) = ([0, 0], [0, 0], [0, 0])
    for (place, byte) in literals {
      separators[place / 8] |= UInt64(byte) << (8 * UInt64(place % 8))
      separatorMask[place / 8] |= 0xFF << (8 * UInt64(place % 8))
    }
    let digits = [(year, yearDigits), (month, 2), (day, 2)].flatMap { start, width in start..<start + width }
    for place in digits { digitLanes[place / 8] |= 0x80 << (8 * UInt64(place % 8)) }
    self.separators = (separators[0], separators[1])
    self.separatorMask = (separatorMask[0], separatorMask[1])
    self.digitLanes = (digitLanes[0], digitLanes[1])
  }

  /// The bytes between the numbers, read from the places they are checked at: a CSV reader that
  /// reads a date where it lies first makes sure that none of them ends a field.
  package var separatorBytes: [UInt8] {
    [(separators.low, separatorMask.low), (separators.high, separatorMask.high)].flatMap { bytes, mask in
      (0..<8).compactMap { lane in
        mask >> (8 * UInt64(lane)) & 0xFF == 0 ? nil : UInt8(truncatingIfNeeded: bytes >> (8 * UInt64(lane)))
      }
    }
  }

  /// The year, month and day of a date written at full width; `nil` for any other text.
  ///
  /// - Parameter bytes: The date's bytes.
  /// - Returns: The numbers, not checked to be a real date.
  package func numbers(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
    guard bytes.count == count else { return nil }
    let low = count >= 8 ? UInt64(wordAt: 0, of: bytes) : UInt64(tailAt: 0, of: bytes, filler: 0)
    let high = count > 8 ? UInt64(tailAt: 8, of: bytes, filler: 0) : 0
    guard low & separatorMask.low == separators.low, high & separatorMask.high == separators.high,
      Self.digits(low) & digitLanes.low == digitLanes.low,
      Self.digits(high) & digitLanes.high == digitLanes.high
    else { return nil }
    // The places are inside the date's bytes, whose count was checked above: read without a
    // second check of each. A month and a day have two digits, and a year nearly always four.
    let base = bytes.baseAddress.unsafelyUnwrapped
    func twoDigits(at place: Int) -> Int {
      Int(base[place] &- UInt8(ascii: "0")) &* 10 &+ Int(base[place &+ 1] &- UInt8(ascii: "0"))
    }
    let yearValue: Int
    switch yearDigits {
    case 4:
      yearValue = twoDigits(at: year) &* 100 &+ twoDigits(at: year &+ 2)
    case 2:
      yearValue = DateLayout.twoDigitYear(twoDigits(at: year))
    default:
      var (value, offset) = (0, year)
      while offset != year &+ yearDigits {
        value = value &* 10 &+ Int(base[offset] &- UInt8(ascii: "0"))
        offset &+= 1
      }
      yearValue = value
    }
    return (yearValue, twoDigits(at: month), twoDigits(at: day))
  }

  /// The top bit of each byte of a word that is an ASCII digit.
  @inline(__always)
  private static func digits(_ word: UInt64) -> UInt64 {
    word.bytes(from: UInt8(ascii: "0"), through: UInt8(ascii: "9"))
  }
}
