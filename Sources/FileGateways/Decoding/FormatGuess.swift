import UseCases

/// What format an input looks like, judged from its first line, when its decoder cannot read it
/// from the start: CSV fed as JSON, NDJSON read as a JSON array, a JSON array read as CSV.
///
/// A decoder asks only when it fails at the start of its input (before the JSON array's `[`, on
/// the first line of NDJSON, in the CSV header), so valid input never pays for it. The guess is
/// cautious, since the hint it gives tells the user to read the file another way:
///
/// - a line that starts with `[` is a JSON array;
/// - a line that starts with `{` and ends with `}` is one NDJSON record;
/// - a line of comma-separated names, at least three of them names of the five columns (in any
///   letter case, quoted or not), is a CSV header.
///
/// Anything else looks like nothing in particular.
enum FormatGuess {
  /// How many bytes of the first line are looked at: a longer line is judged by its start.
  static let lineLimit = 1 << 16

  /// The format the first line of an input looks like, if it is not the format it was read as.
  ///
  /// - Parameters:
  ///   - line: The first line's bytes, without its line break.
  ///   - format: The format the input was read as, which is not guessed.
  /// - Returns: The format, or `nil`.
  static func format(ofFirstLine line: [UInt8], other format: RecordFormat) -> RecordFormat? {
    let start = String(decoding: line.prefix(16), as: UTF8.self).uppercased().drop { $0 == " " || $0 == "\t" }
    if start.hasPrefix("OFXHEADER") || start.hasPrefix("<OFX") || start.hasPrefix("<?OFX") {
      return format == .ofx ? nil : .ofx
    }
    if start.hasPrefix("!TYPE:") || start.hasPrefix("!ACCOUNT") || start.hasPrefix("!OPTION") {
      return format == .qif ? nil : .qif
    }
    let fields = String(decoding: line, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
    return self.format(ofFields: fields, other: format)
  }

  /// The format the comma-separated fields of an input's first line look like, if it is not
  /// the format it was read as.
  ///
  /// - Parameters:
  ///   - fields: The first line's fields, as CSV reads them (a CSV header's column names).
  ///   - format: The format the input was read as, which is not guessed.
  /// - Returns: The format, or `nil`.
  static func format(ofFields fields: [Substring], other format: RecordFormat) -> RecordFormat? {
    guard let first = fields.first.map(trimmed), let last = fields.last.map(trimmed) else { return nil }
    let guess: RecordFormat?
    if first.hasPrefix("[") {
      guess = .json
    } else if first.hasPrefix("{") && last.hasSuffix("}") {
      guess = .ndjson
    } else {
      let names = Set(fields.map { unquoted(trimmed($0)).lowercased() })
      guess = RecordField.allCases.filter { names.contains($0.rawValue) }.count >= 3 ? .csv : nil
    }
    return guess == format ? nil : guess
  }

  /// A field without the spaces, tabs and carriage returns around it.
  private static func trimmed(_ field: Substring) -> Substring {
    let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" }
    var text = field
    while let first = text.first, isSpace(first) { text.removeFirst() }
    while let last = text.last, isSpace(last) { text.removeLast() }
    return text
  }

  /// A field without the double quotes around it, if it has both.
  private static func unquoted(_ field: Substring) -> Substring {
    guard field.count >= 2, field.hasPrefix("\""), field.hasSuffix("\"") else { return field }
    return field.dropFirst().dropLast()
  }
}
