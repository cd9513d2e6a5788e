import UseCases

/// The records of one opened input: a format's decoder followed by the one validator.
///
/// The stream owns its input (through its decoder's ``ByteInput``) and releases it as soon as
/// the records end, whether at the end of the bytes, at malformed syntax the format cannot read
/// past, or at a read error, or when the stream is deinitialised before that; an open file is
/// then closed. It is a class because it stands for an open input: copies of a stream share
/// one position.
///
/// A decoder's note (``ExportNote``: rows skipped as not transactions, another encoding) is
/// yielded as ``SourceRecord/note(_:)``, named with the source. A record with several problems yields one ``SourceRecord/invalid(_:)`` for each, in input
/// order; when it has more than it keeps (``RawRecord/keptProblemLimit``), its first ones, then
/// ``SourceRecord/unlistedIssues(count:)`` for the others. Malformed syntax yields one issue; the stream then goes on if the decoder does (NDJSON
/// and CSV go on with the next line or row). A read error yields one issue and ends the stream;
/// it wins over whatever the decoder made of the early end. A failure that is not the data's
/// (the copy of standard input that the disk cannot hold) ends it with
/// ``SourceRecord/unavailable(_:)`` instead. A record that runs past the limit of
/// a record is one malformed issue from the decoder, `SyntaxProblem.recordTooLong(limit:)`, then
/// the end.
///
/// Asked for descriptions as bytes (``RecordLending``, decision 0043), it lends the
/// next records from a batch of its own, filled in place as a reader thread fills one
/// (``ReadAheadTransactionStream``).
final class DecodingTransactionStream<Decoder: RecordDecoder>: BatchFilling, RecordLending {
  // Unchecked: a stream is used by one thread at a time, and none of these is ever passed
  // `inout` while another access runs; checking each access at run time cost the reader a few
  // percent of its time.
  @exclusivity(unchecked) private var decoder: Decoder
  private let validator: RecordValidator
  /// The issues of a record still to yield, last first.
  @exclusivity(unchecked) private var pendingIssues: [SourceRecord] = []
  @exclusivity(unchecked) private var isFinished = false
  /// The batch records are lent from once descriptions are asked as bytes.
  private var lendingBatch: RecordBatch?
  /// How many records a lending batch holds.
  static var lendingBatchSize: Int { 256 }

  /// Creates the stream of a decoder's records.
  ///
  /// - Parameters:
  ///   - decoder: The decoder, holding the input.
  ///   - source: The name issues give the source, such as the path.
  init(decoder: Decoder, source: String) {
    self.decoder = decoder
    self.validator = RecordValidator(source: source)
  }

  /// Builds the next records in a batch, as ``next()`` would give them, until it is full or
  /// the records end: each in the batch's next slot, where a plain record is built by the
  /// decoder's fast path itself.
  ///
  /// - Parameter batch: The batch to fill.
  func fill(_ batch: RecordBatch) {
    while !batch.isFull, batch.appendInPlace({ next(into: $0) }) {}
  }

  func lendDescriptionsAsBytes() {
    guard lendingBatch == nil else { return }
    let batch = RecordBatch(capacity: Self.lendingBatchSize)
    batch.lendsDescriptionBytes = true
    lendingBatch = batch
  }

  func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool {
    guard let batch = lendingBatch else {
      guard let record = next() else { return false }
      body(record, nil)
      return true
    }
    guard filled(batch) else { return false }
    batch.lendRest(to: body)
    return true
  }

  /// Whether the lending batch has a record to lend, filling it again once it has lent all.
  private func filled(_ batch: RecordBatch) -> Bool {
    if batch.isEmpty {
      batch.empty()
      fill(batch)
    }
    return !batch.isEmpty
  }

  func next() -> SourceRecord? {
    withUnsafeTemporaryAllocation(of: SourceRecord.self, capacity: 1) { buffer in
      guard let slot = buffer.baseAddress, next(into: RecordSlot.Place(pointer: slot, descriptions: nil))
      else { return nil }
      return slot.move()
    }
  }

  /// Builds the next record in the memory of `place`.
  ///
  /// - Parameter place: Uninitialized memory for one record, and the batch it is in when the
  ///   batch lends descriptions as bytes.
  /// - Returns: Whether the memory holds the next record; `false` once the records have ended
  ///   (then it is left uninitialized).
  @inline(__always)
  private func next(into place: RecordSlot.Place) -> Bool {
    let slot = place.pointer
    if let issue = pendingIssues.popLast() { return self.place(issue, in: slot) }
    guard !isFinished else { return false }
    let recordSlot = RecordSlot(place, source: validator.sourceName)
    let decoded = decoder.nextRecord(placingValidIn: recordSlot)
    recordSlot.expectHolding(exactlyWhen: decoded)
    switch decoded {
    case .placed:
      return true
    case .record(let record):
      switch validator.validate(record, rules: decoder.rules) {
      case .valid(let transaction, let origin):
        return self.place(.transaction(transaction, origin), in: slot)
      case .invalid(let issues, let unlisted):
        if unlisted > 0 { pendingIssues.append(.unlistedIssues(count: unlisted)) }
        pendingIssues += issues.reversed().map(SourceRecord.invalid)
        return self.place(pendingIssues.popLast(), in: slot)
      }
    case .malformed(let malformed, let resumes):
      let issue = RecordIssue(
        source: validator.source, position: malformed.position, field: malformed.field,
        problem: malformed.problem, value: malformed.value)
      // After a read error the decoder saw an early end, so the read error is the news.
      guard resumes, decoder.input.readFailure == nil else { return self.place(finish(issue), in: slot) }
      return self.place(.invalid(issue), in: slot)
    case .note(let note):
      return self.place(.note(note), in: slot)
    case .refused(let refusal):
      let failure = finish(nil)
      var named = refusal
      named.source = validator.source
      return self.place(failure ?? .unavailable(UnavailableReason(named)), in: slot)
    case nil:
      return self.place(finish(nil), in: slot)
    }
  }

  /// Puts a record in `slot`, if there is one.
  private func place(_ record: SourceRecord?, in slot: UnsafeMutablePointer<SourceRecord>) -> Bool {
    guard let record else { return false }
    slot.initialize(to: record)
    return true
  }

  /// Ends the stream and releases the input, yielding the read failure if there was one, or
  /// else the given issue.
  private func finish(_ issue: RecordIssue?) -> SourceRecord? {
    isFinished = true
    let failure = decoder.input.readFailure
    decoder.input.close()
    switch failure?.reason {
    case .system(let systemError)?:
      // A read error (EIO) is input that cannot be read, as a file that cannot be opened is:
      // not invalid data, as nothing read was wrong.
      return .missing(
        UnavailableReason(FileProblem.readFailed(source: validator.source, systemError: systemError)))
    case .unavailable(let reason)?:
      return .unavailable(reason)
    case nil:
      return issue.map(SourceRecord.invalid)
    }
  }
}
