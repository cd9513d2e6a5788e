#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Somewhere text is written: standard output, standard error, or memory in tests.
public protocol TextSink: AnyObject {
  /// Writes text; it may be buffered until ``flush()``.
  ///
  /// - Parameter text: The text.
  func write(_ text: String)
  /// Writes out anything buffered.
  func flush()
  /// Why writing failed, as the operating system said it; `nil` while every write succeeded.
  var failure: String? { get }
}

/// A sink that writes to a file descriptor, in large buffered writes.
public final class FileDescriptorSink: TextSink {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let capacity: Int
  /// The first error that stopped a write, as the operating system describes it.
  public private(set) var failure: String?

  /// Creates a sink.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor, such as 1 for standard output.
  ///   - capacity: How many bytes to collect before writing; 0 writes at once.
  public init(descriptor: Int32, capacity: Int = 64 * 1024) {
    self.descriptor = descriptor
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  deinit {
    flush()
  }

  /// Buffers text, writing when the buffer is full.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= capacity { flush() }
  }

  /// Forgets what is buffered without writing it.
  public func discardBuffered() {
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes out everything buffered, retrying short and interrupted writes.
  public func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard failure == nil else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        let written = systemWrite(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
  }
}

/// A sink that keeps the text in memory, for tests and for clients that want a string.
public final class MemoryTextSink: TextSink {
  /// Everything written so far.
  public private(set) var text = ""

  /// Creates an empty sink.
  public init() {}

  /// Appends text.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    self.text += text
  }

  /// Does nothing: the text is always complete.
  public func flush() {}

  /// Always `nil`: writing to memory does not fail.
  public var failure: String? { nil }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #else
    Darwin.write(descriptor, bytes, count)
  #endif
}
