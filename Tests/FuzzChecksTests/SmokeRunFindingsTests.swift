import FileGateways
import Testing
import UseCases

@testable import FuzzChecks

/// The findings of CI's smoke run of FuzzCSVRecords on 2026-12-07, kept in
/// `Fixtures/fuzz/regressions/FuzzCSVRecords/` (shrunk with `Scripts/fuzz --minimize`), and the
/// rule each settled. Both were false alarms of the oracle, not the decoder's: the decoder
/// skips a line that starts with a carriage return alone, with an issue for it, and reads the
/// header on a line below.
///
/// - The oracle took the header's delimiter from the first line, after its carriage return;
///   the decoder reads the header on the first line that does not start with one, and splits
///   it by that line's delimiter. With a comma in the one and a semicolon in the other (before
///   a quote that opens a field only when a semicolon splits the line), the oracle saw the
///   header end a line early and wanted a record for the next line, which the header's
///   quoted field holds.
/// - A bank's header found below lines of title is the line the decoder found, even when it
///   starts with a carriage return alone: that is its problem, which ends the input. The
///   oracle took the line for a row of its own and the next for the header, and wanted the
///   rows under it.
@Suite struct SmokeRunFindingsTests {
  @Test("The header's delimiter is the one of the line the decoder reads it on")
  func delimiterOfTheHeaderBelowCarriageReturns() {
    // The decoder skips the first line for its carriage return and reads `a;"b,c,d"`.
    #expect(CSVHeader(Array("\rx,y\na;\"b,c,d\"\n".utf8)).delimiter == UInt8(ascii: ";"))
    #expect(CSVHeader(Array("\rx,y\n\r\n\rz\na;\"b,c,d\"\n".utf8)).delimiter == UInt8(ascii: ";"))
    // A first line without a carriage return alone is the header, as before.
    #expect(CSVHeader(Array("x,y\na;\"b,c,d\"\n".utf8)).delimiter == UInt8(ascii: ","))
  }

  @Test(
    "The inputs of the findings pass the whole check of their target",
    arguments: [
      "FuzzCSVRecords/header-delimiter-below-lines-that-start-with-carriage-returns.csv",
      "FuzzCSVRecords/bank-header-found-below-starts-with-a-carriage-return.csv",
    ])
  func findingsPassTheCheck(path: String) async throws {
    let bytes = try regressionInput(path)
    try #require(!bytes.isEmpty)
    // The whole check stops its process on a broken invariant: in a process of its own.
    await expectCheckPasses(.csvRecords, bytes)
  }

  @Test("The decoder gives each finding's issues, and ends at the header's problem")
  func decoderEndsAtTheHeadersProblem() async throws {
    let cases: [(path: String, lines: [Int])] = [
      ("FuzzCSVRecords/header-delimiter-below-lines-that-start-with-carriage-returns.csv", [2, 3]),
      ("FuzzCSVRecords/bank-header-found-below-starts-with-a-carriage-return.csv", [1, 3]),
    ]
    for (path, lines) in cases {
      let bytes = try regressionInput(path)
      let source = BytesTransactionSource(name: "finding.csv", bytes: bytes, format: .csv)
      let records = await SourceRecord.all(of: source, limit: 100)
      let issueLines = records.compactMap { record -> Int? in
        guard case .invalid(let issue) = record else { return nil }
        return issue.position?.line
      }
      #expect(issueLines == lines, "\(path)")
      #expect(!records.contains { if case .transaction = $0 { true } else { false } }, "\(path)")
    }
  }
}
