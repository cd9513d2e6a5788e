import CLI
import Entities
import Presenters
import ReportRendering
import TestSupport
import Testing
import UseCases

/// A partial report's document, made at once from the finished report
/// (`ReportRenderer.document(_:)`), is the text the command line streams: the
/// `Incomplete report:` marker right after the missing source's message, and the grand total
/// of the available sources (decision 0023).
@Suite struct PartialDocumentTests {
  /// A report whose Posted source cannot be read.
  private static func useCase(output: any TransactionReportUseCaseOutput) throws -> TwoSourceReportUseCase {
    let records: [SourceRecord] = [
      .transaction(try .fixture(date: "2016-04-01", description: "Starbucks", amount: "3.11"), nil),
      .transaction(try .fixture(date: "2016-04-02", description: "Amazon", amount: "40.00"), nil),
    ]
    return TwoSourceReportUseCase(
      authorized: FakeTransactionSource(name: "authorized.json", openings: [.records(records)]),
      posted: FakeTransactionSource(name: "posted.json", openings: [.unavailable(reason: "gone")]),
      output: output, partial: true)
  }

  /// The text the command line's view streams, and the document of the collected report.
  private static func streamedAndDocument(_ renderer: some ByteRenderer) async throws -> (String, String) {
    let output = MemoryTextSink()
    let view = CommandLineView(renderer: renderer, output: output, errors: MemoryTextSink())
    try await useCase(output: TransactionReportPresenter(output: view, style: .english)).eventGenerateReport()
    let collector = ReportViewStateCollector()
    try await useCase(output: TransactionReportPresenter(output: collector, style: .english))
      .eventGenerateReport()
    guard case .loaded(let sections) = collector.state else {
      Issue.record("the report did not load: \(collector.state)")
      return (output.text, "")
    }
    var document = renderer
    return (output.text, document.document(sections))
  }

  @Test("Text: the document of a partial report is the streamed text, marker and label in place")
  func text() async throws {
    let (streamed, document) = try await Self.streamedAndDocument(
      TextReportRenderer(width: 80, colors: false, style: .english))
    #expect(document == streamed)
    #expect(
      document.contains(
        "Posted Transactions are not currently available.\n  Incomplete report: Posted Transactions"))
    #expect(document.contains(EnglishReportWording().grandTotalOfAvailableSourcesLabel + " "))
  }

  @Test("Markdown: the document of a partial report is the streamed text, marker and label in place")
  func markdown() async throws {
    let (streamed, document) = try await Self.streamedAndDocument(MarkdownReportRenderer(style: .english))
    #expect(document == streamed)
    #expect(document.contains("> **Incomplete report:** Posted Transactions"))
    #expect(document.contains("**Grand Total of available sources: 43.11**"))
  }

  @Test("HTML: the document of a partial report is the streamed page, marker and label in place")
  func html() async throws {
    let (streamed, document) = try await Self.streamedAndDocument(HTMLReportRenderer(style: .english))
    #expect(document == streamed)
    #expect(document.contains(#"<p class="warning" role="note"><strong>Incomplete report:</strong>"#))
    #expect(document.contains(">Grand Total of available sources</h2>"))
  }

  @Test("The finished report keeps the warning after the message row; a complete one has none")
  func placedWarning() async throws {
    let collector = ReportViewStateCollector()
    try await Self.useCase(output: TransactionReportPresenter(output: collector, style: .english))
      .eventGenerateReport()
    guard case .loaded(let sections) = collector.state else {
      Issue.record("the report did not load: \(collector.state)")
      return
    }
    #expect(sections.isIncomplete)
    let placed = try #require(sections.placedWarnings.first)
    #expect(
      sections.rows[placed.rowsBefore - 1] == .message("Posted Transactions are not currently available."))
    #expect(!ReportTableDataSource(rows: sections.rows).isIncomplete)
  }
}
