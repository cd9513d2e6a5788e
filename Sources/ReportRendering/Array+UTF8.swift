extension [UInt8] {
  /// Appends a text's UTF-8 bytes: how the renderers write a row into a buffer
  /// (`ReportRenderer.render(_:appendingTo:)`).
  ///
  /// - Parameter text: The text.
  mutating func appendUTF8(of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}
