import ByteWords

/// Writes a line's parts one after another into room already made for them at the end of a
/// buffer: room for exactly the line (``Swift/Array/append(count:writing:)``), when its length
/// is known before it is written (the text report's), or for the longest it could be
/// (``Swift/Array/append(atMost:writing:)``, ``Swift/Array/appendIfKept(atMost:writing:)``),
/// when a text is escaped as it is copied (JSON, HTML, Markdown, the transaction list).
///
/// Each part is a copy and a step, where `Array.append` checks the buffer's capacity and whether
/// it is shared, for every part (a line of the transaction list has nine parts). The room for the
/// longest line is made for a moment: six times a description's bytes for JSON's escapes, which
/// a description of a megabyte asks of the buffer, and which its capacity then keeps.
struct ByteWriter: ~Copyable {
  /// Where the next byte goes.
  private var next: UnsafeMutablePointer<UInt8>
  /// Just past the room made.
  private let end: UnsafeMutablePointer<UInt8>

  /// A writer of the room from `start` up to `end`.
  fileprivate init(start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
    (next, self.end) = (start, end)
  }

  /// Whether every byte of the room has been written (or skipped).
  fileprivate var isAtEnd: Bool { next == end }

  /// How many bytes have been written from `start`, where the room starts.
  fileprivate func writtenCount(from start: UnsafeMutablePointer<UInt8>) -> Int { next - start }

  /// Writes bytes.
  ///
  /// - Parameter bytes: The bytes.
  @inline(__always)
  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    // One comparison keeps a miscounted line from writing past its room.
    precondition(bytes.count <= end - next, "a line longer than the room made for it")
    next.initialize(from: start, count: bytes.count)
    next += bytes.count
  }

  /// Writes a constant text's UTF-8 bytes.
  ///
  /// - Parameter text: The text.
  @inline(__always)
  mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { write($0) }
  }

  /// Writes a text's UTF-8 bytes.
  ///
  /// - Parameter text: The text.
  @inline(__always)
  mutating func write(_ text: String) {
    text.withUTF8InPlace { write($0) }
  }

  /// Writes the first `count` bytes of a word, the first byte lowest: all eight are stored, in
  /// one step, and the writer moves on by `count`, so that what comes next writes over the
  /// rest. Only in room made by ``Swift/Array/append(atMost:writing:)``, which has a word more
  /// than its bytes for the last word of a text.
  ///
  /// - Parameters:
  ///   - word: The bytes.
  ///   - count: How many of them are written (at most eight).
  @inline(__always)
  mutating func write(_ word: UInt64, count: Int) {
    precondition(end - next >= 8, "a line longer than the room made for it")
    UnsafeMutableRawPointer(next).storeBytes(of: word.littleEndian, as: UInt64.self)
    next += count
  }

  /// Writes one byte.
  ///
  /// - Parameter byte: The byte.
  @inline(__always)
  mutating func write(_ byte: UInt8) {
    precondition(next < end, "a line longer than the room made for it")
    next.initialize(to: byte)
    next += 1
  }

  /// Writes `count` spaces: a line's padding.
  ///
  /// - Parameter count: How many (none for a negative count).
  @inline(__always)
  mutating func skip(_ count: Int) {
    guard count > 0 else { return }
    precondition(count <= end - next, "a line longer than the room made for it")
    next.initialize(repeating: UInt8(ascii: " "), count: count)
    next += count
  }
}

extension [UInt8] {
  /// Appends `count` bytes that `write` writes: room made once at the end of the buffer, left
  /// as it is until written (the array's own way to append, `append(addingCapacity:)`), then
  /// written in order from its start. `write` must write or skip exactly `count` bytes.
  ///
  /// - Parameters:
  ///   - count: How many bytes the line has.
  ///   - write: Writes them, in order.
  @inline(__always)
  mutating func append(count: Int, writing write: (inout ByteWriter) -> Void) {
    guard count > 0 else { return }
    append(addingCapacity: count) { room in
      room.withUnsafeMutableBufferPointer { buffer, written in
        // Not empty: it has room for `count` bytes.
        guard let base = buffer.baseAddress else { return }
        var writer = ByteWriter(start: base, end: base + count)
        write(&writer)
        precondition(writer.isAtEnd, "a line shorter than the room made for it")
        written = count
      }
    }
  }

  /// Appends what `write` writes, at most `count` bytes: room made once for `count` bytes and a
  /// word more (``ByteWriter/write(_:count:)`` stores a text's last bytes as a whole word), and
  /// the buffer grown by as many bytes as were written. For a line whose length is known only
  /// once it is written: text escaped as it is copied.
  ///
  /// - Parameters:
  ///   - count: The most bytes the line can have.
  ///   - write: Writes them, in order.
  @inline(__always)
  mutating func append(atMost count: Int, writing write: (inout ByteWriter) -> Void) {
    appendIfKept(atMost: count) { line in
      write(&line)
      return true
    }
  }

  /// ``append(atMost:writing:)`` of a line that `write` may give up on part way: the buffer keeps
  /// what it wrote only when it returns `true`, and is left as it was otherwise (a line that
  /// turned out to need another way of writing it).
  ///
  /// - Parameters:
  ///   - count: The most bytes the line can have.
  ///   - write: Writes them, in order; returns whether the line is kept.
  /// - Returns: Whether the line was kept.
  @inline(__always)
  @discardableResult
  mutating func appendIfKept(atMost count: Int, writing write: (inout ByteWriter) -> Bool) -> Bool {
    var isKept = false
    append(addingCapacity: count &+ 8) { room in
      room.withUnsafeMutableBufferPointer { buffer, written in
        guard let base = buffer.baseAddress else { return }
        var writer = ByteWriter(start: base, end: base + buffer.count)
        isKept = write(&writer)
        written = isKept ? writer.writtenCount(from: base) : 0
        // The word more is room for a last word's store, not for the line.
        precondition(written <= count, "a line longer than the room made for it")
      }
    }
    return isKept
  }
}
