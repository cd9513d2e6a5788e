extension String {
  /// Calls `body` with the text's UTF-8 bytes, read where the string keeps them (a copy of
  /// them only for a string not stored as contiguous UTF-8): how the use cases read a
  /// description for the digest and the held transactions, and how the renderers read a row's
  /// texts. `withUTF8` needs a `var`, and a copy of the text to call it on counts one more
  /// reference to it, and releases it; for a description made on the reader's core, that is a
  /// write to memory the other core holds, for every record.
  ///
  /// A helper of the package, not of the domain (the module ``ByteWords`` holds such helpers).
  ///
  /// - Parameter body: What to do with the bytes.
  /// - Returns: What `body` returns.
  @inlinable @inline(__always)
  package func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }
}
