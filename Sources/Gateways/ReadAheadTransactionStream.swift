import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The records of a stream, read ahead on a thread of its own, so that decoding a file and using
/// its records (surveying them, or presenting and rendering them) run on two cores at once.
///
/// The reading thread takes the records of the wrapped stream in batches of ``batchSize`` and
/// hands each batch over through a queue of at most ``queuedBatches``; when the queue is full it
/// waits, so memory stays bounded whatever the file's size. ``next()`` gives the records in the
/// same order, one by one, and waits only when the reader is behind. Nothing else changes: the
/// records, the issues, the end, and the file being closed when the records end.
///
/// A stream that goes away before its end stops the reader and waits for it to finish its
/// batch, so the input is closed when the stream is gone, as with any other stream.
///
/// The reader is a thread, not a task: it blocks on the queue, and a blocked task would hold
/// one of the few threads of Swift's cooperative pool that the report's own tasks run on.
final class ReadAheadTransactionStream: TransactionStream {
  /// How many records one handover holds.
  static let batchSize = 1_024
  /// How many batches may wait in the queue.
  static let queuedBatches = 4

  private let queue: BatchQueue
  private var reader: pthread_t?
  /// The stream itself, read in place, when no thread could be started.
  private var inPlace: (any TransactionStream)?
  private var batch: [SourceRecord] = []
  private var index = 0

  /// Starts reading a stream ahead.
  ///
  /// - Parameter stream: The stream, which the reader owns from now on: the caller must keep
  ///   no other reference to it (a stream is not `Sendable`; this hand-over is what makes
  ///   reading it on another thread safe).
  init(_ stream: any TransactionStream) {
    let queue = BatchQueue(capacity: Self.queuedBatches)
    self.queue = queue
    let work = ReaderWork(stream: stream, queue: queue)
    let context = Unmanaged.passRetained(work).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    if pthread_create(&thread, nil, readAhead, context) == 0 {
      reader = thread
    } else {
      // No thread to be had: read in place instead, as a plain stream would.
      Unmanaged<ReaderWork>.fromOpaque(context).release()
      inPlace = work.takeStream()
    }
  }

  deinit {
    queue.stop()
    if let reader { pthread_join(reader, nil) }
  }

  func next() -> SourceRecord? {
    if inPlace != nil { return inPlace?.next() }
    if index == batch.count {
      guard let next = queue.take() else { return nil }
      batch = next
      index = 0
    }
    defer { index += 1 }
    return batch[index]
  }
}

/// What the reading thread does: read the stream in batches into the queue until the records
/// end or the queue is stopped.
private final class ReaderWork: @unchecked Sendable {
  // Unchecked: the stream is used by one thread only, the reader's, once the work is handed
  // over (or the consumer's, when it takes the stream back before any thread started).
  private var stream: (any TransactionStream)?
  private let queue: BatchQueue

  init(stream: any TransactionStream, queue: BatchQueue) {
    self.stream = stream
    self.queue = queue
  }

  /// Takes the stream back, for reading in place; the work then does nothing.
  func takeStream() -> (any TransactionStream)? {
    defer { stream = nil }
    return stream
  }

  func run() {
    guard var stream = takeStream() else { return }
    defer { queue.finish() }
    while true {
      var batch: [SourceRecord] = []
      batch.reserveCapacity(ReadAheadTransactionStream.batchSize)
      while batch.count < ReadAheadTransactionStream.batchSize, let record = stream.next() {
        batch.append(record)
      }
      let isLast = batch.count < ReadAheadTransactionStream.batchSize
      guard batch.isEmpty || queue.put(batch), !isLast else { return }
    }
  }
}

private func readAhead(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let context else { return nil }
  Unmanaged<ReaderWork>.fromOpaque(context).takeRetainedValue().run()
  return nil
}

/// A bounded first-in, first-out queue of batches between one reader and one consumer.
private final class BatchQueue: @unchecked Sendable {
  // Unchecked: every field is reached only while holding `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let changed: UnsafeMutablePointer<pthread_cond_t>
  private let capacity: Int
  private var batches: [[SourceRecord]] = []
  private var head = 0
  private var isFinished = false
  private var isStopped = false

  init(capacity: Int) {
    self.capacity = capacity
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

  private var count: Int { batches.count - head }

  /// Adds a batch, waiting while the queue is full.
  ///
  /// - Returns: `false` when the consumer has stopped the queue: read no more.
  func put(_ batch: [SourceRecord]) -> Bool {
    locked {
      while count >= capacity && !isStopped { pthread_cond_wait(changed, mutex) }
      guard !isStopped else { return false }
      if head > capacity {
        batches.removeFirst(head)
        head = 0
      }
      batches.append(batch)
      pthread_cond_broadcast(changed)
      return true
    }
  }

  /// Says that no batch will follow.
  func finish() {
    locked {
      isFinished = true
      pthread_cond_broadcast(changed)
    }
  }

  /// The next batch, waiting for the reader when none is ready; `nil` after the last.
  func take() -> [SourceRecord]? {
    locked {
      while count == 0 && !isFinished { pthread_cond_wait(changed, mutex) }
      guard count > 0 else { return nil }
      let batch = batches[head]
      batches[head] = []
      head += 1
      pthread_cond_broadcast(changed)
      return batch
    }
  }

  /// Tells the reader to stop: the consumer wants no more batches.
  func stop() {
    locked {
      isStopped = true
      batches.removeAll()
      head = 0
      pthread_cond_broadcast(changed)
    }
  }
}
