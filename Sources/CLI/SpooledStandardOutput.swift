import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output held back until the report is known to be good: a report that reads files
/// shows no row on standard output unless it ends well (SPEC §8: no row for a rejected
/// report).
///
/// Each file is read twice, once to check every record and once to make the report (decision
/// 0006); a file that changes between the two readings is found only during
/// the second one, after rows were made. So the report is kept here, not written: in memory up
/// to ``memoryLimit``, then in an unnamed temporary file in `$TMPDIR` (else `/tmp`), which goes
/// away with the process however it ends. ``commit()`` writes it all to standard output;
/// ``discard()`` drops it. An `--output` file keeps the same promise its own way
/// (``AtomicFileSink``).
package final class SpooledStandardOutput: OutputFileSink {
  /// How much of the report is kept in memory before it goes to a temporary file: 1 MiB, in
  /// a buffer made that large once, which the writer's thread lets go once it has written it.
  package static let memoryLimit = 1 << 20
  /// How much of the report a buffer holds once the temporary file is written (on the writer's
  /// thread, decision 0059): 256 KiB. At most four such buffers live at once (the one filled,
  /// two waiting, one being written), so a report of any size keeps memory flat. Small, because
  /// how many live at the peak is chance (on two busy cores the writes fall behind now and
  /// then, and a longer report gives them more chances to): with buffers of 1 MiB, the peak of a
  /// report ten times as long was 1.09 times as high.
  package static let fileBufferLimit = 256 << 10

  private struct State {
    var buffer: [UInt8] = []
    /// The temporary file, once the report outgrew memory, or -1.
    var descriptor: Int32 = -1
    /// What writes the temporary file, on a thread of its own, once there is one; `nil` when
    /// no thread could be started (the file is then written here).
    var writer: SpoolWriter?
    var failure: String?
    /// The most bytes a buffer held when it went to the file after the first one (which held
    /// what memory kept): how the tests see that buffers stay small once the file is written.
    var largestFileBuffer = 0

    /// Waits for every write handed to the writer's thread, and keeps its failure unless one
    /// came first: what reads or changes the file, or says whether keeping failed, asks first.
    mutating func settleWrites() {
      if let failed = writer?.waitUntilWritten(), failure == nil { failure = failed }
    }
  }

  private let state = Mutex(State())
  private let destination: any TextSink
  private let memoryLimit: Int
  private let fileBufferLimit: Int
  private let readSize: Int

  /// Always `-`: standard output.
  package var path: String { "-" }
  /// Whether standard output is a terminal.
  package let isTerminal: Bool

  /// Creates a spool that will write to `destination`.
  ///
  /// - Parameters:
  ///   - destination: Standard output.
  ///   - isTerminal: Whether standard output is a terminal.
  ///   - memoryLimit: How many bytes to keep in memory before spilling to a temporary file.
  ///   - fileBufferLimit: How many bytes a buffer holds before it goes to the file, once the
  ///     file is written.
  ///   - readSize: How many bytes of the temporary file ``commit()`` reads at a time.
  package init(
    releasingTo destination: any TextSink, isTerminal: Bool, memoryLimit: Int = memoryLimit,
    fileBufferLimit: Int = fileBufferLimit, readSize: Int = 1 << 20
  ) {
    self.destination = destination
    self.isTerminal = isTerminal
    self.memoryLimit = memoryLimit
    self.fileBufferLimit = fileBufferLimit
    self.readSize = max(4, readSize)
  }

  deinit {
    state.withLock { state in
      state.writer?.stop()
      if state.descriptor >= 0 { close(state.descriptor) }
    }
  }

  /// Keeps text, in memory or in the temporary file.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    var text = text
    text.withUTF8 { write(utf8: $0) }
  }

  /// Keeps bytes, in memory or in the temporary file.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    state.withLock { state in
      guard state.failure == nil else { return }
      // Writes come in batches of rows (64 KiB and more): one that would not fit sends what is
      // kept to the file first, so the buffer is never made larger.
      if !state.buffer.isEmpty, state.buffer.count + bytes.count > state.buffer.capacity {
        spill(&state)
        guard state.failure == nil else { return }
      }
      let limit = state.descriptor < 0 ? memoryLimit : fileBufferLimit
      if state.buffer.capacity < limit { state.buffer.reserveCapacity(limit + Self.batchRoom) }
      state.buffer.append(contentsOf: bytes)
      if state.buffer.count >= limit { spill(&state) }
    }
  }

  /// Nothing: the text is written on ``commit()``.
  package func flush() {}

  /// Why keeping the report failed (the temporary file could not be made or written): asked
  /// once the report is made, so it waits for the writes handed over to the writer's thread.
  package var failure: String? {
    state.withLock { state in
      state.settleWrites()
      return state.failure.map { "standard output (held in a temporary file): \($0)" }
    }
  }

  /// Writes the whole report to standard output.
  ///
  /// - Throws: ``OutputError`` when the report could not be kept, or standard output fails.
  package func commit() throws(OutputError) {
    let (failure, descriptor, rest) = state.withLock { state in
      // Every write handed to the writer's thread done before the file is read.
      state.settleWrites()
      let taken = (state.failure, state.descriptor, state.buffer)
      state.buffer = []
      return taken
    }
    if let failure { throw OutputError(path: "-", reason: failure) }
    if descriptor >= 0 {
      // Straight from the temporary file to standard output, in the kernel, when it can.
      let length = Int(lseek(descriptor, 0, SEEK_END))
      if length < 0 || !destination.writeContents(of: descriptor, length: length) {
        try copyThroughMemory(from: descriptor)
      }
    }
    destination.write(String(decoding: rest, as: UTF8.self))
    destination.flush()
    if let failure = destination.failure { throw OutputError(path: "-", reason: failure) }
  }

  /// `true`: nothing reaches standard output before ``commit()``.
  package var canRewind: Bool { true }

  /// Forgets what was kept, in memory and in the temporary file, which stays for the next
  /// writes.
  package func rewind() {
    state.withLock { state in
      state.settleWrites()
      state.buffer.removeAll(keepingCapacity: true)
      if state.descriptor >= 0,
        ftruncate(state.descriptor, 0) != 0 || lseek(state.descriptor, 0, SEEK_SET) != 0
      {
        state.failure = String(cString: strerror(errno))
      }
    }
  }

  /// Drops the report: nothing reaches standard output.
  package func discard() {
    state.withLock { state in
      state.buffer = []
      state.writer?.stop()
      state.writer = nil
      if state.descriptor >= 0 { close(state.descriptor) }
      state.descriptor = -1
    }
  }

  /// Writes the temporary file to a sink that takes text only, a chunk at a time.
  private func copyThroughMemory(from descriptor: Int32) throws(OutputError) {
    var chunk = [UInt8](repeating: 0, count: readSize)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 { throw OutputError(path: "-", reason: String(cString: strerror(errno))) }
        break
      }
      // A read may end inside a character of several bytes: write up to its start, and read
      // it again whole with the next chunk.
      let whole = Self.completeUTF8Prefix(chunk[..<count])
      destination.write(String(decoding: chunk[..<whole], as: UTF8.self))
      offset += off_t(whole)
    }
  }

  /// The length of the longest prefix of `bytes` that does not end inside a UTF-8 character:
  /// all of them, unless the last character's lead byte promises more bytes than follow it.
  private static func completeUTF8Prefix(_ bytes: ArraySlice<UInt8>) -> Int {
    var lead = bytes.endIndex
    while lead > bytes.startIndex, bytes.endIndex - lead < 4, bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
    guard lead > bytes.startIndex else { return bytes.count }
    let first = bytes[lead - 1]
    let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    return lead - 1 + length > bytes.endIndex ? lead - 1 - bytes.startIndex : bytes.count
  }

  /// The most bytes a buffer held when it went to the temporary file, the first one apart (see
  /// ``fileBufferLimit``); 0 until a second one went.
  package var largestFileBuffer: Int { state.withLock { $0.largestFileBuffer } }

  /// The room a buffer has beyond its limit: a batch of rows (64 KiB, the view's) that comes
  /// while it is under the limit fits without making it larger.
  private static let batchRoom = 64 << 10

  /// Moves what is in memory to the temporary file, making it first.
  private func spill(_ state: inout State) {
    if state.descriptor >= 0 { state.largestFileBuffer = max(state.largestFileBuffer, state.buffer.count) }
    if state.descriptor < 0 {
      var folder = getenv("TMPDIR").map { String(cString: $0) } ?? ""
      if folder.isEmpty || folder.utf8.contains(0) { folder = "/tmp" }
      var template = Array((folder + "/txreport-output-XXXXXX").utf8CString)
      let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
      guard descriptor >= 0 else {
        state.failure = "cannot make a temporary file in \(folder): " + String(cString: strerror(errno))
        return
      }
      template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
      // No process this one starts (the network helper) may hold the report.
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      state.descriptor = descriptor
    }
    // The buffer goes to the writer's thread, which copies it into the file while the report
    // goes on; a buffer it has written comes back in its place.
    // The writer keeps buffers of the file's size to give back; the first, made for what memory
    // keeps, it lets go once written.
    if state.writer == nil {
      state.writer = SpoolWriter.start(
        writingTo: state.descriptor, sparesUpTo: fileBufferLimit + Self.batchRoom)
    }
    if let writer = state.writer {
      // A write that failed before ends the keeping, as a failed write here does.
      state.failure = writer.hand(&state.buffer)
      return
    }
    let descriptor = state.descriptor
    state.failure = state.buffer.withUnsafeBufferPointer { SpoolWriter.writeAll($0, to: descriptor) }
    state.buffer.removeAll(keepingCapacity: true)
  }
}
