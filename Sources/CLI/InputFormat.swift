/// The formats `--input-format` accepts.
package enum InputFormat: String, CaseIterable, Sendable {
  /// A JSON array of record objects.
  case json
  /// One JSON record object per line.
  case ndjson
  /// Comma-separated values with a header row naming the fields, or a bank's CSV export.
  case csv
  /// An OFX bank or card statement (SGML or XML).
  case ofx
  /// A QIF file (Quicken Interchange Format).
  case qif

  /// The format a file's extension names: `.json`; `.ndjson` or `.jsonl`; `.csv` or `.tsv`;
  /// `.ofx` or `.qfx`; `.qif` (in any letter case).
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The format, or `nil` when the extension names none (standard input, `-`, has
  ///   none either).
  package static func inferred(fromPath path: String) -> InputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "json": return .json
    case "ndjson", "jsonl": return .ndjson
    case "csv", "tsv": return .csv
    case "ofx", "qfx": return .ofx
    case "qif": return .qif
    default: return nil
    }
  }
}
