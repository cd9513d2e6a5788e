import ByteWords
import Entities

extension [UInt8] {
  /// Appends a text's UTF-8 bytes: how the renderers write a row into a buffer
  /// (`ReportRenderer.render(_:appendingTo:)`).
  ///
  /// - Parameter text: The text.
  mutating func appendUTF8(of text: String) {
    text.withUTF8InPlace { append(contentsOf: $0) }
  }

  /// Appends a constant text's UTF-8 bytes.
  ///
  /// - Parameter text: The text.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `count` spaces (none for a negative count).
  ///
  /// - Parameter count: How many.
  mutating func appendSpaces(_ count: Int) {
    let spaces = spaceBytes
    var left = count
    while left > 0 {
      let run = Swift.min(left, spaces.count)
      spaces.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0.prefix(run))) }
      left -= run
    }
  }
}

/// Spaces to append from: as many as a line of a wide terminal has, so that a line's columns
/// are one append.
private let spaceBytes = [UInt8](repeating: UInt8(ascii: " "), count: 256)
