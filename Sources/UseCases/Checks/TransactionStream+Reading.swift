import Entities

extension TransactionStream {
  /// Reads the records to their end, lending each to `body`, for as long as `isReading` says
  /// so; looks for cancellation between the runs the stream lends (``CancellationCheck``).
  ///
  /// The one loop of the use cases that read a whole stream: the survey, and a draft reading.
  /// Once `wantsBytes` says so, a stream that can (``RecordLending``) is asked for
  /// descriptions as bytes, and `body` is given them with the records read after that; `nil`
  /// for every other record.
  ///
  /// - Parameters:
  ///   - isReading: Whether to go on; asked before each record.
  ///   - wantsBytes: Whether descriptions as bytes would do from now on; asked between runs
  ///     until it says yes. By default, never.
  ///   - body: What to do with each record, and its description's bytes when they are lent.
  /// - Throws: `CancellationError` when the task is cancelled before the stream ends.
  package mutating func readRecords(
    while isReading: () -> Bool, wantsBytes: () -> Bool = { false },
    each body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void
  ) throws(CancellationError) {
    let lending = self as? any RecordLending
    var cancellation = CancellationCheck()
    var (isOpen, asked) = (true, false)
    while isOpen, isReading() {
      if let lending, !asked, wantsBytes() {
        lending.lendDescriptionsAsBytes()
        asked = true
      }
      var read = 0
      if let lending {
        isOpen = lending.nextRecordsAndDescriptionBytes { record, bytes in
          guard isReading() else { return }
          body(record, bytes)
          read += 1
        }
      } else if let record = next() {
        body(record, nil)
        read = 1
      } else {
        isOpen = false
      }
      try cancellation.check(afterReading: read)
    }
  }
}
