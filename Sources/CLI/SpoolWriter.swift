#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writes of ``SpooledStandardOutput``'s temporary file, on a thread of their own: the
/// report task hands over a full buffer and goes on with the next rows while this thread copies
/// the last ones into the file.
///
/// Writing a long report into the file is a copy of every byte into the kernel's page cache, a
/// large part of the report task's work on a sorted file (decision 0059); the reader thread
/// leaves some of the other core free, and the writes run there. Buffers go round: each one written comes back
/// empty, with its capacity, for the next hand-over. At most ``queued`` buffers wait, so memory
/// stays bounded; a hand-over waits when they do.
///
/// A thread, not a task, for the reason the reader is one: it blocks, on its queue and on the
/// file.
package final class SpoolWriter: @unchecked Sendable {
  // Unchecked: every field but `descriptor` and `thread` is reached only while holding `mutex`.
  /// How many buffers may wait to be written.
  package static let queued = 2

  private let descriptor: Int32
  /// The largest capacity of a written buffer kept to be handed out again; a larger one is let
  /// go (the spool's first buffer, made for what memory keeps, is larger than the rest).
  private let sparesUpTo: Int
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>
  private var waiting: [[UInt8]] = []
  private var spares: [[UInt8]] = []
  /// Whether the thread is writing a buffer it took from ``waiting``.
  private var isWriting = false
  private var isStopped = false
  /// Why a write failed: the first failure; nothing is written after it.
  private var failure: String?
  private var thread: pthread_t?

  /// Starts a thread that writes to a file; `nil` when no thread can be started (the spool
  /// then writes itself).
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for writing; the caller closes it, after ``stop()``.
  ///   - sparesUpTo: The largest capacity of a written buffer given back by ``hand(_:)``; a
  ///     larger one is let go once written.
  /// - Returns: The writer, its thread waiting for a buffer.
  package static func start(writingTo descriptor: Int32, sparesUpTo: Int = .max) -> SpoolWriter? {
    let writer = SpoolWriter(descriptor: descriptor, sparesUpTo: sparesUpTo)
    let context = Unmanaged.passRetained(writer).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    // A closure that calls the start routine: Darwin declares the routine's argument non-optional,
    // Glibc optional, and a closure literal takes either.
    guard pthread_create(&thread, nil, { runSpoolWriter($0) }, context) == 0 else {
      Unmanaged<SpoolWriter>.fromOpaque(context).release()
      return nil
    }
    writer.thread = thread
    return writer
  }

  private init(descriptor: Int32, sparesUpTo: Int) {
    self.descriptor = descriptor
    self.sparesUpTo = sparesUpTo
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    changed.deinitialize(count: 1)
    changed.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  private func locked<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Hands a buffer over to be written after those handed before, and leaves an empty one in
  /// its place, a written one given back when there is one; waits while ``queued`` buffers
  /// wait.
  ///
  /// - Parameter buffer: The bytes to write; empty afterwards.
  /// - Returns: Why a write failed, if one has: the caller writes no more.
  @discardableResult
  package func hand(_ buffer: inout [UInt8]) -> String? {
    guard !buffer.isEmpty else { return nil }
    return locked {
      while waiting.count >= Self.queued && !isStopped { pthread_cond_wait(changed, mutex) }
      var empty = spares.popLast() ?? []
      swap(&empty, &buffer)
      waiting.append(empty)
      pthread_cond_broadcast(changed)
      return failure
    }
  }

  /// Waits until every buffer handed over is written.
  ///
  /// - Returns: Why a write failed, if one did.
  package func waitUntilWritten() -> String? {
    locked {
      while (!waiting.isEmpty || isWriting) && !isStopped { pthread_cond_wait(changed, mutex) }
      return failure
    }
  }

  /// Drops the buffers not written yet, waits for the one being written, and ends the thread.
  package func stop() {
    locked {
      isStopped = true
      waiting.removeAll()
      pthread_cond_broadcast(changed)
    }
    if let thread { pthread_join(thread, nil) }
    thread = nil
  }

  /// The thread's loop: the next buffer waiting, written whole, given back empty.
  fileprivate func run() {
    while true {
      let next: [UInt8]? = locked {
        while waiting.isEmpty && !isStopped { pthread_cond_wait(changed, mutex) }
        guard !isStopped else { return nil }
        isWriting = true
        return waiting.removeFirst()
      }
      guard var buffer = next else { return }
      let failed = locked { failure != nil }
      let problem = failed ? nil : buffer.withUnsafeBufferPointer { Self.writeAll($0, to: descriptor) }
      buffer.removeAll(keepingCapacity: true)
      locked {
        if let problem, failure == nil { failure = problem }
        isWriting = false
        if buffer.capacity <= sparesUpTo { spares.append(buffer) }
        pthread_cond_broadcast(changed)
      }
    }
  }

  /// Writes bytes to a file, whole.
  ///
  /// - Returns: Why it failed, or `nil`.
  package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> String? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return String(cString: strerror(errno)) }
      offset += written
    }
    return nil
  }
}

/// The entry of a writer's thread.
private func runSpoolWriter(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  Unmanaged<SpoolWriter>.fromOpaque(context).takeRetainedValue().run()
  return nil
}
