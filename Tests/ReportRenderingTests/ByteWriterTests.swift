import Testing

@testable import ReportRendering

/// A line written into room made for it (`[UInt8].append(count:writing:)`) is the bytes of its
/// parts, in order, after what the buffer held; a miscounted line stops the program rather than
/// writing past its room or leaving spaces the renderer did not mean.
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
}
