import Synchronization

/// The name of a source as a record's origin keeps it: the text, kept once for the process and
/// referred to without counting references.
///
/// Every valid record of a file carries its origin from the reader's thread to the report's,
/// and an origin that held the name as a `String` counted a reference to it each time it was
/// made, copied or freed: atomic operations, on both cores, on the one object every record
/// shares (decision 0058). A name is kept for as long as the process runs, once however many
/// origins name it: a program names a handful of sources.
@usableFromInline
package struct SourceName: Hashable, @unchecked Sendable {
  // Unchecked: the name it refers to is immutable and never freed.
  @usableFromInline let name: Unmanaged<Name>

  /// The name of a source.
  ///
  /// - Parameter text: The text, such as a file path.
  package init(_ text: String) {
    name = Self.names.withLock { names in
      if let name = names[text] { return name }
      let name = Unmanaged.passRetained(Name(text))
      names[text] = name
      return name
    }
  }

  /// The text.
  package var text: String { name.takeUnretainedValue().text }

  /// Two names are equal when their texts are: each text is kept once.
  @usableFromInline package static func == (left: SourceName, right: SourceName) -> Bool {
    left.name.toOpaque() == right.name.toOpaque()
  }

  @usableFromInline package func hash(into hasher: inout Hasher) {
    hasher.combine(name.toOpaque())
  }

  /// A name's text, kept by ``names`` for the process.
  @usableFromInline
  final class Name: Sendable {
    let text: String

    init(_ text: String) {
      self.text = text
    }
  }

  /// Every name made so far, by its text.
  private static let names = Mutex<[String: Unmanaged<Name>]>([:])
}
