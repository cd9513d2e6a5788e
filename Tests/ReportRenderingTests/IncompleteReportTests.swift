import Entities
import Presenters
import ReportRendering
import Testing

/// A report made without one of its sources says so in the output itself, in every format, and
/// its grand total says it covers only the sources that were available (SPEC §8).
@Suite struct IncompleteReportTests {
  private let warning = SourceWarning(
    scope: .group(.authorized), reason: "gone",
    text: "Authorized Transactions are not available: cannot read 'a<1>.json': gone")
  private let head: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .message("Authorized Transactions are not currently available."),
  ]

  /// The document of a report whose Authorized source is missing: its rows, with the warning
  /// after the message row, as the command line's view writes them.
  private func document(_ renderer: some ReportRenderer) -> String {
    var renderer = renderer
    var text = renderer.start()
    for row in head { text += renderer.render(row) }
    text += renderer.render(warning)
    text += renderer.render(.grandFooter(total: "12.50"))
    return text + renderer.finish()
  }

  @Test(
    "Text: a line under the message, whole at 80 columns however long, and the grand total of available sources"
  )
  func text() {
    #expect(
      document(TextReportRenderer(width: 80, colors: false, style: .english)) == """
        Authorized Transactions
          Authorized Transactions are not currently available.
          Incomplete report: Authorized Transactions are not available: cannot read 'a<1>.json': gone

        Grand Total of available sources                                         12.50

        """)
  }

  @Test(
    "Text: under 80 columns, the message and the line under it are wrapped at spaces within the width, each line in the message's style (issue 39)",
    arguments: [40, 60, 79])
  func textWrapped(width: Int) {
    let text = document(TextReportRenderer(width: width, colors: false, style: .english))
    for line in text.split(separator: "\n") {
      #expect(DisplayWidth.columns(of: line) <= width, "\(line)")
      #expect(line.hasPrefix("  ") || line.hasPrefix("Authorized") || line.hasPrefix("Grand"), "\(line)")
    }
    let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
    #expect(
      words(text)
        == words(document(TextReportRenderer(width: 80, colors: false, style: .english))))
    if width == 40 {
      #expect(
        text == """
          Authorized Transactions
            Authorized Transactions are not
            currently available.
            Incomplete report: Authorized
            Transactions are not available: cannot
            read 'a<1>.json': gone

          Grand Total of available sources 12.50

          """)
      let colored = document(TextReportRenderer(width: 40, colors: true, style: .english))
      #expect(
        colored.contains(
          "\u{1B}[3m  Authorized Transactions are not\u{1B}[0m\n\u{1B}[3m  currently available.\u{1B}[0m\n"))
    }
  }

  @Test("Text: a word wider than the line is cut where the line ends, and nothing is lost")
  func textLongWord() {
    var renderer = TextReportRenderer(width: 40, colors: false, style: .english)
    let long = String(repeating: "x", count: 90)
    let text = renderer.render(.message("see \(long) now"))
    #expect(
      text
        == "  see\n  \(String(repeating: "x", count: 38))\n  \(String(repeating: "x", count: 38))\n  xxxxxxxxxxxxxx now\n"
    )
  }

  @Test("Markdown: a quoted warning, escaped, and the grand total of available sources")
  func markdown() {
    let text = document(MarkdownReportRenderer(style: .english))
    #expect(
      text.contains(
        "\n> **Incomplete report:** Authorized Transactions are not available: cannot read 'a\\<1\\>.json': gone\n"
      ))
    #expect(text.hasSuffix("\n**Grand Total of available sources: 12.50**\n"))
  }

  @Test("HTML: a warning paragraph, escaped, and the grand total of available sources")
  func html() {
    let text = document(HTMLReportRenderer(style: .english))
    #expect(
      text.contains(
        #"<p class="warning" role="note"><strong>Incomplete report:</strong> Authorized Transactions are not available: cannot read &#39;a&lt;1&gt;.json&#39;: gone</p>"#
      ))
    #expect(text.contains(#">Grand Total of available sources</h2><p class="amount">12.50</p>"#))
  }

  @Test("JSON: the rows only, as the contract fixes them; the message row and exit status 3 say it")
  func json() {
    var plain = JSONReportRenderer()
    _ = plain.start()
    #expect(plain.render(warning) == "")
    let rows = head + [.grandFooter(total: "12.50")]
    var renderer = JSONReportRenderer()
    #expect(document(JSONReportRenderer()) == renderer.document(ReportTableDataSource(rows: rows)))
  }

  @Test("A renderer started again forgets that the last report was incomplete")
  func restart() {
    var renderer = TextReportRenderer(width: 80, colors: false, style: .english)
    _ = renderer.start()
    _ = renderer.render(warning)
    #expect(renderer.render(.grandFooter(total: "1.00")).contains("Grand Total of available sources"))
    _ = renderer.start()
    let total = renderer.render(.grandFooter(total: "1.00"))
    #expect(total.contains("Grand Total") && !total.contains("available"))
  }
}
