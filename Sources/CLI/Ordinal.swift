/// A position in words, as an error names an argument it does not show: `1st`, `2nd`, `3rd`,
/// `4th`, `11th`, `22nd`.
enum Ordinal {
  /// The ordinal of a position counted from 1.
  ///
  /// - Parameter number: The position, from 1.
  /// - Returns: `2nd` for 2.
  static func word(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }
}
