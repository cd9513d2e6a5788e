import ByteWords
import Testing

@Suite struct UInt64ByteWordTests {
  /// The word of eight bytes, the first lowest, computed byte by byte.
  private static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  @Test("A word holds its first byte lowest, and a half word its first four")
  func wordsReadInOrder() {
    let bytes: [UInt8] = Array("ab\"c\\d\u{01}e!".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(UInt64(wordAt: 0, of: buffer) == Self.word(Array(bytes[0..<8])))
      #expect(UInt64(wordAt: 1, of: buffer) == Self.word(Array(bytes[1..<9])))
      #expect(UInt64(halfWordAt: 5, of: buffer) == Self.word(Array(bytes[5..<9])))
    }
    for count in 0...8 {
      #expect(UInt64(firstBytes: count) == Self.word(Array(repeating: 0xFF, count: count)), "\(count)")
    }
  }

  @Test("A text's last bytes are one word, the filler after them, for every length and offset")
  func tailWords() {
    for count in 0...20 {
      let bytes = (0..<count).map { UInt8(0x61 + $0) }
      bytes.withUnsafeBufferPointer { buffer in
        for offset in max(0, count - 7)...count {
          for filler: UInt8 in [0, 0x20, 0xFF] {
            let expected = Self.word(
              Array(bytes[offset...]) + Array(repeating: filler, count: 8 - (count - offset)))
            #expect(
              UInt64(tailAt: offset, of: buffer, filler: filler) == expected, "\(count) \(offset) \(filler)")
          }
        }
      }
    }
  }

  @Test("The masks of a run of ASCII and of continuation bytes mark exactly their bytes, in every place")
  func exactMasks() {
    let exact: [(String, (UInt64) -> UInt64, (UInt8) -> Bool)] = [
      ("0 to 9", { $0.bytes(from: 0x30, through: 0x39) }, { (0x30...0x39).contains($0) }),
      ("# to *", { $0.bytes(from: 0x23, through: 0x2A) }, { (0x23...0x2A).contains($0) }),
      ("NUL alone", { $0.bytes(from: 0, through: 0) }, { $0 == 0 }),
      ("all of ASCII", { $0.bytes(from: 0, through: 0x7F) }, { $0 < 0x80 }),
      ("continuation", { $0.continuationBytes }, { $0 & 0xC0 == 0x80 }),
    ]
    let neighbours: [UInt8] = [
      0x00, 0x22, 0x23, 0x2A, 0x2B, 0x2F, 0x30, 0x39, 0x3A, 0x7F, 0x80, 0xBF, 0xC0, 0xFF,
    ]
    for (name, mask, marks) in exact {
      for byte in UInt8.min...UInt8.max {
        for neighbour in neighbours {
          for place in 0..<8 {
            var bytes = [UInt8](repeating: neighbour, count: 8)
            bytes[place] = byte
            let expected = bytes.indices.reduce(UInt64(0)) {
              marks(bytes[$1]) ? $0 | 0x80 << (8 * UInt64($1)) : $0
            }
            #expect(mask(Self.word(bytes)) == expected, "\(name): \(bytes)")
          }
        }
      }
    }
  }

  @Test("An exact mask's marks are counted as its set bits are, for every set of marked bytes and every byte")
  func markedByteCount() {
    for marks in 0...255 {
      var mask = UInt64(0)
      for place in 0..<8 where marks >> place & 1 == 1 {
        mask |= UInt64(0x80) << (8 * UInt64(place))
      }
      #expect(mask.markedByteCount == mask.nonzeroBitCount, "marks \(marks)")
    }
    for byte in UInt8.min...UInt8.max {
      for neighbour: UInt8 in [0x00, 0x41, 0x80, 0xBF, 0xC0, 0xFF] {
        for place in 0..<8 {
          var bytes = [UInt8](repeating: neighbour, count: 8)
          bytes[place] = byte
          let continuations = Self.word(bytes).continuationBytes
          #expect(continuations.markedByteCount == continuations.nonzeroBitCount, "\(bytes)")
        }
      }
    }
  }

  /// Each mask, and which bytes it marks.
  private static let masks:
    [(name: String, mask: @Sendable (UInt64) -> UInt64, marks: @Sendable (UInt8) -> Bool)] = [
      ("zero", { $0.zeroBytes }, { $0 == 0 }),
      ("quote", { $0.bytes(equalTo: UInt8(ascii: "\"")) }, { $0 == UInt8(ascii: "\"") }),
      ("0xFF", { $0.bytes(equalTo: 0xFF) }, { $0 == 0xFF }),
      ("0x80", { $0.bytes(equalTo: 0x80) }, { $0 == 0x80 }),
      ("below 0x20", { $0.bytes(below: 0x20) }, { $0 < 0x20 }),
      ("below 0x80", { $0.bytes(below: 0x80) }, { $0 < 0x80 }),
      ("below 0x01", { $0.bytes(below: 0x01) }, { $0 == 0 }),
      ("above ASCII", { $0.bytesAboveASCII }, { $0 >= 0x80 }),
    ]

  @Test("Each mask finds the first byte it marks exactly, whatever the bytes after it")
  func firstMatchIsExact() {
    // Every byte at every place, after bytes the mask does not mark (of every kind it leaves),
    // and before bytes of every kind: a borrow from a byte that matches may mark those after
    // it, never those before.
    let after: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x7F, 0x80, 0x81, 0xFE, 0xFF]
    for (name, mask, marks) in Self.masks {
      let unmarked = (UInt8.min...UInt8.max).filter { !marks($0) }
      for place in 0..<8 {
        for byte in UInt8.min...UInt8.max {
          for fill in after {
            var bytes = [UInt8](repeating: 0, count: 8)
            for index in 0..<place {
              bytes[index] = unmarked[(Int(byte) &* 7 &+ Int(fill) &+ index &* 31) % unmarked.count]
            }
            bytes[place] = byte
            for index in (place + 1)..<8 { bytes[index] = fill &+ UInt8(index) }
            let expected = bytes.firstIndex(where: marks) ?? 8
            let found = mask(Self.word(bytes))
            #expect(found.firstMarkedByte == expected, "\(name): \(bytes)")
            #expect((found == 0) == (expected == 8), "\(name): \(bytes)")
          }
        }
      }
    }
  }

  @Test("Each mask is exact on every pair of first two bytes")
  func everyPairOfFirstBytes() {
    for (name, mask, marks) in Self.masks {
      var wrong: [[UInt8]] = []
      for first in UInt8.min...UInt8.max {
        for second in UInt8.min...UInt8.max {
          let bytes = [first, second, 0x00, 0x7F, 0x80, 0xFF, 0x20, 0x41]
          let expected = bytes.firstIndex(where: marks) ?? 8
          if mask(Self.word(bytes)).firstMarkedByte != expected { wrong.append(bytes) }
        }
      }
      #expect(wrong.isEmpty, "\(name): \(wrong.count) words, such as \(wrong.prefix(3))")
    }
  }

  @Test("A word contains a byte when one of its eight is that byte")
  func containsAnyOfItsBytes() {
    let word = Self.word(Array("abcdefg\"".utf8))
    #expect(word.containsByte(UInt8(ascii: "\"")))
    #expect(word.containsByte(UInt8(ascii: "a")))
    #expect(!word.containsByte(UInt8(ascii: "h")))
    #expect(!word.containsByte(0))
  }
}
