import ByteWords
import Entities
import Testing

@testable import FileGateways

/// The words the JSON fast path compares keys with, written as hexadecimal literals so that
/// reading them costs nothing: each must be its text's bytes, the first byte lowest.
@Suite struct JSONRecordScannerTests {
  private static func word(_ text: String) -> UInt64 {
    text.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  @Test("Each key word is the key's text with its closing quote, as a byte word reads it")
  func keyWordsAreTheirTexts() {
    #expect(JSONRecordScanner.dateQuote == Self.word("date\""))
    #expect(JSONRecordScanner.groupQuote == Self.word("group\""))
    #expect(JSONRecordScanner.debitQuote == Self.word("debit\""))
    #expect(JSONRecordScanner.amountQuote == Self.word("amount\""))
    #expect(JSONRecordScanner.descript == Self.word("descript"))
    #expect(JSONRecordScanner.ionQuote == Self.word("ion\""))
  }

  @Test("A string's plain run ends at its first quote, backslash or control")
  func plainRunEndsAtTheFirstStop() {
    let bytes: [UInt8] = Array("ab\"c\\d\u{01}e".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(UInt64(wordAt: 0, of: buffer) == Self.word("ab\"c\\d\u{01}e"))
      let stops = UInt64(wordAt: 0, of: buffer).quotesBackslashesAndControls
      #expect(UInt64(wordAt: 0, of: buffer).plainRun(stops: stops).count == 2)
    }
    // "aé" and a control: three plain bytes, one above ASCII that is a continuation byte.
    let accented: [UInt8] = [0x61, 0xC3, 0xA9, 0x01, 0x61, 0x22, 0x5C, 0x61]
    accented.withUnsafeBufferPointer { buffer in
      let word = UInt64(wordAt: 0, of: buffer)
      let run = word.plainRun(stops: word.quotesBackslashesAndControls)
      #expect(run.count == 3)
      #expect(run.highBits == 0x0080_8000)
      #expect(run.continuations == 1)
    }
  }

  @Test("A shape's literal is found where its bytes are written, each of them compared, and nowhere else")
  func literalsCompareEveryByte() throws {
    let text: [UInt8] = Array(#"{"group": "A", "date": "2016-04-01", "description": "x"}"#.utf8)
    try text.withUnsafeBufferPointer { bytes in
      for count in 0...JSONRecordShape.Literal.capacity {
        let literal = try #require(
          JSONRecordShape.Literal(UnsafeBufferPointer(rebasing: bytes[3..<3 + count])))
        #expect(literal.count == count)
        // Found where it was taken from, with room for a word past it, …
        #expect(literal.isWritten(in: bytes, at: 3))
        // … not one byte on (unless every byte it compares is the same there: none here is), …
        #expect(count == 0 || !literal.isWritten(in: bytes, at: 4))
        // … read in whole words: found when the bytes go on to the end of its last word, and
        // not when they stop a byte before.
        let words = max(1, (count + 7) / 8) * 8
        #expect(literal.isWritten(in: UnsafeBufferPointer(rebasing: bytes[..<(3 + words)]), at: 3))
        #expect(!literal.isWritten(in: UnsafeBufferPointer(rebasing: bytes[..<(3 + words - 1)]), at: 3))
        // A change to any one of its bytes is seen.
        for index in 0..<count {
          var changed = Array(bytes)
          changed[3 + index] ^= 0x20
          changed.withUnsafeBufferPointer { changed in #expect(!literal.isWritten(in: changed, at: 3)) }
        }
      }
      #expect(JSONRecordShape.Literal(UnsafeBufferPointer(rebasing: bytes[0..<25])) == nil)
    }
    let withLineFeed: [UInt8] = Array(", \n\"date\": ".utf8)
    withLineFeed.withUnsafeBufferPointer { #expect(JSONRecordShape.Literal($0) == nil) }
  }
}
