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
