import Entities
import Presenters
import ReportRendering
import Testing

@Suite struct JSONReportRendererTests {
  private func render(_ rows: [ReportRow]) -> String {
    var renderer = JSONReportRenderer()
    return renderer.start() + rows.map { renderer.render($0) }.joined() + renderer.finish()
  }

  /// The literal as the renderer wrote it before it worked on bytes: character by character.
  private func literalByScalars(_ text: String) -> String {
    "\"" + JSONLiteral.insideByScalars(text) + "\""
  }

  @Test(
    "A string literal written from bytes is the one written character by character, for every character up to U+3000 and beyond"
  )
  func literalsFromBytes() {
    let renderer = JSONReportRenderer()
    let scalars = (0...0x3000).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{1F600}", "\u{10FFFF}"]
    for scalar in scalars {
      let text = "a\(scalar)b\(scalar)"
      #expect(renderer.quoted(text) == literalByScalars(text), "U+\(String(scalar.value, radix: 16))")
    }
    let mixed = "Tom's \"Diner\" \\ Café\u{7}\u{85}\u{200E}\u{2028}\u{202E}\u{2066} 東京 👍🏽 e\u{301}\n\t"
    #expect(renderer.quoted(mixed) == literalByScalars(mixed))
    #expect(renderer.quoted("") == "\"\"")
  }

  @Test(
    "A character is escaped as alone wherever it falls in the eight bytes read at once, for every character of planes 0 and 1 and some beyond"
  )
  func literalsInWords() {
    let renderer = JSONReportRenderer()
    // Every first byte the word test marks (0xC2, 0xD8, 0xE2) or passes, at each of the eight
    // places in a word, with a word of plain text and an escape after it.
    let scalars =
      (0...0x1_FFFF).compactMap(Unicode.Scalar.init)
      + stride(from: 0x2_0000, through: 0x10_FFFF, by: 251).compactMap(Unicode.Scalar.init)
    for scalar in scalars {
      for lead in 0..<8 {
        let text = String(repeating: "x", count: lead) + "\(scalar)yyyyyyyy\(scalar)\u{7}z"
        guard renderer.quoted(text) == literalByScalars(text) else {
          Issue.record("U+\(String(scalar.value, radix: 16)) after \(lead) bytes")
          return
        }
      }
    }
  }

  @Test("A detail row is its four members, each text escaped as alone, whatever it holds")
  func detailRows() {
    let texts = [
      "", "Starbucks", "Caf\u{E9} \"Chez\" \\ #1", "\u{85}\u{202E}\u{2028}", "\u{61C}\u{7F}\n",
      "東京 👍🏽 e\u{301}",
    ]
    for description in texts {
      for amount in ["3.11", "-1,000.00 \u{20AC}", "\u{200E}5"] {
        for odd in [true, false] {
          let row = ReportRow.detail(description: DescriptionText(description), amount: amount, odd: odd)
          var renderer = JSONReportRenderer()
          var bytes: [UInt8] = []
          renderer.render(row, appendingTo: &bytes)
          renderer.render(row, appendingTo: &bytes)
          let object =
            "{\n    \"type\": \"detail\",\n    \"description\": \(literalByScalars(description)),\n"
            + "    \"amount\": \(literalByScalars(amount)),\n    \"odd\": \(odd)\n  }"
          #expect(String(decoding: bytes, as: UTF8.self) == "\n  \(object),\n  \(object)")
        }
      }
    }
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

/// The inside of a JSON string literal as the renderers write it, said one character at a time:
/// the rule the renderers' passes eight bytes at a time are checked against.
enum JSONLiteral {
  /// The text escaped: quotes, backslashes, the short escapes, and `\u` with four lowercase
  /// hexadecimal digits for every other character `ReportText.mustBeEscaped(_:)` names.
  static func insideByScalars(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case _ where ReportText.mustBeEscaped(scalar):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
