import TestSupport
import Testing

@testable import FileGateways

/// `UTF8Text.isValid(_:)`, the reader's own check of a description's bytes, gives the standard
/// library's answer (`String(validating:as:)`) for every text.
@Suite struct UTF8TextTests {
  /// Counts the texts on which the two answers differ, and keeps the first few, so that a
  /// million comparisons record one issue, not a million.
  private struct Differences {
    var count = 0
    var first: [[UInt8]] = []

    mutating func check(_ bytes: [UInt8]) {
      let expected = String(validating: bytes, as: UTF8.self) != nil
      guard bytes.withUnsafeBufferPointer({ UTF8Text.isValid($0) }) != expected else { return }
      count += 1
      if first.count < 5 { first.append(bytes) }
    }
  }

  @Test("Every text of one or two bytes, and of three from a lead byte of E0 to EF with every second byte")
  func everyShortText() {
    var differences = Differences()
    for first in 0...255 {
      differences.check([UInt8(first)])
      for second in 0...255 { differences.check([UInt8(first), UInt8(second)]) }
    }
    // A third byte is a continuation byte or not: those at the edges of the range, and beyond.
    let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x81, 0xBE, 0xBF, 0xC0, 0xFF]
    for first in 0xE0...0xEF {
      for second in 0...255 {
        for third in edges { differences.check([UInt8(first), UInt8(second), third]) }
      }
    }
    #expect(differences.count == 0, "\(differences.first)")
  }

  @Test(
    "Every lead byte of four, with second bytes in and around each range and continuation bytes at their edges"
  )
  func fourByteCharacters() {
    var differences = Differences()
    let edges: [UInt8] = [0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF]
    for first in 0xF0...0xFF {
      for second in Array(0x70...0xC8) + [0xFF] {
        for third in edges {
          for fourth in edges { differences.check([UInt8(first), UInt8(second), third, fourth]) }
        }
      }
    }
    #expect(differences.count == 0, "\(differences.first)")
  }

  @Test("A character anywhere among ASCII bytes: before, across and after the words of eight read at once")
  func charactersAmongASCII() {
    let characters: [[UInt8]] = [
      [0xC3, 0xA9], [0xE6, 0x9D, 0xB1], [0xF0, 0x9F, 0x8C, 0xAE], [0xC3], [0xE6, 0x9D], [0xF0, 0x9F, 0x8C],
      [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE0, 0x80, 0x80],
    ]
    var differences = Differences()
    for character in characters {
      for before in 0...17 {
        for after in 0...17 {
          differences.check(
            Array(repeating: 0x61, count: before) + character + Array(repeating: 0x62, count: after))
        }
      }
    }
    #expect(differences.count == 0, "\(differences.first)")
  }

  @Test("Random texts of ASCII runs, characters of every length, stray and cut bytes")
  func randomTexts() {
    var random = SplitMix64(seed: 0x07F8)
    let pieces: [[UInt8]] = [
      Array("Café ".utf8), Array("東京".utf8), Array("🌮".utf8), Array("abcdefghijk".utf8), [0x20],
      [0x80], [0xBF], [0xC3], [0xE6, 0x9D], [0xF0, 0x9F, 0x8C], [0xC1, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0x00], [0x7F],
    ]
    var differences = Differences()
    for _ in 0..<30_000 {
      var text: [UInt8] = []
      for _ in 0..<Int(random.next() % 8) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      differences.check(text)
    }
    #expect(differences.count == 0, "\(differences.first)")
  }
}
