/// The currency an amount, a column's name or a currency column says, compared as a person
/// compares them: `€` is `EUR`, `£` is `GBP`; `$` is any dollar, `¥` the yen or the yuan. Amounts
/// in two currencies are never added, so a file's rows must all say one.
package enum CurrencyMarks {
  /// The code a symbol stands for alone, or the symbol itself when it stands for several
  /// currencies (`$`, `¥`); a code in capitals as it is.
  package static func code(of mark: some StringProtocol) -> String {
    let text = mark.trimmingSpaces.uppercased()
    return symbols[text] ?? text
  }

  /// Whether two marks may name the same currency: the same code, or a symbol of several and one
  /// of the codes it stands for.
  package static func compatible(_ first: some StringProtocol, _ second: some StringProtocol) -> Bool {
    let a = code(of: first)
    let b = code(of: second)
    if a == b { return true }
    for (symbol, codes) in shared
    where (a == symbol && codes.contains(b)) || (b == symbol && codes.contains(a)) {
      return true
    }
    return false
  }

  /// The currency a column's name ends with (`Betrag (EUR)`, `Importe EUR`, `Montant €`), if
  /// any, as its code.
  package static func named(in name: String) -> String? {
    let words = name.uppercased().split {
      !$0.isLetter && !symbols.keys.contains(String($0)) && $0 != "$" && $0 != "¥"
    }
    guard let last = words.last.map(String.init), words.count > 1 else { return nil }
    if symbols[last] != nil || last == "$" || last == "¥" { return code(of: last) }
    return last.count == 3 && BankWords.currencyWords.contains(last.lowercased()) ? last : nil
  }

  private static let symbols: [String: String] = [
    "€": "EUR", "£": "GBP", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY", "₪": "ILS", "₫": "VND",
    "₦": "NGN",
    "₱": "PHP",
  ]

  private static let shared: [(String, Set<String>)] = [
    (
      "$", ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD", "BSD", "BBD", "BZD", "FJD", "JMD", "TTD"]
    ),
    ("¥", ["JPY", "CNY"]),
  ]
}
