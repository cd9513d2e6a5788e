/// A transaction's description as the report passes it on: text, kept where it already lies.
///
/// Most descriptions are a `String`. A report of millions of transactions keeps its descriptions
/// as UTF-8 bytes in large blocks instead (transactions held until they can be shown in report
/// order, rows kept for a table view), and a description read from such a block is a slice of
/// it, shared, not copied into a `String` of its own. Either way it is one value, as a
/// `ByteBuffer` is in swift-nio: a presenter or a view passes it on without knowing which, and
/// reads its bytes with ``withUTF8(_:)`` or its text as a `String` with ``description``.
///
/// Two descriptions are equal when their bytes are, whichever way each is kept.
public struct DescriptionText: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  @usableFromInline
  enum Storage: Sendable {
    case string(String)
    /// Bytes of a block many descriptions share: its `count` bytes from `start`.
    case shared([UInt8], start: UInt32, count: UInt32)
  }

  @usableFromInline let storage: Storage

  /// A description that is a `String`.
  ///
  /// - Parameter text: The text.
  @inlinable
  public init(_ text: String) {
    storage = .string(text)
  }

  /// A description written in the code.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// A description that is bytes of a block kept for many of them: they are shared, not copied.
  ///
  /// - Parameters:
  ///   - block: The block; its bytes in `range` are valid UTF-8.
  ///   - range: Where the description is in the block.
  @inlinable
  package init(sharing block: [UInt8], range: Range<Int>) {
    storage = .shared(block, start: UInt32(range.lowerBound), count: UInt32(range.count))
  }

  /// The text, as a `String` (made from the bytes when they are shared).
  public var description: String {
    switch storage {
    case .string(let text): text
    case .shared: withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Whether the text is bytes of a shared block, not a `String`: how the package's tests see
  /// that a large report passed its descriptions on as they lay.
  package var isShared: Bool {
    if case .shared = storage { true } else { false }
  }

  /// Whether the text is empty.
  public var isEmpty: Bool { withUTF8 { $0.isEmpty } }

  /// Calls `body` with the text's UTF-8 bytes, read where they are kept (copied only for a
  /// `String` not stored as contiguous UTF-8).
  ///
  /// - Parameter body: What to do with the bytes, which are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @inline(__always)
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    switch storage {
    case .string(let text):
      if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
      var copy = text
      return try copy.withUTF8(body)
    case .shared(let block, let start, let count):
      return try block.withUnsafeBufferPointer { bytes in
        try body(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start) + Int(count)]))
      }
    }
  }

  /// Whether two descriptions hold the same bytes.
  ///
  /// - Parameters:
  ///   - lhs: A description.
  ///   - rhs: Another description.
  /// - Returns: `true` when their UTF-8 bytes are the same.
  public static func == (lhs: DescriptionText, rhs: DescriptionText) -> Bool {
    lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
  }

  /// Hashes the description's bytes.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
