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

  private static func digest(_ transactions: [Transaction]) -> Int {
    var digest = ReadingDigest()
    for transaction in transactions { digest.add(transaction) }
    return digest.value
  }

  @Test("Every field counts, and the order of the transactions")
  func everyFieldAndTheOrderCount() throws {
    let base = try Transaction.fixture(date: "2016-04-01", description: "Café Lune", amount: "12.34")
    let others = [
      try Transaction.fixture(group: .posted, date: "2016-04-01", description: "Café Lune", amount: "12.34"),
      try Transaction.fixture(date: "2016-04-02", description: "Café Lune", amount: "12.34"),
      try Transaction.fixture(date: "2016-05-01", description: "Café Lune", amount: "12.34"),
      try Transaction.fixture(date: "2017-04-01", description: "Café Lune", amount: "12.34"),
      try Transaction.fixture(date: "2016-04-01", description: "Café Lune ", amount: "12.34"),
      try Transaction.fixture(date: "2016-04-01", description: "Café Lune", amount: "12.35"),
      try Transaction.fixture(date: "2016-04-01", description: "Café Lune", amount: "12.34", debit: .credit),
    ]
    let digests = Set([Self.digest([base])] + others.map { Self.digest([$0]) })
    #expect(digests.count == others.count + 1)
    for other in others {
      #expect(Self.digest([base, other]) != Self.digest([other, base]))
    }
  }

  @Test("A change to any byte of a description of 0 to 40 bytes counts, and so do its zero bytes at the end")
  func everyByteOfADescriptionCounts() throws {
    for count in 0...40 {
      let text = String((0..<count).map { Character(Unicode.Scalar(UInt8(0x41 + $0 % 26))) })
      let base = Self.digest([try Transaction.fixture(description: text)])
      var changed: Set<Int> = [base]
      for index in 0..<count {
        var bytes = Array(text.utf8)
        bytes[index] ^= 0x20
        changed.insert(
          Self.digest([try Transaction.fixture(description: String(decoding: bytes, as: UTF8.self))]))
      }
      #expect(changed.count == count + 1, "\(count) bytes")
      #expect(Self.digest([try Transaction.fixture(description: text + "\u{0}")]) != base, "\(count) bytes")
    }
    // The bytes of two descriptions in a row count where they fall: "ab" then "c" is not "a" then "bc".
    #expect(
      Self.digest([try Transaction.fixture(description: "ab"), try Transaction.fixture(description: "c")])
        != Self.digest([
          try Transaction.fixture(description: "a"), try Transaction.fixture(description: "bc"),
        ]))
  }
}
