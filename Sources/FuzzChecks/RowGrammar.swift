import Entities
import Presenters

/// The shape of a report, checked from its rows' display text alone (SPEC §2 to §4).
///
/// The rows must read: for Authorized, then Posted, a header, then either the group's empty
/// message or one or more date blocks (a subheader, at least one detail, a subfooter) and a
/// footer; then the grand footer, last. The banding flag starts `false` and flips before every
/// subheader and every footer; details and subfooters take its current value. Dates are real
/// calendar dates, ascending within a group. Amounts and totals have two decimals and are never
/// `-0.00`; read back as whole cents, each footer is the exact sum of its details and the
/// grand footer the exact sum of the footers; and there is one detail for each valid record.
struct RowGrammar {
  private let rows: [ReportRow]
  private var index = 0
  private var odd = false

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Checks the rows of a report.
  ///
  /// - Parameters:
  ///   - rows: The rows, in order.
  ///   - validCount: How many valid records the sources yield.
  static func check(_ rows: [ReportRow], validCount: Int) {
    var grammar = RowGrammar(rows: rows)
    grammar.check(validCount: validCount)
  }

  private init(rows: [ReportRow]) {
    self.rows = rows
  }

  private var current: ReportRow? { index < rows.count ? rows[index] : nil }

  private func fail(_ expectation: String) -> Never {
    fatalError(
      "fuzz invariant broken: row \(index) is \(shown(current)), expected \(expectation); rows: \(shown(rows))"
    )
  }

  private mutating func check(validCount: Int) {
    var footers: [Int128] = []
    var details = 0
    for title in ["Authorized Transactions", "Posted Transactions"] {
      guard current == .header(title: title) else { fail("the header \(title)") }
      index += 1
      if case .message(let message) = current {
        guard message == "There are no \(title) in this period" else { fail("the empty message of \(title)") }
        index += 1
        continue
      }
      var sum: Int128 = 0
      var lastDate: CalendarDate?
      while case .subheader(let title, let flag) = current {
        odd.toggle()
        guard flag == odd else { fail("a subheader with odd \(odd)") }
        guard let date = Self.date(title) else { fail("a subheader titled with a real date, MMM dd, yyyy") }
        if let lastDate, date <= lastDate { fail("a date after \(lastDate)") }
        lastDate = date
        index += 1
        var blockDetails = 0
        while case .detail(_, let amount, let flag) = current {
          guard flag == odd else { fail("a detail with odd \(odd)") }
          guard let cents = Self.cents(amount) else { fail("an amount with two decimals, never -0.00") }
          sum += cents
          blockDetails += 1
          index += 1
        }
        guard blockDetails > 0 else { fail("a detail: a date block holds at least one") }
        details += blockDetails
        // Its kind and band: a value a subfooter gains is not this oracle's to judge.
        guard case .subfooter? = current, current?.odd == odd else { fail("a subfooter with odd \(odd)") }
        index += 1
      }
      guard lastDate != nil else { fail("a subheader or the empty message after the header") }
      guard case .footer(let total, let flag) = current else { fail("the footer of \(title)") }
      odd.toggle()
      guard flag == odd else { fail("a footer with odd \(odd)") }
      guard let cents = Self.cents(total), cents == sum else {
        fail("a footer of \(sum) cents, its details' sum")
      }
      footers.append(cents)
      index += 1
    }
    guard case .grandFooter(let total) = current else { fail("the grand footer") }
    let grand = footers.reduce(0, +)
    guard let cents = Self.cents(total), cents == grand else { fail("a grand total of \(grand) cents") }
    index += 1
    guard index == rows.count else { fail("the end of the report after the grand footer") }
    require(details == validCount, "the report has \(details) details for \(validCount) valid records")
  }

  /// A date shown as `MMM dd, yyyy`, read back; `nil` unless it is exactly that and real.
  private static func date(_ text: String) -> CalendarDate? {
    let bytes = Array(text.utf8)
    guard bytes.count == 12, bytes[3] == UInt8(ascii: " "), bytes[6] == UInt8(ascii: ","),
      bytes[7] == UInt8(ascii: " "),
      let month = months.firstIndex(of: String(decoding: bytes[0..<3], as: UTF8.self)),
      let day = number(bytes[4..<6]), let year = number(bytes[8..<12])
    else { return nil }
    return try? CalendarDate(year: year, month: month + 1, day: day)
  }

  /// An amount shown as `-?D+.DD`, read back as cents; `nil` for any other text, for a leading
  /// zero before other digits, and for `-0.00`.
  private static func cents(_ text: String) -> Int128? {
    var bytes = Array(text.utf8)[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    guard let point = bytes.firstIndex(of: UInt8(ascii: ".")), bytes.endIndex - point == 3,
      let units = number(bytes[..<point]), let fraction = number(bytes[(point + 1)...]),
      bytes[bytes.startIndex] != UInt8(ascii: "0") || point == bytes.startIndex + 1
    else { return nil }
    let value = Int128(units) * 100 + Int128(fraction)
    guard !(negative && value == 0) else { return nil }
    return negative ? -value : value
  }

  /// Decimal digits read as a number; `nil` for no digits, another byte, or more than 18.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }
}
