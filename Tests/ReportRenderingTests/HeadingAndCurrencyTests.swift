import Entities
import Presenters
import ReportRendering
import Testing

/// The title, the period and the currency in each format: escaped like data, amounts as the
/// presenter writes them in the style, columns aligned; JSON unchanged.
@Suite struct HeadingAndCurrencyTests {
  static let rows = rows(in: .plain)

  /// The rows of a report whose presenter writes amounts in `style`.
  static func rows(in style: AmountStyle) -> [ReportRow] {
    func amount(_ cents: Int64) -> String { Money(minorUnits: cents).map(style.text) ?? "" }
    return [
      .header(title: "Authorized Transactions"),
      .subheader(title: "Mar 01, 2024", odd: true),
      .detail(description: "Rent", amount: amount(123_456), odd: true),
      .detail(description: "Payment", amount: amount(-5), odd: true),
      .detail(description: "Coffee", amount: amount(0), odd: true),
      .subfooter(odd: true),
      .footer(total: amount(123_451), odd: false),
      .header(title: "Posted Transactions"),
      .message("There are no Posted Transactions in this period"),
      .grandFooter(total: amount(123_456_789)),
    ]
  }

  /// A title with what each format gives a meaning to, and what a terminal obeys.
  static let hostile = "<script>alert('x')</script> *bold* [link](https://evil.example) \u{1B}[31m\nnext"

  static func march() throws -> ReportPeriod { try .month(year: 2024, month: 3) }

  @Test("Text: no title line by default; a title and period line, then a blank line, when given")
  func textTitleLine() throws {
    var plain = TextReportRenderer(width: 40, colors: false, style: .english)
    #expect(plain.start() == "")
    var titled = TextReportRenderer(
      width: 40, colors: false, heading: ReportHeading(title: "Acme Visa", period: try Self.march()),
      style: .english)
    #expect(titled.start() == "Acme Visa, March 2024\n\n")
    var bold = TextReportRenderer(
      width: 40, colors: true, heading: ReportHeading(title: "Acme Visa"), style: .english)
    #expect(bold.start() == "\u{1B}[1mAcme Visa\u{1B}[0m\n\n")
  }

  @Test("Text: a hostile title is shown escaped, and cut to the width")
  func textHostileTitle() {
    var renderer = TextReportRenderer(
      width: 40, colors: false, heading: ReportHeading(title: Self.hostile), style: .english)
    let start = renderer.start()
    #expect(!start.contains("\u{1B}"))
    #expect(start.hasPrefix("<script>alert('x')</script> *bold* [lin…\n\n"))
    #expect(start.filter { $0 == "\n" }.count == 2)
  }

  @Test(
    "Text: amounts with a currency end at the same column as the plain ones, at 40 and 80 columns",
    arguments: [40, 80], [AmountStyle.plain, .usd, .eur])
  func textAlignment(width: Int, style: AmountStyle) {
    var renderer = TextReportRenderer(width: width, colors: false, style: .english)
    let lines = renderer.document(ReportTableDataSource(rows: Self.rows(in: style))).split(separator: "\n")
    let amountLines = lines.filter { line in
      ["Rent", "Payment", "Coffee", "Total"].contains { line.contains($0) }
    }
    #expect(amountLines.count == 5)
    for line in amountLines {
      #expect(DisplayWidth.columns(of: String(line)) == width - 2, "\(line)")
    }
  }

  @Test("Text: the amounts of each currency, in detail, footer and grand total lines, at 40 columns")
  func textAmounts() {
    var usd = TextReportRenderer(width: 40, colors: false, style: .english)
    #expect(
      usd.document(ReportTableDataSource(rows: Self.rows(in: .usd))) == """
        Authorized Transactions
          Mar 01, 2024
            Rent                     $1,234.56
            Payment                     -$0.05
            Coffee                       $0.00

          Total                      $1,234.51

        Posted Transactions
          There are no Posted Transactions in
          this period

        Grand Total              $1,234,567.89

        """)
    var eur = TextReportRenderer(width: 40, colors: false, style: .english)
    let text = eur.document(ReportTableDataSource(rows: Self.rows(in: .eur)))
    #expect(text.contains("    Rent                    1.234,56\u{A0}€\n"))
    #expect(text.contains("    Payment                    -0,05\u{A0}€\n"))
    #expect(text.contains("Grand Total             1.234.567,89\u{A0}€\n"))
  }

  @Test("Text: the byte path writes what the text path writes, with a currency")
  func textBytes() {
    var byText = TextReportRenderer(width: 60, colors: true, style: .english)
    var byBytes = TextReportRenderer(width: 60, colors: true, style: .english)
    var bytes: [UInt8] = []
    let rows = Self.rows(in: .eur)
    for row in rows { byBytes.render(row, appendingTo: &bytes) }
    #expect(String(decoding: bytes, as: UTF8.self) == rows.map { byText.render($0) }.joined())
  }

  @Test("Markdown: the heading with the period, the title escaped, amounts in the style")
  func markdown() throws {
    var renderer = MarkdownReportRenderer(
      heading: ReportHeading(title: "Acme Visa", period: try Self.march()), style: .english)
    let text = renderer.document(ReportTableDataSource(rows: Self.rows(in: .usd)))
    #expect(text.hasPrefix("# Acme Visa, March 2024\n"))
    #expect(text.contains("|              | Payment                          |       -$0.05 |\n"))
    #expect(text.contains("| **Total**    |                                  | **$1,234.51** |\n"))
    #expect(text.contains("**Grand Total: $1,234,567.89**\n"))
    var hostile = MarkdownReportRenderer(heading: ReportHeading(title: Self.hostile), style: .english)
    let heading = hostile.start()
    #expect(
      heading
        == "# \\<script\\>alert('x')\\</script\\> \\*bold\\* \\[link\\](https\\://evil.example) \\\\u{1B}\\[31m\\\\u{A}next\n"
    )
  }

  @Test("Markdown: the default heading and plain amounts are what they always were")
  func markdownDefault() {
    var renderer = MarkdownReportRenderer(style: .english)
    let text = renderer.document(ReportTableDataSource(rows: Self.rows))
    #expect(text.hasPrefix("# Transaction Report\n"))
    #expect(text.contains("**Grand Total: 1234567.89**\n"))
  }

  @Test("HTML: the title and h1 are the heading, escaped; amounts in the style, credits marked")
  func html() throws {
    var renderer = HTMLReportRenderer(
      heading: ReportHeading(title: Self.hostile, period: try Self.march()), style: .english)
    let page = renderer.document(ReportTableDataSource(rows: Self.rows(in: .eur)))
    let escaped =
      "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; *bold* [link](https://evil.example) \\u{1B}[31m\\u{A}next, March 2024"
    #expect(page.contains("<title>\(escaped)</title>"))
    #expect(page.contains("<h1>\(escaped)</h1>"))
    #expect(!page.contains("<script>"))
    #expect(page.contains("<td class=\"amount credit\">-0,05\u{A0}€</td>"))
    #expect(page.contains("<td class=\"amount\">1.234,56\u{A0}€</td>"))
    #expect(page.contains("<p class=\"amount\">1.234.567,89\u{A0}€</p>"))
    var plain = HTMLReportRenderer(style: .english)
    #expect(plain.start().contains("<title>Transaction Report</title>"))
  }

  @Test("JSON keeps the contract's plain amounts: it takes no style or heading")
  func jsonUnchanged() {
    var renderer = JSONReportRenderer()
    let text = renderer.document(ReportTableDataSource(rows: Self.rows))
    #expect(text.contains(#""amount": "1234.56""#))
    #expect(text.contains(#""total": "1234567.89""#))
    #expect(!text.contains("$"))
  }
}
