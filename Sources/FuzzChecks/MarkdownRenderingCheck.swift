import Presenters
import ReportRendering

/// The invariants of ``MarkdownReportRenderer``, checked against a model of the GitHub
/// Markdown rules that could turn a description into something else, written without the
/// renderer's code.
///
/// Each detail row's table line is found in order; its description cell is split off at the
/// unescaped `|` that GitHub's table parser splits at, and read as GitHub would read it:
///
/// - a code span (a run of backquotes, the text, the same run): its text as it is, with the
///   `\|` a table needs turned back into `|`;
/// - otherwise a backslash before an ASCII punctuation character gives that character, and any
///   other character that Markdown gives a meaning (`` ` * _ [ ] < > | # ~ & \ ``, and `$`, which
///   starts GitHub's math) unescaped is markup: a failure. So is an unescaped `://` or `www.` (GitHub starts its URL autolinks on
///   that `:` and that `.`; this is the renderer's documented rule, a little wider than
///   GitHub's, which also looks at the scheme and the character before `www`) and, once the
///   escapes are read, anything GitHub links as an e-mail address, by cmark-gfm's own rule
///   (``holdsEmailLink(_:)``): no wider, so the check cannot cry wolf; and an emoji shortcode
///   (`:` and a name of letters, digits, `_`, `+` and `-`, then `:`), which GitHub replaces
///   after the escapes too.
///
/// What is read must be the description as the text output shows it
/// (`TerminalSafety.escaped`, the fuzzer's own model of the escapes), without the spaces a table
/// cell trims.
struct MarkdownRenderingCheck {
  /// Checks the rendering of every row.
  ///
  /// - Parameter rows: The report's rows.
  func run(_ rows: [ReportRow]) {
    var renderer = MarkdownReportRenderer(style: .english)
    let document = renderer.document(ReportTableDataSource(rows: rows))
    var lines = document.split(separator: "\n", omittingEmptySubsequences: false)[...]
    for (index, row) in rows.enumerated() {
      guard case .detail(let description, _, _) = row else { continue }
      // The next table line that is not the header, the delimiter row or a total.
      guard
        let found = lines.firstIndex(where: {
          $0.hasPrefix("| ") && !$0.hasPrefix("| Date ") && !$0.hasPrefix("| :")
            && !$0.hasPrefix("| **Total**")
        })
      else {
        fatalError("fuzz invariant broken: Markdown: no table line for row \(index), \(shown(row))")
      }
      let line = lines[found]
      lines = lines[(found + 1)...]
      let cells = Self.cells(of: Array(line.utf8))
      require(
        cells.count == 3,
        "Markdown: row \(index)'s line \(shown(String(line))) has \(cells.count) cells, not 3")
      let read = Self.read(cells[1], row: index)
      let expected = Self.trimmed(Array(TerminalSafety.escaped(description.description).utf8))
      require(
        read == expected,
        "Markdown: row \(index)'s description reads back as \(shown(String(decoding: read, as: UTF8.self))), "
          + "not \(shown(String(decoding: expected, as: UTF8.self))), in \(shown(String(line)))")
    }
  }

  /// The cells of a table line, split at each `|` without a backslash before it, as GitHub's
  /// table parser splits them (also inside code spans), the outer pipes dropped.
  static func cells(of line: [UInt8]) -> [[UInt8]] {
    var cells: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < line.count {
      let byte = line[index]
      if byte == UInt8(ascii: "\\"), index + 1 < line.count {
        current += [byte, line[index + 1]]
        index += 2
        continue
      }
      if byte == UInt8(ascii: "|") {
        cells.append(current)
        current = []
      } else {
        current.append(byte)
      }
      index += 1
    }
    cells.append(current)
    // The text before the first pipe and after the last one is empty.
    return Array(cells.dropFirst().dropLast())
  }

  /// What GitHub shows for a cell's text, or a failure when any of it would be markup.
  static func read(_ cell: [UInt8], row: Int) -> [UInt8] {
    let text = trimmed(cell)
    let fence = text.prefix { $0 == UInt8(ascii: "`") }.count
    if fence > 0 {
      let closing = text.reversed().prefix { $0 == UInt8(ascii: "`") }.count
      require(
        closing == fence && text.count > 2 * fence,
        "Markdown: row \(row)'s cell \(shown(String(decoding: text, as: UTF8.self))) opens a code span it does not close"
      )
      var inside = Array(text.dropFirst(fence).dropLast(fence))
      if inside.first == UInt8(ascii: " "), inside.last == UInt8(ascii: " "),
        inside.contains(where: { $0 != 32 })
      {
        inside = Array(inside.dropFirst().dropLast())
      }
      var shown: [UInt8] = []
      var index = 0
      while index < inside.count {
        if inside[index] == UInt8(ascii: "\\"), index + 1 < inside.count,
          inside[index + 1] == UInt8(ascii: "|")
        {
          index += 1
        }
        shown.append(inside[index])
        index += 1
      }
      return shown
    }
    var shownText: [UInt8] = []
    var escaped: [Bool] = []
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: "\\"), index + 1 < text.count, isASCIIPunctuation(text[index + 1]) {
        shownText.append(text[index + 1])
        escaped.append(true)
        index += 2
        continue
      }
      require(
        !"`*_[]<>|#~&$\\".utf8.contains(byte),
        "Markdown: row \(row)'s cell \(shown(String(decoding: text, as: UTF8.self))) has an unescaped "
          + "\(shown(Character(Unicode.Scalar(byte)))), which GitHub reads as markup")
      shownText.append(byte)
      escaped.append(false)
      index += 1
    }
    checkAutolinks(shownText, escaped: escaped, row: row)
    return shownText
  }

  /// Fails when GitHub would link part of a cell's text: an unescaped `:` before `//`, an
  /// unescaped `.` after `www`, or an e-mail address.
  private static func checkAutolinks(_ text: [UInt8], escaped: [Bool], row: Int) {
    let shownText = String(decoding: text, as: UTF8.self)
    for index in text.indices where !escaped[index] {
      if text[index] == UInt8(ascii: ":"), index + 2 < text.count, text[index + 1] == UInt8(ascii: "/"),
        text[index + 2] == UInt8(ascii: "/")
      {
        fatalError("fuzz invariant broken: Markdown: row \(row) shows \(shown(shownText)) with a link (://)")
      }
      if text[index] == UInt8(ascii: "."), index >= 3,
        text[(index - 3)..<index].allSatisfy({ $0 | 0x20 == 119 })
      {
        fatalError("fuzz invariant broken: Markdown: row \(row) shows \(shown(shownText)) with a link (www.)")
      }
    }
    require(!holdsEmailLink(text), "Markdown: row \(row) shows \(shown(shownText)) with an e-mail link")
    require(!holdsShortcode(text), "Markdown: row \(row) shows \(shown(shownText)) with an emoji shortcode")
  }

  /// Whether the text holds `:NAME:`, a name of at least one ASCII letter, digit, `_`, `+` or
  /// `-`: GitHub's emoji shortcodes (the names it knows are among them).
  static func holdsShortcode(_ text: [UInt8]) -> Bool {
    for start in text.indices where text[start] == UInt8(ascii: ":") {
      var end = start + 1
      while end < text.count, isAlphanumeric(text[end]) || "_+-".utf8.contains(text[end]) { end += 1 }
      if end > start + 1, end < text.count, text[end] == UInt8(ascii: ":") { return true }
    }
    return false
  }

  /// Whether GitHub links an e-mail address in the text, by the rule of cmark-gfm's autolink
  /// extension (`postprocess_text`), which reads text after its escapes: at an `@`, at least
  /// one of alphanumerics and `.+-_` just before it; after it, a run of alphanumerics, `-`,
  /// `_`, and `.` followed by an alphanumeric, holding at least one such `.` and no other `@`,
  /// two characters or more, ending in a letter or a `.`. (The newest cmark-gfm also declines
  /// a name that a `/` comes before; Debian's does not: this rule takes the wider one.)
  static func holdsEmailLink(_ text: [UInt8]) -> Bool {
    for at in text.indices where text[at] == UInt8(ascii: "@") {
      guard at > 0, isAlphanumeric(text[at - 1]) || ".+-_".utf8.contains(text[at - 1]) else { continue }
      var end = at
      var (ats, dots) = (0, 0)
      while end < text.count {
        let byte = text[end]
        if isAlphanumeric(byte) {
        } else if byte == UInt8(ascii: "@") {
          ats += 1
        } else if byte == UInt8(ascii: "."), end + 1 < text.count, isAlphanumeric(text[end + 1]) {
          dots += 1
        } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
          break
        }
        end += 1
      }
      let length = end - at
      guard length >= 2, ats == 1, dots > 0 else { continue }
      let last = text[end - 1]
      if (0x61...0x7A).contains(last | 0x20) || last == UInt8(ascii: ".") { return true }
    }
    return false
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte)
  }

  private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// The bytes without the spaces and tabs a table cell trims at either end.
  static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    guard let first = bytes.firstIndex(where: { !isBlank($0) }),
      let last = bytes.lastIndex(where: { !isBlank($0) })
    else { return [] }
    return Array(bytes[first...last])
  }
}
