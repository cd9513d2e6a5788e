import Entities
import TestSupport
import Testing
import UseCases

/// A source's notes about what it read (rows skipped as not transactions, another encoding):
/// they change no row and no total, and reach the output once, before the grand footer.
@Suite struct SourceNoteTests {
  private let skipped = AnySourceProblem(
    StatedProblem("'a.csv': 1 row that is not a transaction was skipped"))
  private let encoding = AnySourceProblem(StatedProblem("'a.csv': read as Windows-1252"))

  private func records(noteAt index: Int) throws -> [SourceRecord] {
    var records: [SourceRecord] = try [
      Transaction.fixture(group: .posted, date: "2016-04-01", description: "Coffee", amount: "3.11"),
      Transaction.fixture(group: .posted, date: "2016-04-02", description: "Tea", amount: "1.50"),
    ].map { .transaction($0, nil) }
    records.insert(.note(skipped), at: index)
    records.append(.note(encoding))
    return records
  }

  @Test(
    "Notes come after the last group, in order, before the grand footer; the rows are those without them",
    arguments: [false, true], [0, 1, 2])
  func notesBeforeTheGrandFooter(drafts: Bool, index: Int) async throws {
    let (output, plain) = (UseCaseOutputSpy(acceptsDraft: drafts), UseCaseOutputSpy(acceptsDraft: drafts))
    await OneSourceReportUseCase(
      source: FakeTransactionSource(records: try records(noteAt: index)), output: output
    )
    .eventGenerateReport()
    let withoutNotes = try records(noteAt: index).filter { if case .note = $0 { false } else { true } }
    await OneSourceReportUseCase(source: FakeTransactionSource(records: withoutNotes), output: plain)
      .eventGenerateReport()

    let calls = output.keptCalls
    let grandFooter = try #require(calls.firstIndex(of: .grandFooter(try .fixture("4.61"))))
    #expect(Array(calls[(grandFooter - 2)..<grandFooter]) == [.sourceNote(skipped), .sourceNote(encoding)])
    #expect(calls.filter { if case .sourceNote = $0 { false } else { true } } == plain.keptCalls)
    #expect(!output.calls.contains(.draftDiscarded), "a note does not stop a draft")
  }

  @Test("A rejected input shows its notes, then its issues: how the file was read helps most when it stopped")
  func notesBeforeARejection() async throws {
    let output = UseCaseOutputSpy()
    await OneSourceReportUseCase(
      source: FakeTransactionSource(records: [.note(skipped), .invalid(.fixture(line: 2))]), output: output
    ).eventGenerateReport()

    #expect(output.calls.count == 2)
    #expect(output.calls.first == .sourceNote(skipped))
    guard case .invalidInput? = output.calls.last else {
      Issue.record("the rejection is not last: \(output.calls)")
      return
    }
  }
}
