import ByteWords
import Entities
import Presenters

/// Renders the report as aligned text for a terminal, banded with background colours when
/// colour is on.
///
/// Descriptions are left-aligned and amounts right-aligned two columns from the right edge; a
/// description too long for its column is cut with an ellipsis `…`, an amount never is. Each
/// date block is one band: its subheader, details, subfooter (a blank line, the block's bottom
/// margin) and, at the end of a group, the footer share one background, alternating between the
/// two band colours. Headers and the grand total are set apart. Characters from the data that
/// could control a terminal are shown escaped.
///
/// Widths are terminal columns (see `DisplayWidth`), not `Character`s: a CJK character or an
/// emoji takes two, a combining mark none, so amounts stay aligned and coloured lines stay
/// exactly as wide as the terminal whatever the descriptions hold. Text is escaped before it is
/// measured, so an escape such as `\u{1B}` is measured as the characters it is shown as.
///
/// The colours come from a ``Palette``, for a light terminal background or a dark one, written
/// at a ``ColorDepth``: 24-bit, or the nearest entries of xterm's 256-colour palette.
///
/// Amounts are shown as the presenter wrote them, in the amounts of its `ReportStyle`
/// (`-1234.56`, `-$1,234.56`); wider amounts still end at the same column, and leave the
/// description less room. A report given a title or a period (a `ReportHeading` that is not the default) starts
/// with it on a line of its own, then a blank line; the default heading adds nothing.
public struct TextReportRenderer: ReportRenderer, ByteRenderer {
  private let starts: LineStarts
  private let width: Int
  private let colors: Bool
  private let heading: ReportHeading
  private let wording: any ReportWording
  private var rowsRendered = 0
  private var isIncomplete = false

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - width: The width of the terminal in columns; at least 40 is used.
  ///   - colors: Whether to band and highlight with ANSI colours.
  ///   - palette: The colours, for a light or a dark terminal background; light unless given.
  ///   - colorDepth: How the colours are written: 24-bit unless given, or the 256-colour
  ///     palette for a terminal that does not say it supports 24-bit colour.
  ///   - heading: The report's title and period; a title line is written only when one of
  ///     them is given.
  ///   - style: The style the presenter was given: its wording gives the words the renderer adds
  ///     (`Total`, `Grand Total`, `Incomplete report:`).
  public init(
    width: Int = 80, colors: Bool, palette: Palette = .light, colorDepth: ColorDepth = .trueColor,
    heading: ReportHeading = ReportHeading(), style: ReportStyle
  ) {
    self.starts = LineStarts.of(palette, depth: colorDepth)
    self.width = max(40, width)
    self.colors = colors
    self.heading = heading
    self.wording = style.wording
  }

  /// The title line and a blank line when the heading has a title or a period; otherwise
  /// nothing comes before the first row.
  ///
  /// The title is escaped as a description is, cut with `…` to the width, and bold when colour
  /// is on.
  ///
  /// - Returns: The text before the first row.
  public mutating func start() -> String {
    rowsRendered = 0
    isIncomplete = false
    guard !heading.isDefault else { return "" }
    let title = DisplayWidth.truncated(ReportText.visible(heading.text(in: wording)), toColumns: width)
    return line(title, style: .title) + "\n"
  }

  /// The lines of one row.
  ///
  /// - Parameter row: The row.
  /// - Returns: The row's text.
  public mutating func render(_ row: ReportRow) -> String {
    defer { rowsRendered += 1 }
    switch row {
    case .header:
      let gap = rowsRendered > 0 ? "\n" : ""
      return gap + text(of: row, incomplete: isIncomplete, lineEnd: true)
    case .grandFooter:
      return "\n" + text(of: row, incomplete: isIncomplete, lineEnd: true)
    default:
      return text(of: row, incomplete: isIncomplete, lineEnd: true)
    }
  }

  /// One row on one line, as a table view's cell shows it: the line ``render(_:)-(ReportRow)``
  /// writes for the row, without the blank line the document sets before a header and before
  /// the grand total, and without a line end.
  ///
  /// A client that draws rows one at a time and in any order, such as a scrolling view that
  /// draws only the rows on screen, asks for each row's cell instead of rendering the document:
  /// the renderer keeps no state between cells, so the cell of a row is the same whichever rows
  /// were drawn before it. The spacing between groups is the client's to lay out.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - incomplete: Whether a source is missing from the report: the grand total then reads
  ///     `Grand Total of available sources`, as it does in the document after
  ///     ``render(_:)-(SourceWarning)``.
  /// - Returns: The row's line, with its colours when colour is on (a banded line padded to the
  ///   full width), and no line feed.
  public func cell(for row: ReportRow, incomplete: Bool = false) -> String {
    text(of: row, incomplete: incomplete, lineEnd: false)
  }

  /// The one line of a row, with or without its line end.
  private func text(of row: ReportRow, incomplete: Bool, lineEnd: Bool) -> String {
    switch row {
    case .header(let title):
      return line(title, style: .header, lineEnd: lineEnd)
    case .subheader(let title, let odd):
      return line("  " + title, style: .band(odd: odd, bold: true), lineEnd: lineEnd)
    case .detail(let description, let amount, let odd):
      return madeOnce {
        appendDetail(description.description, amount: amount, odd: odd, lineEnd: lineEnd, to: &$0)
      }
    case .subfooter:
      // The row's band by `row.odd`, so that a value the row gains changes nothing here.
      return line("", style: .band(odd: row.odd == true), lineEnd: lineEnd)
    case .footer(let total, let odd):
      return line(
        columns(indent: 2, label: wording.totalLabel, amount: total),
        style: .band(odd: odd, bold: true),
        lineEnd: lineEnd)
    case .grandFooter(let total):
      let label = incomplete ? wording.grandTotalOfAvailableSourcesLabel : wording.grandTotalLabel
      return line(
        columns(indent: 0, label: label, amount: total), style: .grandTotal,
        lineEnd: lineEnd)
    case .message(let message):
      guard lineEnd else { return line("  " + ReportText.visible(message), style: .message, lineEnd: false) }
      return messageLines(ReportText.visible(message))
    }
  }

  /// Appends the text of one row, as UTF-8: the bytes of ``render(_:)-(ReportRow)``, with a
  /// detail row (nearly every row), and without colour the lines around a date block, written
  /// straight in.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - bytes: The buffer the row's text is appended to.
  package mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {
    // A file with a few records a day has a date block for every few rows.
    switch row {
    case .subheader(let title, _) where !colors:
      rowsRendered += 1
      bytes.append("  ")
      bytes.appendUTF8(of: title)
      return bytes.append(UInt8(ascii: "\n"))
    case .subfooter where !colors:
      rowsRendered += 1
      return bytes.append(UInt8(ascii: "\n"))
    case .subheader(let title, let odd) where appendBand(title, indent: 2, odd: odd, bold: true, to: &bytes):
      rowsRendered += 1
      return
    case .subfooter where appendBand("", indent: 0, odd: row.odd == true, bold: false, to: &bytes):
      rowsRendered += 1
      return
    default:
      break
    }
    guard case .detail(let description, let amount, let odd) = row else {
      return bytes.appendUTF8(of: render(row))
    }
    rowsRendered += 1
    appendDetail(description, amount: amount, odd: odd, to: &bytes)
  }

  /// Appends the coloured line of a date block's subheader or subfooter (``line(_:style:lineEnd:)``
  /// of a band) when its label needs nothing but one look at its bytes (``DisplayWidth``'s
  /// plain columns): the band's start, the indent and the label, spaces to the full width, the
  /// reset and the line end, in one piece of room (``ByteWriter``); without colour, or for any
  /// other label, nothing, and `false`.
  private func appendBand(_ label: String, indent: Int, odd: Bool, bold: Bool, to bytes: inout [UInt8])
    -> Bool
  {
    guard colors else { return false }
    return label.withUTF8InPlace { labelBytes in
      guard let labelWidth = DisplayWidth.plainColumns(utf8: labelBytes) else { return false }
      starts.bands[(odd ? 1 : 0) + (bold ? 2 : 0)].withUTF8InPlace { start in
        let padding = max(0, width - indent - labelWidth)
        let count =
          start.count + indent + labelBytes.count + padding + Self.resetSequence.utf8CodeUnitCount + 1
        bytes.append(count: count) { line in
          line.write(start)
          line.skip(indent)
          line.write(labelBytes)
          line.skip(padding)
          line.write(Self.resetSequence)
          line.write(UInt8(ascii: "\n"))
        }
      }
      return true
    }
  }

  /// Appends a detail row's line, with its line end: a description that is plain and fits
  /// written as it lies, any other made a `String` and written the way of a row's.
  ///
  /// Not `mutating`: the closure that reads the description's bytes would take a copy of the
  /// renderer, for every row, to read it in a method that may change it. The amount's bytes are
  /// read once, for its width and its copy: each reading of a short `String`'s bytes copies them
  /// out of it first.
  private func appendDetail(
    _ description: DescriptionText, amount: String, odd: Bool, to bytes: inout [UInt8]
  ) {
    let oddBand = colors ? odd : nil
    let isWritten = amount.withUTF8InPlace { amountBytes in
      let amountWidth = Self.amountWidth(amountBytes, of: amount)
      let room = labelRoom(indent: 4, amountWidth: amountWidth)
      return description.withUTF8 { utf8 in
        guard let width = DisplayWidth.plainColumns(utf8: utf8), width <= room else { return false }
        appendColumns(
          indent: 4, label: utf8, labelWidth: width, amount: amountBytes, amountWidth: amountWidth,
          lineEnd: true, oddBand: oddBand, to: &bytes)
        return true
      }
    }
    if !isWritten {
      appendDetail(description.description, amount: amount, odd: odd, lineEnd: true, to: &bytes)
    }
  }

  /// Appends a detail row's line: the one place both ``render(_:appendingTo:)`` and the
  /// `String` of a row make it.
  ///
  /// Most descriptions need no escape, and one pass over their bytes says so and measures them;
  /// such a description is written as it is, not copied into a label first (a copy would count
  /// a reference to it, and give it back, for every row).
  ///
  /// - Parameters:
  ///   - description: The description.
  ///   - amount: The amount, as the presenter wrote it.
  ///   - odd: Whether the row's band is odd; used only with colour.
  ///   - lineEnd: Whether to end the line with a line feed.
  ///   - bytes: The buffer the line is appended to.
  private func appendDetail(
    _ description: String, amount: String, odd: Bool, lineEnd: Bool, to bytes: inout [UInt8]
  ) {
    let (shownAmount, oddBand) = (amount, colors ? odd : nil)
    if let width = DisplayWidth.plainColumns(of: description) {
      appendColumns(
        indent: 4, label: description, labelWidth: width, amount: shownAmount, lineEnd: lineEnd,
        oddBand: oddBand, to: &bytes)
    } else {
      appendColumns(
        indent: 4, label: ReportText.visible(description), labelWidth: nil, amount: shownAmount,
        lineEnd: lineEnd, oddBand: oddBand, to: &bytes)
    }
  }

  /// A line under the source's message, `Incomplete report: …`, in the message's style; the
  /// grand total then reads `Grand Total of available sources`.
  ///
  /// - Parameter warning: The source that could not be read, and why.
  /// - Returns: The line.
  public mutating func render(_ warning: SourceWarning) -> String {
    isIncomplete = true
    return messageLines(ReportText.visible(wording.incompleteReportLabel + " " + warning.text))
  }

  /// The `Incomplete report: …` line of a missing source on its own, as a table view shows it
  /// under that source's message row: the line ``render(_:)-(SourceWarning)`` writes, without
  /// the line end.
  ///
  /// - Parameter warning: The source that could not be read, and why.
  /// - Returns: The line, in the message's style when colour is on, and no line feed.
  public func cell(for warning: SourceWarning) -> String {
    line(
      "  " + ReportText.visible(wording.incompleteReportLabel + " " + warning.text), style: .message,
      lineEnd: false)
  }

  /// Nothing comes after the last row.
  public mutating func finish() -> String { "" }

  /// A label and an amount on one line, without colour and without a line end (see
  /// ``appendColumns(indent:label:labelWidth:amount:lineEnd:oddBand:to:)``): a total's line.
  ///
  /// - Parameters:
  ///   - indent: The spaces before the label.
  ///   - label: The label, already escaped.
  ///   - amount: The formatted amount.
  /// - Returns: The line.
  private func columns(indent: Int, label: String, amount: String) -> String {
    madeOnce {
      appendColumns(
        indent: indent, label: label, labelWidth: nil, amount: amount, lineEnd: false, oddBand: nil, to: &$0)
    }
  }

  /// A line written as bytes by `append`, made a string once.
  ///
  /// - Parameter append: Appends the line's bytes.
  /// - Returns: The line.
  private func madeOnce(_ append: (inout [UInt8]) -> Void) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width + 64)
    append(&bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a label and an amount on one line, as UTF-8: the label cut to fit, the amount
  /// ending two columns from the right edge. Every detail row goes through here, so its parts
  /// are copied in once each, with no `String` made for the line.
  ///
  /// The label gets what is left after the indent, the amount, one space and the margin. When
  /// the amount leaves no room at all, the label is cut to the ellipsis alone and the line is
  /// wider than the terminal: an amount is never cut.
  ///
  /// - Parameters:
  ///   - indent: The spaces before the label.
  ///   - label: The label, already escaped.
  ///   - labelWidth: The label's width, when it is known already.
  ///   - amount: The formatted amount.
  ///   - lineEnd: Whether to end the text with a line feed.
  ///   - oddBand: For a coloured detail line, whether its band is odd (`nil` without colour):
  ///     the line then starts with the band's escape sequences, is padded to the full width
  ///     and ends by resetting the colours, as ``line(_:style:)`` would make it, without
  ///     measuring the text again.
  ///   - bytes: The buffer the line is appended to.
  private func appendColumns(
    indent: Int, label: String, labelWidth: Int?, amount: String, lineEnd: Bool, oddBand: Bool?,
    to bytes: inout [UInt8]
  ) {
    amount.withUTF8InPlace { amountBytes in
      let amountWidth = Self.amountWidth(amountBytes, of: amount)
      let room = labelRoom(indent: indent, amountWidth: amountWidth)
      // Measured once: a label that fits (nearly every one) is not measured again to be cut.
      let labelWidth = labelWidth ?? DisplayWidth.columns(of: label)
      // Only a label too wide is cut: one that fits is written as it is, not copied first.
      guard labelWidth > room else {
        return label.withUTF8InPlace {
          appendColumns(
            indent: indent, label: $0, labelWidth: labelWidth, amount: amountBytes, amountWidth: amountWidth,
            lineEnd: lineEnd, oddBand: oddBand, to: &bytes)
        }
      }
      let truncated = DisplayWidth.truncated(label, toColumns: room)
      let cutWidth = DisplayWidth.columns(of: truncated)
      truncated.withUTF8InPlace {
        appendColumns(
          indent: indent, label: $0, labelWidth: cutWidth, amount: amountBytes, amountWidth: amountWidth,
          lineEnd: lineEnd, oddBand: oddBand, to: &bytes)
      }
    }
  }

  /// An amount's width: as many columns as bytes when they are printable ASCII (digits and
  /// signs: a plain loop over a few bytes, cheaper than a description's measure); a currency's
  /// sign may not be ASCII.
  private static func amountWidth(_ utf8: UnsafeBufferPointer<UInt8>, of amount: String) -> Int {
    utf8.allSatisfy { (0x20..<0x7F).contains($0) } ? utf8.count : DisplayWidth.columns(of: amount)
  }

  /// The columns a label may take on a line of the renderer's width, after the indent, before
  /// the amount, one space and the margin of two: at least one, for the ellipsis of a label cut
  /// to nothing.
  private func labelRoom(indent: Int, amountWidth: Int) -> Int {
    max(1, width - indent - 2 - amountWidth - 1)
  }

  /// Appends a label that fits (``labelRoom(indent:amountWidth:)``) and an amount on one line,
  /// as UTF-8: the line's columns as spaces, with the label and the amount copied over them.
  ///
  /// - Parameters:
  ///   - indent: The spaces before the label.
  ///   - label: The label's bytes, already escaped.
  ///   - labelWidth: The label's width.
  ///   - amount: The formatted amount's bytes.
  ///   - amountWidth: The amount's width.
  ///   - lineEnd: Whether to end the text with a line feed.
  ///   - oddBand: For a coloured detail line, whether its band is odd (`nil` without colour).
  ///   - bytes: The buffer the line is appended to.
  @inline(__always)
  private func appendColumns(
    indent: Int, label: UnsafeBufferPointer<UInt8>, labelWidth: Int, amount: UnsafeBufferPointer<UInt8>,
    amountWidth: Int, lineEnd: Bool, oddBand: Bool?, to bytes: inout [UInt8]
  ) {
    let rightMargin = 2
    let gap = max(1, width - indent - rightMargin - labelWidth - amountWidth)
    // Only a coloured line is padded: past its last character, up to the full width.
    let padding = oddBand == nil ? 0 : max(0, width - indent - labelWidth - gap - amountWidth)
    // The whole line in one piece of room (``ByteWriter``), its parts and spaces written in
    // order, where appending each part checked the buffer five times.
    let band = oddBand.map { starts.detailBand(odd: $0) }
    let colorCount = band.map { $0.count + Self.resetSequence.utf8CodeUnitCount } ?? 0
    let count = colorCount + indent + label.count + gap + amount.count + padding + (lineEnd ? 1 : 0)
    bytes.append(count: count) { line in
      if let band { line.write(band) }
      line.skip(indent)
      line.write(label)
      line.skip(gap)
      line.write(amount)
      line.skip(padding)
      if band != nil { line.write(Self.resetSequence) }
      if lineEnd { line.write(UInt8(ascii: "\n")) }
    }
  }

  /// A message's lines in the document, in the message's style, each ending with a line feed:
  /// the text indented by two columns and, on a display narrower than
  /// ``wholeMessageWidth``, wrapped where it would pass the width, at a space where there is one
  /// (the spaces there dropped), else between two characters. A message that fits is one line.
  ///
  /// - Parameter text: The message, already escaped.
  /// - Returns: The lines.
  private func messageLines(_ text: String) -> String {
    let indent = "  "
    guard width < Self.wholeMessageWidth else { return line(indent + text, style: .message) }
    let room = width - indent.count
    var rest = text
    var lines = ""
    while true {
      let fitting = DisplayWidth.prefix(of: rest, fittingIn: room).text
      guard fitting.endIndex < rest.endIndex else {
        return lines + line(indent + rest, style: .message)
      }
      // Cut at the last space that leaves some text on the line; a word wider than the line
      // is cut where the line ends.
      var end = fitting.endIndex
      if rest[end] != " ", let space = fitting.lastIndex(of: " "),
        fitting[..<space].contains(where: { $0 != " " })
      {
        end = space
      }
      var cut = rest[..<end]
      while cut.last == " " { cut.removeLast() }
      lines += line(indent + cut, style: .message)
      rest = String(rest[end...].drop { $0 == " " })
      if rest.isEmpty { return lines }
    }
  }

  /// The width from which a message is written whole on its line, however long: 80 columns,
  /// the width the report is laid out for when nothing gives one (a file, a pipe), and every
  /// golden's. The report's own messages fit it; a longer one (an incomplete report's reason,
  /// with a path) stays one line, the whole message for `grep`. Only a narrower display, where
  /// even the report's own messages would run past the edge, has its messages wrapped.
  static let wholeMessageWidth = 80

  private enum Style {
    case title
    case header
    case band(odd: Bool, bold: Bool = false)
    case grandTotal
    case message
  }

  private func line(_ text: String, style: Style, lineEnd: Bool = true) -> String {
    let end = lineEnd ? "\n" : ""
    guard colors else {
      return text + end
    }
    let padding = Spaces.of(max(0, width - DisplayWidth.columns(of: text)))
    let start: String
    switch style {
    case .header: start = starts.header
    case .band(let odd, let bold): start = starts.bands[(odd ? 1 : 0) + (bold ? 2 : 0)]
    case .grandTotal: start = starts.grandTotal
    case .message: return Self.italic + text + Self.reset + end
    case .title: return Self.bold + text + Self.reset + end
    }
    var line = ""
    line.reserveCapacity(start.utf8.count + text.utf8.count + padding.utf8.count + Self.reset.utf8.count + 1)
    line += start
    line += text
    line += padding
    line += Self.reset
    line += end
    return line
  }

  private static let bold = "\u{1B}[1m"
  private static let italic = "\u{1B}[3m"
  private static let resetSequence: StaticString = "\u{1B}[0m"
  private static let reset = resetSequence.description
}
