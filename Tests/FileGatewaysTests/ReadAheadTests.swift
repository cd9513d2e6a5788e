import Entities
import Synchronization
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// ``ReadAheadTransactionStream`` reads a stream on a thread of its own and changes nothing of
/// what it yields: the same records, in the same order, the same end; and a stream dropped
/// before its end stops its reader.
@Suite struct ReadAheadTests {
  /// A stream of numbered records, every seventh one invalid, that counts what it gave and
  /// says when it is gone; it fills a batch one record at a time, as a client's stream would.
  final class CountingStream: BatchFilling, RecordLending {
    let total: Int
    let log: Log
    private var given = 0

    final class Log: Sendable {
      let given = Mutex(0)
      let isGone = Mutex(false)
    }

    init(total: Int, log: Log) {
      self.total = total
      self.log = log
    }

    deinit { log.isGone.withLock { $0 = true } }

    func next() -> SourceRecord? {
      guard given < total else { return nil }
      given += 1
      log.given.withLock { $0 = given }
      return Self.record(given)
    }

    func fill(_ batch: RecordBatch) {
      while !batch.isFull, let record = next() { batch.append(record) }
    }

    func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool {
      guard let record = next() else { return false }
      body(record, nil)
      return true
    }

    func lendDescriptionsAsBytes() {}

    /// The first day of each month of 2016.
    static let firstDays = (1...12).compactMap { try? CalendarDate(year: 2016, month: $0, day: 1) }

    static func record(_ number: Int) -> SourceRecord {
      let position = TextPosition(line: number, column: 1)
      guard number % 7 != 0 else {
        return .invalid(RecordIssue(source: "s", position: position, field: .amount, problem: .missing))
      }
      let transaction = Transaction(
        group: number % 2 == 0 ? .authorized : .posted, date: firstDays[number % 12],
        description: "record \(number)", amount: Money(minorUnits: Int64(number)) ?? .zero,
        debitCredit: .debit)
      return .transaction(transaction, RecordOrigin(source: "s", start: position))
    }
  }

  // 24,577: one more than a full queue, the batch lent and the one being filled, so the reader
  // waits on a full queue and is woken again.
  @Test(arguments: [0, 1, 4_095, 4_096, 4_097, 10_000, 24_577])
  func yieldsEveryRecordInOrderThenTheEnd(total: Int) {
    let stream = ReadAheadTransactionStream(CountingStream(total: total, log: .init()))
    var read: [SourceRecord] = []
    while let record = stream.next() { read.append(record) }
    #expect(read == (0..<total).map { CountingStream.record($0 + 1) })
    #expect(stream.next() == nil)
  }

  @Test(arguments: [0, 1, 4_095, 4_096, 4_097, 10_000, 24_577])
  func lendsEveryRecordInOrderABatchAtATimeThenTheEnd(total: Int) {
    let stream = ReadAheadTransactionStream(CountingStream(total: total, log: .init()))
    var read: [SourceRecord] = []
    var calls = 0
    while stream.nextRecords({ record, _ in read.append(copy record) }) { calls += 1 }
    #expect(read == (0..<total).map { CountingStream.record($0 + 1) })
    // A call lends what is left of a batch: the batches are full but the last.
    let batches = (total + ReadAheadTransactionStream.batchSize - 1) / ReadAheadTransactionStream.batchSize
    #expect(calls == batches)
    #expect(!stream.nextRecords { _, _ in Issue.record("a record after the end") })
    #expect(stream.next() == nil)
  }

  @Test func recordsTakenOneByOneAndLentGoOnFromEachOther() {
    let stream = ReadAheadTransactionStream(CountingStream(total: 10_000, log: .init()))
    var read: [SourceRecord] = []
    while true {
      // One taken, then the rest of its batch lent, then one taken again, ...
      guard let record = stream.next() else { break }
      read.append(record)
      _ = stream.nextRecords { record, _ in read.append(copy record) }
    }
    #expect(read == (0..<10_000).map { CountingStream.record($0 + 1) })
  }

  @Test func aBatchGivesItsRecordsBackInOrderOnce() {
    let batch = RecordBatch(capacity: 3)
    #expect(batch.isEmpty && !batch.isFull)
    for number in 1...3 { batch.append(CountingStream.record(number)) }
    #expect(batch.isFull && !batch.isEmpty && batch.count == 3)
    #expect(batch.takeFirst() == CountingStream.record(1))
    #expect(batch.takeFirst() == CountingStream.record(2))
    #expect(!batch.isEmpty)
    #expect(batch.takeFirst() == CountingStream.record(3))
    #expect(batch.isEmpty)
    // A batch dropped with records still in it deinitializes them.
    let dropped = RecordBatch(capacity: 4)
    for number in 1...4 { dropped.append(CountingStream.record(number)) }
    _ = dropped.takeFirst()
  }

  @Test func aBatchLendsTheRecordsNotGivenOutAndKeepsThemUntilItIsEmptied() {
    let batch = RecordBatch(capacity: 4)
    for number in 1...4 { batch.append(CountingStream.record(number)) }
    #expect(batch.takeFirst() == CountingStream.record(1))
    var lent: [SourceRecord] = []
    batch.lendRest { record, descriptionBytes in
      lent.append(copy record)
      #expect(descriptionBytes == nil, "a batch that does not lend descriptions as bytes")
    }
    #expect(lent == (2...4).map(CountingStream.record))
    #expect(batch.isEmpty && batch.count == 4)
    batch.lendRest { _, _ in Issue.record("a record lent twice") }
    // Emptied, it is filled again from the start.
    batch.empty()
    #expect(batch.count == 0 && !batch.isFull)
    batch.append(CountingStream.record(9))
    #expect(batch.takeFirst() == CountingStream.record(9))
  }

  @Test func aStreamDroppedEarlyStopsItsReaderAndReleasesItsInput() {
    let log = CountingStream.Log()
    do {
      let stream = ReadAheadTransactionStream(CountingStream(total: 1_000_000, log: log))
      #expect(stream.next() == CountingStream.record(1))
    }
    // The reader stops within a batch of the full queue, and the wrapped stream is gone as soon
    // as the read-ahead stream is.
    let bound = (ReadAheadTransactionStream.queuedBatches + 2) * ReadAheadTransactionStream.batchSize
    #expect(log.given.withLock { $0 } <= bound)
    #expect(log.isGone.withLock { $0 })
  }

  @Test func aFileReadAheadGivesWhatTheDecoderGives() async throws {
    let directory = try TemporaryDirectory()
    let line = #"{"group":"A","date":"2016-04-01","description":"Café","amount":"3.11","debit":"D"}"#
    let lines = (0..<5_000).map { $0 % 1_000 == 999 ? #"{"group":"X"}"# : line }
    let path = try directory.file("many.ndjson", text: lines.joined(separator: "\n"))
    let read = try await readAll(FileTransactionSource(path: path, format: .ndjson))
    var direct = RecordFormat.ndjson.stream(
      reading: ByteInput(bytes: Array(lines.joined(separator: "\n").utf8)), source: path)
    var expected: [SourceRecord] = []
    while let record = direct.next() { expected.append(record) }
    #expect(read.count == expected.count)
    #expect(read == expected)
  }

  @Test(arguments: [RecordFormat.json, .ndjson, .csv])
  func descriptionsAskedAsBytesComeAsBytesFromALaterBatch(format: RecordFormat) throws {
    // 60,000 records (more than the batches a reader can have filled before the question),
    // every 1,000th not valid, descriptions in several scripts and lengths.
    let descriptions = [
      "Café Lune, Montréal", "東京ラーメン", "Tim Hortons", "", String(repeating: "é", count: 40),
    ]
    var lines: [String] = format == .csv ? ["group,date,description,amount,debit"] : []
    for number in 0..<60_000 {
      let description = descriptions[number % descriptions.count] + "\(number)"
      let group = number % 1_000 == 999 ? "X" : "A"
      lines.append(
        format == .csv
          ? "\(group),2016-04-01,\"\(description)\",3.11,D"
          : #"{"group":"\#(group)","date":"2016-04-01","description":"\#(description)","amount":"3.11","debit":"D"}"#
      )
    }
    let text = format == .json ? "[" + lines.joined(separator: ",\n") + "]" : lines.joined(separator: "\n")
    var plain = format.stream(reading: ByteInput(bytes: Array(text.utf8)), source: "input")
    var expected: [SourceRecord] = []
    while let record = plain.next() { expected.append(record) }

    let stream = ReadAheadTransactionStream(
      format.stream(reading: ByteInput(bytes: Array(text.utf8)), source: "input"))
    var read = [try #require(stream.next())]
    stream.lendDescriptionsAsBytes()
    var (lent, asStrings) = (0, 0)
    while stream.nextRecords({ record, bytes in
      guard let bytes else {
        if case .transaction = record { asStrings += 1 }
        read.append(copy record)
        return
      }
      guard let whole = record.withDescription(lentAs: bytes) else {
        Issue.record("bytes lent with \(record)")
        return
      }
      read.append(whole)
      lent += 1
    }) {}
    #expect(read == expected)
    // The batches read ahead before the question keep their strings (the one taken from,
    // those in the queue, the one being filled); all later ones lend.
    let batches = ReadAheadTransactionStream.batchSize * (ReadAheadTransactionStream.queuedBatches + 2)
    // At least the rest of the first batch, whose reading had started: its transactions after
    // the first.
    let restOfFirst = expected[1..<ReadAheadTransactionStream.batchSize].filter {
      if case .transaction = $0 { true } else { false }
    }.count
    #expect(asStrings >= restOfFirst && asStrings < batches)
    #expect(lent + asStrings + 1 == expected.count - 60)
  }
}
