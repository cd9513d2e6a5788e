import Entities
import Testing

@Suite struct MoneyParsingTests {
  @Test(
    "Unsigned decimals with at most two fraction digits are read exactly, in cents",
    arguments: [
      ("3.11", 311),
      ("400", 40_000),
      ("0.5", 50),
      ("0.05", 5),
      ("0", 0),
      ("0.00", 0),
      ("15.34", 1534),
      ("92233720368547758.07", Int64.max),
    ] as [(String, Int64)])
  func validAmounts(text: String, cents: Int64) throws {
    let money = try Money(parsingUnsignedDecimal: text)
    #expect(money.minorUnits == cents)
    #expect(!money.isNegative)
  }

  @Test(
    "An amount with two decimals is read in one step exactly when it is one to fifteen digits, a point and two"
  )
  func twoDecimalsInOneStep() {
    // Every text of up to six bytes from an alphabet of digits, the point and two other bytes,
    // and long runs of nines around fifteen whole digits.
    for text in Self.texts(of: "019.x/", upTo: 6, after: "") {
      let string = String(decoding: text, as: UTF8.self)
      let parts = string.split(separator: ".", omittingEmptySubsequences: false)
      let isTwoDecimals =
        parts.count == 2 && (1...15).contains(parts[0].count) && parts[1].count == 2
        && string.utf8.allSatisfy { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
      let quick = text.withUnsafeBufferPointer { Money(twoDecimalsUTF8: $0) }
      #expect(quick?.minorUnits == (isTwoDecimals ? Int64(parts.joined()) : nil), "\(string)")
    }
  }

  @Test(
    "An amount with two decimals is read from the start of a text, and says where it ends"
  )
  func twoDecimalsAtStart() {
    // Every text of up to seven bytes from an alphabet of digits, the point, a quote and another
    // byte, and runs of nines around fifteen whole digits with a quote after them.
    for text in Self.texts(of: "09.\"x", upTo: 7, after: "\"") {
      let digits = text.prefix { (0x30...0x39).contains($0) }
      let rest = text.dropFirst(digits.count)
      let isTwoDecimals =
        (1...15).contains(digits.count) && rest.count >= 3 && rest.first == UInt8(ascii: ".")
        && rest.dropFirst().prefix(2).allSatisfy { (0x30...0x39).contains($0) }
      let expected =
        isTwoDecimals ? Int64(String(decoding: digits + rest.dropFirst().prefix(2), as: UTF8.self)) : nil
      let read = text.withUnsafeBufferPointer { Money.twoDecimals(atStartOf: $0) }
      let shown = String(decoding: text, as: UTF8.self)
      #expect(read?.0.minorUnits == expected, "\(shown)")
      #expect(read?.count == (isTwoDecimals ? digits.count + 3 : nil), "\(shown)")
    }
  }

  /// Every text of up to `length` bytes of `alphabet`, and runs of 14 to 17 nines with one or
  /// two decimals of nines and `suffix` after them.
  private static func texts(of alphabet: String, upTo length: Int, after suffix: String) -> [[UInt8]] {
    var texts: [[UInt8]] = [[]]
    var last: [[UInt8]] = [[]]
    for _ in 1...length {
      last = last.flatMap { text in alphabet.utf8.map { text + [$0] } }
      texts += last
    }
    for whole in 14...17 {
      texts.append(Array((String(repeating: "9", count: whole) + ".99" + suffix).utf8))
      texts.append(Array((String(repeating: "9", count: whole) + ".9" + suffix).utf8))
    }
    return texts
  }

  @Test("A substring is read like the string it shows")
  func substring() throws {
    let line = "amount=3.11;"
    let start = try #require(line.firstIndex(of: "="))
    let end = try #require(line.firstIndex(of: ";"))
    let money = try Money(parsingUnsignedDecimal: line[line.index(after: start)..<end])
    #expect(money.minorUnits == 311)
  }

  @Test(
    "Anything but an unsigned decimal with at most two fraction digits is rejected with its reason",
    arguments: [
      ("3.111", .tooManyFractionDigits),
      ("0.001", .tooManyFractionDigits),
      ("-3", .signed),
      ("+3", .signed),
      ("3-", .signed),
      ("1e3", .exponent),
      ("1E3", .exponent),
      ("NaN", .notADecimal),
      ("Infinity", .notADecimal),
      ("", .empty),
      (".5", .notADecimal),
      ("5.", .notADecimal),
      (".", .notADecimal),
      ("1.2.3", .notADecimal),
      ("1 000", .notADecimal),
      ("1,000.00", .notADecimal),
      (" 3.11", .notADecimal),
      ("3.11 ", .notADecimal),
      ("\u{0663}", .notADecimal),  // ARABIC-INDIC DIGIT THREE: a digit, but not an ASCII one
      ("\u{FF13}.11", .notADecimal),  // FULLWIDTH DIGIT THREE
      ("92233720368547758.08", .tooLarge),
      ("92233720368547759", .tooLarge),
      ("99999999999999999999999", .tooLarge),
    ] as [(String, AmountSyntaxError)])
  func invalidAmounts(text: String, error: AmountSyntaxError) {
    #expect(throws: error) { try Money(parsingUnsignedDecimal: text) }
  }
}
