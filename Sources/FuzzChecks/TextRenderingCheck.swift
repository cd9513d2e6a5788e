import CLI
import Presenters
import ReportRendering

/// The invariants of ``TextReportRenderer``, checked row by row, without and with colours.
/// Widths are measured by ``ColumnsOracle``, the fuzzer's own table, not by `DisplayWidth`.
///
/// Without colours, each row is one line (a header after the first row and the grand footer
/// get a blank line before them), and no control, bidirectional or separator character from the
/// data reaches it: descriptions and messages are shown as `TerminalSafety.escaped` says (the
/// fuzzer's own model of the escapes). A detail, footer or grand-footer line starts with its indent, ends with its amount
/// exactly two columns from the right edge (its display width is the width less 2), and shows
/// the escaped description whole when it fits, or a start of it and `…` when it does not.
///
/// With colours, removing the SGR colour sequences leaves no other escape and gives the
/// uncoloured line, padded with spaces to exactly the width for every banded, header and total
/// line.
struct TextRenderingCheck {
  let width: Int

  /// Checks the rendering of every row.
  ///
  /// - Parameter rows: The report's rows.
  /// - Returns: The whole uncoloured text, as the command line would write it.
  func run(_ rows: [ReportRow]) -> String {
    var plain = TextReportRenderer(width: width, colors: false, style: .english)
    var colored = TextReportRenderer(width: width, colors: true, style: .english)
    // The same renderers again, writing bytes as the command line does: the same text.
    var (plainBytes, coloredBytes) = (plain, colored)
    var output = plain.start()
    require(colored.start().isEmpty, "the coloured text renderer writes something before the rows")
    for (index, row) in rows.enumerated() {
      let plainText = plain.render(row)
      output += plainText
      let line = check(plainText, of: row, at: index)
      let coloredText = colored.render(row)
      checkColored(coloredText, of: row, at: index, plainLine: line)
      var bytes: [UInt8] = []
      plainBytes.render(row, appendingTo: &bytes)
      require(bytes == Array(plainText.utf8), "row \(index): the bytes of \(shown(row)) are not its text")
      bytes.removeAll()
      coloredBytes.render(row, appendingTo: &bytes)
      require(
        bytes == Array(coloredText.utf8), "row \(index): the coloured bytes of \(shown(row)) are not its text"
      )
    }
    output += plain.finish()
    require(colored.finish().isEmpty, "the coloured text renderer writes something after the rows")
    return output
  }

  /// Checks one row's uncoloured text and returns its line, without the blank line before it.
  private func check(_ text: String, of row: ReportRow, at index: Int) -> String {
    let line = Self.line(of: text, for: row, at: index, style: "uncoloured")
    if let scalar = TerminalSafety.firstUnsafe(in: line.replacing("\n", with: "")) {
      fatalError(
        "fuzz invariant broken: row \(index) shows \(shown(scalar)) raw: \(shown(line)) for \(shown(row))")
    }
    switch row {
    case .header(let title): expect(line, title, at: index)
    case .subheader(let title, _): expect(line, "  " + title, at: index)
    case .subfooter: expect(line, "", at: index)
    case .message(let message) where line.contains("\n"):
      // Wrapped: every line indented and within the width, and, spaces aside, the message whole.
      let expected = "  " + TerminalSafety.escaped(message)
      for part in line.split(separator: "\n") {
        require(part.hasPrefix("  "), "a line of message row \(index) is not indented: \(shown(line))")
        if let columns = ColumnsOracle.columns(of: String(part)) {
          require(columns <= width, "a line of message row \(index) is \(columns) columns, past \(width)")
        }
      }
      require(
        line.filter { $0 != " " && $0 != "\n" } == expected.filter { $0 != " " },
        "message row \(index) is shown as \(shown(line)), not \(shown(expected)) wrapped")
    case .message(let message): expect(line, "  " + TerminalSafety.escaped(message), at: index)
    case .detail(let description, let amount, _):
      checkColumns(
        line, indent: 4, label: TerminalSafety.escaped(description.description), amount: amount, row: row)
    case .footer(let total, _):
      checkColumns(line, indent: 2, label: "Total", amount: total, row: row)
    case .grandFooter(let total):
      checkColumns(line, indent: 0, label: "Grand Total", amount: total, row: row)
    }
    return line
  }

  /// Checks that a line is exactly the text expected, byte for byte.
  private func expect(_ line: String, _ expectation: String, at index: Int) {
    require(
      line.utf8.elementsEqual(expectation.utf8),
      "row \(index) is shown as \(shown(line)), not \(shown(expectation))")
  }

  /// Checks a line that holds a label and an amount.
  private func checkColumns(_ line: String, indent: Int, label: String, amount: String, row: ReportRow) {
    let bytes = Array(line.utf8)
    let amountBytes = Array(amount.utf8)
    require(
      bytes.count >= indent + amountBytes.count + 1 && bytes.prefix(indent).allSatisfy { $0 == 0x20 }
        && bytes.suffix(amountBytes.count).elementsEqual(amountBytes),
      "the line \(shown(line)) of \(shown(row)) does not hold its indent, a gap and its amount")
    if let columns = ColumnsOracle.columns(of: line) {
      require(
        columns == width - 2,
        "the line \(shown(line)) of \(shown(row)) is \(columns) columns wide, not \(width - 2): misaligned")
    }
    let region = bytes[indent..<(bytes.count - amountBytes.count)]
    let room = width - indent - 2 - (ColumnsOracle.columns(of: amount) ?? amountBytes.count) - 1
    let labelBytes = Array(label.utf8)
    // A label the oracle cannot measure may be whole or cut; the line's own width above is then
    // not checked either.
    let fits = ColumnsOracle.columns(of: label).map { $0 <= room } ?? region.starts(with: labelBytes)
    if fits {
      let gap = region.dropFirst(labelBytes.count)
      require(
        region.starts(with: labelBytes) && !gap.isEmpty && gap.allSatisfy { $0 == 0x20 },
        "the line \(shown(line)) does not show \(shown(label)) whole, though it fits in \(room) columns")
    } else {
      var cut = region
      while cut.last == 0x20 { cut = cut.dropLast() }
      let ellipsis = Array("…".utf8)
      require(
        cut.count < region.count && cut.suffix(ellipsis.count).elementsEqual(ellipsis)
          && labelBytes.starts(with: cut.dropLast(ellipsis.count)),
        "the line \(shown(line)) does not show a start of \(shown(label)) and '…' (room \(room))")
    }
  }

  /// Checks one row's coloured text against its uncoloured line.
  private func checkColored(_ text: String, of row: ReportRow, at index: Int, plainLine: String) {
    let stripped = TerminalSafety.withoutColors(text)
    let line = Self.line(of: stripped, for: row, at: index, style: "coloured")
    if let scalar = TerminalSafety.firstUnsafe(in: line.replacing("\n", with: "")) {
      fatalError(
        "fuzz invariant broken: coloured row \(index) shows \(shown(scalar)) raw: \(shown(text)) for \(shown(row))"
      )
    }
    if case .message = row {
      require(
        line.utf8.elementsEqual(plainLine.utf8),
        "coloured row \(index) shows \(shown(line)), not \(shown(plainLine))")
      return
    }
    let lineBytes = Array(line.utf8)
    let plainBytes = Array(plainLine.utf8)
    require(
      lineBytes.starts(with: plainBytes) && lineBytes.dropFirst(plainBytes.count).allSatisfy { $0 == 0x20 },
      "coloured row \(index) shows \(shown(line)), not \(shown(plainLine)) padded with spaces")
    if let columns = ColumnsOracle.columns(of: line) {
      require(
        columns == width, "coloured row \(index) is \(columns) columns wide, not \(width): \(shown(line))")
    }
  }

  /// The one line of a row's text, without the blank line a header or the grand footer may
  /// have before it; checks that there is exactly one line.
  private static func line(of text: String, for row: ReportRow, at index: Int, style: String) -> String {
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    require(
      lines.count >= 2 && lines.removeLast().isEmpty,
      "\(style) row \(index) does not end with a line break: \(shown(text))")
    let hasGap: Bool =
      switch row {
      case .header: index > 0
      case .grandFooter: true
      default: false
      }
    if hasGap {
      require(
        lines.count == 2 && lines.removeFirst().isEmpty,
        "\(style) row \(index) has no blank line before it: \(shown(text))")
    }
    // A message narrower screens cannot hold wraps onto lines of its own (below 80 columns):
    // they are given back joined by line breaks, and checked as one message below.
    if case .message = row, lines.count > 1 {
      return lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
    require(lines.count == 1, "\(style) row \(index) is \(lines.count) lines, not one: \(shown(text))")
    return String(decoding: lines[0], as: UTF8.self)
  }
}
