import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Somewhere text is written: standard output, standard error, or memory in tests.
///
/// A sink is `Sendable`, as the view that writes to it is: a report may run on any task.
package protocol TextSink: AnyObject, Sendable {
  /// Writes text; it may be buffered until ``flush()``.
  ///
  /// - Parameter text: The text.
  func write(_ text: String)
  /// Writes text given as UTF-8 bytes, such as a row a renderer wrote into a buffer; it may be
  /// buffered until ``flush()``.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
  /// Writes out anything buffered.
  func flush()
  /// Why writing failed, as the operating system said it; `nil` while every write succeeded.
  var failure: String? { get }
  /// Writes the first `length` bytes of an open file, in the kernel when the sink can
  /// (`sendfile(2)`), without reading them into memory.
  ///
  /// - Parameters:
  ///   - descriptor: The open file, read from offset 0 without moving its offset.
  ///   - length: How many bytes to write.
  /// - Returns: `false` when the sink cannot, so the caller writes the text itself.
  func writeContents(of descriptor: Int32, length: Int) -> Bool
}

extension TextSink {
  /// Writes the bytes as a string.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    write(String(decoding: bytes, as: UTF8.self))
  }

  /// `false`: this sink takes text only.
  ///
  /// - Parameters:
  ///   - descriptor: The open file.
  ///   - length: How many bytes.
  /// - Returns: `false`.
  package func writeContents(of descriptor: Int32, length: Int) -> Bool { false }
}

/// A sink that writes to a file descriptor, in large buffered writes.
package final class FileDescriptorSink: TextSink {
  /// What changes as text is written, reached only through the mutex.
  private struct State {
    var buffer: [UInt8] = []
    var failure: String?
    var readerStopped = false
  }

  private let descriptor: Int32
  private let capacity: Int
  private let state: Mutex<State>

  /// The first error that stopped a write, as the operating system describes it.
  package var failure: String? { state.withLock { $0.failure } }
  /// Whether writing failed because the reader of a pipe stopped reading (`EPIPE`), as `head`
  /// does once it has its lines: not an error, the end of the need for output.
  package var readerStopped: Bool { state.withLock { $0.readerStopped } }

  /// Creates a sink.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor, such as 1 for standard output.
  ///   - capacity: How many bytes to collect before writing; 0 writes at once.
  package init(descriptor: Int32, capacity: Int = 64 * 1024) {
    self.descriptor = descriptor
    self.capacity = capacity
    var state = State()
    state.buffer.reserveCapacity(capacity)
    self.state = Mutex(state)
  }

  deinit {
    flush()
  }

  /// Buffers text, writing when the buffer is full.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    var text = text
    text.withUTF8 { write(utf8: $0) }
  }

  /// Buffers bytes, writing when the buffer is full.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  package func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    state.withLock { state in
      state.buffer.append(contentsOf: bytes)
      if state.buffer.count >= capacity { Self.flush(&state, to: descriptor) }
    }
  }

  /// Writes the first `length` bytes of an open file after what is buffered, with
  /// `sendfile(2)`, retrying short and interrupted writes; a failure is kept as any write's.
  ///
  /// - Parameters:
  ///   - descriptor: The open file, read from offset 0 without moving its offset.
  ///   - length: How many bytes to write.
  /// - Returns: `true`: the bytes were written, or the failure is in ``failure``; `false` when
  ///   the kernel cannot send to this descriptor (one opened with `O_APPEND`, as by the shell's
  ///   `>>`), before any byte of the file was written.
  package func writeContents(of descriptor: Int32, length: Int) -> Bool {
    #if canImport(Glibc)
      state.withLock { state in
        EndingSignals.writing(to: self.descriptor) {
          Self.flush(&state, to: self.descriptor)
          var offset = off_t(0)
          while state.failure == nil, Int(offset) < length {
            let sent = sendfile(self.descriptor, descriptor, &offset, length - Int(offset))
            if sent < 0 {
              if errno == EINTR { continue }
              if offset == 0, errno == EINVAL || errno == ENOSYS { return false }
              if errno == EPIPE { state.readerStopped = true }
              state.failure = String(cString: strerror(errno))
            } else if sent == 0 {
              state.failure = "the temporary file ended early"
            }
          }
          return true
        }
      }
    #else
      return false
    #endif
  }

  /// Keeps `reason` as the failure, unless one came first: a caller's own operation on the
  /// descriptor failed, and later writes must not pretend otherwise.
  ///
  /// - Parameter reason: The operating system's description of the error.
  package func fail(_ reason: String) {
    state.withLock { if $0.failure == nil { $0.failure = reason } }
  }

  /// Forgets what is buffered without writing it.
  package func discardBuffered() {
    state.withLock { $0.buffer.removeAll(keepingCapacity: true) }
  }

  /// Writes out everything buffered, retrying short and interrupted writes.
  package func flush() {
    state.withLock { Self.flush(&$0, to: descriptor) }
  }

  private static func flush(_ state: inout State, to descriptor: Int32) {
    defer { state.buffer.removeAll(keepingCapacity: true) }
    guard state.failure == nil, !state.buffer.isEmpty else { return }
    state.failure = EndingSignals.writing(to: descriptor) { write(state.buffer, to: descriptor, &state) }
  }

  /// Writes `buffer` whole, retrying short and interrupted writes: the failure, or `nil`.
  private static func write(_ buffer: [UInt8], to descriptor: Int32, _ state: inout State) -> String? {
    buffer.withUnsafeBytes { bytes -> String? in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        let written = systemWrite(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EPIPE { state.readerStopped = true }
          return String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }
}

/// A sink that keeps the text in memory, for tests and for clients that want a string.
package final class MemoryTextSink: TextSink {
  private let written = Mutex("")

  /// Everything written so far.
  package var text: String { written.withLock { $0 } }

  /// Creates an empty sink.
  package init() {}

  /// Appends text.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    written.withLock { $0 += text }
  }

  /// Does nothing: the text is always complete.
  package func flush() {}

  /// Always `nil`: writing to memory does not fail.
  package var failure: String? { nil }
}

func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
