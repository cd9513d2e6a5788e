import BankReading
import Testing

@testable import FileGateways

/// The fast path of a bank's export spares the label check of a value that starts with a
/// number: it must never spare one that the check would have read as a label.
@Suite struct BankRowScannerTests {
  @Test("A value that starts with a number, as the fast path tells it, is never a label")
  func numbersAreNoLabels() {
    var numbers = 0
    // Every two ASCII bytes before a label's words, and before nothing.
    for first in UInt8(0)..<0x80 {
      for second in UInt8(0)..<0x80 {
        for tail in ["", "Saldo", " Saldo", "Kontostand:", "-Summe", " Total 31.03.2024"] {
          let value = [first, second] + Array(tail.utf8)
          value.withUnsafeBufferPointer { bytes in
            guard BankRowScanner.startsWithNumber(bytes) else { return }
            numbers += 1
            #expect(!BankWords.mayBeLabel(utf8: bytes), "\(value)")
          }
        }
      }
    }
    // Digits first (10 × 128), and a minus before a digit (10), each with six tails.
    #expect(numbers == (10 * 128 + 10) * 6)
  }

  @Test(
    "Dates and amounts start with a number; labels and words do not",
    arguments: [
      ("31.12.2024", true), ("2024-01-02", true), ("-424,46", true), ("0", true), ("-5 Saldo", true),
      ("-", false), ("-Saldo", false), ("- 5", false), ("Saldo", false), ("", false), ("+5", false),
    ])
  func startsWithNumber(value: String, starts: Bool) {
    #expect(Array(value.utf8).withUnsafeBufferPointer { BankRowScanner.startsWithNumber($0) } == starts)
  }
}
