import Entities

/// The character that separates an amount's whole part from its cents.
public enum DecimalMark: String, CaseIterable, Sendable {
  /// `1,234.56`: a point, with commas (or spaces or apostrophes) between thousands.
  case point = "."
  /// `1.234,56`: a comma, with points (or spaces or apostrophes) between thousands.
  case comma = ","

  /// The mark's one byte of UTF-8.
  package var byte: UInt8 { self == .point ? UInt8(ascii: ".") : UInt8(ascii: ",") }
}

/// An amount as a bank writes it: a magnitude, and whether it was written negative.
package struct WrittenAmount: Equatable, Sendable {
  /// The amount without its sign, exact to the cent.
  package var magnitude: Money
  /// Whether it was written with a minus sign, a trailing minus or in parentheses.
  package var isNegative: Bool
  /// The currency written with it, if any: a symbol (`$`, `€`) or a code in capitals (`EUR`).
  package var currency: String?

  /// Creates a written amount.
  ///
  /// - Parameters:
  ///   - magnitude: The amount without its sign.
  ///   - isNegative: Whether it was written negative.
  ///   - currency: The currency written with it, if any.
  package init(magnitude: Money, isNegative: Bool, currency: String? = nil) {
    self.magnitude = magnitude
    self.isNegative = isNegative
    self.currency = currency
  }

  /// Reads an amount as bank exports write it, exactly.
  ///
  /// What is accepted, around digits with at most two fraction digits after the decimal mark:
  ///
  /// - spaces (also no-break spaces) before and after;
  /// - a sign: a leading `-` or `+` (or the minus sign U+2212), a trailing `-`, or parentheses
  ///   around the whole (`(12.00)`), which is negative; one sign at most;
  /// - a currency, before or after the number and the sign: one of the symbols
  ///   `$ € £ ¥ ₹ ₩ ₽ ₺ ₪ ₫ ₦ ₱`, or a three-letter code such as `USD` or `EUR`;
  /// - thousands separators in the whole part, in groups of three digits (`1,234,567`), or as
  ///   in India, groups of two before the last three (`12,34,567`): a comma, a space, a
  ///   no-break space or an apostrophe (`'` or `’`, as in Switzerland) when the decimal mark is
  ///   a point; a point, a space, a no-break space or an apostrophe when it is a comma. One
  ///   separator throughout;
  /// - fraction digits past the cents when they are zeros: `12.3400` is exactly 12.34.
  ///
  /// Digits after the cents are read when they are all zeros and the other decimal mark cannot
  /// read the amount: `1500.0000` is 1500.00 (no thousands can be written so), while `1.000`,
  /// which may be a thousand written with a decimal comma, is refused as it is today.
  ///
  /// Nothing is rounded or guessed: `1.234` with a point for a mark has three fraction digits
  /// and is refused, `12.3456` is a fraction of a cent and refused, and `12,34` with a point for
  /// a mark is misgrouped and refused.
  ///
  /// - Parameters:
  ///   - text: The amount as written, such as `-$1,234.56`, `1.234,56 €` or `(12.00)`.
  ///   - decimalMark: The file's decimal mark.
  /// - Throws: `AmountSyntaxError` (of Entities) naming what is wrong.
  package init(parsing text: some StringProtocol, decimalMark: DecimalMark) throws(AmountSyntaxError) {
    if let plain = text.utf8.withContiguousStorageIfAvailable({
      Self(plainUTF8: $0, decimalMark: decimalMark)
    }),
      let plain
    {
      self = plain
      return
    }
    var scalars = Array(text.unicodeScalars)
    var signs = 0
    var negative = false
    Self.trimSpaces(&scalars)
    guard !scalars.isEmpty else { throw .empty }
    if scalars.first == "(" && scalars.last == ")" {
      scalars.removeFirst()
      scalars.removeLast()
      signs += 1
      negative = true
    }
    // Signs and currencies, from the front, then from the back, with spaces between.
    var changed = true
    var currency: String?
    while changed {
      changed = false
      Self.trimSpaces(&scalars)
      if let first = scalars.first, Self.signs.contains(first) {
        scalars.removeFirst()
        signs += 1
        negative = negative || first != "+"
        changed = true
      } else if let length = Self.currencyLength(scalars) {
        currency = currency ?? String(String.UnicodeScalarView(scalars.prefix(length)))
        scalars.removeFirst(length)
        changed = true
      }
      Self.trimSpaces(&scalars)
      if let last = scalars.last, last == "-" || last == "\u{2212}" {
        scalars.removeLast()
        signs += 1
        negative = true
        changed = true
      } else if let length = Self.currencyLength(scalars.reversed()) {
        currency = currency ?? String(String.UnicodeScalarView(scalars.suffix(length)))
        scalars.removeLast(length)
        changed = true
      }
    }
    guard signs <= 1 else { throw .notADecimal }
    guard !scalars.isEmpty else { throw .empty }
    let digits = try Self.plainDecimal(scalars, decimalMark: decimalMark, readingZeroSubCents: true)
    magnitude = try Money(parsingUnsignedDecimalUTF8: digits)
    isNegative = negative
    self.currency = currency
  }

  /// Reads an amount written the plainest way, at once from its bytes: a sign (`-` or `+`) or
  /// none, digits, and the decimal mark with one or two digits or none (`-853,20`); `nil` for
  /// any other text, or one too large, which ``init(parsing:decimalMark:)`` reads (and reads
  /// such a text alike: it starts here).
  ///
  /// - Parameters:
  ///   - bytes: The amount's UTF-8 bytes.
  ///   - decimalMark: The file's decimal mark.
  package init?(plainUTF8 bytes: UnsafeBufferPointer<UInt8>, decimalMark: DecimalMark) {
    guard let (magnitude, isNegative, count) = Self.plainParts(atStartOf: bytes, decimalMark: decimalMark),
      count == bytes.count
    else { return nil }
    self.init(magnitude: magnitude, isNegative: isNegative)
  }

  /// Reads an amount written as ``init(plainUTF8:decimalMark:)`` reads it from the start of
  /// `bytes`, and says how many bytes it took: the sign, the digits, and the decimal mark with
  /// the one or two digits after it, when it is there. What follows is the caller's to check: a
  /// CSV reader looks for the field's end there, and reads the amount without first looking
  /// for it. The amount comes as its parts, not a `WrittenAmount`: that holds a currency, a
  /// `String` that a reader of every row of a file would count references to, where a plain
  /// amount never has one.
  ///
  /// - Parameters:
  ///   - bytes: The bytes from the amount's first on.
  ///   - decimalMark: The file's decimal mark.
  /// - Returns: The amount's magnitude, whether it is negative, and the number of its bytes;
  ///   `nil` when the bytes start with no digit after the sign, a decimal mark has no digit
  ///   after it, or the amount is too large.
  package static func plainParts(
    atStartOf bytes: UnsafeBufferPointer<UInt8>, decimalMark: DecimalMark
  ) -> (magnitude: Money, isNegative: Bool, count: Int)? {
    guard let first = bytes.first else { return nil }
    let mark = decimalMark.byte
    // Each byte read at an index checked against the count first: without a second check.
    let base = bytes.baseAddress.unsafelyUnwrapped
    let count = bytes.count
    let negative = first == UInt8(ascii: "-")
    var index = negative || first == UInt8(ascii: "+") ? 1 : 0
    let wholeStart = index
    var whole: Int64 = 0
    // Eighteen digits cannot overflow; a longer amount goes the general way.
    while index < count, index &- wholeStart < 18, base[index] &- UInt8(ascii: "0") < 10 {
      whole = whole &* 10 &+ Int64(base[index] &- UInt8(ascii: "0"))
      index &+= 1
    }
    guard index != wholeStart else { return nil }
    var cents: Int64 = 0
    if index < count, base[index] == mark {
      // One digit after the mark at least, and two at most.
      guard index &+ 1 < count, base[index &+ 1] &- UInt8(ascii: "0") < 10 else { return nil }
      cents = Int64(base[index &+ 1] &- UInt8(ascii: "0")) &* 10
      index &+= 2
      if index < count, base[index] &- UInt8(ascii: "0") < 10 {
        cents &+= Int64(base[index] &- UInt8(ascii: "0"))
        index &+= 1
      }
    }
    let (hundreds, overflow) = whole.multipliedReportingOverflow(by: 100)
    let (minorUnits, overflowAgain) = hundreds.addingReportingOverflow(cents)
    guard !overflow, !overflowAgain, let magnitude = Money(minorUnits: minorUnits) else { return nil }
    return (magnitude, negative, index)
  }

  private static let signs: Set<Unicode.Scalar> = ["-", "+", "\u{2212}"]
  private static let currencySymbols: Set<Unicode.Scalar> = [
    "$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₫", "₦", "₱",
  ]

  private static func trimSpaces(_ scalars: inout [Unicode.Scalar]) {
    while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
    while let last = scalars.last, isSpace(last) { scalars.removeLast() }
  }

  /// Whether a scalar is a space that may stand around an amount: a space, a tab, a no-break,
  /// narrow no-break or thin space.
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\t", "\u{A0}", "\u{202F}", "\u{2009}": true
    default: false
    }
  }

  /// The length of a currency at the start of `scalars`: a symbol, or a code of three capital
  /// ASCII letters not followed by a fourth letter (so `NaN` is no currency).
  private static func currencyLength(_ scalars: some Collection<Unicode.Scalar>) -> Int? {
    guard let first = scalars.first else { return nil }
    if currencySymbols.contains(first) { return 1 }
    let letters = scalars.prefix(4).prefix { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
    return letters.count == 3 && letters.allSatisfy({ ("A"..."Z").contains($0) }) ? 3 : nil
  }

  /// The amount as `DIGITS` or `DIGITS.D` or `DIGITS.DD`, without its thousands separators.
  ///
  /// With `readingZeroSubCents`, fraction digits after the second that are all zeros are
  /// dropped when the other decimal mark does not read the same scalars: then they cannot be
  /// thousands, and they carry no value.
  private static func plainDecimal(
    _ scalars: [Unicode.Scalar], decimalMark: DecimalMark, readingZeroSubCents: Bool = false
  ) throws(AmountSyntaxError) -> [UInt8] {
    let mark: Unicode.Scalar = decimalMark == .point ? "." : ","
    let groupSeparators: Set<Unicode.Scalar> =
      decimalMark == .point
      ? [",", " ", "\u{A0}", "\u{202F}", "'", "\u{2019}"] : [".", " ", "\u{A0}", "\u{202F}", "'", "\u{2019}"]
    var whole = scalars[...]
    var fraction: ArraySlice<Unicode.Scalar> = []
    if let point = scalars.lastIndex(of: mark) {
      whole = scalars[..<point]
      fraction = scalars[(point + 1)...]
      guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { throw .notADecimal }
      if fraction.count > 2, readingZeroSubCents, fraction.dropFirst(2).allSatisfy({ $0 == "0" }),
        (try? plainDecimal(scalars, decimalMark: decimalMark == .point ? .comma : .point)) == nil
      {
        fraction = fraction.prefix(2)
      }
      guard fraction.count <= 2 else { throw .tooManyFractionDigits }
    }
    guard let firstWhole = whole.first, isDigit(firstWhole) else { throw .notADecimal }
    var digits: [UInt8] = []
    var separator: Unicode.Scalar?
    var groups: [Int] = [0]
    for scalar in whole {
      if isDigit(scalar) {
        digits.append(UInt8(scalar.value))
        groups[groups.count - 1] += 1
      } else if groupSeparators.contains(scalar) {
        guard separator == nil || separator == scalar else { throw .misgrouped }
        separator = scalar
        groups.append(0)
      } else if scalar == "e" || scalar == "E" {
        throw .exponent
      } else {
        throw .notADecimal
      }
    }
    guard Self.isGrouped(groups) else { throw .misgrouped }
    if !fraction.isEmpty {
      digits.append(UInt8(ascii: "."))
      digits += fraction.map { UInt8($0.value) }
    }
    return digits
  }

  /// Whether the lengths of the digit groups of a whole part are grouped as people write them:
  /// one group alone; or a first group of one to three digits and then groups of three
  /// (`1,234,567`); or, as in India, a first group of one or two, groups of two, and a last
  /// group of three (`12,34,567`).
  private static func isGrouped(_ groups: [Int]) -> Bool {
    guard let first = groups.first, let last = groups.last, groups.count > 1 else { return true }
    let middle = groups.dropFirst().dropLast()
    let thousands = (1...3).contains(first) && groups.dropFirst().allSatisfy { $0 == 3 }
    let lakhs = (1...2).contains(first) && middle.allSatisfy { $0 == 2 } && last == 3
    return thousands || lakhs
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}
