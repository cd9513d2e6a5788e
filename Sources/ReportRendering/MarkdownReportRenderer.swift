import ByteWords
import Entities
import Presenters

/// Renders the report as GitHub-flavoured Markdown that also reads well as plain text.
///
/// A `# Transaction Report` title (or the `ReportHeading` given: `# Acme Visa, March 2024`, the
/// title escaped as a description is); for each group a `##` section holding one table with the
/// columns Date, Description and Amount (right-aligned), the date written on the first row of
/// its block, and the group total as the last row, in bold; a message as a plain paragraph;
/// the grand total last, in bold. Columns are padded to a fixed width so the text lines up
/// without being rendered.
///
/// Data never breaks the layout: line breaks, controls and bidirectional overrides are shown
/// as visible escapes such as `\u{A}` (as in the text output), and every character Markdown
/// gives a meaning (the backslash, the backquote, `*`, `_`, `[`, `]`, `<`, `>`, `|`, `#`, `~`, `&`,
/// `$` (GitHub's math), and list markers at the start of a paragraph) is escaped with a
/// backslash. Nothing becomes a link or a picture when GitHub renders the report: the `:` of
/// `://` and the `.` of `www.` are escaped too, and a text that holds an e-mail address or an
/// emoji shortcode (`:smile:`, which GitHub replaces after reading the escapes) is written as a
/// code span.
///
/// Amounts are shown as the presenter wrote them, in the amounts of its `ReportStyle`
/// (`-1234.56`, `-$1,234.56`, `-1.234,56 €`); the words around them are the same style's.
///
/// The renderer streams: it remembers only whether a table is open and the date of a block
/// whose first row has not been written yet.
public struct MarkdownReportRenderer: ReportRenderer, ByteRenderer {
  private static let dateWidth = 12
  private static let descriptionWidth = 32
  private static let amountWidth = 12

  private var tableIsOpen = false
  private var pendingDate: String?
  private var isIncomplete = false
  private let heading: ReportHeading
  private let wording: any ReportWording

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - heading: The report's title and period: the wording's title unless given.
  ///   - style: The style the presenter was given: its wording gives the words around the rows
  ///     (column heads, total labels).
  public init(heading: ReportHeading = ReportHeading(), style: ReportStyle) {
    self.heading = heading
    self.wording = style.wording
  }

  /// The report's title.
  ///
  /// - Returns: `# Transaction Report` (or the heading given, escaped) and a line break.
  public mutating func start() -> String {
    tableIsOpen = false
    pendingDate = nil
    isIncomplete = false
    return "# " + Self.escaped(heading.text(in: wording), startsBlock: true) + "\n"
  }

  /// The Markdown of one row: a heading, a table line, or a paragraph.
  ///
  /// - Parameter row: The row, in report order.
  /// - Returns: The row's text, ending with a line break; empty for a subheader (its date goes
  ///   on the block's first table line) and for a subfooter.
  public mutating func render(_ row: ReportRow) -> String {
    switch row {
    case .header(let title):
      return closeTable() + "\n## " + Self.escaped(title, startsBlock: true) + "\n"
    case .subheader(let title, _):
      let text = openTable() + flushPendingDate()
      // A date as the presenter writes it (`Apr 01, 2016`) holds nothing to escape: said by
      // writing its bytes the way of a detail's description (once a date block), without the
      // escape's work on its `String`.
      let plain = title.withUTF8InPlace { Self.isWrittenAsItIs($0) }
      pendingDate = plain ? title : Self.escaped(title)
      return text
    case .detail(let description, let amount, _):
      let text = openTable()
      defer { pendingDate = nil }
      return text
        + Self.tableLine(
          pendingDate ?? "", Self.escaped(description.description),
          Self.shownAmount(amount))
    case .subfooter:
      return openTable() + flushPendingDate()
    case .footer(let total, _):
      let total = Self.shownAmount(total)
      return openTable() + flushPendingDate()
        + Self.tableLine("**\(Self.escaped(wording.totalLabel))**", "", "**\(total)**")
        + closeTable()
    case .grandFooter(let total):
      let label = isIncomplete ? wording.grandTotalOfAvailableSourcesLabel : wording.grandTotalLabel
      return closeTable() + "\n**\(Self.escaped(label)): \(Self.shownAmount(total))**\n"
    case .message(let message):
      return closeTable() + "\n" + Self.escaped(message, startsBlock: true) + "\n"
    }
  }

  /// Appends the text of one row, as UTF-8: the bytes of ``render(_:)-(ReportRow)``, with a
  /// detail row written straight in when its description and amount hold nothing that
  /// ``escaped(_:startsBlock:)`` treats with care beyond a backslash before a syntax character
  /// (no `:` or `@`, no `.` after `www`, nothing `ReportText` escapes) and only characters that
  /// each take one place in the source's alignment.
  ///
  /// - Parameters:
  ///   - row: The row, in report order.
  ///   - bytes: The buffer the row's text is appended to.
  package mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {
    guard case .detail(let description, let amount, _) = row, let amountCount = amount.plainAmountCount
    else { return bytes.appendUTF8(of: render(row)) }
    let isWritten = description.withUTF8 { utf8 in
      // No byte `ReportText` escapes and no character that joins another: each then takes one
      // place in the table's alignment.
      guard DisplayWidth.plainColumns(utf8: utf8) != nil else { return false }
      if !tableIsOpen { bytes.appendUTF8(of: openTable()) }
      return Self.appendDetail(
        date: pendingDate, description: utf8, amount: amount, amountCount: amountCount, to: &bytes)
    }
    // A description that is not plain, or that may take part in a link: the way of a row's
    // text (the table, if just opened above, is not opened again).
    guard isWritten else { return bytes.appendUTF8(of: render(row)) }
    pendingDate = nil
  }

  /// Whether a text is written in a table's cell as it is: plain as a detail's description must
  /// be (``appendDetail(date:description:amount:amountCount:to:)``: nothing that may take part
  /// in a link), with no syntax character.
  private static func isWrittenAsItIs(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard DisplayWidth.plainColumns(utf8: utf8) != nil else { return false }
    var written: [UInt8] = []
    let isPlain = written.appendIfKept(atMost: 2 &* utf8.count) { $0.writeMarkdownPlain(utf8) != nil }
    return isPlain && written.count == utf8.count
  }

  /// Appends a detail line whose description is plain and amount plain
  /// (`String.plainAmountCount`), in one piece of room made for the longest it could be
  /// (``Swift/Array/appendIfKept(atMost:writing:)``): the date cell (the block's date on its
  /// first line), the description with a backslash before each syntax character, written as it
  /// is copied (``ByteWriter/writeMarkdownPlain(_:)``), the padding and the bar, the amount, the
  /// end. Nothing is kept when the description holds what may take part in a link, which
  /// ``escaped(_:startsBlock:)`` treats with care: a `:` or an `@` (a URL's scheme, an e-mail
  /// address, an emoji's shortcode), or a `.` after `www` (where GitHub starts a link; a `.`
  /// anywhere else, `Inc.` or `3.5`, starts none).
  ///
  /// - Parameters:
  ///   - date: The block's date, on the block's first line; else `nil`.
  ///   - description: The description's bytes, which show as they are.
  ///   - amount: The plain amount.
  ///   - amountCount: Its length.
  ///   - bytes: The buffer the line is appended to.
  /// - Returns: Whether the line was written.
  private static func appendDetail(
    date: String?, description: UnsafeBufferPointer<UInt8>, amount: String, amountCount: Int,
    to bytes: inout [UInt8]
  ) -> Bool {
    let after = max(0, amountWidth - amountCount) + 1
    let datePadding = date.map { max(0, dateWidth - characterCount($0)) } ?? 0
    let dateCellCount = date.map { 2 + $0.utf8.count + datePadding + 3 } ?? noDateCell.utf8CodeUnitCount
    // The most: a backslash before every byte, and the padding after the fewest characters.
    let count = dateCellCount + 2 &* description.count + descriptionWidth + 1 + 1 + after + amountCount + 3
    return bytes.appendIfKept(atMost: count) { line in
      if let date {
        line.write("| ")
        line.write(date)
        line.skip(datePadding)
        line.write(" | ")
      } else {
        line.write(noDateCell)
      }
      // The padding after the description counts characters, not bytes.
      guard let characters = line.writeMarkdownPlain(description) else { return false }
      line.skip(max(0, descriptionWidth - characters) + 1)
      line.write(UInt8(ascii: "|"))
      line.skip(after)
      line.write(amount)
      line.write(" |\n")
      return true
    }
  }

  /// The date cell of a detail line without a date, with the bars around it.
  private static let noDateCell: StaticString = "|              | "
  /// The mask of the bytes of a word that may take part in a link: `:`, `@` and `.`.
  @inline(__always)
  fileprivate static func linkParts(_ word: UInt64) -> UInt64 {
    word.bytes(equalTo: UInt8(ascii: ":")) | word.bytes(equalTo: UInt8(ascii: "@"))
      | word.bytes(equalTo: UInt8(ascii: "."))
  }

  /// A quoted warning under the source's message, `> **Incomplete report:** …`; the grand
  /// total then reads `Grand Total of available sources`.
  ///
  /// - Parameter warning: The source that could not be read, and why.
  /// - Returns: The block, after a blank line.
  public mutating func render(_ warning: SourceWarning) -> String {
    isIncomplete = true
    return closeTable() + "\n> **\(Self.escaped(wording.incompleteReportLabel))** "
      + Self.escaped(warning.text) + "\n"
  }

  /// Nothing comes after the last row: every row ends its own line.
  ///
  /// - Returns: An empty string, or the date line of a block left unfinished.
  public mutating func finish() -> String {
    closeTable()
  }

  /// Text made safe for Markdown: shown, not interpreted, and never breaking a table line.
  ///
  /// Controls, line breaks and bidirectional overrides first become visible escapes with
  /// `ReportText.visible(_:quoting:)` (Presenters); then a backslash goes before each of
  /// the backslash, the backquote and `* _ [ ] < > | # ~ & $`, so no emphasis, code, link, raw HTML, entity,
  /// heading, table cell or math can start inside the text.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - startsBlock: Whether the text starts a paragraph or heading, where a leading `-`, `+`,
  ///     `=` or `1.` would start a list or underline a heading; such a marker is escaped too.
  /// - Returns: The escaped text.
  package static func escaped(_ text: String, startsBlock: Bool = false) -> String {
    let visible = ReportText.visible(text)
    var utf8 = visible
    // Every character escaped here is ASCII, so the work is done on the UTF-8 bytes: a byte
    // below 0x80 is always a whole character.
    return utf8.withUTF8 { bytes in
      let marker = startsBlock ? blockMarkerIndex(bytes) : nil
      guard marker != nil || bytes.contains(where: isSpecial) else { return visible }
      if holdsEmailAddress(bytes) || holdsEmojiShortcode(bytes) { return codeSpan(bytes) }
      var escaped: [UInt8] = []
      escaped.reserveCapacity(bytes.count + 8)
      for (index, byte) in bytes.enumerated() {
        if index == marker || isMarkdownSyntax(byte) || startsAutolink(bytes, at: index) {
          escaped.append(UInt8(ascii: "\\"))
        }
        escaped.append(byte)
      }
      return String(decoding: escaped, as: UTF8.self)
    }
  }

  /// An amount as its style writes it (`-$1,234.56`, `1.234,56 €`): as it is when it holds only
  /// what a style writes (digits, `,`, `.`, `-`, spaces, `$` and `€`), else escaped. Its one `$`
  /// in a cell or a line of its own opens no math (GitHub's math needs two), so the amount
  /// reads as people write it.
  private static func shownAmount(_ text: String) -> String {
    let written = text.unicodeScalars.allSatisfy {
      ("0"..."9").contains($0) || ",.-$€ \u{A0}".unicodeScalars.contains($0)
    }
    return written ? text : escaped(text)
  }

  /// Whether a byte is Markdown syntax, or one that may take part in a GitHub autolink (`:`,
  /// `.`, `@`): only text holding one needs a closer look.
  private static func isSpecial(_ byte: UInt8) -> Bool {
    isMarkdownSyntax(byte) || isLinkPart(byte)
  }

  /// Whether the byte at `index` is where GitHub's autolink extension would start a link, and
  /// is escaped to stop it: the `:` of `://` (`https://…`, `ftp://…`), or the `.` of `www.`.
  /// GitHub starts those links on that very character, so a backslash before it leaves plain
  /// text that shows exactly the same.
  fileprivate static func startsAutolink(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    switch bytes[index] {
    case UInt8(ascii: ":"):
      return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
        && bytes[index + 2] == UInt8(ascii: "/")
    case UInt8(ascii: "."):
      return index >= 3 && bytes[(index - 3)..<index].allSatisfy { $0 | 0x20 == UInt8(ascii: "w") }
    default:
      return false
    }
  }

  /// Whether the text holds something GitHub links as an e-mail address (`name@host.example`).
  ///
  /// GitHub finds those after the escapes are read, so no backslash stops them: such a text is
  /// written as a code span instead, where nothing is a link.
  private static func holdsEmailAddress(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func isLocal(_ byte: UInt8) -> Bool {
      isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "_")
    }
    for index in bytes.indices where bytes[index] == UInt8(ascii: "@") {
      guard index > 0, isLocal(bytes[index - 1]) else { continue }
      // A host of labels joined by dots, with at least one dot followed by a letter or digit.
      var position = index + 1
      var sawDot = false
      while position < bytes.count,
        isAlphanumeric(bytes[position]) || bytes[position] == UInt8(ascii: "-")
          || bytes[position] == UInt8(ascii: "_")
          || (bytes[position] == UInt8(ascii: ".") && position + 1 < bytes.count
            && isAlphanumeric(bytes[position + 1]))
      {
        if bytes[position] == UInt8(ascii: ".") { sawDot = true }
        position += 1
      }
      if sawDot { return true }
    }
    return false
  }

  /// Whether the text holds what GitHub shows as an emoji: `:`, a name of letters, digits,
  /// `_`, `+` and `-`, and `:` (`:smile:`, `:+1:`), whether or not the name is one GitHub knows.
  ///
  /// GitHub replaces those in the text after its escapes are read, so no backslash stops them:
  /// such a text is written as a code span instead, where nothing is replaced.
  static func holdsEmojiShortcode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var nameLength: Int?
    for byte in bytes {
      if byte == UInt8(ascii: ":") {
        if let length = nameLength, length > 0 { return true }
        nameLength = 0
      } else if let length = nameLength,
        isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-")
      {
        nameLength = length + 1
      } else {
        nameLength = nil
      }
    }
    return false
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// The text as a code span: shown as it is, with nothing a link or markup. The fence is one
  /// backquote longer than the longest run inside; a `|` is escaped, as a table cell needs even
  /// inside a code span (GitHub shows it as `|`).
  private static func codeSpan(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var longest = 0
    var run = 0
    for byte in bytes {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = [UInt8](repeating: UInt8(ascii: "`"), count: longest + 1)
    let padded =
      bytes.first == UInt8(ascii: "`") || bytes.last == UInt8(ascii: "`")
      || (bytes.first == UInt8(ascii: " ") && bytes.last == UInt8(ascii: " "))
    var span = fence
    if padded { span.append(UInt8(ascii: " ")) }
    for byte in bytes {
      if byte == UInt8(ascii: "|") { span.append(UInt8(ascii: "\\")) }
      span.append(byte)
    }
    if padded { span.append(UInt8(ascii: " ")) }
    span += fence
    return String(decoding: span, as: UTF8.self)
  }

  /// Whether a byte is one of the ASCII characters ``escaped(_:startsBlock:)`` puts a backslash
  /// before: the backslash, the backquote and `* _ [ ] < > | # ~ & $`.
  @inline(__always)
  static func isMarkdownSyntax(_ byte: UInt8) -> Bool {
    markdownSyntaxBit(byte) != 0
  }

  /// ``isMarkdownSyntax(_:)`` as a number, 1 or 0, with no branch: a loop that counts syntax
  /// characters adds it (a branch for each byte is mispredicted at each of them).
  @inline(__always)
  private static func markdownSyntaxBit(_ byte: UInt8) -> Int {
    // One bit a byte, looked up rather than compared thirteen times (every byte of every
    // description comes here): bit n of the first word for byte n, of the second for byte
    // 64 + n; none above ASCII. `MarkdownReportRendererTests` checks the bits against the
    // characters.
    let bits: UInt64 = byte & 0x40 == 0 ? 0x5000_0458_0000_0000 : 0x5000_0001_B800_0000
    return Int(truncatingIfNeeded: bits &>> UInt64(byte & 0x3F) & UInt64(~byte &>> 7))
  }

  /// Whether a byte is `:`, `.` or `@`, which may take part in a GitHub autolink.
  static func isLinkPart(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@")
  }

  /// Where a leading list or heading-underline marker sits, if the text starts with one.
  private static func blockMarkerIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=") { return 0 }
    let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    if digits > 0, digits < bytes.count,
      bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")")
    {
      return digits
    }
    return nil
  }

  /// One table line, each cell padded to its column's width (the amount on the right).
  private static func tableLine(_ date: String, _ description: String, _ amount: String) -> String {
    // Appended in place, in a string made large enough once: every detail row is one line.
    var line = "| "
    line.reserveCapacity(16 + date.utf8.count + description.utf8.count + amount.utf8.count + 56)
    line += date
    line += Spaces.of(dateWidth - characterCount(date))
    line += " | "
    line += description
    line += Spaces.of(descriptionWidth - characterCount(description))
    line += " | "
    line += Spaces.of(amountWidth - characterCount(amount))
    line += amount
    line += " |\n"
    return line
  }

  /// The number of `Character`s in a text, counted from its UTF-8 bytes when every scalar is
  /// below U+0300 (then no scalar joins another, and each is a `Character`): counting
  /// grapheme clusters on every line cost more than writing it.
  private static func characterCount(_ text: String) -> Int {
    let simple = text.withUTF8InPlace { bytes -> Int? in
      var count = 0
      for byte in bytes {
        if byte & 0xC0 == 0x80 { continue }  // a continuation byte
        if byte >= 0xCC || byte == 0x0D { return nil }  // U+0300 and above; CR, which joins LF
        count += 1
      }
      return count
    }
    return simple ?? text.count
  }

  private mutating func openTable() -> String {
    guard !tableIsOpen else { return "" }
    tableIsOpen = true
    let heads = wording.columnHeads
    return "\n"
      + Self.tableLine(Self.escaped(heads.date), Self.escaped(heads.description), Self.escaped(heads.amount))
      + "| :"
      + String(repeating: "-", count: Self.dateWidth - 1) + " | :"
      + String(repeating: "-", count: Self.descriptionWidth - 1) + " | "
      + String(repeating: "-", count: Self.amountWidth - 1) + ": |\n"
  }

  /// The line of a date whose block had no transaction line to carry it.
  private mutating func flushPendingDate() -> String {
    guard let date = pendingDate else { return "" }
    pendingDate = nil
    return Self.tableLine(date, "", "")
  }

  private mutating func closeTable() -> String {
    let text = flushPendingDate()
    tableIsOpen = false
    return text
  }
}

extension ByteWriter {
  /// Writes a description that shows as it is with a backslash before each syntax character
  /// (``MarkdownReportRenderer/isMarkdownSyntax(_:)``), eight bytes at a time: a word is stored
  /// whole up to its first syntax character, which only the bytes in their runs of ASCII
  /// (`UInt64.markdownSyntaxCandidates`) are looked at to find. Needs room for two bytes a byte.
  ///
  /// - Parameter utf8: The description's bytes.
  /// - Returns: How many characters were written, the backslashes among them (the bytes but
  ///   those that continue a character); `nil` at a byte that may take part in a link (a `:`, an
  ///   `@`, a `.` after `www`), where the line is given up.
  @inline(__always)
  fileprivate mutating func writeMarkdownPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    var (index, continuations, backslashes) = (0, 0, 0)
    while index < utf8.count {
      let (word, end) = utf8.spacedWord(at: index)
      continuations &+= word.continuationBytes.markedByteCount
      var marked = word.markdownSyntaxCandidates | MarkdownReportRenderer.linkParts(word)
      var start = 0
      while marked != 0 {
        let place = marked.trailingZeroBitCount &>> 3
        marked &= marked &- 1
        guard place < end else { continue }
        let byte = UInt8(truncatingIfNeeded: word &>> UInt64(place &* 8))
        if MarkdownReportRenderer.isMarkdownSyntax(byte) {
          write(word &>> UInt64(start &* 8), count: place &- start)
          write(UInt8(ascii: "\\"))
          (start, backslashes) = (place, backslashes &+ 1)
        } else if MarkdownReportRenderer.isLinkPart(byte),
          byte != UInt8(ascii: ".") || MarkdownReportRenderer.startsAutolink(utf8, at: index &+ place)
        {
          return nil
        }
      }
      if start < end { write(word &>> UInt64(start &* 8), count: end &- start) }
      index &+= 8
    }
    return utf8.count &- continuations &+ backslashes
  }
}
