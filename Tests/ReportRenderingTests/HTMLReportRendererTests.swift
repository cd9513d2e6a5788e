import Entities
import Foundation
import Presenters
import ReportRendering
import TestSupport
import Testing

@Suite struct HTMLReportRendererTests {
  /// The whole page for some rows.
  private func page(_ rows: [ReportRow]) -> String {
    var renderer = HTMLReportRenderer(style: .english)
    return renderer.start() + rows.map { renderer.render($0) }.joined() + renderer.finish()
  }

  /// The markup between the page title and the end of `<main>`: the rows' part of the page.
  private func body(_ rows: [ReportRow]) throws -> String {
    let html = page(rows)
    let start = try #require(html.firstRange(of: "<h1>Transaction Report</h1>\n"))
    let end = try #require(html.firstRange(of: "</main>\n"))
    return String(html[start.upperBound..<end.lowerBound])
  }

  private let smallReport: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Starbucks", amount: "3.11", odd: true),
    .detail(description: "Payment", amount: "-400.00", odd: true),
    .subfooter(odd: true),
    .footer(total: "-396.89", odd: false),
    .header(title: "Posted Transactions"),
    .message("There are no Posted Transactions in this period"),
    .grandFooter(total: "-396.89"),
  ]

  @Test("Every row kind has its element: sections with h2 headers, a table of row groups, a footer")
  func everyKind() throws {
    #expect(
      try body(smallReport) == """
        <section class="group" aria-labelledby="section-1">
        <h2 class="header" id="section-1">Authorized Transactions</h2>
        <table aria-labelledby="section-1">
        <thead class="visually-hidden"><tr><th scope="col">Description</th><th scope="col">Amount</th></tr></thead>
        <tbody>
        <tr class="subheader odd"><th scope="rowgroup" colspan="2">Apr 01, 2016</th></tr>
        <tr class="detail odd"><th scope="row">Starbucks</th><td class="amount">3.11</td></tr>
        <tr class="detail odd"><th scope="row">Payment</th><td class="amount credit">-400.00</td></tr>
        <tr class="subfooter odd" aria-hidden="true"><td colspan="2"></td></tr>
        </tbody>
        <tfoot>
        <tr class="footer even"><th scope="row">Total</th><td class="amount credit">-396.89</td></tr>
        </tfoot>
        </table>
        </section>
        <section class="group" aria-labelledby="section-2">
        <h2 class="header" id="section-2">Posted Transactions</h2>
        <p class="message">There are no Posted Transactions in this period</p>
        </section>
        <section class="grandfooter" aria-labelledby="section-3"><h2 id="section-3">Grand Total</h2><p class="amount credit">-396.89</p></section>

        """)
  }

  @Test("The page is a complete document that needs nothing from outside: no script, no link, no URL")
  func selfContained() {
    let html = page(smallReport)
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
    #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
    #expect(html.contains("<title>Transaction Report</title>"))
    #expect(html.hasSuffix("</main>\n</body>\n</html>\n"))
    for outside in ["<script", "<link", "src=", "href=", "url(", "@import", "http:", "https:"] {
      #expect(!html.contains(outside), "the page holds \(outside)")
    }
  }

  @Test("The style sheet bands the blocks, sets amounts in tabular figures and prints the bands")
  func styleSheet() throws {
    let html = page([])
    let style = try #require(html.firstRange(of: "<style>")).upperBound
    let styleEnd = try #require(html.firstRange(of: "</style>")).lowerBound
    let css = html[style..<styleEnd]
    #expect(css.contains("--odd-band: #F7F8FC;"))
    #expect(css.contains("--even-band: #DDDDDD;"))
    #expect(css.contains("tr.odd { background: var(--odd-band); }"))
    #expect(css.contains("tr.even { background: var(--even-band); }"))
    #expect(css.contains("font-variant-numeric: tabular-nums;"))
    #expect(css.contains("text-align: right;"))
    #expect(css.contains("@media print {"))
    #expect(css.contains("print-color-adjust: exact;"))
    #expect(css.contains("tbody, tfoot, tr, .message, .grandfooter { break-inside: avoid; }"))
    // The subheader's top padding and the subfooter's height are the same length.
    #expect(css.contains("padding: var(--block-margin) var(--inset) 4px;"))
    #expect(css.contains(".subfooter td { height: var(--block-margin); }"))
  }

  @Test("Each banded row carries its own flag as a class", arguments: [true, false])
  func banding(odd: Bool) throws {
    let band = odd ? "odd" : "even"
    let html = try body([
      .subheader(title: "Apr 01, 2016", odd: odd),
      .detail(description: "Starbucks", amount: "3.11", odd: odd),
      .subfooter(odd: odd),
      .footer(total: "3.11", odd: odd),
    ])
    for kind in ["subheader", "detail", "subfooter", "footer"] {
      #expect(html.contains(#"<tr class="\#(kind) \#(band)""#))
    }
    #expect(!html.contains(odd ? " even\"" : " odd\""))
  }

  @Test(
    "Data is escaped for HTML, and controls and bidirectional overrides are shown as visible escapes",
    arguments: [
      ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
      ("Tom & Jerry", "Tom &amp; Jerry"),
      (#"say "hi", it's"#, "say &quot;hi&quot;, it&#39;s"),
      ("&amp; is not decoded", "&amp;amp; is not decoded"),
      ("a|b `c` *d*", "a|b `c` *d*"),
      ("evil\u{1B}[2J", #"evil\u{1B}[2J"#),
      ("txt.\u{202E}exe", #"txt.\u{202E}exe"#),
      ("line\nbreak\ttab", #"line\u{A}break\u{9}tab"#),
      ("Café 東京 🙂", "Café 東京 🙂"),
    ])
  func escaping(data: String, shown: String) throws {
    let html = try body([
      .header(title: data),
      .detail(description: DescriptionText(data), amount: data, odd: true),
      .message(data),
    ])
    #expect(html.contains(#"<h2 class="header" id="section-1">\#(shown)</h2>"#))
    #expect(html.contains(#"<th scope="row">\#(shown)</th><td class="amount">\#(shown)</td>"#))
    #expect(html.contains(#"<p class="message">\#(shown)</p>"#))
    #expect(!html.contains("<script"))
    #expect(!html.unicodeScalars.contains { ReportText.mustBeEscaped($0) && $0 != "\n" })
  }

  @Test(
    "escaped(_:) replaces exactly the five characters that can end text or an attribute",
    arguments: [
      ("", ""), ("plain", "plain"), ("&<>\"'", "&amp;&lt;&gt;&quot;&#39;"), ("a=b/c", "a=b/c"),
    ])
  func escapedFunction(text: String, expected: String) {
    #expect(HTMLReportRenderer.escaped(text) == expected)
  }

  @Test(
    "escaped(_:) writes the five references wherever they fall in a word or its last bytes, and nothing else")
  func escapedEveryPlace() {
    let references: [Character: String] = [
      "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]
    var wrong: [String] = []
    for length in 1...19 {
      for place in 0..<length {
        for special in ["&", "<", ">", "\"", "'", "#", "%", "=", "\u{E9}", "\u{1B}"] {
          let text =
            String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place - 1)
          let expected = text.map { references[$0] ?? String($0) }.joined()
          if HTMLReportRenderer.escaped(text) != expected { wrong.append(text) }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) texts escaped otherwise: \(wrong.prefix(5))")
  }

  @Test("An unavailable one-source report: the All section, its message, then the grand total")
  func unavailable() throws {
    #expect(
      try body([
        .header(title: "All"), .message("Transactions are not currently available."),
        .grandFooter(total: "0.00"),
      ]) == """
        <section class="group" aria-labelledby="section-1">
        <h2 class="header" id="section-1">All</h2>
        <p class="message">Transactions are not currently available.</p>
        </section>
        <section class="grandfooter" aria-labelledby="section-2"><h2 id="section-2">Grand Total</h2><p class="amount">0.00</p></section>

        """)
  }

  @Test("An empty report is still a whole page")
  func empty() throws {
    #expect(try body([]) == "")
    #expect(page([]).hasSuffix("<h1>Transaction Report</h1>\n</main>\n</body>\n</html>\n"))
  }

  @Test(
    "The markup stays well nested whatever order rows come in",
    arguments: [
      [ReportRow.detail(description: "d", amount: "1.00", odd: true)],
      [.subheader(title: "t", odd: true), .subheader(title: "u", odd: false)],
      [.footer(total: "1.00", odd: true), .detail(description: "d", amount: "1.00", odd: true)],
      [
        .header(title: "h"), .subfooter(odd: true), .message("m"),
        .detail(description: "d", amount: "1", odd: false),
      ],
      [.grandFooter(total: "0.00"), .subheader(title: "t", odd: true)],
      [
        .header(title: "h"), .subheader(title: "t", odd: true), .header(title: "i"),
        .footer(total: "1", odd: true),
      ],
    ])
  func wellNested(rows: [ReportRow]) throws {
    try expectWellNested(page(rows))
  }

  @Test("The demo report: well nested, one element per row, one table per group, one row group a date")
  func demo() throws {
    let rows = try FixtureFiles.rows(FixtureFiles.demoExpectedRows)
    let html = page(rows)
    try expectWellNested(html)
    for kind in ["header", "subheader", "detail", "subfooter", "footer", "grandfooter", "message"] {
      let count = rows.filter { $0.kind == kind }.count
      #expect(html.components(separatedBy: #" class="\#(kind)"#).count - 1 == count, "\(kind)")
    }
    #expect(html.components(separatedBy: "<table").count - 1 == 2)
    #expect(html.components(separatedBy: "<tbody>").count - 1 == rows.filter { $0.kind == "subheader" }.count)
    #expect(html.contains(#"<th scope="row">Mark&#39;s Work Wearhouse</th><td class="amount">206.66</td>"#))
    #expect(html.contains(#"<h2 id="section-3">Grand Total</h2><p class="amount">1338.97</p>"#))
  }

  @Test("The demo page is the reviewed golden file, byte for byte")
  func demoGolden() throws {
    let html = page(try FixtureFiles.rows(FixtureFiles.demoExpectedRows))
    let golden = try Data(contentsOf: FixtureFiles.url("golden/demo_report.html"))
    #expect(html == String(decoding: golden, as: UTF8.self))
    #expect(Data(html.utf8) == golden, "the same bytes, not only canonically equal text")
  }

  @Test("A renderer started again forgets the page before")
  func restart() {
    var renderer = HTMLReportRenderer(style: .english)
    _ =
      renderer.start() + renderer.render(.header(title: "A"))
      + renderer.render(.subheader(title: "t", odd: true))
    let second = renderer.start() + smallReport.map { renderer.render($0) }.joined() + renderer.finish()
    #expect(second == page(smallReport))
  }

  /// Checks that every element is closed in the order it was opened, and that rows, row groups,
  /// tables and sections only appear where HTML allows them, and nothing follows a table's footer
  /// (so no browser moves them).
  private func expectWellNested(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let allowedParents: [String: Set<String>] = [
      "section": ["main"], "table": ["section", "main"], "h2": ["section"], "p": ["section", "main"],
      "thead": ["table"], "tbody": ["table"], "tfoot": ["table"], "tr": ["thead", "tbody", "tfoot"],
      "th": ["tr"], "td": ["tr"],
    ]
    var stack: [String] = []
    var tablesWithFooter: Set<Int> = []  // the depths of the open tables whose footer has ended
    var rest = html[...]
    while let open = rest.firstIndex(of: "<") {
      let close = try #require(rest[open...].firstIndex(of: ">"), sourceLocation: sourceLocation)
      let tag = rest[rest.index(after: open)..<close]
      rest = rest[rest.index(after: close)...]
      let name = String(tag.prefix { $0 != " " })
      if name.hasPrefix("!") || name == "meta" { continue }
      if name == "style" {
        let end = try #require(rest.firstRange(of: "</style>"), sourceLocation: sourceLocation)
        rest = rest[end.upperBound...]
      } else if name.hasPrefix("/") {
        let closed = stack.popLast()
        #expect(
          closed == String(name.dropFirst()), "<\(name)> closes <\(closed ?? "")>",
          sourceLocation: sourceLocation)
        if closed == "tfoot" { tablesWithFooter.insert(stack.count) }
        if closed == "table" { tablesWithFooter.remove(stack.count + 1) }
      } else {
        if let parents = allowedParents[name] {
          #expect(
            parents.contains(stack.last ?? ""), "<\(name)> inside <\(stack.last ?? "")>",
            sourceLocation: sourceLocation)
        }
        #expect(
          !tablesWithFooter.contains(stack.count), "<\(name)> after a <tfoot>", sourceLocation: sourceLocation
        )
        stack.append(name)
      }
    }
    #expect(stack.isEmpty, "left open: \(stack)", sourceLocation: sourceLocation)
  }
}
