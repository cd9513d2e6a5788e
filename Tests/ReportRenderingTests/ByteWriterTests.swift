import Testing

@testable import ReportRendering

/// A line written into room made for it (`[UInt8].append(count:writing:)`) is the bytes of its
/// parts, in order, after what the buffer held; a miscounted line stops the program rather than
/// writing past its room or leaving bytes of it unwritten. Room made for at most so many bytes
/// (`append(atMost:writing:)`) keeps as many as were written.
@Suite struct ByteWriterTests {
  @Test("A line's parts land in order after the buffer's bytes, a skip leaving spaces")
  func partsInOrder() {
    var bytes: [UInt8] = Array("ab".utf8)
    let label = Array("Café".utf8)
    let text: String = "3.11"
    bytes.append(count: 2 + 5 + 1 + 3 + 4 + 1) { line in
      line.write("| ")
      label.withUnsafeBufferPointer { line.write($0) }
      line.write(UInt8(ascii: "|"))
      line.skip(3)
      line.write(text)
      line.skip(-2)  // nothing
      line.write(UInt8(ascii: "\n"))
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "ab| Café|   3.11\n")
    bytes.append(count: 0) { _ in }
    #expect(bytes.count == 18)
  }

  @Test("A line longer than its room stops the program")
  func tooLongStops() async {
    await #expect(processExitsWith: .failure) {
      var bytes: [UInt8] = []
      bytes.append(count: 3) { line in line.write("four") }
    }
  }

  @Test("A line shorter than its room stops the program")
  func tooShortStops() async {
    await #expect(processExitsWith: .failure) {
      var bytes: [UInt8] = []
      bytes.append(count: 5) { line in line.write("four") }
    }
  }

  @Test(
    "Room for at most so many bytes grows the buffer by those written; a word's bytes past its count are written over"
  )
  func roomForAtMost() {
    var bytes: [UInt8] = Array("ab".utf8)
    bytes.append(atMost: 20) { line in
      line.write(UInt64(0x6867_6665_6463_6261), count: 3)  // "abcdefgh", three of them
      line.write("XY")
      line.write(UInt64(0x3938_3736_3534_3332), count: 8)  // "23456789"
    }
    #expect(String(decoding: bytes, as: UTF8.self) == "ababcXY23456789")
    bytes.append(atMost: 6) { _ in }
    #expect(bytes.count == 15)
  }

  @Test("A word written where its room has fewer than eight bytes left stops the program")
  func wordWithoutRoomStops() async {
    await #expect(processExitsWith: .failure) {
      var bytes: [UInt8] = []
      bytes.append(count: 4) { line in line.write(UInt64(0x6463_6261), count: 4) }
    }
  }

  @Test("A line given up part way leaves the buffer as it was; one kept grows it by what was written")
  func lineGivenUp() {
    var bytes: [UInt8] = Array("ab".utf8)
    let givenUp = bytes.appendIfKept(atMost: 10) { line in
      line.write("written")
      return false
    }
    #expect(!givenUp)
    #expect(bytes == Array("ab".utf8))
    let kept = bytes.appendIfKept(atMost: 10) { line in
      line.write("kept")
      return true
    }
    #expect(kept)
    #expect(bytes == Array("abkept".utf8))
  }

  @Test("A line longer than the most it was given room for stops the program, even within the word more")
  func longerThanAtMostStops() async {
    await #expect(processExitsWith: .failure) {
      var bytes: [UInt8] = []
      bytes.append(atMost: 4) { line in line.write("12345") }
    }
  }
}
