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
}
