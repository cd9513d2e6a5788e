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
/// same order, one by one, and waits only when the reader is behind; ``nextRecords(_:)`` lends
/// the rest of a batch where it lies. Nothing else changes: the
/// records, the issues, the end, and the file being closed when the records end.
///
/// A stream that goes away before its end stops the reader and waits for it to finish its
/// batch, so the input is closed when the stream is gone, as with any other stream.
///
/// The reader is a thread, not a task: it blocks on the queue, and a blocked task would hold
/// one of the few threads of Swift's cooperative pool that the report's own tasks run on.
final class ReadAheadTransactionStream: RecordLending {
  /// How many records one handover holds.
  static let batchSize = 4_096
  /// How many batches may wait in the queue.
  static let queuedBatches = 4

  private let queue: BatchQueue
  private var reader: pthread_t?
  /// The stream itself, read in place, when no thread could be started.
  private var inPlace: (any DecodedStream)?
  private var batch = RecordBatch(capacity: 0)

  /// Starts reading a stream ahead.
  ///
  /// - Parameter stream: The stream, which the reader owns from now on: the caller must keep
  ///   no other reference to it (a stream is not `Sendable`; this hand-over is what makes
  ///   reading it on another thread safe).
  init(_ stream: any DecodedStream) {
    let queue = BatchQueue(capacity: Self.queuedBatches)
    self.queue = queue
    let work = ReaderWork(stream: stream, queue: queue)
    let context = Unmanaged.passRetained(work).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    // A closure that calls the start routine: Darwin declares the routine's argument non-optional,
    // Glibc optional, and a closure literal takes either.
    if pthread_create(&thread, nil, { readAhead($0) }, context) == 0 {
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
    guard hasBatch() else { return nil }
    // A record lent bytes has an empty description: it must come with them.
    precondition(!batch.lendsDescriptionBytes, "a record read without the description bytes it was lent")
    return batch.takeFirst()
  }

  /// Asks the reader to lend descriptions as bytes in the batches it fills from now on (the
  /// batches already in the queue keep their strings). A stream read in place, without a
  /// thread, is asked itself.
  func lendDescriptionsAsBytes() {
    if let inPlace {
      inPlace.lendDescriptionsAsBytes()
    } else {
      queue.askForDescriptionBytes()
    }
  }

  func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool {
    if let inPlace { return inPlace.nextRecords(body) }
    guard hasBatch() else { return false }
    batch.lendRest(to: body)
    return true
  }

  /// Makes sure the current batch has records to give, taking the next one from the reader
  /// (and giving the one read back) when it has none; `false` after the last.
  private func hasBatch() -> Bool {
    if batch.isEmpty {
      guard let next = queue.take() else { return false }
      queue.recycle(batch)
      batch = next
    }
    return true
  }
}

/// The records of one handover: built in their slots by the reader (``appendInPlace(_:)``), or
/// moved in, and lent to the consumer where they lie, so that a record is not copied on its way
/// between the threads.
///
/// The records stay in the batch until the reader fills it again: the reader frees them, so
/// that each description (more than 15 bytes of text are a memory block of their own) is freed
/// by the thread that made it, where the allocator hands the block straight back out; a block
/// freed by another thread goes back through the allocator's shared lists, which costs both
/// threads more. The consumer neither copies nor frees a record it is lent.
final class RecordBatch: @unchecked Sendable {
  // Unchecked: a batch belongs to the reader until it is put in the queue, then to the
  // consumer until it gives it back; the queue's lock orders them.
  private let storage: UnsafeMutablePointer<SourceRecord>
  /// The descriptions lent as bytes, at an address that does not change
  /// (``RecordSlot/Place``): made when the batch first lends, so that a batch that never does
  /// (a stream read through the public port only) allocates nothing more.
  @exclusivity(unchecked) private var descriptions: UnsafeMutablePointer<LentDescriptions>?
  private let capacity: Int
  /// How many records were built or moved in; they stay until ``empty()``.
  private(set) var count = 0
  /// How many were given out or lent, from the first.
  private var taken = 0

  init(capacity: Int) {
    self.capacity = capacity
    storage = .allocate(capacity: max(1, capacity))
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
    if let descriptions {
      descriptions.pointee.deallocate()
      descriptions.deinitialize(count: 1)
      descriptions.deallocate()
    }
  }

  /// Whether the records built in the batch take their descriptions as bytes
  /// (``RecordSlot/descriptionLender``); set by the reader before it fills the batch, and,
  /// once set, kept (a reading that asked for bytes goes on asking).
  var lendsDescriptionBytes: Bool {
    get { descriptions != nil }
    set {
      guard newValue, descriptions == nil else { return }
      let made = UnsafeMutablePointer<LentDescriptions>.allocate(capacity: 1)
      made.initialize(to: LentDescriptions(records: storage, capacity: capacity))
      descriptions = made
    }
  }

  /// Whether every record built or moved in has been given out (or none came).
  var isEmpty: Bool { taken == count }
  /// Whether it holds as many records as it can.
  var isFull: Bool { count == capacity }

  /// Moves a record in, after the others; the batch must not be full.
  func append(_ record: consuming SourceRecord) {
    precondition(count < capacity, "a full batch")
    (storage + count).initialize(to: record)
    descriptions?.pointee.setNotLent(at: count)
    count += 1
  }

  /// Lets `build` build a record in place, after the others; the batch must not be full.
  ///
  /// - Parameter build: Builds a record in the memory it is given and returns `true`, or
  ///   leaves it uninitialized and returns `false`.
  /// - Returns: What `build` returned: whether a record was added.
  @inline(__always)
  func appendInPlace(_ build: (RecordSlot.Place) -> Bool) -> Bool {
    precondition(count < capacity, "a full batch")
    descriptions?.pointee.setNotLent(at: count)
    guard build(RecordSlot.Place(pointer: storage + count, descriptions: descriptions)) else { return false }
    count += 1
    return true
  }

  /// A copy of the first record not yet given out; the batch must not be empty.
  func takeFirst() -> SourceRecord {
    precondition(taken < count, "an empty batch")
    defer { taken += 1 }
    return storage[taken]
  }

  /// Lends each record not yet given out to `body`, in order.
  ///
  /// A record is moved out for the call and back in after it: a copy would count one more
  /// reference to a description that is a `String` (one read ahead before the stream was asked
  /// for bytes), and the thread that counts it is not the one that made it, so each count waits
  /// for the other core's cache.
  ///
  /// Each comes with its description's bytes when the batch lends them (`nil` otherwise).
  func lendRest(to body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) {
    let descriptions = descriptions
    while taken < count {
      let record = (storage + taken).move()
      body(record, descriptions?.pointee.bytes(at: taken))
      (storage + taken).initialize(to: consume record)
      taken += 1
    }
  }

  /// Releases the records, to be filled again.
  func empty() {
    storage.deinitialize(count: count)
    descriptions?.pointee.removeAll()
    (count, taken) = (0, 0)
  }

  /// The capacity it was made with: a batch to fill again must have the reader's.
  var isFillable: Bool { capacity == ReadAheadTransactionStream.batchSize }
}

/// A stream that can fill a batch itself, in one call, without the cost of a call through the
/// `TransactionStream` protocol (and a copy of the record) for every record.
protocol BatchFilling: TransactionStream {
  /// Builds the next records in `batch`, each in its next slot, until it is full or the records
  /// end.
  func fill(_ batch: RecordBatch)
}

/// The records a format's decoder gives (``DecodingTransactionStream``): a stream that fills a
/// batch itself, and lends its records.
typealias DecodedStream = BatchFilling & RecordLending

/// What the reading thread does: read the stream in batches into the queue until the records
/// end or the queue is stopped.
private final class ReaderWork: @unchecked Sendable {
  // Unchecked: the stream is used by one thread only, the reader's, once the work is handed
  // over (or the consumer's, when it takes the stream back before any thread started).
  private var stream: (any DecodedStream)?
  private let queue: BatchQueue

  init(stream: any DecodedStream, queue: BatchQueue) {
    self.stream = stream
    self.queue = queue
  }

  /// Takes the stream back, for reading in place; the work then does nothing.
  func takeStream() -> (any DecodedStream)? {
    defer { stream = nil }
    return stream
  }

  func run() {
    guard let stream = takeStream() else { return }
    defer { queue.finish() }
    while true {
      let batch = queue.spare() ?? RecordBatch(capacity: ReadAheadTransactionStream.batchSize)
      batch.empty()
      batch.lendsDescriptionBytes = queue.wantsDescriptionBytes
      stream.fill(batch)
      let isLast = !batch.isFull
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
  private var batches: [RecordBatch] = []
  /// Batches the consumer has read, for the reader to fill again.
  private var spares: [RecordBatch] = []
  private var head = 0
  private var isFinished = false
  private var isStopped = false
  private var descriptionBytesAsked = false

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
  func put(_ batch: RecordBatch) -> Bool {
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
  func take() -> RecordBatch? {
    locked {
      while count == 0 && !isFinished { pthread_cond_wait(changed, mutex) }
      guard count > 0 else { return nil }
      let batch = batches[head]
      batches[head] = RecordBatch(capacity: 0)
      head += 1
      pthread_cond_broadcast(changed)
      return batch
    }
  }

  /// Gives a batch the consumer has read back to the reader, which releases its records and
  /// fills it again (see ``RecordBatch``); at most as many are kept as the queue holds.
  func recycle(_ batch: RecordBatch) {
    guard batch.isFillable else { return }
    locked { if spares.count < capacity && !isStopped { spares.append(batch) } }
  }

  /// A batch to fill again, if the consumer gave one back.
  func spare() -> RecordBatch? {
    locked { spares.popLast() }
  }

  /// Whether the consumer asked for descriptions as bytes (``askForDescriptionBytes()``).
  var wantsDescriptionBytes: Bool {
    locked { descriptionBytesAsked }
  }

  /// Asks the reader to lend descriptions as bytes in the batches it fills from now on.
  func askForDescriptionBytes() {
    locked { descriptionBytesAsked = true }
  }

  /// Tells the reader to stop: the consumer wants no more batches.
  func stop() {
    locked {
      isStopped = true
      batches.removeAll()
      spares.removeAll()
      head = 0
      pthread_cond_broadcast(changed)
    }
  }
}
