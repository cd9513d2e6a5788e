import Entities
import TestSupport
import Testing
import TransactionSourceTesting
import UseCases

/// The public helper a client runs on its own source: each promise of the port, kept and broken.
@Suite struct TransactionSourceContractTests {
  private func records(_ transactions: [Transaction]) -> [SourceRecord] {
    transactions.map { .transaction($0, nil) }
  }

  @Test("A source that replays its records, or is always unavailable with a reason, keeps the contract")
  func keptContracts() async throws {
    let replaying = FakeTransactionSource(name: "a", transactions: try SmallReport.authorized())
    let empty = FakeTransactionSource(name: "e", records: [])
    let unavailable = FakeTransactionSource.unavailable(name: "u", reason: "the service is down")
    let invalid = FakeTransactionSource(
      name: "bad.json", records: [.invalid(.fixture(source: "bad.json", line: 3))])

    #expect(await TransactionSourceContract.violations(of: replaying).isEmpty)
    #expect(await TransactionSourceContract.violations(of: empty).isEmpty)
    #expect(await TransactionSourceContract.violations(of: unavailable).isEmpty)
    #expect(await TransactionSourceContract.violations(of: invalid).isEmpty)
  }

  @Test("A source whose later opening gives other records, or fewer, is caught")
  func replaysDiffer() async throws {
    let original = try SmallReport.authorized()
    var changed = original
    changed[1].amount = try .fixture("1.00")
    let other = FakeTransactionSource(
      name: "a", openings: [.records(records(original)), .records(records(changed))])
    let fewer = FakeTransactionSource(
      name: "a", openings: [.records(records(original)), .records(records(Array(original.dropLast())))])

    #expect(
      await TransactionSourceContract.violations(of: other).first == .replayDiffers(opening: 2, record: 1))
    #expect(
      await TransactionSourceContract.violations(of: fewer).first
        == .replayCountDiffers(opening: 2, expected: 4, found: 3))
  }

  @Test("A source that is available once and unavailable later, or unavailable without a reason, is caught")
  func availability() async throws {
    let flaky = FakeTransactionSource(
      name: "a", openings: [.records(records(try SmallReport.authorized())), .unavailable(reason: "gone")])
    let silent = FakeTransactionSource.unavailable(name: "u", reason: "")

    #expect(await TransactionSourceContract.violations(of: flaky).first == .availabilityChanged(opening: 2))
    #expect(
      await TransactionSourceContract.violations(of: silent).first == .unavailableWithoutReason(opening: 1))
  }

  @Test("Issues must name the source and, for a source of text, say where")
  func locatedIssues() async throws {
    var unlocated = RecordIssue.fixture(source: "bad.json", line: 3)
    unlocated.position = nil
    let elsewhere = RecordIssue.fixture(source: "other.json", line: 3)

    #expect(
      await TransactionSourceContract.violations(
        of: FakeTransactionSource(name: "bad.json", records: [.invalid(unlocated)]))
        == [.issueNotLocated(record: 0)])
    #expect(
      await TransactionSourceContract.violations(
        of: FakeTransactionSource(name: "bad.json", records: [.invalid(unlocated)]), locatesIssues: false
      ).isEmpty)
    #expect(
      await TransactionSourceContract.violations(
        of: FakeTransactionSource(name: "bad.json", records: [.invalid(elsewhere)]))
        == [.issueNamesAnotherSource(record: 0, name: "other.json")])
  }

  /// A source whose stream lends its records two at a time, as the package's streams that read
  /// ahead do (`RecordLending`), leaving one out when told to.
  private struct PairLendingSource: LendingSource {
    final class Stream: RecordLending {
      let records: [SourceRecord]
      let skipping: Int?
      var index = 0

      init(records: [SourceRecord], skipping: Int?) {
        (self.records, self.skipping) = (records, skipping)
      }

      func next() -> SourceRecord? {
        guard index < records.count else { return nil }
        defer { index += 1 }
        return records[index]
      }

      func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool {
        guard index < records.count else { return false }
        for lent in index..<min(index + 2, records.count) where lent != skipping { body(records[lent], nil) }
        index = min(index + 2, records.count)
        return true
      }

      func lendDescriptionsAsBytes() {}
    }

    let name = "lending"
    let records: [SourceRecord]
    let skipping: Int?

    func open() async -> SourceOpening { await openLending().opening }

    func openLending() async -> ReadingOpening { .available(Stream(records: records, skipping: skipping)) }
  }

  @Test("A stream that lends its records in batches must lend what next() gives, in order")
  func lentRecords() async throws {
    let records = records(try SmallReport.authorized())
    #expect(
      await LendingContract.firstDifference(in: PairLendingSource(records: records, skipping: nil)) == nil)
    #expect(await LendingContract.firstDifference(in: PairLendingSource(records: records, skipping: 2)) == 2)
  }

  @Test("A stream that does not end within the limit is caught, and the check itself ends")
  func endlessStream() async throws {
    let many = FakeTransactionSource(name: "a", transactions: Array(repeating: try .fixture(), count: 50))
    let violations = await TransactionSourceContract.violations(of: many, recordLimit: 10)
    #expect(violations.contains(.doesNotEnd(limit: 10)))
    #expect(violations.allSatisfy { $0.description.isEmpty == false })
  }
}
