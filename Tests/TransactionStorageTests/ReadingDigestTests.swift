import Entities
import TestSupport
import Testing

@testable import TransactionStorage

/// A reading's digest counts a description by its UTF-8 bytes, whether the description is the
/// transaction's own `String` or bytes lent apart from it (decision 0043).
@Suite struct ReadingDigestTests {
  @Test("A description lent as bytes digests as the same description as a string, and another does not")
  func bytesDigestAsTheirString() throws {
    for text in ["", "Café Lune, Montréal", "東京ラーメン 7", String(repeating: "é", count: 301)] {
      let transaction = try Transaction.fixture(date: "2016-04-01", description: text)
      var emptied = transaction
      emptied.description = ""
      var (asString, asBytes, asOtherBytes) = (ReadingDigest(), ReadingDigest(), ReadingDigest())
      asString.add(transaction)
      Array(text.utf8).withUnsafeBufferPointer { asBytes.add(emptied, descriptionBytes: $0) }
      Array((text + "x").utf8).withUnsafeBufferPointer { asOtherBytes.add(emptied, descriptionBytes: $0) }
      #expect(asBytes.value == asString.value, "\(text.prefix(20))")
      #expect(asOtherBytes.value != asString.value, "\(text.prefix(20))")
    }
  }
}
