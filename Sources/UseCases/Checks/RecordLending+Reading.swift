import Entities

extension RecordLending {
  /// Reads the records to their end, lending each to `body`, for as long as `isReading` says
  /// so, and stops within a few records of the task's cancelling (``CancellationCheck``): the one
  /// loop that reads a whole stream (the survey, the end of a draft's reading, a held prefix).
  ///
  /// - Parameters:
  ///   - isReading: Whether to go on; asked before each record.
  ///   - body: What to do with each record, and its description's bytes when they are lent.
  /// - Throws: `CancellationError` when the task is cancelled before the stream ends.
  package func readRecords(
    while isReading: () -> Bool, each body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void
  ) throws(CancellationError) {
    var cancellation = CancellationCheck()
    var (isOpen, cancelled) = (true, false)
    while isOpen, !cancelled, isReading() {
      isOpen = nextRecords { record, bytes in
        guard !cancelled, isReading() else { return }
        guard !cancellation.isCancelled() else {
          cancelled = true
          return
        }
        body(record, bytes)
      }
    }
    if cancelled { throw CancellationError() }
  }
}

/// A client's stream read as one that lends: one record at a time, each a copy `next()` gives,
/// with no bytes apart. What a reading opens a source through the public port with.
package final class PlainLending: RecordLending {
  private var stream: any TransactionStream

  /// Reads a stream.
  ///
  /// - Parameter stream: The stream, which this reading owns from now on.
  package init(_ stream: any TransactionStream) {
    self.stream = stream
  }

  package func next() -> SourceRecord? { stream.next() }

  package func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool {
    guard let record = stream.next() else { return false }
    body(record, nil)
    return true
  }

  /// Nothing: a client's stream gives descriptions as strings.
  package func lendDescriptionsAsBytes() {}
}
