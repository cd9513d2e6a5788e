import Testing

@testable import ReportRendering

/// The passes over a detail row's text eight bytes at a time find what a look at each byte
/// finds.
@Suite struct RenderingWordsTests {
  @Test("The runs looked at for Markdown syntax hold every syntax character, and no space")
  func syntaxCandidates() {
    for byte in UInt8.min...UInt8.max {
      let word = UInt64(byte) | 0x2020_2020_2020_2000
      let marked = word.markdownSyntaxCandidates & 0xFF != 0
      if MarkdownReportRenderer.isMarkdownSyntax(byte) { #expect(marked, "\(byte)") }
    }
    #expect(UInt64(0x2020_2020_2020_2020).markdownSyntaxCandidates == 0)
  }

  @Test("Each matching byte's place, in order, at every length; continuation bytes counted")
  func placesInOrder() {
    let texts = [
      "", "#", "a#b", "LCBO #6468 [Vancouver] *sale*", "東京ラーメン #0968 & ~", String(repeating: "x_", count: 13),
      "1234567#", "12345678#", "Café Lune, Montréal",
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      var places: [Int] = []
      bytes.withUnsafeBufferPointer { utf8 in
        utf8.forEachByte(markedBy: \.markdownSyntaxCandidates, where: MarkdownReportRenderer.isMarkdownSyntax)
        {
          places.append($0)
        }
        #expect(utf8.continuationByteCount == bytes.count - text.unicodeScalars.count, "\(text)")
      }
      #expect(
        places == bytes.indices.filter { MarkdownReportRenderer.isMarkdownSyntax(bytes[$0]) }, "\(text)")
    }
  }

  @Test("An amount is plain when made of digits, commas, points and minus signs only")
  func plainAmounts() {
    for amount in ["3.11", "-424.46", "1,234,567,890.12", "0.00", "", "12345678", "123456789"] {
      #expect(amount.plainAmountCount == amount.utf8.count, "\(amount)")
    }
    for amount in ["$3.11", "1.234,56 €", "(3.11)", "3.11 ", "12345678x", "1/2", "+1"] {
      #expect(amount.plainAmountCount == nil, "\(amount)")
    }
  }
}
