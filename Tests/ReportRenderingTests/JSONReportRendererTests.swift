import Presenters
import ReportRendering
import Testing

@Suite struct JSONReportRendererTests {
  private func render(_ rows: [ReportRow]) -> String {
    var renderer = JSONReportRenderer()
    return renderer.start() + rows.map { renderer.render($0) }.joined() + renderer.finish()
  }

  @Test("Every row kind has exactly its keys, in order, two-space indented")
  func everyKind() {
    let text = render([
      .header(title: "Authorized Transactions"),
      .subheader(title: "Apr 01, 2016", odd: true),
      .detail(description: "Starbucks", amount: "3.11", odd: true),
      .subfooter(odd: true),
      .footer(total: "3.11", odd: false),
      .message("There are no Posted Transactions in this period"),
      .grandFooter(total: "3.11"),
    ])
    #expect(
      text == """
        [
          {
            "type": "header",
            "title": "Authorized Transactions"
          },
          {
            "type": "subheader",
            "title": "Apr 01, 2016",
            "odd": true
          },
          {
            "type": "detail",
            "description": "Starbucks",
            "amount": "3.11",
            "odd": true
          },
          {
            "type": "subfooter",
            "odd": true
          },
          {
            "type": "footer",
            "total": "3.11",
            "odd": false
          },
          {
            "type": "message",
            "message": "There are no Posted Transactions in this period"
          },
          {
            "type": "grandfooter",
            "total": "3.11"
          }
        ]

        """)
  }

  @Test("An empty report is an empty array")
  func empty() {
    #expect(render([]) == "[]\n")
  }

  @Test(
    "Strings are escaped as JSON requires, and non-ASCII text is kept as UTF-8",
    arguments: [
      ("plain", #""plain""#),
      ("say \"hi\"", #""say \"hi\"""#),
      ("back\\slash", #""back\\slash""#),
      ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
      ("\u{1B}[31mred", #""\u001b[31mred""#),
      ("\u{00}\u{7F}\u{2028}", #""\u0000\u007f\u2028""#),
      ("\u{9B}2J\u{202E}txt\u{2066}", #""\u009b2J\u202etxt\u2066""#),
      ("Café 東京 🙂", "\"Café 東京 🙂\""),
    ])
  func escaping(text: String, literal: String) {
    #expect(JSONReportRenderer().quoted(text) == literal)
  }
}
