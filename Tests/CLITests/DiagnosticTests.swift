import CLI
import Presenters
import ReportRendering
import Testing

@Suite struct DiagnosticTests {
  @Test("A label is plain unless asked: what a script or a test captures from standard error")
  func plain() {
    #expect(Diagnostic.line(.error, "bad") == "txreport: error: bad\n")
    #expect(Diagnostic.line(.warning, "gone", colored: false) == "txreport: warning: gone\n")
  }

  @Test(
    "On a terminal, the error label is bold red and the warning label bold yellow; the message is not coloured"
  )
  func colored() {
    #expect(Diagnostic.line(.error, "bad", colored: true) == "\u{1B}[1;31mtxreport: error:\u{1B}[0m bad\n")
    #expect(
      Diagnostic.line(.warning, "gone", colored: true) == "\u{1B}[1;33mtxreport: warning:\u{1B}[0m gone\n")
  }

  @Test("A coloured label still shows the message's control characters escaped")
  func coloredEscapes() {
    let line = Diagnostic.line(.error, "x\u{1B}[2Jy", colored: true)
    #expect(line == "\u{1B}[1;31mtxreport: error:\u{1B}[0m x\\u{1B}[2Jy\n")
  }

  @Test("The view colours its warning and error labels only when told to")
  func view() {
    let warning = SourceWarning(scope: .group(.posted), reason: "gone", text: "Posted Transactions: gone")
    let rejection = InputRejection(
      issues: [], lines: ["a.json:1:2: error: date: bad"], totalCount: 1, recordCount: 1,
      summary: "1 invalid record.")
    for colored in [false, true] {
      let errors = MemoryTextSink()
      let view = CommandLineView(
        renderer: TextReportRenderer(colors: false, style: .english), output: MemoryTextSink(),
        errors: errors,
        coloredLabels: colored)
      view.showSourceUnavailable(warning)
      view.showInputRejected(rejection)
      #expect(
        errors.text
          == Diagnostic.line(.warning, "Posted Transactions: gone", colored: colored)
          + "a.json:1:2: error: date: bad\n"
          + Diagnostic.line(.error, "1 invalid record.", colored: colored))
      #expect(errors.text.contains("\u{1B}[") == colored)
    }
  }

  private final class FullDiskSink: TextSink {
    func write(_ text: String) {}
    func flush() {}
    var failure: String? { "No space left on device" }
  }

  @Test("The view colours the label of a report that cannot be written when told to")
  func writeFailure() {
    let errors = MemoryTextSink()
    let view = CommandLineView(
      renderer: JSONReportRenderer(), output: FullDiskSink(), errors: errors, coloredLabels: true)
    view.showReportStart()
    view.showReportEnd()
    #expect(
      errors.text
        == "\u{1B}[1;31mtxreport: error:\u{1B}[0m cannot write the report: No space left on device\n")
  }
}
