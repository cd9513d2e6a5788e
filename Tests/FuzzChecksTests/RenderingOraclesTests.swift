import Entities
import Presenters
import Testing

@testable import FuzzChecks

/// The fuzzers' Markdown and HTML oracles: each must pass the renderers' real output on hostile
/// rows (a false alarm would turn a fuzz run red), and each must see what GitHub would link.
@Suite struct RenderingOraclesTests {
  /// Rows whose descriptions hold every kind of syntax the two formats give a meaning.
  static let hostileRows: [ReportRow] =
    [
      .header(title: "Authorized Transactions"),
      .subheader(title: "Apr 01, 2016", odd: true),
    ]
    + [
      "[a](https://x.example)", "![i](x.png)", "<https://x>", "www.evil.example", "victim@evil.example",
      "a._b@c.d", "x@y.z9", "<img src=x onerror=alert(1)>", "&amp; &#60; &copy;", "*e* _e_ **s** ~~d~~",
      "`code` ``c``", "a | b \\| c", "# h", "- item", "1. item", "> q", "[^1]: f", "\\", "trailing\\",
      "  spaces  ", "", "café 東京 🇨🇦", "tab\there", "esc\u{1B}[31m", "\u{202E}rtl", "\"quoted\" 'single'",
      "mailto:a@b.c", "http://x/(a)", "a@b", "@handle", "x@localhost", "a/b@c.d", "zero\u{200B}width",
      "C:\\path\\u{1B}",
    ].map { ReportRow.detail(description: DescriptionText($0), amount: "1.00", odd: true) }
    + [
      .subfooter(odd: true), .footer(total: "32.00", odd: false),
      .message("There are no Posted Transactions in this period"), .grandFooter(total: "32.00"),
    ]

  @Test("The Markdown oracle passes the renderer's output on hostile descriptions")
  func markdownOraclePasses() {
    MarkdownRenderingCheck().run(Self.hostileRows)
  }

  @Test("The HTML oracle passes the renderer's page on hostile descriptions")
  func htmlOraclePasses() {
    HTMLRenderingCheck().run(Self.hostileRows)
  }

  @Test(
    "The e-mail rule is cmark-gfm's: exactly what GitHub links",
    arguments: [
      ("victim@evil.example", true), ("a.b+c-d_e@mail.evil.example", true), ("see x@y.z.", true),
      ("x@y.z9", false), ("a._b@c.d", true), ("a@b._c", false), ("a/b@c.d", true), ("@handle", false),
      ("x@localhost", false), ("a@b@c.d", true), ("a@b@c", false), ("Coffee @ Joe's. Thanks", false),
      ("x@y.", false),
    ])
  func emailRule(text: String, links: Bool) {
    #expect(MarkdownRenderingCheck.holdsEmailLink(Array(text.utf8)) == links)
  }

  @Test("A cell is split at unescaped pipes only, as GitHub's table parser splits it")
  func cells() {
    let cells = MarkdownRenderingCheck.cells(of: Array(#"| a | `b\|c` | d\\| e |"#.utf8))
    #expect(cells.map { String(decoding: $0, as: UTF8.self) } == [" a ", #" `b\|c` "#, #" d\\"#, " e "])
  }
}
