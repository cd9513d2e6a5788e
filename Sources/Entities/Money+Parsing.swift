extension Money {
  /// Reads an unsigned decimal amount such as `3.11`, `400` or `0.5`, exactly.
  ///
  /// The text must be one or more ASCII digits, optionally followed by a point and one or two
  /// more digits. Signs, exponents, spaces, thousands separators and a third fraction digit
  /// are all rejected: the input is never rounded.
  ///
  /// - Parameter text: The decimal text.
  /// - Throws: ``AmountSyntaxError`` naming what is wrong with `text`.
  public init(parsingUnsignedDecimal text: some StringProtocol) throws(AmountSyntaxError) {
    try self.init(parsingUnsignedDecimalUTF8: text.utf8)
  }

  /// Reads an unsigned decimal amount from its UTF-8 bytes, by the rules of
  /// ``init(parsingUnsignedDecimal:)``.
  ///
  /// A decoder that reads amounts straight from the bytes of a file uses this form: no `String`
  /// is made. It is inlinable so that a caller's byte buffer is read without generic overhead.
  ///
  /// - Parameter bytes: The UTF-8 bytes of the decimal text.
  /// - Throws: ``AmountSyntaxError`` naming what is wrong with the text.
  @inlinable
  package init(parsingUnsignedDecimalUTF8 bytes: some Collection<UInt8>) throws(AmountSyntaxError) {
    if let money = bytes.withContiguousStorageIfAvailable({ Money(twoDecimalsUTF8: $0) }) ?? nil {
      self = money
      return
    }
    var whole: Int64 = 0
    var fraction: Int64 = 0
    var fractionDigits = 0
    var wholeDigits = 0
    var seenPoint = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int64(byte &- UInt8(ascii: "0"))
        if seenPoint {
          fractionDigits += 1
          guard fractionDigits <= 2 else { throw .tooManyFractionDigits }
          fraction = fraction * 10 + digit
        } else {
          wholeDigits += 1
          let (shifted, overflow1) = whole.multipliedReportingOverflow(by: 10)
          let (added, overflow2) = shifted.addingReportingOverflow(digit)
          guard !overflow1, !overflow2 else { throw .tooLarge }
          whole = added
        }
      case UInt8(ascii: "."):
        guard !seenPoint else { throw .notADecimal }
        seenPoint = true
      case UInt8(ascii: "-"), UInt8(ascii: "+"):
        throw .signed
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        throw .exponent
      default:
        throw .notADecimal
      }
    }
    guard wholeDigits > 0 else { throw bytes.isEmpty ? .empty : .notADecimal }
    guard !seenPoint || fractionDigits > 0 else { throw .notADecimal }
    if fractionDigits == 1 { fraction *= 10 }
    let (cents, overflow1) = whole.multipliedReportingOverflow(by: 100)
    let (total, overflow2) = cents.addingReportingOverflow(fraction)
    guard !overflow1, !overflow2, let money = Money(minorUnits: total) else { throw .tooLarge }
    self = money
  }
}

extension Money {
  /// Reads an amount written the way most are, one to fifteen digits, a point and two more
  /// (`424.46`), in one pass without a look at what else the text could be; `nil` for any
  /// other text, which ``init(parsingUnsignedDecimalUTF8:)`` then reads byte by byte, to the
  /// same value or an error.
  ///
  /// - Parameter bytes: The UTF-8 bytes of the decimal text.
  @inlinable @inline(__always)
  package init?(twoDecimalsUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let (money, count) = Money.twoDecimals(atStartOf: bytes), count == bytes.count else { return nil }
    self = money
  }

  /// Reads an amount written as ``init(twoDecimalsUTF8:)`` reads it from the start of `bytes`,
  /// and says how many bytes it took; `nil` when they do not start with one to fifteen digits,
  /// a point and two more. What follows those is the caller's to check: a JSON reader looks for
  /// the closing quote there, and reads the amount without first looking for the string's end.
  /// Fifteen whole digits and two decimals are less than 10¹⁷ cents, so no step can overflow.
  ///
  /// - Parameter bytes: The UTF-8 bytes from the amount's first digit on.
  /// - Returns: The amount and the number of its bytes.
  @inlinable @inline(__always)
  package static func twoDecimals(atStartOf bytes: UnsafeBufferPointer<UInt8>) -> (Money, count: Int)? {
    let wholeLimit = Swift.min(bytes.count, 15)
    var cents: Int64 = 0
    var index = 0
    while index < wholeLimit {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      cents = cents &* 10 &+ Int64(digit)
      index &+= 1
    }
    // A sixteenth digit, like any byte but the point, stops the amount here.
    guard index > 0, index &+ 3 <= bytes.count, bytes[index] == UInt8(ascii: ".") else { return nil }
    let (tens, ones) = (bytes[index &+ 1] &- UInt8(ascii: "0"), bytes[index &+ 2] &- UInt8(ascii: "0"))
    guard tens < 10, ones < 10, let money = Money(minorUnits: cents &* 100 &+ Int64(tens &* 10 &+ ones))
    else {
      return nil
    }
    return (money, index &+ 3)
  }
}

/// Why a text is not an unsigned decimal amount.
public enum AmountSyntaxError: Error, Equatable, Sendable {
  /// The text is empty.
  case empty
  /// The text has a `+` or `-` sign; amounts are unsigned and the debit flag gives the sign.
  case signed
  /// The text uses exponent notation such as `1e3`.
  case exponent
  /// The text has more than two digits after the point, which would need rounding.
  case tooManyFractionDigits
  /// The amount is larger than ``Money/maximum``.
  case tooLarge
  /// The text is not digits with an optional point and one or two fraction digits.
  case notADecimal
  /// Thousands separators that do not split the whole part into groups of three digits, or
  /// two kinds of separator (`1,23,4`, `12,34` when the decimal mark is a point).
  case misgrouped
}
