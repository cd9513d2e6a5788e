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
}
