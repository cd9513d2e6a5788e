import BankFormats
import Testing

@testable import FileGateways

/// The conversion of a bank's text before it is decoded (``TextConversion``): from a code page,
/// and line breaks as an editor shows them, the same whatever the chunks the text comes in.
@Suite struct TextConversionTests {
  /// The bytes converted in chunks of `size`.
  private func converted(_ bytes: [UInt8], _ conversion: TextConversion, chunk size: Int) -> [UInt8] {
    var converter = TextConverter(conversion)
    var output: [UInt8] = []
    var start = 0
    while start < bytes.count {
      converter.convert(bytes[start..<min(start + size, bytes.count)], into: &output)
      start += size
    }
    converter.finish(into: &output)
    return output
  }

  @Test(
    "The first line's ending says how lines end: LF, CRLF, a CR alone, or CRs before a LF",
    arguments: [
      ("a,b\nc", TextConversion.LineBreaks.lineFeeds), ("a,b\r\nc", .lineFeeds), ("a,b\rc", .carriageReturns),
      ("a,b\r\r\nc", .carriageReturnsBeforeLineFeed), ("a,b\r\r\r\nc", .carriageReturnsBeforeLineFeed),
      ("a,b\r\rc", .carriageReturns), ("\"x\r\r\ny\",b\nc", .lineFeeds),
    ])
  func lineBreaks(text: String, expected: TextConversion.LineBreaks) {
    #expect(TextConversion.lineBreaks(of: Array(text.utf8), complete: true) == expected)
  }

  @Test(
    "Carriage returns before a line feed are one CRLF, in chunks of any size; a carriage return alone stays")
  func carriageReturnsBeforeLineFeed() {
    let bytes = Array("a\r\r\nb\r\r\r\nc\rd\r\r".utf8)
    var conversion = TextConversion()
    conversion.carriageReturnsBeforeLineFeeds = true

    for size in 1...bytes.count {
      #expect(
        converted(bytes, conversion, chunk: size) == Array("a\r\nb\r\nc\rd\r\r".utf8), "chunks of \(size)")
    }
  }

  @Test("A code page's bytes become its characters: 0xE8 is č in Windows-1250 and è in Windows-1252")
  func codePages() {
    let bytes: [UInt8] = [0x4B, 0x6F, 0xE8, 0x6B, 0x61, 0x8A, 0x9D]
    var central = TextConversion()
    central.codePage = .windows1250
    var western = TextConversion()
    western.codePage = .windows1252

    #expect(String(decoding: converted(bytes, central, chunk: 3), as: UTF8.self) == "KočkaŠť")
    // 0x9D is undefined in Windows-1252: read as the C1 control, shown escaped, never dropped.
    #expect(String(decoding: converted(bytes, western, chunk: 3), as: UTF8.self) == "KoèkaŠ\u{9D}")
  }
  @Test(
    "UTF-8's evidence finds the first byte that is not UTF-8 and a character of several bytes at any place among ASCII runs"
  )
  func utf8EvidenceAtEveryPlace() {
    for place in 0..<24 {
      for after in [0, 1, 7, 8, 9, 17] {
        let before = Array(repeating: UInt8(ascii: "a"), count: place)
        let rest = Array(repeating: UInt8(ascii: "b"), count: after)
        // A byte that starts no character; a character of two bytes; one cut at the end.
        let invalid = TextConversion.utf8Evidence(before + [0xFF] + rest, complete: true)
        #expect(invalid.firstInvalid == place && !invalid.multibyte, "0xFF at \(place), \(after) after")
        let valid = TextConversion.utf8Evidence(before + Array("é".utf8) + rest, complete: true)
        #expect(valid.firstInvalid == nil && valid.multibyte, "é at \(place), \(after) after")
        let cut = before + [0xC3]
        #expect(TextConversion.utf8Evidence(cut, complete: false).firstInvalid == nil, "cut at \(place)")
        #expect(
          TextConversion.utf8Evidence(cut, complete: true).firstInvalid == place, "cut at \(place), the end")
      }
    }
  }
}
