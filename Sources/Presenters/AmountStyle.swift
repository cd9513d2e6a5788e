import Entities

/// How the report's amounts look to people: plain (`-1234.56`, the contract's form), or in a
/// currency (`-$1,234.56`, `-1.234,56 €`, `¥1,235`).
///
/// The presenter writes every amount of a row in the style of its ``ReportStyle``, from the
/// `Money` itself (``text(_:)``): the one place money becomes text. The rule is the style's,
/// written here by hand, so the output never depends on the machine's locale (decision 0034).
///
/// | style | rule | examples |
/// | --- | --- | --- |
/// | ``plain`` | as the contract writes them | `0.00`, `-1234.56`, `1234567.89` |
/// | ``usd`` | minus sign, `$`, `,` between thousands, `.` before the cents | `$0.00`, `-$1,234.56` |
/// | ``eur`` | minus sign, `.` between thousands, `,` before the cents, a no-break space, `€` | `-1.234,56 €` |
/// | `AmountStyle(code: "JPY")` | the code after the amount, with the currency's minor digits | `1,234 JPY` |
///
/// A currency's minor digits are ISO 4217's: none for the yen or the won, three for the Kuwaiti
/// dinar, two for most (``minorDigits(ofCurrency:)``). Amounts are exact to the cent, so an amount
/// with cents in a currency of no minor digits shows them, rather than rounding them away.
public struct AmountStyle: Hashable, Sendable {
  /// Where the currency's symbol or code goes, beside the number.
  public enum Placement: Hashable, Sendable {
    /// Before the number: `$1.00`; `CHF 1.00` when `spaced`.
    case before(spaced: Bool)
    /// After the number: `1.00€`; `1,00 €` when `spaced`.
    case after(spaced: Bool)
  }

  /// Where the minus sign of a negative amount goes.
  public enum NegativeSign: Hashable, Sendable {
    /// Before everything, the symbol too: `-$1.00`, `-1,00 €`.
    case leading
    /// Right before the digits, after a symbol that comes first: `$-1.00`, `CHF -1.00`.
    case beforeNumber
    /// No sign: the amount, symbol and all, in parentheses, as accountants write it:
    /// `($1.00)`.
    case parentheses
  }

  /// The ISO 4217 code of the currency, such as `USD`, or `nil` for plain amounts.
  public let currencyCode: String?
  /// How many digits follow the decimal mark: the currency's minor digits (2 for plain amounts).
  public let minorDigits: Int
  private let prefix: [UInt8]
  private let suffix: [UInt8]
  private let groupSeparator: [UInt8]
  private let decimalMark: [UInt8]
  private let negativeSign: NegativeSign
  /// Whether this is the contract's plain form, written the fast way: said once, not worked
  /// out again for every amount.
  private let isPlain: Bool

  private init(
    currencyCode: String?, prefix: String, suffix: String, groupSeparator: String, decimalMark: String,
    negativeSign: NegativeSign = .leading, minorDigits: Int = 2
  ) {
    self.currencyCode = currencyCode
    self.prefix = Array(prefix.utf8)
    self.suffix = Array(suffix.utf8)
    self.groupSeparator = Array(groupSeparator.utf8)
    self.decimalMark = Array(decimalMark.utf8)
    self.negativeSign = negativeSign
    self.minorDigits = max(0, minorDigits)
    isPlain =
      prefix.isEmpty && suffix.isEmpty && groupSeparator.isEmpty && decimalMark == "."
      && negativeSign == .leading
      && self.minorDigits == 2
  }

  /// A style for any currency, by a fixed rule that no locale changes: Swiss francs as
  /// `-CHF 1'234.56` are `AmountStyle(currencyCode: "CHF", symbol: "CHF", placement:
  /// .before(spaced: true), groupingSeparator: "'", decimalMark: ".")`.
  ///
  /// - Parameters:
  ///   - currencyCode: The ISO 4217 code of the currency, such as `CHF`; `nil` when the style
  ///     names none.
  ///   - symbol: What is written beside the number: a symbol (`£`, `$`) or the code itself
  ///     (`CHF`); empty for none.
  ///   - placement: Whether the symbol goes before or after the number, and whether a space
  ///     (U+0020) separates them. For a space no line breaks at, give the symbol with a no-break
  ///     space in it, such as `"\u{A0}€"` after the number.
  ///   - groupingSeparator: What is written between groups of three digits (`,`, `.`, `'`, a
  ///     no-break space), or `nil` for no grouping.
  ///   - decimalMark: What is written before the minor digits: `.` or `,`.
  ///   - negativeSign: Where the minus sign of a negative amount goes; before everything by
  ///     default.
  ///   - minorDigits: How many digits follow the decimal mark; by default the currency's
  ///     (``minorDigits(ofCurrency:)``), else 2.
  public init(
    currencyCode: String?, symbol: String, placement: Placement, groupingSeparator: String?,
    decimalMark: String, negativeSign: NegativeSign = .leading, minorDigits: Int? = nil
  ) {
    let (prefix, suffix) =
      switch placement {
      case .before(let spaced): (symbol.isEmpty || !spaced ? symbol : symbol + " ", "")
      case .after(let spaced): ("", symbol.isEmpty || !spaced ? symbol : " " + symbol)
      }
    self.init(
      currencyCode: currencyCode, prefix: prefix, suffix: suffix, groupSeparator: groupingSeparator ?? "",
      decimalMark: decimalMark, negativeSign: negativeSign,
      minorDigits: minorDigits ?? currencyCode.map(Self.minorDigits(ofCurrency:)) ?? 2)
  }

  /// Amounts as the contract writes them: `-1234.56`.
  public static let plain = AmountStyle(
    currencyCode: nil, prefix: "", suffix: "", groupSeparator: "", decimalMark: ".")
  /// US dollars, as written in the United States: `$1,234.56`, `-$1,234.56`.
  public static let usd = AmountStyle(
    currencyCode: "USD", prefix: "$", suffix: "", groupSeparator: ",", decimalMark: ".")
  /// Euros, as written in Germany and much of the euro area: `1.234,56 €`, `-1.234,56 €`, with a
  /// no-break space before the sign so that a line never breaks between the number and `€`.
  public static let eur = AmountStyle(
    currencyCode: "EUR", prefix: "", suffix: "\u{A0}€", groupSeparator: ".", decimalMark: ",")

  /// A currency written with its ISO 4217 code: grouped as ``usd`` is, with the currency's minor
  /// digits, the code after the amount with a no-break space before it (`-1,234.56 CHF`,
  /// `1,234 JPY`). No locale decides it, and the code is never mistaken for another currency's
  /// symbol.
  ///
  /// - Parameter code: The ISO 4217 code, such as `CHF`, in capitals.
  public init(code: String) {
    self.init(
      currencyCode: code, prefix: "", suffix: "\u{A0}" + code, groupSeparator: ",", decimalMark: ".",
      minorDigits: Self.minorDigits(ofCurrency: code))
  }

  /// The style of a currency, by its ISO 4217 code in any letter case: US dollars and euros in
  /// their own style (``usd``, ``eur``), any other with its code (``init(code:)``); `nil` for a
  /// code that is not three ASCII letters.
  ///
  /// - Parameter code: The code: three letters.
  public init?(currencyCode code: String) {
    let code = code.uppercased()
    guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
    switch code {
    case "USD": self = .usd
    case "EUR": self = .eur
    default: self.init(code: code)
    }
  }

  /// How many digits a currency writes after its decimal mark, as ISO 4217 gives them: 0 for the
  /// yen, the won and the other currencies without minor units, 3 for the dinars of Bahrain,
  /// Iraq, Jordan, Kuwait and Libya, the Omani rial and the Tunisian dinar, 4 for the units of
  /// account of Chile and Uruguay, 2 for every other.
  ///
  /// - Parameter code: The ISO 4217 code, in capitals.
  /// - Returns: The digits.
  public static func minorDigits(ofCurrency code: String) -> Int {
    switch code {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
      "XAF",
      "XOF", "XPF":
      0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
    case "CLF", "UYW": 4
    default: 2
    }
  }

  /// An amount in this style: the one place the report's money becomes text.
  ///
  /// - Parameter money: The amount.
  /// - Returns: The text, such as `-$1,234.56`; for ``plain``, two decimals, `-` for negatives,
  ///   no thousands separator, never `-0.00`.
  public func text(_ money: Money) -> String {
    guard isPlain else { return styled(money) }
    // Written backwards into the string's own bytes, once its length is counted: a report
    // formats an amount for every row, and this is several times faster than interpolation,
    // and runs fewer instructions than a buffer decoded into a string. The length is counted by
    // powers of ten, not by dividing (`forEachByteBackwards` writes the digits).
    let cents = money.minorUnits.magnitude
    let isNegative = money.isNegative
    // At least `0.00`: a digit, the point and two; one more for each power of ten from a
    // thousand cents up to the amount (10¹⁹ is above every amount, and within `UInt64`).
    var count = isNegative ? 5 : 4
    var power: UInt64 = 1000
    while power <= cents {
      power &*= 10
      count &+= 1
    }
    if count <= 8 {
      // Nearly every amount: its bytes put together in one word, the first lowest, and stored
      // at once. The string then reads its bytes as a word, and a word stored a byte at a time
      // is read only once the bytes have all reached the cache, while one stored whole is
      // forwarded to the read at once.
      var word: UInt64 = 0
      Self.forEachByteBackwards(cents: cents, isNegative: isNegative) { word = word &<< 8 | UInt64($0) }
      let bytes = word.littleEndian
      return String(unsafeUninitializedCapacity: 8) { buffer in
        UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped).storeBytes(of: bytes, as: UInt64.self)
        return count
      }
    }
    return String(unsafeUninitializedCapacity: count) { buffer in
      var start = count
      Self.forEachByteBackwards(cents: cents, isNegative: isNegative) { byte in
        start &-= 1
        buffer[start] = byte
      }
      return count
    }
  }

  /// Calls `put` with each byte of a plain amount's text, from the last to the first: the two
  /// decimals, the point, the whole digits, and the sign of a negative amount. Each digit is one
  /// division, its quotient and remainder together, of a value kept here (not a captured one,
  /// in memory).
  ///
  /// - Parameters:
  ///   - cents: The amount's magnitude in cents.
  ///   - isNegative: Whether it is negative.
  ///   - put: What takes each byte.
  @inline(__always)
  private static func forEachByteBackwards(cents: UInt64, isNegative: Bool, _ put: (UInt8) -> Void) {
    var rest = cents
    func putDigit() {
      let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
      put(UInt8(ascii: "0") | UInt8(truncatingIfNeeded: digit))
      rest = quotient
    }
    putDigit()
    putDigit()
    put(UInt8(ascii: "."))
    repeat { putDigit() } while rest > 0
    if isNegative { put(UInt8(ascii: "-")) }
  }

  /// An amount by the style's rule: the symbol and the sign where they go, the whole units
  /// grouped, and the minor digits, cents that a currency of fewer digits has shown rather than
  /// rounded away.
  private func styled(_ money: Money) -> String {
    let cents = money.minorUnits.magnitude
    let whole = Array(String(cents / 100).utf8)
    let hundredths = cents % 100
    let fraction: [UInt8] =
      minorDigits == 0 && hundredths == 0
      ? []
      : [UInt8(ascii: "0") + UInt8(hundredths / 10), UInt8(ascii: "0") + UInt8(hundredths % 10)]
        + Array(repeating: UInt8(ascii: "0"), count: max(0, minorDigits - 2))
    var bytes: [UInt8] = []
    let negative = money.isNegative
    switch (negative, negativeSign) {
    case (true, .leading): bytes += [UInt8(ascii: "-")] + prefix
    case (true, .beforeNumber): bytes += prefix + [UInt8(ascii: "-")]
    case (true, .parentheses): bytes += [UInt8(ascii: "(")] + prefix
    case (false, _): bytes += prefix
    }
    for (index, digit) in whole.enumerated() {
      if index > 0, (whole.count - index) % 3 == 0 { bytes += groupSeparator }
      bytes.append(digit)
    }
    if !fraction.isEmpty { bytes += decimalMark + fraction }
    bytes += suffix
    if negative, negativeSign == .parentheses { bytes.append(UInt8(ascii: ")")) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
