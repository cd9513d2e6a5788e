import Foundation
import TestSupport
import Testing

/// `--format markdown` and `--format html`, run through the built binary.
@Suite struct OutputFormatsEndToEndTests {
  private typealias TX = TXReportProcess

  /// The demo in every input mode: the two built-in sources, one built-in stream, the two demo
  /// files, the one demo file.
  static let demoInputs: [[String]] = [
    [],
    ["--one-source"],
    ["--authorized", TX.fixture("demo_authorized.json"), "--posted", TX.fixture("demo_posted.json")],
    ["--all", TX.fixture("demo_all.json")],
  ]

  /// The kinds of the row elements of a page, in document order: each row element's class
  /// names its kind, and banded rows add `odd` or `even`.
  private func rowElements(_ html: String) throws -> [String] {
    let kinds = "header|subheader|detail|subfooter|footer|grandfooter|message"
    let pattern = try NSRegularExpression(pattern: #"<[a-z0-9]+ class="((?:\#(kinds))(?: odd| even)?)""#)
    return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
      Range(match.range(at: 1), in: html).map { String(html[$0]) }
    }
  }

  /// The same, from the JSON rows: `detail odd`, `header`, and so on.
  private func jsonRows(_ arguments: [String]) throws -> [String] {
    let json = try TX.run(arguments + ["--format", "json"]).standardOutput
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return rows.map { row in
      let kind = row["type"] as? String ?? "?"
      guard let odd = row["odd"] as? Bool else { return kind }
      return kind + (odd ? " odd" : " even")
    }
  }

  @Test("The demo as Markdown is the reviewed golden file, from every input mode", arguments: demoInputs)
  func demoMarkdown(arguments: [String]) throws {
    let result = try TX.run(arguments + ["--format", "markdown"])
    #expect(result.status == 0)
    #expect(result.standardError == TX.quietErrors(arguments))
    #expect(result.standardOutput == (try TX.fixtureText("golden/demo_report.md")))
  }

  @Test("The demo as HTML: one page, one element per report row in order, the same from every input mode")
  func demoHTML() throws {
    let pages = try Self.demoInputs.map { try TX.run($0 + ["--format", "html"]) }
    for (page, arguments) in zip(pages, Self.demoInputs) {
      #expect(page.status == 0)
      #expect(page.standardError == TX.quietErrors(arguments))
      #expect(page.standardOutput == pages[0].standardOutput)
    }
    let html = pages[0].standardOutput
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
    #expect(html.hasSuffix("</html>\n"))
    let elements = try rowElements(html)
    #expect(elements.count == 135)
    #expect(elements == (try jsonRows([])))
    #expect(html.contains(#"<h2 class="header" id="section-1">Authorized Transactions</h2>"#))
    #expect(html.contains(#"<th scope="row">Total</th><td class="amount">560.19</td>"#))
    #expect(html.contains(#"<th scope="row">Total</th><td class="amount">778.78</td>"#))
    #expect(html.contains(#"<h2 id="section-3">Grand Total</h2><p class="amount">1338.97</p>"#))
  }

  @Test("A missing one-source file with --partial, as Markdown: All, the message, the warning; exit 3")
  func unavailableMarkdown() throws {
    let missing = TX.fixture("cases/no-such-file.json")
    let result = try TX.run(["--all", missing, "--format", "markdown", "--partial"])
    #expect(result.status == 3)
    // The path as Markdown shows it: a backslash before each character Markdown gives a meaning.
    let shownPath = missing.map { "\\`*_[]<>|#~&".contains($0) ? "\\\($0)" : "\($0)" }.joined()
    #expect(
      result.standardOutput == """
        # Transaction Report

        ## All

        Transactions are not currently available.

        > **Incomplete report:** Transactions are not available: cannot read '\(shownPath)': No such file or directory

        **Grand Total of available sources: 0.00**

        """)
    #expect(
      result.standardError
        == "txreport: warning: Transactions are not available: cannot read '\(missing)': No such file or directory\n"
    )
  }

  @Test("A missing one-source file with --partial, as HTML: All, the message, the warning; exit 3")
  func unavailableHTML() throws {
    let missing = TX.fixture("cases/no-such-file.json")
    let result = try TX.run(["--all", missing, "--format", "html", "--partial"])
    #expect(result.status == 3)
    #expect(try rowElements(result.standardOutput) == ["header", "message", "grandfooter"])
    #expect(
      result.standardOutput.contains(
        """
        <section class="group" aria-labelledby="section-1">
        <h2 class="header" id="section-1">All</h2>
        <p class="message">Transactions are not currently available.</p>
        <p class="warning" role="note"><strong>Incomplete report:</strong> Transactions are not available: cannot read &#39;\(missing)&#39;: No such file or directory</p>
        </section>
        <section class="grandfooter" aria-labelledby="section-2"><h2 id="section-2">Grand Total of available sources</h2><p class="amount">0.00</p></section>
        </main>
        """))
    #expect(result.standardError.hasPrefix("txreport: warning: Transactions are not available: "))
  }

  @Test("An empty Authorized source: its section holds the message, Posted its table, in both formats")
  func emptySource() throws {
    let arguments = [
      "--authorized", TX.fixture("cases/empty.json"), "--posted", TX.fixture("demo_posted.json"),
    ]
    let markdown = try TX.run(arguments + ["--format", "markdown"])
    #expect(markdown.status == 0)
    #expect(
      markdown.standardOutput.hasPrefix(
        """
        # Transaction Report

        ## Authorized Transactions

        There are no Authorized Transactions in this period

        ## Posted Transactions

        | Date         | Description                      |       Amount |
        | :----------- | :------------------------------- | -----------: |
        | May 01, 2016 | Starbucks                        |         3.11 |

        """))
    #expect(markdown.standardOutput.hasSuffix("|   **778.78** |\n\n**Grand Total: 778.78**\n"))

    let html = try TX.run(arguments + ["--format", "html"])
    #expect(html.status == 0)
    #expect(try rowElements(html.standardOutput) == (try jsonRows(arguments)))
    #expect(
      html.standardOutput.contains(
        """
        <h2 class="header" id="section-1">Authorized Transactions</h2>
        <p class="message">There are no Authorized Transactions in this period</p>
        </section>
        """))
    #expect(html.standardOutput.contains(#"<p class="amount">778.78</p>"#))
  }

  @Test(
    "--output writes the same page or document to the file, and nothing to standard output",
    arguments: ["html", "markdown"])
  func outputFile(format: String) throws {
    let folder = try TemporaryDirectory("txreport-formats")
    let path = folder.path("report.\(format)")
    let written = try TX.run(["--all", TX.fixture("demo_all.json"), "--format", format, "--output", path])
    #expect(written.status == 0)
    #expect(written.standardOutput == "")
    #expect(written.standardError == "")
    let printed = try TX.run(["--format", format])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.standardOutput)
    #expect(printed.standardOutput.count > 3000)
  }

  @Test(
    "--output with --partial and a missing source still writes the page (exit 3)",
    arguments: ["html", "markdown"])
  func outputFileUnavailable(format: String) throws {
    let folder = try TemporaryDirectory("txreport-formats")
    let result = try TX.run([
      "--all", folder.path("missing.json"), "--format", format, "--output", folder.path("r"), "--partial",
    ])
    #expect(result.status == 3)
    #expect(result.standardOutput == "")
    #expect(
      try String(contentsOfFile: folder.path("r"), encoding: .utf8).contains(
        "Transactions are not currently available."))
  }

  @Test("Hostile descriptions in a file are escaped in both formats, all the way through")
  func hostileData() throws {
    let folder = try TemporaryDirectory("txreport-formats")
    let description = #"<script>alert(\"x\")</script> & 'q' | `c` *b* \u001b[2J \u202egnp.exe\nnext"#
    try
      #"[{"group": "A", "date": "2016-04-01", "description": "\#(description)", "amount": "1.00", "debit": "D"}]"#
      .write(toFile: folder.path("a.json"), atomically: true, encoding: .utf8)
    let arguments = ["--authorized", folder.path("a.json"), "--posted", TX.fixture("cases/empty.json")]

    let html = try TX.run(arguments + ["--format", "html"])
    #expect(html.status == 0)
    #expect(
      html.standardOutput.contains(
        #"<th scope="row">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; | `c` *b* "#
          + #"\u{1B}[2J \u{202E}gnp.exe\u{A}next</th>"#))
    #expect(!html.standardOutput.contains("<script"))

    let markdown = try TX.run(arguments + ["--format", "markdown"])
    #expect(markdown.status == 0)
    #expect(
      markdown.standardOutput.contains(
        #"| Apr 01, 2016 | \<script\>alert("x")\</script\> \& 'q' \| \`c\` \*b\* "#
          + #"\\u{1B}\[2J \\u{202E}gnp.exe\\u{A}next |         1.00 |"#))
    for output in [html.standardOutput, markdown.standardOutput] {
      #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      #expect(!output.unicodeScalars.contains { $0 == "\u{202E}" })
    }
  }

  @Test("Tag characters and interlinear annotations hide no text in the text, Markdown and HTML reports")
  func hiddenText() throws {
    let folder = try TemporaryDirectory("txreport-formats")
    // "Pay", then "SEND" in tag characters, then an annotation: the file writes them as escapes.
    let description = #"Pay\udb40\udc53\udb40\udc45\udb40\udc4e\udb40\udc44 \ufff9x\ufffb"#
    try
      #"[{"group": "A", "date": "2016-04-01", "description": "\#(description)", "amount": "1.00", "debit": "D"}]"#
      .write(toFile: folder.path("a.json"), atomically: true, encoding: .utf8)
    for format in ["text", "markdown", "html"] {
      let run = try TX.run(["--all", folder.path("a.json"), "--format", format])
      #expect(run.status == 0)
      #expect(
        !run.standardOutput.unicodeScalars.contains {
          (0xE0000...0xE007F).contains($0.value) || (0xFFF9...0xFFFB).contains($0.value)
        }, "\(format)")
      #expect(run.standardOutput.contains("u{E0053}"), "\(format): \(run.standardOutput)")
      #expect(run.standardOutput.contains("u{FFF9}"), "\(format)")
    }
  }

  @Test("GitHub's math and emoji stay text in the Markdown: $ escaped, a :shortcode: in a code span")
  func markdownMathAndEmoji() throws {
    let folder = try TemporaryDirectory("txreport-formats")
    try
      #"[{"group": "A", "date": "2016-04-01", "description": "$x$ for :smile:", "amount": "1.00", "debit": "D"},"#
      .appending(
        #"{"group": "A", "date": "2016-04-01", "description": "tip $5", "amount": "1.00", "debit": "D"}]"#
      )
      .write(toFile: folder.path("a.json"), atomically: true, encoding: .utf8)
    let run = try TX.run(["--all", folder.path("a.json"), "--format", "markdown"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("| `$x$ for :smile:`"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains(#"| tip \$5 "#), "\(run.standardOutput)")
  }
}
