import UseCases

/// Bytes to decode, from a ``ByteProvider`` in fixed-size chunks or from an array in memory,
/// with the line and column of the next byte.
///
/// Decoders pull one byte at a time with ``peek()`` and ``advance()``. Read from a provider, the
/// bytes are never in memory whole, only the current chunk; read from an array, the array is the
/// one chunk and nothing is copied. Lines and columns count from 1; a line feed starts a new
/// line, and columns count Unicode scalars, so UTF-8 continuation bytes do not move the column.
///
/// When the bytes end, or a read fails, ``peek()`` returns `nil` and the provider is released
/// (an open file is closed). A failure is kept in ``readFailure`` so that the stream can report
/// it instead of whatever the decoder makes of the early end.
///
/// **The limit of a record.** A decoder says where each record starts (``startRecord()``) and,
/// on its full path, which field's value it is reading (``startValue(of:)``). From a record's
/// first byte, at most ``recordLimit`` bytes can be read: the input then behaves as if it ended
/// there, and ``recordCut`` says where the record that is too long starts (or the value it was
/// in, with its field), for the stream to report instead of whatever the decoder made of it. So
/// no decoder can hold, or skip, more than the limit for one record, whatever the input: a
/// field, a line without an end (`/dev/zero`), a quote that is never closed.
struct ByteInput {
  /// Where a record that is longer than the limit was, once reading ran into the limit.
  struct RecordCut: Equatable {
    /// The start of the value of ``field`` being read, or else of the record.
    var position: TextPosition
    /// The field whose value was being read, if it was one of the five.
    var field: RecordField?
  }

  /// Why reading stopped before the end of the bytes, and where.
  struct ReadFailure: Equatable {
    /// The position of the first byte that could not be read.
    var position: TextPosition
    /// The reason, such as the operating system's.
    var reason: ReadFailureReason
  }

  /// The size of one read from a provider: 1 MiB, so that few records straddle two chunks
  /// and leave the fast path (``readQuickly(_:)``).
  static let chunkSize = 1 << 20

  private var buffer: [UInt8]
  private var index = 0
  /// The end of what may be read now: the end of the bytes in the buffer, or the limit of the
  /// record being read when that comes first.
  private var end = 0
  /// The end of the bytes in the buffer.
  private var filled = 0
  /// The offset, in the whole input, of the buffer's first byte.
  private var bufferStart = 0
  /// The offset, in the whole input, of the first byte past the limit of the record being read;
  /// `Int.max` between records.
  private var recordEnd = Int.max
  /// Where the record being read starts.
  private var recordStart = TextPosition(line: 1, column: 1)
  /// The field whose value is being read, and where the value starts.
  private var value: (field: RecordField, start: TextPosition)?
  private var provider: (any ByteProvider)?
  private(set) var line = 1
  private(set) var column = 1
  private(set) var readFailure: ReadFailure?
  /// Where the record that ran into the limit is, once one has; the input then ends there.
  private(set) var recordCut: RecordCut?
  /// The most bytes one record may take (``RecordFormat/maximumRecordLength``, unless a test
  /// asks for less).
  let recordLimit: Int

  /// Creates the input of a provider, such as an open file, which it owns from now on.
  ///
  /// - Parameters:
  ///   - provider: Where the bytes come from; released at their end or when the input goes
  ///     away.
  ///   - chunkSize: How many bytes one read asks for.
  ///   - recordLimit: The most bytes one record may take.
  init(
    provider: some ByteProvider, chunkSize: Int = ByteInput.chunkSize,
    recordLimit: Int = RecordFormat.maximumRecordLength
  ) {
    self.provider = provider
    self.buffer = [UInt8](repeating: 0, count: max(1, chunkSize))
    self.recordLimit = max(1, recordLimit)
  }

  /// Creates the input of bytes in memory; the array is read in place, not copied.
  ///
  /// - Parameters:
  ///   - bytes: All the bytes.
  ///   - recordLimit: The most bytes one record may take.
  init(bytes: [UInt8], recordLimit: Int = RecordFormat.maximumRecordLength) {
    self.buffer = bytes
    self.end = bytes.count
    self.filled = bytes.count
    self.recordLimit = max(1, recordLimit)
  }

  /// Where the next byte is.
  var position: TextPosition { TextPosition(line: line, column: column) }

  /// How many bytes were consumed before the next one, from the start of the input (after a
  /// conversion of its text, in the converted bytes).
  var offset: Int { bufferStart + index }

  /// The next byte, without consuming it, or `nil` at the end of the input.
  mutating func peek() -> UInt8? {
    if index == end, !refill() { return nil }
    return buffer[index]
  }

  // MARK: Records

  /// Says that a record starts at the next byte: from it on, at most ``recordLimit`` bytes can
  /// be read until the next record starts, or ``endRecord()``.
  mutating func startRecord() {
    guard recordCut == nil else { return }
    recordStart = position
    value = nil
    recordEnd = bufferStart + index + recordLimit
    end = min(filled, recordEnd - bufferStart)
  }

  /// Says that the bytes that follow, up to the next ``startRecord()``, belong to no record
  /// (whitespace and commas between the records of a JSON array), and are not limited.
  mutating func endRecord() {
    guard recordCut == nil else { return }
    recordEnd = Int.max
    value = nil
    end = filled
  }

  /// Says that the value of a field starts at the next byte, or, with `nil`, that no value of
  /// the five fields is being read: where the record's limit is reached, the issue names the
  /// field and points at the value's start.
  ///
  /// - Parameter field: The field, or `nil` for a key, the value of an extra key or column, or
  ///   the bytes between values.
  mutating func startValue(of field: RecordField?) {
    value = field.map { ($0, position) }
  }

  /// Notes that a read ran into the limit of the record, which is longer than the limit.
  ///
  /// - Returns: `false`, for ``refill()`` to return: the input ends here.
  private mutating func cutRecord() -> Bool {
    if recordCut == nil {
      recordCut = RecordCut(position: value?.start ?? recordStart, field: value?.field)
    }
    return false
  }

  // MARK: Bytes

  /// Consumes the byte that ``peek()`` returned. Call it only after `peek()` gave a byte.
  mutating func advance() {
    let byte = buffer[index]
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  /// Consumes a comma and a line feed when they are the next bytes of the chunk, and a `{`
  /// follows them there: the bytes between two records of a JSON array as most files write
  /// them, taken in one step, where the general way skips whitespace, the comma and whitespace
  /// again, a byte at a time, each step with its checks. Consumes nothing, and says `false`, for
  /// any other bytes (or a chunk that ends before the `{`).
  mutating func skipCommaAndLineFeedBeforeRecord() -> Bool {
    guard index &+ 2 < end, buffer[index] == UInt8(ascii: ","), buffer[index &+ 1] == UInt8(ascii: "\n"),
      buffer[index &+ 2] == UInt8(ascii: "{")
    else { return false }
    index &+= 2
    line += 1
    column = 1
    return true
  }

  /// Consumes a line break: a line feed, a carriage return with the line feed after it, or a
  /// carriage return alone (the line ending of the classic Mac OS, which a QIF file may have),
  /// each one new line. Call it only after ``peek()`` gave a line feed or a carriage return.
  mutating func advanceLineBreak() {
    let byte = buffer[index]
    advance()
    guard byte == UInt8(ascii: "\r") else { return }
    if peek() == UInt8(ascii: "\n") {
      advance()
    } else {
      line += 1
      column = 1
    }
  }

  /// Lets a fast path read from the bytes of the current chunk that are not consumed yet, and
  /// consumes what it read when it found what it looked for.
  ///
  /// This is the door to the fast paths (``JSONRecordScanner``, ``CSVRowScanner``): they read
  /// a whole record straight from the chunk, keeping no line and column per byte, with a
  /// ``ChunkCursor`` that starts at the input's position. The next chunk is read first when
  /// none of the current one is left.
  ///
  /// - Parameter scan: Reads from the cursor; returns what it found, or `nil` to give up.
  /// - Returns: What `scan` found, its bytes consumed and the position moved past them; or
  ///   `nil`, with nothing consumed.
  @inline(__always)
  mutating func readQuickly<Found>(_ scan: (inout ChunkCursor) -> Found?) -> Found? {
    var nothing: Void = ()
    return readQuickly(with: &nothing) { cursor, _ in scan(&cursor) }
  }

  /// ``readQuickly(_:)``, with a state the fast path keeps from one record to the next (what it
  /// learned of the file), lent to `scan` in place: not copied in and out for each record.
  ///
  /// - Parameters:
  ///   - state: The fast path's state.
  ///   - scan: Reads from the cursor; returns what it found, or `nil` to give up.
  /// - Returns: What `scan` found, its bytes consumed and the position moved past them; or
  ///   `nil`, with nothing consumed.
  @inline(__always)
  mutating func readQuickly<State, Found>(
    with state: inout State, _ scan: (inout ChunkCursor, inout State) -> Found?
  ) -> Found? {
    if index == end { _ = refill() }
    // The bytes end at the record's limit too: a record that does not fit is read fully.
    let (start, limit, position) = (index, end, position)
    let read = buffer.withUnsafeBufferPointer { bytes -> (Found, Int, TextPosition)? in
      var cursor = ChunkCursor(bytes: UnsafeBufferPointer(rebasing: bytes[start..<limit]), at: position)
      guard let found = scan(&cursor, &state) else { return nil }
      return (found, cursor.offset, cursor.position)
    }
    guard let (found, count, after) = read else { return nil }
    index += count
    (line, column) = (after.line, after.column)
    return found
  }

  /// Consumes a run of printable ASCII bytes (U+0020 to U+007E) other than two stop bytes,
  /// appending them to `text`.
  ///
  /// This is the fast path of reading text: it scans the current chunk directly and appends
  /// the run at once. It stops at any other byte and at the end of the chunk, so callers go on
  /// with ``peek()`` and handle what follows (including more plain bytes after a refill).
  ///
  /// - Parameters:
  ///   - text: Where the bytes go.
  ///   - stop: A byte that ends the run, such as `"`.
  ///   - otherStop: Another byte that ends the run, such as `\`.
  mutating func appendPrintableASCII(to text: inout [UInt8], stoppingAt stop: UInt8, or otherStop: UInt8) {
    let start = index
    let limit = end
    let runEnd = buffer.withUnsafeBufferPointer { bytes -> Int in
      guard let base = bytes.baseAddress else { return start }
      var offset = start
      while offset < limit {
        let byte = base[offset]
        if byte < 0x20 || byte > 0x7E || byte == stop || byte == otherStop { break }
        offset += 1
      }
      if offset > start {
        text.append(contentsOf: UnsafeBufferPointer(start: base + start, count: offset - start))
      }
      return offset
    }
    column += runEnd - start
    index = runEnd
  }

  /// Consumes spaces, tabs and carriage returns, and line feeds too unless told to stop at them.
  ///
  /// - Parameter acrossLines: Whether line feeds are whitespace (JSON) or end a line that the
  ///   caller must see (NDJSON).
  mutating func skipWhitespace(acrossLines: Bool = true) {
    while true {
      let limit = end
      var line = self.line
      var column = self.column
      let runEnd = buffer.withUnsafeBufferPointer { bytes -> Int in
        guard let base = bytes.baseAddress else { return index }
        var offset = index
        while offset < limit {
          switch base[offset] {
          case 0x20, 0x09, 0x0D:  // space, tab, carriage return
            column += 1
          case 0x0A where acrossLines:  // line feed
            line += 1
            column = 1
          default:
            return offset
          }
          offset += 1
        }
        return offset
      }
      self.line = line
      self.column = column
      index = runEnd
      guard index == end, refill() else { return }
    }
  }

  /// Consumes a UTF-8 byte order mark at the very start of the input, if there is one.
  ///
  /// The mark is not counted as a column: the first character after it is at column 1.
  ///
  /// - Returns: Whether there was one.
  @discardableResult
  mutating func skipByteOrderMark() -> Bool {
    guard line == 1, column == 1, buffered(atLeast: 3) >= 3,
      buffer[index] == 0xEF, buffer[index + 1] == 0xBB, buffer[index + 2] == 0xBF
    else { return false }
    // Only a whole mark is skipped; a partial one stays, to be reported as bytes that are not UTF-8.
    index += 3
    return true
  }

  /// Replaces the bytes not yet consumed by what `convert` makes of them, and the provider by
  /// the one `wrap` makes of it, so that every later chunk is converted as well
  /// (``convertText(_:)``). Positions go on from the next byte, counted in the new bytes.
  ///
  /// - Parameters:
  ///   - convert: Makes the new bytes of the unread ones; told whether they run to the end of
  ///     the input.
  ///   - wrap: Makes the provider of the later chunks, when there are any.
  mutating func replaceUnreadBytes(
    _ convert: (ArraySlice<UInt8>, _ atEnd: Bool) -> [UInt8],
    wrappingProvider wrap: (any ByteProvider) -> any ByteProvider
  ) {
    var converted = convert(buffer[index..<filled], provider == nil)
    let size = max(buffer.count, converted.count)
    bufferStart += index
    index = 0
    filled = converted.count
    if converted.count < size { converted += [UInt8](repeating: 0, count: size - converted.count) }
    buffer = converted
    end = min(filled, recordEnd - bufferStart)
    if let provider { self.provider = wrap(provider) }
  }

  /// Reads until at least `count` unread bytes are in the buffer, keeping those already there.
  ///
  /// - Returns: How many unread bytes the buffer holds: `count` or more, fewer only at the end
  ///   of the input (or after a read failure, which is kept for ``readFailure`` as usual).
  private mutating func buffered(atLeast count: Int) -> Int {
    while filled - index < count, readMore(keeping: count) {}
    return filled - index
  }

  /// The bytes from the next one to the end of its line, its line feed left out, or the first
  /// `limit` of them, without consuming them: a decoder that cannot read its input from the
  /// start looks there to guess what the input is (``FormatGuess``).
  ///
  /// The line is read on past the current chunk, so the bytes do not depend on the chunk size,
  /// and past the limit of a record, which applies to what is consumed; a read that fails on the
  /// way is kept for ``readFailure``, at the first byte not read.
  ///
  /// - Parameter limit: The most bytes to return.
  /// - Returns: The bytes; empty at the end of the input.
  mutating func upcomingLine(limit: Int) -> [UInt8] {
    var searched = 0
    while true {
      let unread = buffer[index..<filled]
      if let lineFeed = unread.dropFirst(searched).firstIndex(of: UInt8(ascii: "\n")) {
        return Array(unread[..<min(lineFeed, index + limit)])
      }
      searched = unread.count
      guard searched < limit, readMore(keeping: searched + 1, failingAfterBuffer: true)
      else { return Array(unread.prefix(limit)) }
    }
  }

  /// The next `limit` bytes, or all of them to the end of the input when fewer are left,
  /// without consuming them: a decoder looks there to learn how its input is written (the CSV
  /// layout of a bank's export: its date layout and decimal mark).
  ///
  /// As with ``upcomingLine(limit:)``, the bytes do not depend on the chunk size, and a read
  /// that fails on the way is kept for ``readFailure``.
  ///
  /// - Parameter limit: The most bytes to return.
  /// - Returns: The bytes; empty at the end of the input.
  mutating func upcomingBytes(limit: Int) -> [UInt8] {
    while filled - index < limit, readMore(keeping: filled - index + 1, failingAfterBuffer: true) {}
    return Array(buffer[index..<min(filled, index + limit)])
  }

  /// Reads one more chunk after the unread bytes, which move to the start of the buffer; the
  /// buffer grows to hold at least `count` of them.
  ///
  /// - Parameters:
  ///   - count: How many unread bytes the buffer must have room for.
  ///   - failingAfterBuffer: Whether a read that fails is reported at the first byte after the
  ///     buffer, rather than at the next byte to consume.
  /// - Returns: `false` when nothing more can be read: at the end of the input, or after a
  ///   read failure, kept for ``readFailure``.
  private mutating func readMore(keeping count: Int, failingAfterBuffer: Bool = false) -> Bool {
    guard var provider else { return false }
    if index > 0 {
      buffer.replaceSubrange(0..<(filled - index), with: buffer[index..<filled])
      bufferStart += index
      filled -= index
      index = 0
      // The end moves with the bytes, whether or not the read below brings more: an end left
      // where it was would let the next reads run past the bytes (found by FuzzFileRecords).
      end = min(filled, recordEnd - bufferStart)
    }
    if buffer.count < count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
    let filled = filled
    let result = buffer.withUnsafeMutableBytes { bytes in
      provider.readChunk(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
    }
    self.provider = provider
    switch result {
    case .bytes(let read):
      self.filled += read
      end = min(self.filled, recordEnd - bufferStart)
      return true
    case .endOfFile:
      self.provider = nil
      return false
    case .failure(let reason):
      readFailure = ReadFailure(
        position: failingAfterBuffer ? positionAfterBuffer() : position, reason: reason)
      self.provider = nil
      return false
    }
  }

  /// The position of the byte after the last one in the buffer, as ``advance()`` would count it.
  private func positionAfterBuffer() -> TextPosition {
    TextPosition(line: line, column: column).advanced(over: buffer[index..<filled])
  }

  /// Consumes the rest of the line, up to and including its line feed, or to the end of the
  /// input.
  ///
  /// Decoders of line-based formats call it to go on after a malformed line.
  mutating func skipLine() {
    while true {
      let limit = end
      var column = self.column
      var foundLineFeed = false
      let runEnd = buffer.withUnsafeBufferPointer { bytes -> Int in
        guard let base = bytes.baseAddress else { return index }
        var offset = index
        while offset < limit {
          let byte = base[offset]
          offset += 1
          if byte == 0x0A {
            foundLineFeed = true
            break
          }
          if byte & 0xC0 != 0x80 { column += 1 }
        }
        return offset
      }
      index = runEnd
      if foundLineFeed {
        line += 1
        self.column = 1
        return
      }
      self.column = column
      guard index == end, refill() else { return }
    }
  }

  /// Releases the provider (closing an open file) and frees the chunk; from now on the input
  /// is at its end.
  mutating func close() {
    provider = nil
    buffer = []
    index = 0
    end = 0
    filled = 0
  }

  /// Reads the next chunk once the current one is read to its ``end``; or, at the limit of a
  /// record with bytes still to come, cuts the record.
  ///
  /// - Returns: Whether there are bytes to read now.
  private mutating func refill() -> Bool {
    if index < filled { return cutRecord() }
    guard var provider else { return false }
    let result = buffer.withUnsafeMutableBytes { provider.readChunk(into: $0) }
    self.provider = provider
    switch result {
    case .bytes(let count):
      bufferStart += filled
      index = 0
      filled = count
      end = min(filled, recordEnd - bufferStart)
      return end > 0 || cutRecord()
    case .endOfFile:
      close()
      return false
    case .failure(let reason):
      readFailure = ReadFailure(position: position, reason: reason)
      close()
      return false
    }
  }
}

/// A place in the bytes of a chunk, for the fast paths, with positions counted only when asked.
///
/// A fast path moves ``offset`` over the bytes itself. It tells the cursor of the two things
/// that change a position other than by one column a byte: a line feed it passed
/// (``startLine()``), and UTF-8 continuation bytes (``skipColumns(_:)``), which take no column.
/// A column is then the number of bytes since the line started, less those continuation bytes,
/// plus one: the count that ``ByteInput/advance()`` keeps byte by byte.
struct ChunkCursor {
  /// The unread bytes of the chunk.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var offset = 0
  private var line: Int
  /// The offset that column 1 of the current line has (negative when the line started in an
  /// earlier chunk).
  private var lineStart: Int
  /// The UTF-8 continuation bytes between `lineStart` and `offset`, which take no column.
  private var continuationBytes = 0

  /// Creates a cursor at the first of the bytes, whose position is given.
  init(bytes: UnsafeBufferPointer<UInt8>, at position: TextPosition) {
    self.bytes = bytes
    self.line = position.line
    self.lineStart = 1 - position.column
  }

  /// The position of the byte at ``offset``.
  ///
  /// Counted without overflow checks: each of its terms is an offset within one chunk, or a
  /// column, far from `Int`'s bounds, and a fast path asks for it at every field.
  var position: TextPosition {
    TextPosition(line: line, column: offset &- lineStart &- continuationBytes &+ 1)
  }

  /// Says that ``offset`` is now just past a line feed: the start of the next line.
  mutating func startLine() {
    line += 1
    lineStart = offset
    continuationBytes = 0
  }

  /// Says that a number of the bytes before ``offset`` on this line are UTF-8 continuation
  /// bytes, which take no column.
  mutating func skipColumns(_ count: Int) {
    continuationBytes += count
  }
}

extension TextPosition {
  /// The position after `bytes` read from this one, as ``ByteInput`` counts them: a line feed
  /// starts a line, any other byte that does not continue a UTF-8 character is a column.
  func advanced(over bytes: some Sequence<UInt8>) -> TextPosition {
    var (line, column) = (self.line, self.column)
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return TextPosition(line: line, column: column)
  }
}
