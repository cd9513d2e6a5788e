import Entities

/// How the report's amounts look to people: plain (`-1234.56`, the contract's form), or with a
/// currency (`-$1,234.56`, `-1.234,56 €`).
///
/// Rows carry amounts in the plain form (SPEC §2), which scripts read (the JSON output keeps
/// it). A renderer for people (text, Markdown, HTML) shows each amount through a style:
/// ``format(_:)`` rewrites the plain text by a fixed rule, written here by hand, so the output
/// never depends on the machine's locale (decision 0034).
///
/// | style | rule | examples |
/// | --- | --- | --- |
/// | ``plain`` | as the row has it | `0.00`, `-1234.56`, `1234567.89` |
/// | ``usd`` | minus sign, `$`, `,` between thousands, `.` before the cents | `$0.00`, `-$1,234.56`, `$1,234,567.89` |
/// | ``eur`` | minus sign, `.` between thousands, `,` before the cents, a no-break space (U+00A0), `€` | `0,00 €`, `-1.234,56 €`, `1.234.567,89 €` |
///
/// Any other currency is described with
/// ``init(currencyCode:symbol:placement:groupingSeparator:decimalMark:negativeSign:)``: its
/// symbol or code, before or after the number, the grouping separator, the decimal mark and
/// where the minus sign goes. No Foundation and no locale: the rule is the style's.
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
  private let prefix: String
  private let suffix: String
  private let groupSeparator: [UInt8]
  private let decimalSeparator: [UInt8]
  private let negativeSign: NegativeSign
  /// Whether the style writes a plain amount otherwise than it is: `false` for ``plain``, whose
  /// amounts the renderers copy as they are.
  package let rewrites: Bool

  private init(
    currencyCode: String?, prefix: String, suffix: String, groupSeparator: String?, decimalSeparator: String,
    negativeSign: NegativeSign = .leading
  ) {
    self.currencyCode = currencyCode
    self.prefix = prefix
    self.suffix = suffix
    self.groupSeparator = Array((groupSeparator ?? "").utf8)
    self.decimalSeparator = Array(decimalSeparator.utf8)
    self.negativeSign = negativeSign
    rewrites =
      !prefix.isEmpty || !suffix.isEmpty || groupSeparator?.isEmpty == false || decimalSeparator != "."
      || negativeSign != .leading
  }

  /// A style for any currency, by a fixed rule that no locale changes.
  ///
  /// ```swift
  /// let chf = AmountStyle(
  ///   currencyCode: "CHF", symbol: "CHF", placement: .before(spaced: true),
  ///   groupingSeparator: "'", decimalMark: ".")
  /// chf.format("-1234.56")  // "-CHF 1'234.56", with a no-break space
  /// ```
  ///
  /// - Parameters:
  ///   - currencyCode: The ISO 4217 code of the currency, such as `CHF`; `nil` when the style
  ///     names none.
  ///   - symbol: What is written beside the number: a symbol (`£`, `$`) or the code itself
  ///     (`CHF`); empty for none.
  ///   - placement: Whether the symbol goes before or after the number, and whether a space
  ///     separates them. The space is a no-break space (U+00A0), so that a line never breaks
  ///     between the number and its currency.
  ///   - groupingSeparator: What is written between groups of three digits (`,`, `.`, `'`, a
  ///     no-break space), or `nil` for no grouping.
  ///   - decimalMark: What is written before the cents: `.` or `,`.
  ///   - negativeSign: Where the minus sign of a negative amount goes; before everything by
  ///     default.
  public init(
    currencyCode: String?, symbol: String, placement: Placement, groupingSeparator: String?,
    decimalMark: String, negativeSign: NegativeSign = .leading
  ) {
    let prefix: String
    let suffix: String
    switch placement {
    case .before(let spaced): (prefix, suffix) = (symbol.isEmpty || !spaced ? symbol : symbol + "\u{A0}", "")
    case .after(let spaced): (prefix, suffix) = ("", symbol.isEmpty || !spaced ? symbol : "\u{A0}" + symbol)
    }
    self.init(
      currencyCode: currencyCode, prefix: prefix, suffix: suffix, groupSeparator: groupingSeparator,
      decimalSeparator: decimalMark, negativeSign: negativeSign)
  }

  /// Amounts as rows carry them: `-1234.56`.
  public static let plain = AmountStyle(
    currencyCode: nil, prefix: "", suffix: "", groupSeparator: nil, decimalSeparator: ".")
  /// US dollars, as written in the United States: `$1,234.56`, `-$1,234.56`.
  public static let usd = AmountStyle(
    currencyCode: "USD", prefix: "$", suffix: "", groupSeparator: ",", decimalSeparator: ".")
  /// Euros, as written in Germany and much of the euro area: `1.234,56 €`, `-1.234,56 €`, with a
  /// no-break space before the sign so that a line never breaks between the number and `€`.
  public static let eur = AmountStyle(
    currencyCode: "EUR", prefix: "", suffix: "\u{A0}€", groupSeparator: ".", decimalSeparator: ",")

  /// A currency without a style of its own (none of ``currencies``), written with its ISO 4217
  /// code: grouped as ``usd`` is, the code after the amount, with a no-break space before it
  /// (`-1,234.56 CHF`). No locale decides it, and the code is never mistaken for another
  /// currency's symbol.
  ///
  /// - Parameter code: The ISO 4217 code, such as `CHF`, in capitals.
  public init(code: String) {
    self.init(
      currencyCode: code, prefix: "", suffix: "\u{A0}" + code, groupSeparator: ",", decimalSeparator: ".")
  }

  /// The styles with a currency, in the order they are offered.
  public static let currencies: [AmountStyle] = [.usd, .eur]

  /// The style of a currency, by its code in any letter case: `USD`, `usd`, `Eur`.
  ///
  /// A currency without a style (see ``currencies``) gives `nil`.
  ///
  /// - Parameter code: The ISO 4217 code.
  public init?(currencyCode code: String) {
    guard let style = Self.currencies.first(where: { $0.currencyCode == code.uppercased() }) else {
      return nil
    }
    self = style
  }

  /// An amount in this style.
  ///
  /// - Parameter money: The amount.
  /// - Returns: The text, such as `-$1,234.56`.
  public func text(_ money: Money) -> String {
    format(ReportText.amount(money))
  }

  /// A plain amount, as a row carries it (`-1234.56`: an optional `-`, digits, `.` and two
  /// digits), rewritten in this style. Any other text is returned as it is.
  ///
  /// - Parameter amount: The plain amount, such as `-1234.56`.
  /// - Returns: The amount in this style, such as `-$1,234.56`; the text itself for ``plain``.
  public func format(_ amount: String) -> String {
    guard rewrites else { return amount }
    var amount = amount
    return amount.withUTF8 { utf8 -> String in
      let negative = utf8.first == UInt8(ascii: "-")
      let number = UnsafeBufferPointer(rebasing: utf8[(negative ? 1 : 0)...])
      let digits = number.count - 3
      guard digits >= 1, number[digits] == UInt8(ascii: "."),
        number.indices.allSatisfy({
          $0 == digits || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(number[$0])
        })
      else { return String(decoding: utf8, as: UTF8.self) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(
        utf8.count + digits / 3 * groupSeparator.count + prefix.utf8.count + suffix.utf8.count + 2)
      switch (negative, negativeSign) {
      case (true, .leading):
        bytes.append(UInt8(ascii: "-"))
        bytes.append(contentsOf: prefix.utf8)
      case (true, .beforeNumber):
        bytes.append(contentsOf: prefix.utf8)
        bytes.append(UInt8(ascii: "-"))
      case (true, .parentheses):
        bytes.append(UInt8(ascii: "("))
        bytes.append(contentsOf: prefix.utf8)
      case (false, _):
        bytes.append(contentsOf: prefix.utf8)
      }
      for index in 0..<digits {
        if index > 0, (digits - index) % 3 == 0 { bytes.append(contentsOf: groupSeparator) }
        bytes.append(number[index])
      }
      bytes.append(contentsOf: decimalSeparator)
      bytes.append(number[digits + 1])
      bytes.append(number[digits + 2])
      bytes.append(contentsOf: suffix.utf8)
      if negative, negativeSign == .parentheses { bytes.append(UInt8(ascii: ")")) }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
