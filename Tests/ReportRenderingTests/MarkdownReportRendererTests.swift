import Entities
import Foundation
import Presenters
import ReportRendering
import TestSupport
import Testing

@Suite struct MarkdownReportRendererTests {
  private func render(_ rows: [ReportRow]) -> String {
    var renderer = MarkdownReportRenderer(style: .english)
    return renderer.start() + rows.map { renderer.render($0) }.joined() + renderer.finish()
  }

  @Test(
    "Of the printable ASCII characters, exactly the backslash, the backquote and * _ [ ] < > | # ~ & $ are escaped"
  )
  func syntaxCharacters() {
    let syntax = Set("\\`*_[]<>|#~&$")
    for value in UInt8(0x20)...UInt8(0x7E) {
      let character = Character(Unicode.Scalar(value))
      let text = "x\(character)x"
      // A backslash is first shown doubled (`ReportText.visible`), then each is escaped.
      let expected =
        character == "\\" ? #"x\\\\x"# : syntax.contains(character) ? "x\\\(character)x" : text
      #expect(MarkdownReportRenderer.escaped(text) == expected, "\(character)")
      // The byte path of a detail row agrees.
      var renderer = MarkdownReportRenderer(style: .english)
      let row = ReportRow.detail(description: DescriptionText(text), amount: "1.00", odd: true)
      var bytes: [UInt8] = []
      var again = renderer
      renderer.render(row, appendingTo: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == again.render(row), "\(character)")
    }
  }

  @Test("A title, a section and a table per group, the total in bold, a message as a paragraph")
  func everyKind() {
    let text = render([
      .header(title: "Authorized Transactions"),
      .subheader(title: "Apr 01, 2016", odd: true),
      .detail(description: "Starbucks", amount: "3.11", odd: true),
      .detail(description: "Payment", amount: "-400.00", odd: true),
      .subfooter(odd: true),
      .subheader(title: "Apr 02, 2016", odd: false),
      .detail(description: "Firkin", amount: "15.34", odd: false),
      .subfooter(odd: false),
      .footer(total: "-381.55", odd: true),
      .header(title: "Posted Transactions"),
      .message("There are no Posted Transactions in this period"),
      .grandFooter(total: "-381.55"),
    ])
    #expect(
      text == """
        # Transaction Report

        ## Authorized Transactions

        | Date         | Description                      |       Amount |
        | :----------- | :------------------------------- | -----------: |
        | Apr 01, 2016 | Starbucks                        |         3.11 |
        |              | Payment                          |      -400.00 |
        | Apr 02, 2016 | Firkin                           |        15.34 |
        | **Total**    |                                  |  **-381.55** |

        ## Posted Transactions

        There are no Posted Transactions in this period

        **Grand Total: -381.55**

        """)
  }

  @Test("The demo report is the reviewed golden file: two tables, dates on each block's first line")
  func demo() throws {
    let text = render(try FixtureFiles.rows(FixtureFiles.demoExpectedRows))
    let golden = try String(contentsOf: FixtureFiles.url("golden/demo_report.md"), encoding: .utf8)
    #expect(text == golden)
    #expect(text.components(separatedBy: "| Date ").count - 1 == 2)
    #expect(text.contains("| **Total**    |                                  |   **560.19** |\n"))
    #expect(text.contains("| **Total**    |                                  |   **778.78** |\n"))
    #expect(text.hasSuffix("\n**Grand Total: 1338.97**\n"))
  }

  @Test("An unavailable one-source report: the All section, its message, the grand total 0.00")
  func unavailable() {
    #expect(
      render([
        .header(title: "All"), .message("Transactions are not currently available."),
        .grandFooter(total: "0.00"),
      ]) == """
        # Transaction Report

        ## All

        Transactions are not currently available.

        **Grand Total: 0.00**

        """)
  }

  @Test(
    "Characters with a meaning in Markdown are escaped with a backslash",
    arguments: [
      ("a|b", #"a\|b"#),
      (#"back\slash"#, #"back\\\\slash"#),
      ("`code`", #"\`code\`"#),
      ("*bold* _em_ ~del~", #"\*bold\* \_em\_ \~del\~"#),
      ("[link](http://x)", #"\[link\](http\://x)"#),
      ("<script>alert(1)</script>", #"\<script\>alert(1)\</script\>"#),
      ("#1 & &amp;", ##"\#1 \& \&amp;"##),
      ("Mark's \"Work\"", "Mark's \"Work\""),
      ("Café 東京 🙂", "Café 東京 🙂"),
    ])
  func escaping(data: String, escaped: String) {
    #expect(MarkdownReportRenderer.escaped(data) == escaped)
    let line = render([.detail(description: DescriptionText(data), amount: "1.00", odd: true)])
      .split(separator: "\n").last.map(String.init)
    #expect(line?.hasPrefix("|              | \(escaped)") == true)
  }

  @Test(
    "A detail row written as bytes is the row as a string, wherever a link, an address or a syntax character falls"
  )
  func linksInBytes() {
    // Each link part alone: `://` with no dot, `www.` with no colon.
    let parts = ["www.x", "https://x", "me@example.com", "#1 & *2*"]
    for part in parts {
      // The part at each place in the eight bytes read at once, and in the bytes left after.
      for lead in 0..<17 {
        let description = String(repeating: "x", count: lead) + part
        let row = ReportRow.detail(description: DescriptionText(description), amount: "1.00", odd: true)
        var renderer = MarkdownReportRenderer(style: .english)
        var again = renderer
        var bytes: [UInt8] = []
        renderer.render(row, appendingTo: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == again.render(row), "\(description)")
      }
    }
  }

  @Test("Every line of a table has as many characters, whatever scripts, marks and emoji its cells hold")
  func alignedCells() {
    let descriptions = [
      "Starbucks", "a\u{483}a", "e\u{301}", "Pizza 🍕 Palace", "Москва Кафе", "Αθήνα", "👨‍👩‍👧 Diner", "🇨🇦 x",
      "東京ラーメン", "👍🏽!", "\u{600}1",
    ]
    // Through the renderer's bytes, as the report writes them (their own count of characters).
    var renderer = MarkdownReportRenderer(style: .english)
    var bytes = Array(renderer.start().utf8)
    let rows: [ReportRow] =
      [.subheader(title: "Apr 01, 2016", odd: true)]
      + descriptions.map { .detail(description: DescriptionText($0), amount: "1.00", odd: true) } + [
        .subfooter(odd: true)
      ]
    for row in rows { renderer.render(row, appendingTo: &bytes) }
    let text = String(decoding: bytes, as: UTF8.self) + renderer.finish()
    let lines = text.split(separator: "\n").filter { $0.hasPrefix("|") }
    #expect(lines.count == descriptions.count + 2)  // the head, its delimiter, a line for each
    #expect(Set(lines.map(\.count)).count == 1, "\(lines.map(\.count))")
  }

  @Test(
    "Line breaks, controls and bidirectional overrides are shown escaped and never split a table line",
    arguments: [
      "two\nlines", "cr\r\nlf", "tab\there", "esc\u{1B}[31m", "rtl\u{202E}txt", "ls\u{2028}ps\u{2029}",
    ])
  func controls(data: String) {
    let text = render([
      .subheader(title: "Apr 01, 2016", odd: true),
      .detail(description: DescriptionText(data), amount: "1.00", odd: true),
      .subfooter(odd: true),
    ])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 6)  // the title, a blank line, the table head, its delimiter, one line, ""
    #expect(lines[4].hasPrefix("| Apr 01, 2016 | ") && lines[4].hasSuffix("1.00 |"))
    #expect(lines[4].contains(#"\\u{"#))
    #expect(!text.unicodeScalars.contains { ReportText.mustBeEscaped($0) && $0 != "\n" })
  }

  @Test(
    "Text that starts a paragraph or heading cannot start a list or a heading underline",
    arguments: [
      ("- item", #"\- item"#), ("+ item", #"\+ item"#), ("=====", #"\====="#), ("12. item", #"12\. item"#),
      ("3) item", #"3\) item"#), ("2016 was fine", "2016 was fine"), ("a - b", "a - b"),
    ])
  func blockStart(data: String, escaped: String) {
    #expect(MarkdownReportRenderer.escaped(data, startsBlock: true) == escaped)
    #expect(render([.message(data)]) == "# Transaction Report\n\n\(escaped)\n")
    #expect(render([.header(title: data)]) == "# Transaction Report\n\n## \(escaped)\n")
  }

  @Test("A date block with no transaction still shows its date")
  func emptyBlock() {
    let text = render([
      .subheader(title: "Apr 01, 2016", odd: true), .subfooter(odd: true),
      .subheader(title: "Apr 02, 2016", odd: false), .subheader(title: "Apr 03, 2016", odd: true),
    ])
    #expect(
      text.hasSuffix(
        """
        | Apr 01, 2016 |                                  |              |
        | Apr 02, 2016 |                                  |              |
        | Apr 03, 2016 |                                  |              |

        """))
  }

  @Test("A message or a header ends the table before it, with a blank line")
  func tableEnds() {
    let text = render([
      .detail(description: "Starbucks", amount: "3.11", odd: true),
      .message("m"),
      .detail(description: "Firkin", amount: "15.34", odd: true),
      .header(title: "h"),
    ])
    #expect(text.contains(" 3.11 |\n\nm\n\n| Date "))
    #expect(text.hasSuffix(" 15.34 |\n\n## h\n"))
  }

  @Test("An empty report is just the title")
  func empty() {
    #expect(render([]) == "# Transaction Report\n")
  }

  @Test(
    "Nothing GitHub would autolink stays a link: the :// and www. triggers are escaped, an e-mail address is a code span",
    arguments: [
      ("https://evil.example/a_b_c*d", #"https\://evil.example/a\_b\_c\*d"#),
      ("ftp://x.example", #"ftp\://x.example"#),
      ("see www.evil.example", #"see www\.evil.example"#),
      ("WWW.evil.example", #"WWW\.evil.example"#),
      ("<https://x>", #"\<https\://x\>"#),
      ("victim@evil.example", "`victim@evil.example`"),
      ("a|b c@d.ef", #"`a\|b c@d.ef`"#),
      ("`x@y.z`", "`` `x@y.z` ``"),
      ("Coffee @ Joe's. 12:30", "Coffee @ Joe's. 12:30"),
      ("x@y", "x@y"),
    ])
  func autolinks(description: String, expected: String) {
    #expect(MarkdownReportRenderer.escaped(description) == expected)
  }

  @Test(
    "GitHub's math and emoji stay text: each $ escaped, and a :shortcode: written as a code span",
    arguments: [
      ("costs $5 to $6", #"costs \$5 to \$6"#), ("$x^2$", #"\$x^2\$"#), ("$$y$$", #"\$\$y\$\$"#),
      (":smile: bakery", "`:smile: bakery`"), ("thumbs :+1:", "`thumbs :+1:`"), ("a:b-c_d:e", "`a:b-c_d:e`"),
      ("12:30 : lunch", "12:30 : lunch"), ("a :: b", "a :: b"), ("time: 9:", "time: 9:"),
    ])
  func mathAndEmoji(text: String, shown: String) {
    #expect(MarkdownReportRenderer.escaped(text) == shown)
    let row = ReportRow.detail(description: DescriptionText(text), amount: "1.00", odd: true)
    var renderer = MarkdownReportRenderer(style: .english)
    var bytes: [UInt8] = []
    var again = renderer
    renderer.render(row, appendingTo: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == again.render(row))
    #expect(again.render(row).contains(shown))
  }
}
