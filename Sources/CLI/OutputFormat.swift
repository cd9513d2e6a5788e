/// The formats `--format` accepts: the report in four, and its transactions in one.
///
/// The one list of the formats: the choices of `--format`, its help, the file extensions
/// `--output` reads a format from, and every message that lists them come from here, so a format
/// added here is offered everywhere (and the compiler asks for each of its answers below).
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
  /// The extensions of an output file's name that pick the format, in lower case; `--help`
  /// names those of ``helpExtensions``, and a file is best named with the first.
  package var fileExtensions: [String] {
    switch self {
    case .text: ["txt", "text"]
    case .json: ["json"]
    case .transactions: ["ndjson", "jsonl"]
    case .markdown: ["md", "markdown"]
    case .html: ["html", "htm"]
    }
  }

  /// How many of ``fileExtensions`` `--help` names.
  private var helpExtensions: Int { self == .transactions ? 2 : 1 }

  /// What `--help` says of the format under `--format`: lines of at most 51 columns.
  package var help: [String] {
    switch self {
    case .text: ["text (default): aligned and banded, for a terminal"]
    case .json: ["json: one array of row objects, for scripts"]
    case .transactions:
      ["transactions: one JSON object a line (NDJSON) per", "transaction: date, group, description, amount"]
    case .markdown: ["markdown: a table per group, for notes and chats"]
    case .html: ["html: one self-contained page, for a browser"]
    }
  }

  /// Every format's help, then how `--output` picks one: the help of `--format`.
  package static var help: [String] {
    let extensions = allCases.map { format in
      format.fileExtensions.prefix(format.helpExtensions).map { "." + $0 }.joined(separator: " or ")
    }
    return allCases.flatMap(\.help)
      + wrapped(
        "With --output and no --format, the output file's extension picks it ("
          + extensions.joined(separator: ", ") + "); any other extension is refused", width: 51)
  }

  /// The formats as a sentence lists them: `text, json, transactions, markdown or html`.
  package static var listed: String { sentence(allCases.map(\.rawValue)) }

  /// The file names an output is best given, as a sentence lists them: `.txt, .json, .ndjson,
  /// .md or .html`.
  package static var listedFileNames: String { sentence(allCases.map { "." + $0.fileExtensions[0] }) }

  /// The format an output file's extension names (``fileExtensions``, in any letter case).
  ///
  /// - Parameter path: The output file's path.
  /// - Returns: The format, or `nil` when the extension names none (`-` has none either).
  package static func inferred(fromPath path: String) -> OutputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let ext = path[path.index(after: dot)...].lowercased()
    return allCases.first { $0.fileExtensions.contains(ext) }
  }

  /// Words as a sentence lists them: `a, b or c`.
  private static func sentence(_ words: [String]) -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
  }

  /// Text cut into lines of at most `width` columns, at spaces.
  private static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return line.isEmpty ? lines : lines + [line]
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
