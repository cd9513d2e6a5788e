import CLI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The spool's temporary file written on a thread of its own: every buffer, in the order handed
/// over, and a failed write said when the writes are waited for.
@Suite struct SpoolWriterTests {
  /// A new temporary file, open for reading and writing, already unlinked.
  private static func temporaryFile() throws -> Int32 {
    var template = Array("/tmp/txreport-spool-test-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    try #require(descriptor >= 0)
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    return descriptor
  }

  /// The whole file's bytes.
  private static func contents(of descriptor: Int32) -> [UInt8] {
    let length = Int(lseek(descriptor, 0, SEEK_END))
    var bytes = [UInt8](repeating: 0, count: max(0, length))
    let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    return Array(bytes.prefix(max(0, read)))
  }

  @Test("A written buffer larger than the writer keeps is let go, not handed out again")
  func largeBuffersLetGo() throws {
    let descriptor = try Self.temporaryFile()
    defer { close(descriptor) }
    for (keeps, large) in [(1_000, 5_000), (10_000, 5_000)] {
      let writer = try #require(SpoolWriter.start(writingTo: descriptor, sparesUpTo: keeps))
      var buffer = [UInt8](repeating: UInt8(ascii: "a"), count: large)
      writer.hand(&buffer)
      #expect(writer.waitUntilWritten() == nil)
      // The next hand-over gives back a written buffer when the writer kept one.
      var small = [UInt8](repeating: UInt8(ascii: "b"), count: 10)
      writer.hand(&small)
      #expect(small.isEmpty)
      #expect((small.capacity >= large) == (large <= keeps), "keeps \(keeps)")
      #expect(writer.waitUntilWritten() == nil)
      writer.stop()
    }
  }

  @Test("Every buffer handed over is written, in order, and each comes back empty")
  func buffersInOrder() throws {
    let descriptor = try Self.temporaryFile()
    defer { close(descriptor) }
    let writer = try #require(SpoolWriter.start(writingTo: descriptor))
    var expected: [UInt8] = []
    var buffer: [UInt8] = []
    for number in 0..<200 {
      buffer.append(contentsOf: "buffer \(number): ".utf8)
      buffer.append(
        contentsOf: repeatElement(UInt8(ascii: "a") + UInt8(number % 26), count: (number * 997) % 70_000))
      buffer.append(UInt8(ascii: "\n"))
      expected += buffer
      writer.hand(&buffer)
      #expect(buffer.isEmpty)
    }
    var empty: [UInt8] = []
    writer.hand(&empty)  // nothing to write
    #expect(writer.waitUntilWritten() == nil)
    #expect(Self.contents(of: descriptor) == expected)
    writer.stop()
  }

  @Test("A failed write is said when the writes are waited for, and stays said")
  func failureSaid() throws {
    // The reading end of a pipe: every write to it fails.
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    let writer = try #require(SpoolWriter.start(writingTo: ends[0]))
    var buffer = Array("row\n".utf8)
    writer.hand(&buffer)
    let failure = writer.waitUntilWritten()
    #expect(failure != nil)
    // A hand-over after it says it, so that the spool keeps no more.
    buffer = Array("more\n".utf8)
    #expect(writer.hand(&buffer) == failure)
    #expect(writer.waitUntilWritten() == failure)
    writer.stop()
  }

  @Test("Stopping drops what waits and ends the thread; a stopped writer waits for nothing")
  func stop() throws {
    let descriptor = try Self.temporaryFile()
    defer { close(descriptor) }
    let writer = try #require(SpoolWriter.start(writingTo: descriptor))
    var buffer = [UInt8](repeating: 0x41, count: 1 << 20)
    writer.hand(&buffer)
    writer.stop()
    #expect(writer.waitUntilWritten() == nil)
    // What reached the file before the stop is a prefix of the buffer, if anything.
    #expect(Self.contents(of: descriptor).allSatisfy { $0 == 0x41 })
  }
}
