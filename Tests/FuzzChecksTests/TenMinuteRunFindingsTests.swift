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
/// before it. The CSV run on main then found a bank's header with more semicolons than commas
/// whose comma split names a date, a description and an amount: the decoder splits it at the
/// commas (the names prove them), the oracle split it at the semicolons, so it saw no quoted
/// field running past the line and measured the record cut at the limit as the first line.
/// Its next 10-minute run found a first line that starts with a carriage return alone and names
/// `group` after it: the decoder takes the file as native (converting no line break), skips
/// that line with an issue for its carriage return, and reads a bank's header below it; the
/// oracle read the line as the native header and wanted each value as the native format writes
/// it. It does not follow the decoder there: such an input's values are not read back. The
/// run after it found the same file asking about its fee column: a question the reading asks
/// before any row is read, at the first value that shows it, so no row before it is dropped.
@Suite struct TenMinuteRunFindingsTests {
  @Test("A file of line breaks alone has no native header: it is read as a bank's export")
  func noHeaderIsNoNativeHeader() {
    #expect(!CSVHeader([0x0D, 0x0D]).isNative)
    #expect(!CSVHeader(Array("\r\n\r".utf8)).isNative)
    #expect(CSVHeader(Array("\r\rgroup,date\n".utf8)).isNative)
  }

  @Test("A native header after a carriage return alone is not read back")
  func nativeHeaderAfterACarriageReturnIsNotReadBack() {
    #expect(!CSVHeader(Array("\rgroup,date\nDate,Description,Amount\n".utf8)).isReadable)
    #expect(CSVHeader(Array("group,date\nDate,Description,Amount\n".utf8)).isReadable)
    #expect(CSVHeader(Array("\rab,c,d\nDate,Description,Amount\n".utf8)).isReadable)
  }

  @Test("A bank's header is split where its names prove the columns, not by the count")
  func bankHeaderSplitByItsNames() {
    #expect(CSVHeader(Array(";;;;;p,date,description,amount\n".utf8)).delimiter == UInt8(ascii: ","))
    #expect(CSVHeader(Array("a;b;c;d;e,date,description,amount\n".utf8)).delimiter == UInt8(ascii: ","))
    // No split proves the columns: the most frequent delimiter, as before.
    #expect(CSVHeader(Array(";;;;;p,x,y,z\n".utf8)).delimiter == UInt8(ascii: ";"))
    // The native header is told by the count alone, as the decoder tells it.
    #expect(CSVHeader(Array("group;date;;;;,amount\n".utf8)).delimiter == UInt8(ascii: ";"))
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
      (FuzzTarget.csvRecords, "FuzzCSVRecords/bank-header-split-where-its-names-prove-columns.csv"),
      (FuzzTarget.csvRecords, "FuzzCSVRecords/bank-header-split-by-fewer-commas-than-semicolons.csv"),
      (FuzzTarget.csvRecords, "FuzzCSVRecords/group-after-a-carriage-return-then-a-bank-header.csv"),
      (FuzzTarget.csvRecords, "FuzzCSVRecords/fee-question-below-a-skipped-first-line.csv"),
    ])
  func findingsPassTheCheck(target: FuzzTarget, path: String) async throws {
    let bytes = try regressionInput(path)
    try #require(!bytes.isEmpty)
    // The whole check stops its process on a broken invariant: in a process of its own.
    await expectCheckPasses(target, bytes)
  }
}
