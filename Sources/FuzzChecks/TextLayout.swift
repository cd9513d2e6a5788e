import FileGateways
import UseCases

/// The lines of an input, to check that a position points into it and to find the bytes a
/// position points at.
struct TextLayout {
  /// The input.
  private let bytes: [UInt8]
  /// The offset of each line's first byte.
  private let lineStarts: [Int]
  /// The number of bytes of each line, without its line feed.
  private let lineLengths: [Int]

  /// Measures the lines of the bytes.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - format: Its format: a QIF line may also end with a carriage return alone
  ///     (``StatementText``).
  init(_ bytes: [UInt8], format: RecordFormat? = nil) {
    var starts = [0]
    var lengths: [Int] = []
    var length = 0
    let carriageReturns = format.map(StatementText.breaksLinesAtCarriageReturns) ?? false
    for (offset, byte) in bytes.enumerated() {
      let loneCarriageReturn =
        carriageReturns && byte == UInt8(ascii: "\r")
        && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n"))
      if byte == UInt8(ascii: "\n") || loneCarriageReturn {
        lengths.append(length)
        starts.append(offset + 1)
        length = 0
      } else {
        length += 1
      }
    }
    lengths.append(length)
    self.bytes = bytes
    lineStarts = starts
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

  /// The bytes from a position to the end of the input.
  ///
  /// - Parameter position: The position.
  /// - Returns: The bytes, or `nil` when the position is not in the input.
  func rest(from position: TextPosition) -> ArraySlice<UInt8>? {
    guard let line = restOfLine(from: position) else { return nil }
    return bytes[line.startIndex...]
  }

  /// The bytes before a position, from the start of the input.
  ///
  /// - Parameter position: The position.
  /// - Returns: The bytes, or `nil` when the position is not in the input.
  func before(_ position: TextPosition) -> ArraySlice<UInt8>? {
    guard let line = restOfLine(from: position) else { return nil }
    return bytes[..<line.startIndex]
  }

  /// The bytes from a position to the end of its line.
  ///
  /// Columns are counted as the decoders count them, written out here again: one for each byte
  /// that does not continue a UTF-8 sequence, and a whole byte order mark at the very start
  /// takes none.
  ///
  /// - Parameter position: The position.
  /// - Returns: The rest of the line, or `nil` when the position is not in the input.
  func restOfLine(from position: TextPosition) -> ArraySlice<UInt8>? {
    guard contains(position) else { return nil }
    var offset = lineStarts[position.line - 1]
    let end = offset + lineLengths[position.line - 1]
    if position.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    var column = 1
    // The continuation bytes the last character's lead byte announced and that are still to
    // come: they end that character. Other bytes of the continuation kind (text in
    // Windows-1252, whose `³` is 0xB3) stand for characters of their own, at the position.
    var announced = 0
    while column < position.column {
      guard offset < end else { return nil }
      let byte = bytes[offset]
      if byte & 0xC0 != 0x80 {
        column += 1
        announced = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
      } else if announced > 0 {
        announced -= 1
      }
      offset += 1
    }
    while offset < end, announced > 0, bytes[offset] & 0xC0 == 0x80 {
      offset += 1
      announced -= 1
    }
    return bytes[offset..<end]
  }
}
