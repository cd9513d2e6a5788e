extension String {
  /// Calls `body` with the text's UTF-8 bytes, read where the string keeps them (a copy of
  /// them only for a string not stored as contiguous UTF-8). `withUTF8` needs a `var`, and a
  /// copy of the text to call it on counts one more reference to it, and releases it; for a
  /// description made on the reader's core, that is a write to memory the other core holds, for
  /// every record. ReportRendering has the same helper for its renderers; the modules do not
  /// depend on each other.
  ///
  /// - Parameter body: What to do with the bytes.
  /// - Returns: What `body` returns.
  @inline(__always)
  func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }
}
