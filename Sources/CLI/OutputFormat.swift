/// The formats `--format` accepts: the report in four, and its transactions in one.
package enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned, banded text for people.
  case text
  /// One JSON array of row objects, for scripts.
  case json
  /// The report's transactions, one JSON object a line (NDJSON), for scripts: not rows, so it
  /// is made by `TransactionListPresenter` at the use case's output port, not by a renderer.
  case transactions
  /// GitHub-flavoured Markdown, a table per group, for notes, issues and chats.
  case markdown
  /// One self-contained HTML page, banded like the app's screens, for a browser or a printer.
  case html
}

extension OutputFormat {
  /// The format an output file's extension names: `.txt`; `.json`; `.md` or `.markdown`;
  /// `.html` or `.htm`; `.ndjson` or `.jsonl`, the transactions (in any letter case).
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
    case "ndjson", "jsonl": return .transactions
    default: return nil
    }
  }
}

extension OutputFormat {
  /// The extension of an output file's name when it names none of the formats
  /// (``inferred(fromPath:)``): letters and digits, a letter among them, after the last `.` of
  /// the name that is not its first character (`csv` for `report.csv`); `nil` for a name
  /// without one (`report`, `.report`, `report.2024-05`) or with a known one.
  ///
  /// - Parameter path: The output file's path.
  /// - Returns: The extension, as written, or `nil`.
  package static func otherExtension(ofPath path: String) -> String? {
    guard inferred(fromPath: path) == nil else { return nil }
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    guard !ext.isEmpty, ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      ext.contains(where: \.isLetter)
    else { return nil }
    return String(ext)
  }
}
