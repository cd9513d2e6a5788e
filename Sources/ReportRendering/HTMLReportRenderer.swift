import ByteWords
import Entities
import Presenters

/// Renders the report as one self-contained HTML page: inline CSS, no scripts, no external
/// resources, so it works offline, on a phone and on paper.
///
/// The markup follows the report's structure, so a screen reader can follow it:
///
/// - each group is a `<section>` named by its `<h2>` header;
/// - its date blocks are the `<tbody>` row groups of one `<table>`: the date is a
///   `<th scope="rowgroup">`, each description a `<th scope="row">`, each amount a `<td>`;
/// - the group total is the table's `<tfoot>`, a message is a `<p>`, and the grand total is a
///   section of its own.
///
/// Every row element has a class named after the row's kind (`header`, `subheader`, `detail`,
/// `subfooter`, `footer`, `grandfooter`, `message`, as in the JSON output), and the banded rows
/// also `odd` or `even`. Data is escaped twice over: characters that could reorder or hide
/// text (controls, bidirectional overrides) are shown as visible escapes such as `\u{202E}`,
/// exactly as in the text output, and then `&`, `<`, `>`, `"` and `'` become character
/// references.
///
/// The page's `<title>` and `<h1>` are the wording's title (`Transaction Report`), or the
/// `ReportHeading` given (`Acme Visa, March 2024`, escaped as data is). Amounts are shown as
/// the presenter wrote them, in the amounts of its `ReportStyle` (`-1234.56`, `-$1,234.56`,
/// `-1.234,56 €`); the page's words are the same style's.
///
/// The renderer streams: it remembers only which elements are open and how many sections it
/// has numbered, and closes whatever is open before it starts something that cannot nest.
public struct HTMLReportRenderer: ReportRenderer, ByteRenderer {
  private var sectionIsOpen = false
  private var tableIsOpen = false
  private var rowGroupIsOpen = false
  private var sectionCount = 0
  private var isIncomplete = false
  private let heading: ReportHeading
  private let wording: any ReportWording

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - heading: The report's title and period: the wording's title unless given.
  ///   - style: The style the presenter was given: its wording gives the words the renderer
  ///     adds (`Total`, `Grand Total`, `Incomplete report:`) and the page's language.
  public init(heading: ReportHeading = ReportHeading(), style: ReportStyle) {
    self.heading = heading
    self.wording = style.wording
  }

  /// The start of the page: the document head with its style sheet, and the page title.
  ///
  /// - Returns: The HTML up to and including the page's `<h1>`.
  public mutating func start() -> String {
    sectionIsOpen = false
    tableIsOpen = false
    rowGroupIsOpen = false
    sectionCount = 0
    isIncomplete = false
    return Self.pageStart(
      title: Self.text(heading.text(in: wording)), language: Self.text(wording.languageTag))
  }

  /// The markup of one row, after closing whatever the row cannot appear inside.
  ///
  /// - Parameter row: The row, in report order.
  /// - Returns: The row's HTML, one element a line.
  public mutating func render(_ row: ReportRow) -> String {
    switch row {
    case .header(let title):
      let id = nextID()
      let html = closeSection() + #"<section class="group" aria-labelledby="\#(id)">"# + "\n"
      sectionIsOpen = true
      return html + #"<h2 class="header" id="\#(id)">\#(Self.text(title))</h2>"# + "\n"
    case .subheader(let title, let odd):
      let html = openTable() + closeRowGroup() + "<tbody>\n"
      rowGroupIsOpen = true
      return html + #"<tr class="subheader \#(Self.band(odd))">"#
        + #"<th scope="rowgroup" colspan="2">\#(Self.text(title))</th></tr>"# + "\n"
    case .detail(let description, let amount, let odd):
      // Appended in place, in a string made large enough once: every detail row is one.
      var html = openTable()
      html += openRowGroup()
      let description = description.description
      html.reserveCapacity(html.utf8.count + 120 + description.utf8.count)
      html += odd ? #"<tr class="detail odd"><th scope="row">"# : #"<tr class="detail even"><th scope="row">"#
      html += Self.text(description)
      html += "</th>"
      html += Self.amountCell(amount)
      html += "</tr>\n"
      return html
    case .subfooter:
      // The row's band by `row.odd`, so that a value the row gains changes nothing here.
      return openTable() + openRowGroup()
        + #"<tr class="subfooter \#(Self.band(row.odd == true))" aria-hidden="true"><td colspan="2"></td></tr>"#
        + "\n"
        + closeRowGroup()
    case .footer(let total, let odd):
      return openTable() + closeRowGroup() + "<tfoot>\n" + #"<tr class="footer \#(Self.band(odd))">"#
        + #"<th scope="row">\#(Self.text(wording.totalLabel))</th>\#(Self.amountCell(total))</tr>"#
        + "\n</tfoot>\n"
        + closeTable()
    case .grandFooter(let total):
      let id = nextID()
      let label = Self.text(
        isIncomplete ? wording.grandTotalOfAvailableSourcesLabel : wording.grandTotalLabel)
      return closeSection() + #"<section class="grandfooter" aria-labelledby="\#(id)">"#
        + #"<h2 id="\#(id)">\#(label)</h2><p class="\#(Self.amountClass(total))">\#(Self.text(total))</p>"#
        + "</section>\n"
    case .message(let message):
      return closeTable() + #"<p class="message">\#(Self.text(message))</p>"# + "\n"
    }
  }

  /// Appends the markup of one row, as UTF-8: the bytes of ``render(_:)-(ReportRow)``, with a
  /// detail row whose description and amount need no escape (nearly every one) written
  /// straight in.
  ///
  /// - Parameters:
  ///   - row: The row, in report order.
  ///   - bytes: The buffer the row's markup is appended to.
  package mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {
    // A date block's rows inside an open table (a file with a few records a day has one for
    // every few rows): their markup written as bytes, the rows' `String`s not made.
    switch row {
    case .subheader(let title, let odd) where tableIsOpen && Self.isPlain(title):
      if rowGroupIsOpen { bytes.append("</tbody>\n") }
      rowGroupIsOpen = true
      bytes.append(
        odd
          ? #"<tbody>\#n<tr class="subheader odd"><th scope="rowgroup" colspan="2">"#
          : #"<tbody>\#n<tr class="subheader even"><th scope="rowgroup" colspan="2">"#)
      bytes.appendUTF8(of: title)
      return bytes.append("</th></tr>\n")
    case .subfooter where tableIsOpen:
      if !rowGroupIsOpen { bytes.append("<tbody>\n") }
      rowGroupIsOpen = false
      return bytes.append(
        row.odd == true
          ? #"<tr class="subfooter odd" aria-hidden="true"><td colspan="2"></td></tr>\#n</tbody>\#n"#
          : #"<tr class="subfooter even" aria-hidden="true"><td colspan="2"></td></tr>\#n</tbody>\#n"#)
    default:
      break
    }
    // A description with nothing to show as an escape is written straight, its `& < > " '`
    // as character references, as `escaped(_:)` writes them; amounts only plain ones (those of
    // the plain style, which no currency rewrites).
    guard case .detail(let description, let amount, let odd) = row,
      amount.plainAmountCount != nil || Self.isPlain(amount)
    else { return bytes.appendUTF8(of: render(row)) }
    let isWritten = description.withUTF8 { utf8 in
      guard DisplayWidth.plainColumns(utf8: utf8) != nil else { return false }
      if !tableIsOpen { bytes.appendUTF8(of: openTable()) }
      if !rowGroupIsOpen { bytes.appendUTF8(of: openRowGroup()) }
      amount.withUTF8InPlace { amount in Self.appendDetail(utf8, amount: amount, odd: odd, to: &bytes) }
      return true
    }
    if !isWritten { bytes.appendUTF8(of: render(row)) }
  }

  /// Appends a detail row whose description shows as it is and whose amount is plain, in one
  /// piece of room made for the longest it could be (``Swift/Array/append(atMost:writing:)``):
  /// the row's start, the description with `& < > " '` as character references, written as it
  /// is copied (``ByteWriter/writeReferenced(_:)``), the amount's cell, the row's end.
  private static func appendDetail(
    _ description: UnsafeBufferPointer<UInt8>, amount: UnsafeBufferPointer<UInt8>, odd: Bool,
    to bytes: inout [UInt8]
  ) {
    // Each part a constant where it is written (no part chosen into a variable first), so that
    // it is copied as the few words its known length takes rather than by a call.
    let isCredit = amount.first == UInt8(ascii: "-")
    let count =
      (odd ? DetailParts.openOdd : DetailParts.openEven).utf8CodeUnitCount
      + ByteWriter.mostReferencedCount(description.count)
      + (isCredit ? DetailParts.creditCell : DetailParts.amountCell).utf8CodeUnitCount + amount.count
      + DetailParts.close.utf8CodeUnitCount
    bytes.append(atMost: count) { line in
      if odd {
        line.write(DetailParts.openOdd)
      } else {
        line.write(DetailParts.openEven)
      }
      line.writeReferenced(description)
      if isCredit {
        line.write(DetailParts.creditCell)
      } else {
        line.write(DetailParts.amountCell)
      }
      line.write(amount)
      line.write(DetailParts.close)
    }
  }

  /// The fixed parts of a detail row written straight in (``appendDetail(_:amount:odd:to:)``).
  private enum DetailParts {
    static let openOdd: StaticString = #"<tr class="detail odd"><th scope="row">"#
    static let openEven: StaticString = #"<tr class="detail even"><th scope="row">"#
    static let amountCell: StaticString = #"</th><td class="amount">"#
    static let creditCell: StaticString = #"</th><td class="amount credit">"#
    static let close: StaticString = "</td></tr>\n"
  }

  /// Calls `body` with the place of each of `& < > " '` in a text, in order: only the bytes in
  /// their two runs of ASCII, `"` to `'` and `<` to `>`, are looked at, eight bytes at a time.
  @inline(__always)
  private static func forEachReferenced(in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
    utf8.forEachByte(
      markedBy: { $0.bytes(from: 0x22, through: 0x27) | $0.bytes(from: 0x3C, through: 0x3E) },
      where: isReferenced,
      body)
  }

  /// The character reference of a byte that is one of `& < > " '` (``isReferenced(_:)``).
  fileprivate static func reference(of byte: UInt8) -> StaticString {
    switch byte {
    case UInt8(ascii: "&"): "&amp;"
    case UInt8(ascii: "<"): "&lt;"
    case UInt8(ascii: ">"): "&gt;"
    case UInt8(ascii: "\""): "&quot;"
    default: "&#39;"
    }
  }

  /// Appends a text's bytes with `&`, `<`, `>`, `"` and `'` as character references (the
  /// bytes of `escaped(_:)`, which this writes), without a `String` made for them.
  private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    text.withUTF8InPlace { appendEscaped(utf8: $0, to: &bytes) }
  }

  /// Appends UTF-8 with `&`, `<`, `>`, `"` and `'` as character references: the detail row's
  /// way (``ByteWriter/writeReferenced(_:)``), for any text.
  private static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    bytes.append(atMost: ByteWriter.mostReferencedCount(utf8.count)) { $0.writeReferenced(utf8) }
  }

  /// Whether a text is written as it is: nothing for `ReportText.visible(_:quoting:)` to
  /// escape (see `DisplayWidth.plainColumns(of:)`), and none of `& < > " '`; ``text(_:)`` of it
  /// is itself.
  private static func isPlain(_ text: String) -> Bool {
    text.withUTF8InPlace { utf8 in
      guard DisplayWidth.plainColumns(utf8: utf8) != nil else { return false }
      var holdsReferenced = false
      forEachReferenced(in: utf8) { _ in holdsReferenced = true }
      return !holdsReferenced
    }
  }

  /// Whether a byte is one of `& < > " '`, which HTML writes as character references: one bit
  /// each of a word, for the bytes below 64 where all five are.
  fileprivate static func isReferenced(_ byte: UInt8) -> Bool {
    byte < 64 && (0x5000_00C4_0000_0000 as UInt64) >> byte & 1 != 0
  }

  /// A warning under the source's message, `<p class="warning" role="note">`, starting
  /// `Incomplete report:`; the grand total then reads `Grand Total of available sources`.
  ///
  /// - Parameter warning: The source that could not be read, and why.
  /// - Returns: The paragraph, one line.
  public mutating func render(_ warning: SourceWarning) -> String {
    isIncomplete = true
    return closeTable() + #"<p class="warning" role="note"><strong>"#
      + Self.text(wording.incompleteReportLabel)
      + "</strong> " + Self.text(warning.text) + "</p>\n"
  }

  /// Closes whatever is still open, then the page.
  ///
  /// - Returns: The HTML after the last row, ending with a line break.
  public mutating func finish() -> String {
    closeSection() + "</main>\n</body>\n</html>\n"
  }

  /// Text made safe for HTML, as element content or as a quoted attribute value.
  ///
  /// `&`, `<`, `>`, `"` and `'` become character references; nothing else changes. Controls
  /// and bidirectional overrides are not touched here: the renderer first shows them with
  /// `ReportText.visible(_:quoting:)` (Presenters).
  ///
  /// - Parameter text: The text.
  /// - Returns: The escaped text.
  package static func escaped(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendEscaped(text, to: &bytes)
    return bytes.count == text.utf8.count ? text : String(decoding: bytes, as: UTF8.self)
  }

  /// A piece of data as HTML text: unsafe characters shown as visible escapes, then escaped.
  private static func text(_ data: String) -> String {
    escaped(ReportText.visible(data))
  }

  private static func band(_ odd: Bool) -> String { odd ? "odd" : "even" }

  /// The class of an amount: `amount`, plus `credit` for a negative one.
  private static func amountClass(_ amount: String) -> String {
    amount.hasPrefix("-") ? "amount credit" : "amount"
  }

  private static func amountCell(_ amount: String) -> String {
    var cell = amount.hasPrefix("-") ? #"<td class="amount credit">"# : #"<td class="amount">"#
    cell += text(amount)
    cell += "</td>"
    return cell
  }

  private mutating func nextID() -> String {
    sectionCount += 1
    return "section-\(sectionCount)"
  }

  /// Opens a table (named by the open section's heading) unless one is open.
  private mutating func openTable() -> String {
    guard !tableIsOpen else { return "" }
    tableIsOpen = true
    let name = sectionIsOpen ? #" aria-labelledby="section-\#(sectionCount)""# : ""
    // The column heads are for screen readers, in the wording's words as the rest of the page.
    let heads = wording.columnHeads
    return "<table\(name)>\n" + #"<thead class="visually-hidden"><tr>"#
      + #"<th scope="col">"# + Self.text(heads.description) + #"</th><th scope="col">"#
      + Self.text(heads.amount) + "</th></tr></thead>\n"
  }

  /// Opens a row group for rows that arrive without a subheader.
  private mutating func openRowGroup() -> String {
    guard !rowGroupIsOpen else { return "" }
    rowGroupIsOpen = true
    return "<tbody>\n"
  }

  private mutating func closeRowGroup() -> String {
    guard rowGroupIsOpen else { return "" }
    rowGroupIsOpen = false
    return "</tbody>\n"
  }

  private mutating func closeTable() -> String {
    let html = closeRowGroup()
    guard tableIsOpen else { return html }
    tableIsOpen = false
    return html + "</table>\n"
  }

  private mutating func closeSection() -> String {
    let html = closeTable()
    guard sectionIsOpen else { return html }
    sectionIsOpen = false
    return html + "</section>\n"
  }
}

extension ByteWriter {
  /// The most bytes `count` bytes of text take with `& < > " '` as character references: six a
  /// byte (`&quot;`).
  ///
  /// - Parameter count: How many bytes of text.
  /// - Returns: Six times as many.
  fileprivate static func mostReferencedCount(_ count: Int) -> Int { 6 &* count }

  /// Writes text with `& < > " '` as character references (the bytes of
  /// ``HTMLReportRenderer/escaped(_:)``, which writes them this way), eight bytes at a time: a word is stored whole up to
  /// the first byte of those five in it, which only the bytes in their two runs of ASCII
  /// (`"` to `'`, `<` to `>`) are looked at to find. Needs the room of
  /// ``Swift/Array/append(atMost:writing:)`` for ``mostReferencedCount(_:)`` bytes.
  ///
  /// - Parameter utf8: The text's bytes.
  @inline(__always)
  fileprivate mutating func writeReferenced(_ utf8: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < utf8.count {
      let (word, end) = utf8.spacedWord(at: index)
      var marked = word.bytes(from: 0x22, through: 0x27) | word.bytes(from: 0x3C, through: 0x3E)
      var start = 0
      while marked != 0 {
        let place = marked.trailingZeroBitCount &>> 3
        marked &= marked &- 1
        let byte = UInt8(truncatingIfNeeded: word &>> UInt64(place &* 8))
        guard place < end, HTMLReportRenderer.isReferenced(byte) else { continue }
        write(word &>> UInt64(start &* 8), count: place &- start)
        write(HTMLReportRenderer.reference(of: byte))
        start = place &+ 1
      }
      if start < end { write(word &>> UInt64(start &* 8), count: end &- start) }
      index &+= 8
    }
  }
}
