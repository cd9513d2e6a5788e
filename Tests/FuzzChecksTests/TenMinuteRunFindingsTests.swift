import FileGateways
import Testing

@testable import FuzzChecks

/// The findings of the 10-minute runs of FuzzCSVRecords and FuzzQIFRecords for issue 46, kept
/// in `Fixtures/fuzz/regressions/`, and the rule each settled.
///
/// How a bank's CSV export ends its lines is decided once, from its first line break: two
/// carriage returns alone are the empty lines of a classic Mac file (the oracle took a file with
/// no line that is not empty for the native format, never converted, and wanted an issue); a
/// file whose first line names `group` is native and never converted, and the line the decoder
/// skips for its bare carriage return does not decide it again (the decoder read the rest as a
/// classic Mac file, with lines the oracle's layout did not have). A space inside a QIF date's
/// number is no padding: `3/0 4'24` is an error, not 2024-03-04. And the oracle's false alarm
/// of FuzzOFXRecords: a stray byte that continues no character (0xA5) just before a pending
/// transaction's `<STMTTRNP>` takes no column, so the record's start, the `<`, has its position;
/// the oracle read the tag from that byte, found none, and wanted the group Posted. The smoke
/// run then found the same byte ending a transaction cut by the limit of a record: the next
/// transaction, the one cut, starts at that byte's position, and the oracle measured the one
/// before it.
@Suite struct TenMinuteRunFindingsTests {
  @Test("A file of line breaks alone has no native header: it is read as a bank's export")
  func noHeaderIsNoNativeHeader() {
    #expect(!CSVHeader([0x0D, 0x0D]).isNative)
    #expect(!CSVHeader(Array("\r\n\r".utf8)).isNative)
    #expect(CSVHeader(Array("\r\rgroup,date\n".utf8)).isNative)
  }

  @Test(
    "The inputs of the findings pass the whole check of their target",
    arguments: [
      (FuzzTarget.csvRecords, "FuzzCSVRecords/carriage-returns-alone-are-empty-lines.csv"),
      (
        FuzzTarget.csvRecords,
        "FuzzCSVRecords/text-decided-once-before-a-line-skipped-for-its-carriage-return.csv"
      ),
      (FuzzTarget.qifRecords, "FuzzQIFRecords/space-inside-a-date-number.qif"),
      (FuzzTarget.ofxRecords, "FuzzOFXRecords/stray-continuation-byte-before-a-pending-transaction.ofx"),
      (FuzzTarget.ofxRecords, "FuzzOFXRecords/record-cut-after-a-stray-continuation-byte.ofx"),
    ])
  func findingsPassTheCheck(target: FuzzTarget, path: String) async throws {
    let bytes = try regressionInput(path)
    try #require(!bytes.isEmpty)
    // The whole check stops its process on a broken invariant: in a process of its own.
    await expectCheckPasses(target, bytes)
  }
}
