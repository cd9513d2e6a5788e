import UseCases

/// The lines of an input, to check that a position points into it.
struct TextLayout {
  /// The number of bytes of each line, without its line feed.
  private let lineLengths: [Int]

  /// Measures the lines of the bytes.
  ///
  /// - Parameter bytes: The input.
  init(_ bytes: [UInt8]) {
    var lengths: [Int] = []
    var length = 0
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        lengths.append(length)
        length = 0
      } else {
        length += 1
      }
    }
    lengths.append(length)
    lineLengths = lengths
  }

  /// Whether a position is inside the input, or just after the last character of a line.
  ///
  /// Columns count characters, and a character is at least one byte, so a column is at most
  /// the line's byte count plus one (the place after its last character).
  ///
  /// - Parameter position: The position.
  /// - Returns: `true` when the line exists and the column fits in it.
  func contains(_ position: TextPosition) -> Bool {
    position.line >= 1 && position.column >= 1 && position.line <= lineLengths.count
      && position.column <= lineLengths[position.line - 1] + 1
  }
}
