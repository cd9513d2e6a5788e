import Testing

@testable import Gateways

/// The words the JSON fast path compares keys with, written as hexadecimal literals so that
/// reading them costs nothing: each must be its text's bytes, the first byte lowest.
@Suite struct JSONRecordScannerTests {
  private static func word(_ text: String) -> UInt64 {
    text.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  @Test("Each key word is the key's text with its closing quote, as SWAR reads it")
  func keyWordsAreTheirTexts() {
    #expect(JSONRecordScanner.dateQuote == Self.word("date\""))
    #expect(JSONRecordScanner.groupQuote == Self.word("group\""))
    #expect(JSONRecordScanner.debitQuote == Self.word("debit\""))
    #expect(JSONRecordScanner.amountQuote == Self.word("amount\""))
    #expect(JSONRecordScanner.descript == Self.word("descript"))
    #expect(JSONRecordScanner.ionQuote == Self.word("ion\""))
  }

  @Test("SWAR reads the first byte lowest, and finds the first stop exactly")
  func swarReadsInOrder() {
    let bytes: [UInt8] = Array("ab\"c\\d\u{01}e".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(SWAR.word(buffer, at: 0) == Self.word("ab\"c\\d\u{01}e"))
      let stops = SWAR.quotesBackslashesAndControls(SWAR.word(buffer, at: 0))
      #expect(SWAR.plainRun(SWAR.word(buffer, at: 0), stops: stops).count == 2)
    }
  }
}
