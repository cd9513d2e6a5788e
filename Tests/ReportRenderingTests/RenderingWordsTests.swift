import Entities
import Presenters
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

  @Test("Each matching byte's place, in order, at every length")
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
      }
      #expect(
        places == bytes.indices.filter { MarkdownReportRenderer.isMarkdownSyntax(bytes[$0]) }, "\(text)")
    }
  }

  @Test(
    "A Markdown detail line written as its description is copied is the row's text: every syntax character after a backslash, the padding by characters, and what may link written the row's way"
  )
  func markdownDetailLine() {
    let texts = [
      "", "#", "a#b", "LCBO #6468 [Vancouver] *sale*", "東京ラーメン #0968 & ~", String(repeating: "x_", count: 32),
      String(repeating: "x_", count: 33), "1234567#", "12345678#", "Café Lune, Montréal", "Inc. 3.5",
      "a:b", "me@example.com", "www.example.com", "see WWW.x", "x\u{1B}y", "tab\there",
    ]
    for text in texts {
      var byText = MarkdownReportRenderer(style: .english)
      var byBytes = byText
      let row = ReportRow.detail(description: DescriptionText(text), amount: "-1.50", odd: true)
      var bytes: [UInt8] = []
      byBytes.render(row, appendingTo: &bytes)
      #expect(bytes == Array(byText.render(row).utf8), "\(text)")
    }
  }

  @Test("JSON's stops mark each byte the rule names, alone or in a word, above ASCII or not")
  func jsonStops() {
    let isStop = { (byte: UInt8) in
      byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")
        || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }
    for byte in UInt8.min...UInt8.max {
      // Alone, seven spaces after it (a space is no stop).
      #expect(((0x2020_2020_2020_2000 | UInt64(byte)).jsonStops != 0) == isStop(byte), "\(byte)")
      // At each place of a word of plain letters, and of one with a letter beyond ASCII (`é`).
      for place in 0..<8 {
        for filler: UInt64 in [0x6161_6161_6161_6161, 0x6161_6161_61A9_C361] {
          let word = filler & ~(0xFF << UInt64(8 * place)) | UInt64(byte) << UInt64(8 * place)
          let bytes = (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) }
          let firstStop = bytes.firstIndex(where: isStop) ?? 8
          #expect(word.jsonStops.firstMarkedByte == firstStop, "\(byte) at \(place)")
        }
      }
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
