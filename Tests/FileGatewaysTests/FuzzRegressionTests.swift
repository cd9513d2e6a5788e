import FileGateways
import Foundation
import TestSupport
import Testing
import UseCases

/// Inputs the fuzzers (`Scripts/fuzz`) found mishandled, kept in `Fixtures/fuzz/regressions/`
/// (which also seeds the fuzzers), each with the behaviour it must have.
@Suite struct FuzzRegressionTests {
  /// A regression input and the format it is read as.
  struct Regression: Sendable, CustomTestStringConvertible {
    var path: String
    var format: RecordFormat

    var testDescription: String { path }

    /// The input's bytes.
    func bytes() throws -> [UInt8] {
      let path = FixtureFiles.path("fuzz/regressions/" + path)
      return [UInt8](try #require(FileManager.default.contents(atPath: path), "cannot read \(path)"))
    }
  }

  // MARK: A partial byte order mark

  /// Inputs that start with the first one or two bytes of a UTF-8 byte order mark (EF, or EF BB)
  /// but not the third (BF). Those bytes are not UTF-8 and not a byte order mark; found by
  /// FuzzNDJSONRecords (a lone EF gave no record and no issue: the byte vanished).
  static let partialByteOrderMarks = [
    Regression(path: "FuzzNDJSONRecords/partial-byte-order-mark-alone.ndjson", format: .ndjson),
    Regression(path: "FuzzNDJSONRecords/partial-byte-order-mark.ndjson", format: .ndjson),
    Regression(path: "FuzzJSONRecords/partial-byte-order-mark.json", format: .json),
    Regression(path: "FuzzCSVRecords/partial-byte-order-mark.csv", format: .csv),
  ]

  @Test(arguments: partialByteOrderMarks)
  func partialByteOrderMarkIsAnIssueAtTheFirstByte(_ regression: Regression) async throws {
    let bytes = try regression.bytes()
    let records = try await readAll(
      BytesTransactionSource(name: "t", bytes: bytes, format: regression.format))

    let issue = try #require(
      records.first?.issue,
      "the bytes \(bytes.prefix(2)) start no byte order mark and are not UTF-8, yet nothing names them: \(records)"
    )
    #expect(issue.position == at(1, 1))
    #expect(records.allSatisfy { $0.transaction == nil }, "a record was read past bytes that are not UTF-8")
  }

  // MARK: A fee where the rows that decided the reading held none

  /// Found by FuzzCSVRecords (`FuzzCSVRecords/bank-fee-past-an-unreadable-sample.csv`: a
  /// payment processor's export whose first row opens a quote it never closes, so the rows that
  /// decide the reading show no fee). The fee column was read as holding none, "nothing turns on
  /// it", and every later row's fee was then taken off its amount with nothing to prove it: 45.00
  /// read as 43.39. Now each such fee is an error at it that asks what the rows would have asked.
  @Test func aFeePastTheRowsThatDecidedIsAskedNotFolded() async throws {
    let bytes = try Regression(path: "FuzzCSVRecords/bank-fee-past-an-unreadable-sample.csv", format: .csv)
      .bytes()
    let records = try await readAll(BytesTransactionSource(name: "t", bytes: bytes, format: .csv))

    let unproved = records.compactMap(\.issue).filter {
      $0.readingProblem == .syntax(.feeNotProved(column: "fee"))
    }
    #expect(unproved.count == 5, "\(records)")
    #expect(unproved.first?.position == at(3, 137))
    #expect(records.compactMap(\.transaction).isEmpty, "a transaction with a fee nothing proved: \(records)")
  }

  // MARK: A guess at the format when the file ends with the chunk

  /// Found by FuzzFileRecords (`FuzzFileRecords/line-guess-at-the-last-chunk.bin`: NDJSON,
  /// records of at most 26 bytes, 1 MiB − 1 line feeds then `]`). The first line that is not
  /// blank is not a record, so the decoder looks ahead at it to guess the format; that moved the
  /// unread bytes to the start of the buffer and found the end of the file, but left the end of
  /// what may be read where it was. The next reads ran past the bytes: a crash (index out of
  /// range), or records made of stale bytes.
  @Test func aGuessAtTheLastLineOfAChunkKeepsTheEndOfTheBytes() async throws {
    let directory = try TemporaryDirectory()
    let bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: (1 << 20) - 1) + Array("]".utf8)
    let path = try directory.file("last.ndjson", bytes: bytes)

    for recordLimit in [26, RecordFormat.maximumRecordLength] {
      let file = FileTransactionSource(path: path, format: .ndjson, recordLimit: recordLimit)
      let records = try await readAll(file)
      let memory = try await readAll(
        BytesTransactionSource(name: path, bytes: bytes, format: .ndjson, recordLimit: recordLimit))
      #expect(records.count == 1, "\(records)")
      #expect(records.first?.issue?.position == at(1 << 20, 1))
      #expect(records == memory)
    }
  }

  // MARK: A record built in its slot, then not given

  /// Found by FuzzNDJSONRecords under LeakSanitizer
  /// (`FuzzNDJSONRecords/valid-record-then-text-on-its-line.ndjson`, decision 0039): the fast
  /// path built a valid record in its batch slot, then the line went on after it; the decoder
  /// threw, the stream put the issue over the record, and the record was never freed. The
  /// stream gave the right issue, so only the leak showed; in a debug build the slot's own check
  /// now stops the program there. The line is one issue, and no record.
  @Test func aLineThatGoesOnAfterItsRecordIsOneIssueAndNoRecord() async throws {
    let bytes = try Regression(
      path: "FuzzNDJSONRecords/valid-record-then-text-on-its-line.ndjson", format: .ndjson
    ).bytes()
    let directory = try TemporaryDirectory()
    let path = try directory.file("line.ndjson", bytes: bytes)

    // One record at a time (`next()`, a slot of its own), and in batches read ahead by a thread.
    let oneByOne = try await readAll(BytesTransactionSource(name: path, bytes: bytes, format: .ndjson))
    guard
      case .available(let lending) = await FileTransactionSource(path: path, format: .ndjson).openLending()
    else {
      Issue.record("\(path) did not open")
      return
    }
    var batched: [SourceRecord] = []
    while lending.nextRecords({ record, _ in batched.append(copy record) }) {}

    for records in [oneByOne, batched] {
      #expect(records.count == 1, "\(records)")
      #expect(records.first?.issue?.readingProblem == .syntax(.textAfterRecordOnLine))
      #expect(records.first?.issue?.position == at(1, 120))
    }
  }
}
