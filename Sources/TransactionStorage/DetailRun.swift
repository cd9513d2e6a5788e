import ByteWords
import Entities
import UseCases

/// Transactions read ahead of the transformer, a batch of records at a time: each one's group,
/// date and signed amount, and its description's bytes, copied into one block that the
/// descriptions given out share (``Entities/DescriptionText``).
///
/// A reading lends its records a batch at a time, where the stream keeps them (decision 0036);
/// the transformer takes them one at a time. A run is what lies between: the reading fills it
/// from a batch in one call, reading each description's bytes where the record holds them (no
/// `String` of the reader's core retained or released on this one), and the transformer takes
/// the transactions out one by one. The bytes the batch lends one after the other are copied in
/// one piece once it is lent (``settle()``), not one description at a time.
struct DetailRun {
  private struct Entry {
    var group: TransactionGroup
    var date: CalendarDate
    var amount: Money
    /// Where the description's bytes are in ``bytes``.
    var start: UInt32
    var count: UInt32
  }

  private var bytes: [UInt8] = []
  private var entries: [Entry] = []
  private var next = 0
  /// The bytes lent since the last ``settle()`` and not copied yet: those of the descriptions
  /// appended since, when each lay right after the one before where the stream lends them (a
  /// batch read ahead keeps them so). They go into ``bytes`` in one copy, not one a record.
  private var pending: (start: UnsafePointer<UInt8>, count: Int)?

  /// Whether every transaction added has been taken.
  var isEmpty: Bool {
    @inline(__always) get { next == entries.count }
  }

  /// The group and date of the next transaction to take, or `nil` when the run is empty.
  var first: (group: TransactionGroup, date: CalendarDate)? {
    @inline(__always) get { next < entries.count ? (entries[next].group, entries[next].date) : nil }
  }

  /// Adds a transaction after the others.
  ///
  /// Lent bytes are not copied here, but by the ``settle()`` that ``fill(from:by:)`` makes before
  /// the stream lends again (the port keeps them until then, ``UseCases/RecordLending``).
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - descriptionBytes: Its description's bytes, when they were lent apart from it; else its
  ///     own description's are read.
  mutating func append(_ transaction: Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>?) {
    let start: Int
    let count: Int
    if let descriptionBytes {
      (start, count) = (note(descriptionBytes), descriptionBytes.count)
    } else {
      settle()
      start = bytes.count
      transaction.description.withUTF8InPlace { bytes.append(contentsOf: $0) }
      count = bytes.count &- start
    }
    entries.append(
      Entry(
        group: transaction.group, date: transaction.date, amount: transaction.signedAmount,
        start: UInt32(start), count: UInt32(count)))
  }

  /// Notes lent bytes as the next of the run's: after those pending when they lie right after
  /// them, else as a span of their own, once those pending are copied.
  ///
  /// - Parameter lent: The bytes.
  /// - Returns: Where they will be in ``bytes``.
  @inline(__always)
  private mutating func note(_ lent: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = lent.baseAddress else { return bytes.count &+ (pending?.count ?? 0) }
    if let (start, count) = pending, start + count == base {
      pending = (start, count &+ lent.count)
      return bytes.count &+ count
    }
    settle()
    pending = (base, lent.count)
    return bytes.count
  }

  /// Lends the stream's next records to `reading`, which appends to the run those it shows,
  /// then copies the bytes they were lent with (``settle()``) before the stream can lend again:
  /// the one way a reading fills a run, so that none takes a transaction whose bytes are still
  /// the stream's.
  ///
  /// - Parameters:
  ///   - stream: The stream.
  ///   - reading: What checks each record and appends it to the run when it is shown.
  /// - Returns: `false` once the stream has no more records (``UseCases/RecordLending``).
  @inline(__always)
  mutating func fill(from stream: any RecordLending, by reading: inout some RunFilling) -> Bool {
    defer { settle() }
    return stream.nextRecords { reading.take($0, descriptionBytes: $1, into: &self) }
  }

  /// Copies into the run the bytes lent since the last call: once the stream has lent a batch,
  /// before it lends the next.
  private mutating func settle() {
    guard let (start, count) = pending else { return }
    bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
    pending = nil
  }

  /// Takes the next transaction; the run must not be empty.
  ///
  /// - Returns: Its description, a slice of the run's block, and its signed amount.
  @inline(__always)
  mutating func take() -> ReportDetail {
    assert(pending == nil, "a transaction taken before the bytes lent for the run were settled")
    let entry = entries[next]
    next += 1
    let start = Int(entry.start)
    return (DescriptionText(sharing: bytes, range: start..<start + Int(entry.count)), entry.amount)
  }

  /// Forgets every transaction, to be filled again: in a block of its own, as descriptions
  /// taken from the last one may still be held.
  mutating func clear() {
    pending = nil
    let capacity = bytes.count
    bytes = []
    bytes.reserveCapacity(capacity)
    entries.removeAll(keepingCapacity: true)
    next = 0
  }
}

/// A reading that fills a ``DetailRun`` (``DetailRun/fill(from:by:)``): the draft's, or the
/// second reading of a sorted source.
protocol RunFilling {
  /// Checks a record, and appends its transaction to the run when the reading shows it.
  ///
  /// - Parameters:
  ///   - record: The record.
  ///   - descriptionBytes: Its description's bytes, when they are lent apart from it.
  ///   - run: The run.
  mutating func take(
    _ record: SourceRecord, descriptionBytes: UnsafeBufferPointer<UInt8>?, into run: inout DetailRun)
}
