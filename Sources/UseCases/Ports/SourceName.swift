import Synchronization

/// The name of a source as a record's origin keeps it: the text, kept once for the process and
/// referred to without counting references.
///
/// Every valid record of a file carries its origin from the reader's thread to the report's,
/// and an origin that held the name as a `String` counted a reference to it each time it was
/// made, copied or freed: atomic operations, on both cores, on the one object every record
/// shares (decision 0058). A name is kept for as long as the process runs, once however many
/// origins name it: a program names a handful of sources.
///
/// A name reads back exactly as it was written, byte for byte (two paths that differ only in
/// how an accent is written are two files); two names are equal when their texts are equal as
/// `String`s are, which is how origins compared when they held one.
@usableFromInline
package struct SourceName: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  @usableFromInline let name: Unmanaged<Name>

  /// The name of a source: looked up, under a lock, among the names made so far.
  ///
  /// - Parameter text: The text, such as a file path.
  package init(_ text: String) {
    name = Self.names.withLock { names in
      let bytes = Array(text.utf8)
      if let name = names.byBytes[bytes] { return name }
      let equal = names.equalTexts.count
      let name = Unmanaged.passRetained(Name(text, equal: names.equalTexts[text, default: equal]))
      names.equalTexts[text] = name.takeUnretainedValue().equal
      names.byBytes[bytes] = name
      return name
    }
  }

  /// The text, as it was written.
  package var text: String { name.takeUnretainedValue().text }

  @usableFromInline package var description: String { text }

  @usableFromInline package var debugDescription: String { text.debugDescription }

  /// Two names are equal when their texts are equal as `String`s are.
  @usableFromInline package static func == (left: SourceName, right: SourceName) -> Bool {
    left.name.takeUnretainedValue().equal == right.name.takeUnretainedValue().equal
  }

  @usableFromInline package func hash(into hasher: inout Hasher) {
    hasher.combine(name.takeUnretainedValue().equal)
  }

  /// A name's text, kept by ``names`` for the process.
  @usableFromInline
  final class Name: Sendable {
    let text: String
    /// What the names whose texts are equal as `String`s share: the order in which the first of
    /// them was made.
    let equal: Int

    init(_ text: String, equal: Int) {
      (self.text, self.equal) = (text, equal)
    }
  }

  /// Every name made so far, by its exact bytes, and what equal texts share.
  private struct Names {
    var byBytes: [[UInt8]: Unmanaged<Name>] = [:]
    var equalTexts: [String: Int] = [:]
  }

  private static let names = Mutex(Names())
}
