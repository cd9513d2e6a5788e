import Foundation
import TestSupport
import Testing

/// Exercise 2 of the workshop (`Architecture/workshop/02-source.md`): `txreport --folder DIR`,
/// every file of a folder read as one source, each in the format its extension names. Off
/// unless `WORKSHOP=2`.
@Suite(.enabled(if: Workshop.isOn(2), "the workshop's exercise 2: run with WORKSHOP=2"))
struct Workshop2SourceTests {
  @Test func optionIsAccepted() throws {
    let folder = try WorkshopRows.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try TXReportProcess.run(["--folder", folder.path])
    #expect(
      !result.standardError.contains("unknown option"),
      "txreport does not know --folder yet. Step 1 of the CLI part: add it to the option table (CommandLineOption.all), then make CommandLineParser.input(_:oneSource:) return ReportInput.folder(path)"
    )
    #expect(
      result.status == 0,
      "an empty folder is a report with no transactions, exit 0 (got \(result.status): \(result.standardError))"
    )
  }

  @Test func filesOfEveryFormatMakeOneReport() throws {
    let folder = try WorkshopRows.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Posted in NDJSON, Authorized in CSV: the report sorts them, as --all does.
    for name in ["demo_posted.ndjson", "demo_authorized.csv"] {
      try FileManager.default.copyItem(
        atPath: TXReportProcess.fixture("formats/\(name)"), toPath: folder.appendingPathComponent(name).path)
    }
    let expected = try TXReportProcess.run(["--all", TXReportProcess.fixture("demo_all.json")])
    let result = try TXReportProcess.run(["--folder", folder.path])
    try #require(
      result.status == 0,
      "txreport --folder on two demo files ended with \(result.status): \(result.standardError). Is the composition root (TransactionReportApp.useCase(for:output:progress:)) giving .folder a FolderTransactionSource in a OneSourceReportUseCase?"
    )
    #expect(
      result.standardOutput == expected.standardOutput,
      "the report of a folder holding demo_posted.ndjson and demo_authorized.csv should be the demo's report, as --all Fixtures/demo_all.json prints it. If rows are missing, does the folder's stream go on to the next file when one ends? If a file reads as JSON, does the gateway get the format of each file from the root (its extension, as InputFormat.inferred(fromPath:) says)?"
    )
  }

  @Test func missingFolderIsAnError() throws {
    let result = try TXReportProcess.run(["--folder", "/nonexistent/txreport-workshop"])
    #expect(
      result.status == 66,
      "a folder that does not exist is a missing input, exit 66, as a missing --all FILE is: FolderTransactionSource.open() returns .missing(reason: .noSuchFile(path:similarPath:)) (got \(result.status): \(result.standardError))"
    )
    #expect(
      result.standardError.contains("/nonexistent/txreport-workshop"),
      "the error names the folder (got \(result.standardError))")
  }

  @Test func invalidRecordIsLocatedInItsFile() throws {
    let folder = try WorkshopRows.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("march.csv")
    try "group,date,description,amount,debit\nP,2016-02-30,Starbucks,3.11,D\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try TXReportProcess.run(["--folder", folder.path])
    #expect(result.status == 65, "an invalid record rejects the input, exit 65 (got \(result.status))")
    #expect(
      result.standardError.contains("\(file.path):2:"),
      "the error is located in the file that holds the record, line 2: each file keeps its own FileTransactionSource, so its issues name it (got \(result.standardError))"
    )
  }
}
