/// The formats `--format` accepts.
package enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned, banded text for people.
  case text
  /// One JSON array of row objects, for scripts.
  case json
  /// GitHub-flavoured Markdown, a table per group, for notes, issues and chats.
  case markdown
  /// One self-contained HTML page, banded like the app's screens, for a browser or a printer.
  case html
}

extension OutputFormat {
  /// The format an output file's extension names: `.txt`; `.json`; `.md` or `.markdown`;
  /// `.html` or `.htm` (in any letter case).
  ///
  /// - Parameter path: The output file's path.
  /// - Returns: The format, or `nil` when the extension names none (`-` has none either).
  package static func inferred(fromPath path: String) -> OutputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "txt", "text": return .text
    case "json": return .json
    case "md", "markdown": return .markdown
    case "html", "htm": return .html
    default: return nil
    }
  }
}
