import Entities
import Presenters
import ReportRendering
import Testing

/// Text no one sees: the tag characters (U+E0000 to U+E007F, which spell ASCII invisibly) and
/// the interlinear annotation characters (U+FFF9 to U+FFFB), in a description. Every renderer
/// for people shows them as escapes on each of its ways to write a detail row: the row as a
/// string, the row's bytes, and a description lent as bytes (each with its own fast path, which
/// must send such a text to the escapes); JSON keeps them, for a program to get the text back.
@Suite struct HiddenTextTests {
  /// `Pay` with `IGNORE` in tags after it, then an annotation.
  static let smuggled =
    "Pay\u{E0049}\u{E0047}\u{E004E}\u{E004F}\u{E0052}\u{E0045}\u{E007F} now \u{FFF9}x\u{FFFA}y\u{FFFB}"
  static let escaped =
    #"Pay\u{E0049}\u{E0047}\u{E004E}\u{E004F}\u{E0052}\u{E0045}\u{E007F} now \u{FFF9}x\u{FFFA}y\u{FFFB}"#

  /// The renderers for people, by name.
  static let renderers: [(String, any ByteRenderer)] = [
    ("text", TextReportRenderer(width: 200, colors: false, style: .english)),
    ("markdown", MarkdownReportRenderer(style: .english)),
    ("html", HTMLReportRenderer(style: .english)),
  ]

  /// The detail row written each of the three ways.
  private static func written(_ renderer: any ByteRenderer, _ description: String) -> [String] {
    let row = ReportRow.detail(description: DescriptionText(description), amount: "1.00", odd: true)
    var asString = renderer
    var asBytes = renderer
    var lent = renderer
    var bytes: [UInt8] = []
    asBytes.render(row, appendingTo: &bytes)
    var lentBytes: [UInt8] = []
    let shared = DescriptionText(sharing: Array(description.utf8), range: 0..<description.utf8.count)
    lent.render(.detail(description: shared, amount: "1.00", odd: true), appendingTo: &lentBytes)
    return [
      asString.render(row), String(decoding: bytes, as: UTF8.self),
      String(decoding: lentBytes, as: UTF8.self),
    ]
  }

  @Test("Tag and annotation characters are shown escaped by the text, Markdown and HTML renderers, every way")
  func shownEscaped() {
    for (name, renderer) in Self.renderers {
      for (way, text) in zip(["string", "bytes", "lent bytes"], Self.written(renderer, Self.smuggled)) {
        #expect(
          !text.unicodeScalars.contains {
            (0xE0000...0xE007F).contains($0.value) || (0xFFF9...0xFFFB).contains($0.value)
          },
          "\(name), \(way): a hidden character reached the output")
        let shown = name == "markdown" ? Self.escaped.replacingBackslashes() : Self.escaped
        #expect(text.contains(shown), "\(name), \(way): \(text.debugDescription)")
      }
    }
  }

  @Test("A tag alone, between plain words, is found by every fast path: 8 bytes of ASCII on each side")
  func tagBetweenPlainWords() {
    for (name, renderer) in Self.renderers {
      for text in Self.written(renderer, "Plaintxt\u{E0041}Plaintxt") {
        #expect(!text.unicodeScalars.contains { $0.value == 0xE0041 }, "\(name)")
      }
    }
  }

  @Test("JSON keeps them, so a program reading it gets the text back exactly")
  func jsonKeepsThem() {
    for text in Self.written(JSONReportRenderer(), Self.smuggled) {
      #expect(text.contains(Self.smuggled))
    }
  }
}

extension String {
  /// The text as Markdown writes it: a backslash before each backslash.
  fileprivate func replacingBackslashes() -> String {
    var result = ""
    for character in self {
      if character == "\\" { result += "\\\\" } else { result.append(character) }
    }
    return result
  }
}
