import UseCases

/// The descriptions of a batch's records kept as bytes, to be lent with them (decision 0043):
/// one block of memory for all of them, one after the other, and where each record's are.
///
/// A batch keeps one, at a fixed address (``RecordBatch``), and a ``RecordSlot`` reaches it
/// through a pointer: no reference counted, no closure, nothing checked at run time, for each
/// record the reader builds.
struct LentDescriptions {
  /// The batch's records, for the index of each.
  private let records: UnsafeMutablePointer<SourceRecord>
  /// For each record, where its description's bytes are in `bytes`, else ``notLent``.
  private let ranges: UnsafeMutablePointer<Range<Int>>
  /// The bytes: `count` of room for `capacity`.
  private var bytes: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity = 0
  private static let notLent = -1..<(-1)

  /// Room for the descriptions of a batch's records.
  ///
  /// - Parameters:
  ///   - records: The batch's records.
  ///   - capacity: How many records the batch holds.
  init(records: UnsafeMutablePointer<SourceRecord>, capacity: Int) {
    self.records = records
    ranges = .allocate(capacity: max(1, capacity))
    bytes = .allocate(capacity: 1)
  }

  /// Frees the memory; nothing is lent after.
  func deallocate() {
    ranges.deallocate()
    bytes.deallocate()
  }

  /// Marks the record at `index` as one whose description is its transaction's own.
  @inline(__always)
  func setNotLent(at index: Int) {
    ranges[index] = Self.notLent
  }

  /// Keeps the bytes of the description of the record being built at `record`.
  ///
  /// - Parameters:
  ///   - description: The description's bytes.
  ///   - record: Where the record is being built in the batch.
  @inline(__always)
  mutating func lend(
    _ description: UnsafeBufferPointer<UInt8>, for record: UnsafeMutablePointer<SourceRecord>
  ) {
    let start = count
    if capacity - start < description.count { grow(toHold: start + description.count) }
    if let source = description.baseAddress { (bytes + start).update(from: source, count: description.count) }
    count = start + description.count
    ranges[record - records] = start..<count
  }

  /// Forgets the bytes kept for the record at `record`, which was taken back unbuilt: they
  /// were the last kept.
  ///
  /// - Parameter record: Where the record was being built.
  mutating func forget(for record: UnsafeMutablePointer<SourceRecord>) {
    let range = ranges[record - records]
    guard range != Self.notLent else { return }
    count = range.lowerBound
    ranges[record - records] = Self.notLent
  }

  /// Whether bytes were lent for the record being built at `record`.
  ///
  /// - Parameter record: Where the record is being built in the batch.
  /// - Returns: Whether its description is lent as bytes.
  func isLent(for record: UnsafeMutablePointer<SourceRecord>) -> Bool {
    ranges[record - records] != Self.notLent
  }

  /// The description's bytes of the record at `index`, or `nil` when they were not lent.
  @inline(__always)
  func bytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
    let range = ranges[index]
    return range == Self.notLent
      ? nil : UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)
  }

  /// Forgets every description, keeping the memory for the next filling.
  mutating func removeAll() {
    count = 0
  }

  /// Makes room for at least `needed` bytes, twice as much as before if that is more.
  private mutating func grow(toHold needed: Int) {
    let grown = max(needed, 2 * capacity, 4_096)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.update(from: bytes, count: count)
    bytes.deallocate()
    (bytes, capacity) = (moved, grown)
  }
}
