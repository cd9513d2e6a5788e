/// Runs of spaces for padding columns, made once.
///
/// Building them with `String(repeating:count:)` for every line took a fifth of the time of a
/// large text report.
enum Spaces {
  /// `count` spaces (none for a negative count).
  static func of(_ count: Int) -> String {
    guard count > 0 else { return "" }
    return count < made.count ? made[count] : String(repeating: " ", count: count)
  }

  private static let made = (0...256).map { String(repeating: " ", count: $0) }
}
