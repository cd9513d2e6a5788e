import CLI
import Presenters
import ReportRendering
import Testing

@Suite struct CommandLineViewTests {
  @Test("Rows go to standard output through the renderer; the status stays 0")
  func rows() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(renderer: JSONReportRenderer(), output: output, errors: errors)
    view.showReportStart()
    view.showRow(.grandFooter(total: "0.00"))
    view.showReportEnd()
    #expect(output.text == "[\n  {\n    \"type\": \"grandfooter\",\n    \"total\": \"0.00\"\n  }\n]\n")
    #expect(errors.text.isEmpty)
    #expect(view.exitStatus == .success)
  }

  @Test("An unavailable source is a warning on standard error and exit status 3")
  func warning() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(renderer: JSONReportRenderer(), output: output, errors: errors)
    view.showSourceUnavailable(
      SourceWarning(
        scope: .group(.posted), reason: .cannotOpen(path: "p.json", systemError: "No such file or directory"),
        text: "Posted Transactions are not available: cannot read 'p.json': No such file or directory"))
    #expect(
      errors.text
        == "txreport: warning: Posted Transactions are not available: cannot read 'p.json': No such file or directory\n"
    )
    #expect(view.exitStatus == .sourceUnavailable)
  }

  @Test("Rejected input lists each issue and a summary on standard error, with exit status 65")
  func rejection() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(renderer: TextReportRenderer(colors: false), output: output, errors: errors)
    view.showSourceUnavailable(
      SourceWarning(
        scope: .group(.posted), reason: "gone", text: "Posted Transactions are not available: gone"))
    view.showInputRejected(
      InputRejection(
        issues: [], lines: ["a.json:1:2: error: date: bad"], totalCount: 3, recordCount: 3,
        summary: "3 invalid records (2 not shown); no report was made."))
    #expect(output.text == "  Incomplete report: Posted Transactions are not available: gone\n")
    #expect(
      errors.text.hasSuffix(
        "a.json:1:2: error: date: bad\ntxreport: error: 3 invalid records (2 not shown); no report was made.\n"
      ))
    #expect(view.exitStatus == .dataError)
  }
}

@Suite struct CommandLineViewWriteFailureTests {
  private final class FullDiskSink: TextSink {
    func write(_ text: String) {}
    func flush() {}
    var failure: String? { "No space left on device" }
  }

  @Test("A report that cannot be written is an error naming the reason, with exit code 74")
  func writeFailure() {
    let errors = MemoryTextSink()
    let view = CommandLineView(renderer: JSONReportRenderer(), output: FullDiskSink(), errors: errors)
    view.showReportStart()
    view.showRow(.grandFooter(total: "0.00"))
    view.showReportEnd()
    #expect(errors.text == "txreport: error: cannot write the report: No space left on device\n")
    #expect(view.exitStatus == .outputError)
  }

  @Test(
    "Missing inputs: an error each, the --partial note only when one group's file alone is missing; exit 66")
  func missingInput() {
    let one = SourceWarning(scope: .group(.posted), reason: "p", text: "cannot read 'p.json': gone")
    let all = SourceWarning(scope: .allTransactions, reason: "a", text: "cannot read 'all.json': gone")
    for (missing, note) in [([one], true), ([all], false), ([one, one], false)] {
      let (output, errors) = (MemoryTextSink(), MemoryTextSink())
      let view = CommandLineView(renderer: TextReportRenderer(colors: false), output: output, errors: errors)
      view.showInputMissing(missing, rejection: nil)
      let lines = missing.map { "txreport: error: \($0.text)\n" }.joined()
      let hint = "txreport: note: no report was made; to report the other group without it, add --partial\n"
      #expect(errors.text == lines + (note ? hint : ""))
      #expect(output.text.isEmpty)
      #expect(view.exitStatus == .noInput)
    }
  }

  @Test("Missing inputs with invalid records elsewhere: the errors, every issue line, the summary; exit 66")
  func missingInputAndRejection() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(renderer: TextReportRenderer(colors: false), output: output, errors: errors)
    view.showInputMissing(
      [SourceWarning(scope: .group(.posted), reason: "p", text: "cannot read 'p.json': gone")],
      rejection: InputRejection(
        issues: [], lines: ["a.json:2:3: error: date: bad"], totalCount: 1, recordCount: 1,
        summary: "1 invalid record; no report was made."))
    #expect(
      errors.text
        == "txreport: error: cannot read 'p.json': gone\na.json:2:3: error: date: bad\n"
        + "txreport: error: 1 invalid record; no report was made.\n")
    #expect(output.text.isEmpty)
    #expect(view.exitStatus == .noInput)
  }
}
