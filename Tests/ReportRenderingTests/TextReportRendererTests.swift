import Entities
import Presenters
import ReportRendering
import TestSupport
import Testing

@Suite struct TextReportRendererTests {
  private func render(_ rows: [ReportRow], colors: Bool = false, width: Int = 80) -> String {
    var renderer = TextReportRenderer(width: width, colors: colors, style: .english)
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
      render([.detail(description: DescriptionText(long), amount: "123456789.00", odd: true)]).split(
        separator: "\n"
      ).first)
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

  /// Descriptions of every width class, as the text renderer gets them (before escaping).
  private static let mixedDescriptions = [
    "Starbucks",
    "東京ラーメン",
    "Cafe\u{301} de Flore",
    "🍣🍺 Sushi bar",
    "👨‍👩‍👧 family pass",
    "🇨🇦 Air Canada",
    "👍🏽 ＯＫ 한국어",
    "evil\u{1B}[2J\u{202E}txt\ttab",
    "Mark's Work Wearhouse, an extremely long description that never fits on one line anywhere",
    "東京ラーメン横丁の一番奥にある小さな店で食べた特製味噌ラーメンと餃子とビールのセット",
    "🍣" + String(repeating: "🍺", count: 70),
    "",
  ]

  private static let amounts = ["3.11", "-400.00", "15.34", "1234567.89", "0.00", "206.66"]

  private func details(_ descriptions: [String]) -> [ReportRow] {
    descriptions.enumerated().map { index, description in
      .detail(
        description: DescriptionText(description), amount: Self.amounts[index % Self.amounts.count],
        odd: index % 2 == 0)
    }
  }

  /// The text of a line without its colour escape sequences (the data's own are escaped).
  private func withoutEscapes(_ line: Substring) -> String { withoutSGR(line) }

  @Test(
    "Amounts end two columns from the right edge whatever the descriptions hold",
    arguments: [40, 60, 80, 120])
  func alignedRightEdges(width: Int) {
    let rows = details(Self.mixedDescriptions)
    let lines = render(rows, width: width).split(separator: "\n")
    #expect(lines.count == rows.count)
    for (line, row) in zip(lines, rows) {
      guard case .detail(_, let amount, _) = row else { continue }
      #expect(DisplayWidth.columns(of: line) == width - 2, "\(line)")
      #expect(line.hasSuffix(" " + amount), "\(line)")
      #expect(line.hasPrefix("    "))
    }
  }

  @Test("A line with wide characters is padded by columns, not by characters")
  func wideCharactersExactLine() {
    let text = render([.detail(description: "東京ラーメン", amount: "3.11", odd: true)])
    #expect(text == "    東京ラーメン" + String(repeating: " ", count: 58) + "3.11\n")
    let combining = render([.detail(description: "Cafe\u{301}", amount: "3.11", odd: true)])
    #expect(combining == "    Cafe\u{301}" + String(repeating: " ", count: 66) + "3.11\n")
  }

  @Test(
    "A long description is cut with an ellipsis to the room left by the amount", arguments: [40, 60, 80, 120])
  func ellipsis(width: Int) {
    // The room for a description: the width less the indent, the margin, the amount and a space.
    let room = width - 4 - 2 - 4 - 1
    let ascii = render(
      [.detail(description: DescriptionText(String(repeating: "x", count: 300)), amount: "3.11", odd: true)],
      width: width)
    #expect(ascii == "    " + String(repeating: "x", count: room - 1) + "… 3.11\n")
    let wide = String(repeating: "東京", count: 100)
    let kept = (room - 1) / 2
    let gap = room - 2 * kept
    let text = render([.detail(description: DescriptionText(wide), amount: "3.11", odd: true)], width: width)
    #expect(text == "    " + wide.prefix(kept) + "…" + String(repeating: " ", count: gap) + "3.11\n")
  }

  @Test("A wide character straddling the cut is left out and the gap takes its column")
  func straddlingWideCharacter() {
    let text = render(
      [
        .detail(
          description: DescriptionText("a" + String(repeating: "東", count: 20)), amount: "1.00", odd: true)
      ],
      width: 40)
    // Room for the description: 40 - 4 indent - 2 margin - 4 amount - 1 space = 29 columns, so
    // 28 before the ellipsis; "a" and 13 ideographs take 27, a 14th would take 29.
    #expect(text == "    a" + String(repeating: "東", count: 13) + "…" + "  1.00\n")
  }

  @Test("With colour, every line is padded to the full width in columns", arguments: [40, 60, 80, 120])
  func colouredPaddingByColumns(width: Int) {
    let rows: [ReportRow] =
      [.header(title: "Authorized Transactions"), .subheader(title: "Apr 01, 2016", odd: true)]
      + details(Self.mixedDescriptions) + [
        .subfooter(odd: true), .footer(total: "1.00", odd: false), .grandFooter(total: "1.00"),
      ]
    let banded = render(rows, colors: true, width: width).split(separator: "\n").filter {
      $0.contains("\u{1B}[48;2;")
    }
    #expect(banded.count == rows.count, "every one of these rows has a background")
    for line in banded {
      #expect(DisplayWidth.columns(of: withoutEscapes(line)) == width, "\(line)")
    }
  }

  @Test("An amount wider than the room is never cut; the description gives way to an ellipsis")
  func amountNeverCut() throws {
    let huge = String(repeating: "9", count: 50) + ".99"
    let line = try #require(
      render([.detail(description: "東京ラーメン", amount: huge, odd: true)], width: 40).split(separator: "\n")
        .first)
    #expect(line == "    … " + huge)
    let total = try #require(
      render([.footer(total: "-" + huge, odd: true)], width: 40).split(separator: "\n").first)
    #expect(total.hasSuffix(" -" + huge))
    let coloured = try #require(
      render([.detail(description: "Starbucks", amount: huge, odd: true)], colors: true, width: 40).split(
        separator: "\n"
      ).first)
    #expect(withoutEscapes(coloured) == "    … " + huge)
  }

  @Test("A header after the first row is set off by a blank line")
  func headerGap() {
    let text = render([.header(title: "A"), .message("m"), .header(title: "B")])
    #expect(text == "A\n  m\n\nB\n")
  }

  @Test(
    "A row's cell is its line in the document, without the gap before it or the line end",
    arguments: [false, true])
  func cellsAreTheDocumentsLines(colors: Bool) {
    let warning = SourceWarning(scope: .group(.posted), reason: "gone", text: "Posted Transactions: gone")
    let rows = block.dropLast() + [.header(title: "Posted Transactions"), .message("none")]
    var renderer = TextReportRenderer(width: 60, colors: colors, style: .english)
    let document =
      renderer.start() + rows.map { renderer.render($0) }.joined() + renderer.render(warning)
      + renderer.render(.grandFooter(total: "1.00")) + renderer.finish()
    let cells = TextReportRenderer(width: 60, colors: colors, style: .english)
    let expected =
      rows.prefix(6).map { cells.cell(for: $0) } + [""] + rows.suffix(2).map { cells.cell(for: $0) }
      + [cells.cell(for: warning), "", cells.cell(for: .grandFooter(total: "1.00"), incomplete: true)]
    #expect(document == expected.joined(separator: "\n") + "\n")
    #expect(!cells.cell(for: .grandFooter(total: "1.00")).contains("available sources"))
    #expect(
      cells.cell(for: .grandFooter(total: "1.00"), incomplete: true).contains(
        "Grand Total of available sources"))
  }
}
