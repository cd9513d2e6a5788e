import CLI
import Presenters
import Testing

@Suite struct TextReportRendererTests {
  private func render(_ rows: [ReportRow], colors: Bool = false, width: Int = 80) -> String {
    var renderer = TextReportRenderer(width: width, colors: colors)
    return renderer.start() + rows.map { renderer.render($0) }.joined() + renderer.finish()
  }

  private let block: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Starbucks", amount: "3.11", odd: true),
    .detail(description: "Payment", amount: "-400.00", odd: true),
    .subfooter(odd: true),
    .footer(total: "-396.89", odd: false),
    .grandFooter(total: "-396.89"),
  ]

  @Test("Without colour, amounts are right-aligned two columns from the right edge")
  func plainLayout() {
    let lines = render(block).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "Authorized Transactions")
    #expect(lines[1] == "  Apr 01, 2016")
    #expect(lines[2] == "    Starbucks" + String(repeating: " ", count: 61) + "3.11")
    #expect(lines[3] == "    Payment" + String(repeating: " ", count: 60) + "-400.00")
    #expect(lines[4] == "")
    #expect(lines[5].hasPrefix("  Total") && lines[5].hasSuffix("-396.89"))
    #expect(lines[7].hasPrefix("Grand Total") && lines[7].hasSuffix("-396.89"))
    for line in lines { #expect(line.count <= 78) }
  }

  @Test("A long description is cut with an ellipsis; the amount never is")
  func truncation() throws {
    let long = String(repeating: "x", count: 200)
    let line = try #require(
      render([.detail(description: long, amount: "123456789.00", odd: true)]).split(separator: "\n").first)
    #expect(line.count == 78)
    #expect(line.hasSuffix(" 123456789.00"))
    #expect(line.contains("x…"))
  }

  @Test("Control characters and bidirectional overrides in data are shown escaped")
  func hostileText() {
    let text = render([.detail(description: "evil\u{1B}[2J\u{202E}txt", amount: "1.00", odd: false)])
    #expect(!text.contains("\u{1B}"))
    #expect(!text.contains("\u{202E}"))
    #expect(text.contains("evil\\u{1B}[2J\\u{202E}txt"))
  }

  @Test("With colour, bands alternate the two reference backgrounds and every line is reset")
  func colouredBands() {
    let text = render(block, colors: true)
    let lines = text.split(separator: "\n")
    #expect(lines[1].contains("\u{1B}[48;2;247;248;252m"))  // odd band #F7F8FC
    #expect(lines[5].contains("\u{1B}[48;2;221;221;221m"))  // even band #DDDDDD
    #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    #expect(!render(block).contains("\u{1B}"))
  }

  @Test("A header after the first row is set off by a blank line")
  func headerGap() {
    let text = render([.header(title: "A"), .message("m"), .header(title: "B")])
    #expect(text == "A\n  m\n\nB\n")
  }
}
