import CLI
import Entities
import Presenters
import ReportRendering
import Synchronization
import Testing
import UseCases

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

  @Test(
    "A detail row whose description is bytes of a shared block is written as one with a String, with the rows around it"
  )
  func detailLentAsBytes() {
    let descriptions = [
      "Starbucks", "Café \"Lune\" <b>", "東京 #1 *x*", "bell\u{7}", String(repeating: "long ", count: 30),
    ]
    for renderer in [
      TextReportRenderer(width: 60, colors: true, style: .english), JSONReportRenderer(),
      MarkdownReportRenderer(style: .english),
      HTMLReportRenderer(style: .english),
    ] as [any ByteRenderer] {
      let (byRow, lent) = (MemoryTextSink(), MemoryTextSink())
      let views = [
        CommandLineView(renderer: renderer, output: byRow, errors: MemoryTextSink()),
        CommandLineView(renderer: renderer, output: lent, errors: MemoryTextSink()),
      ]
      for (index, view) in views.enumerated() {
        view.showReportStart()
        view.showRow(.header(title: "Authorized Transactions"))
        view.showRow(.subheader(title: "Apr 01, 2016", odd: true))
        for (number, description) in descriptions.enumerated() {
          let amount = Money(minorUnits: number % 2 == 0 ? 100 : -250) ?? .zero
          if index == 0 {
            view.showRow(
              .detail(
                description: DescriptionText(description), amount: AmountStyle.plain.text(amount),
                odd: number % 3 == 0))
          } else {
            let shared = DescriptionText(sharing: Array(description.utf8), range: 0..<description.utf8.count)
            view.showRow(
              .detail(description: shared, amount: AmountStyle.plain.text(amount), odd: number % 3 == 0))
          }
        }
        view.showRow(.subfooter(odd: true))
        view.showReportEnd()
      }
      #expect(lent.text == byRow.text, "\(type(of: renderer))")
      #expect(lent.text.contains("Starbucks"))
    }
  }

  @Test("An unavailable source is a warning on standard error and exit status 3")
  func warning() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(renderer: JSONReportRenderer(), output: output, errors: errors)
    view.showSourceUnavailable(
      SourceWarning(
        scope: .group(.posted), reason: "cannot read 'p.json': No such file or directory",
        text: "Posted Transactions are not available: cannot read 'p.json': No such file or directory"))
    #expect(
      errors.text
        == "txreport: warning: Posted Transactions are not available: cannot read 'p.json': No such file or directory\n"
    )
    #expect(view.exitStatus == .sourceUnavailable)
  }

  @Test("A source's note is a note on standard error, and leaves the exit status as it is")
  func sourceNote() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(renderer: JSONReportRenderer(), output: output, errors: errors)
    let note = AnySourceProblem(StatedProblem("'a.csv': 2 rows that are not transactions were skipped"))
    TransactionReportPresenter(output: view, style: .english).presentSourceNote(note)

    #expect(errors.text == "txreport: note: 'a.csv': 2 rows that are not transactions were skipped\n")
    #expect(view.exitStatus == .success)
  }

  @Test("Rejected input lists each issue and a summary on standard error, with exit status 65")
  func rejection() {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let view = CommandLineView(
      renderer: TextReportRenderer(colors: false, style: .english), output: output, errors: errors)
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
      let view = CommandLineView(
        renderer: TextReportRenderer(colors: false, style: .english), output: output, errors: errors)
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
    let view = CommandLineView(
      renderer: TextReportRenderer(colors: false, style: .english), output: output, errors: errors)
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

/// Rows are rendered into a buffer and written in batches (``CommandLineView/batchSize``); what
/// the view writes otherwise, and what it flushes, still comes after every row shown before it.
@Suite struct CommandLineViewBatchTests {
  /// What the sinks of one view were given, in order.
  private final class Log: Sendable {
    let entries = Mutex<[String]>([])
  }

  /// A sink that logs each write and flush, in a log it may share with another sink.
  private final class LoggingSink: TextSink {
    let name: String
    let log: Log

    init(_ name: String, log: Log) {
      self.name = name
      self.log = log
    }

    func write(_ text: String) { log.entries.withLock { $0.append("\(name): \(text)") } }
    func flush() { log.entries.withLock { $0.append("\(name) flushed") } }
    var failure: String? { nil }
  }

  private static func detail(_ number: Int) -> ReportRow {
    .detail(description: DescriptionText("Shop \(number)"), amount: "\(number).00", odd: number % 2 == 0)
  }

  /// A text view whose output and errors write to one log.
  private static func loggedView() -> (CommandLineView, Log) {
    let log = Log()
    let view = CommandLineView(
      renderer: TextReportRenderer(colors: false, style: .english), output: LoggingSink("out", log: log),
      errors: LoggingSink("err", log: log))
    return (view, log)
  }

  /// The text the renderer gives each row on its own, joined.
  private static func rendered(_ rows: [ReportRow]) -> String {
    var renderer = TextReportRenderer(colors: false, style: .english)
    return rows.map { renderer.render($0) }.joined()
  }

  @Test("Rows reach the output in batches of at least 64 KiB, in order, and all of them by the report's end")
  func rowsInBatches() {
    let (view, log) = Self.loggedView()
    let rows = (0..<5_000).map(Self.detail)
    for row in rows { view.showRow(row) }
    view.showReportEnd()
    // The text renderer's end is empty: the last rows are the last write with text.
    let writes = log.entries.withLock { $0 }.filter { $0.hasPrefix("out: ") && $0 != "out: " }
    let text = Self.rendered(rows)
    // About 400 KB of rows: six batches of 64 KiB and what is left, not 5,000 writes.
    #expect(text.utf8.count > 6 * 65_536 && text.utf8.count < 7 * 65_536)
    #expect(writes.count == 7)
    #expect(writes.dropLast().allSatisfy { $0.utf8.count - 5 >= CommandLineView.batchSize })
    #expect(writes.map { $0.dropFirst(5) }.joined() == text)
  }

  @Test("Rows not written yet come before a warning, and before the errors of a rejection")
  func rowsBeforeWhatFollows() {
    let (view, log) = Self.loggedView()
    view.showRow(Self.detail(1))
    view.showSourceUnavailable(
      SourceWarning(
        scope: .group(.posted), reason: "gone", text: "Posted Transactions are not available: gone"))
    view.showRow(Self.detail(2))
    view.showInputRejected(
      InputRejection(
        issues: [], lines: [], totalCount: 1, recordCount: 1, summary: "1 invalid record; no report was made."
      ))
    #expect(
      log.entries.withLock { $0 } == [
        "out: " + Self.rendered([Self.detail(1)]),
        "out:   Incomplete report: Posted Transactions are not available: gone\n",
        "err: txreport: warning: Posted Transactions are not available: gone\n", "err flushed",
        "out: " + Self.rendered([Self.detail(2)]), "out flushed",
        "err: txreport: error: 1 invalid record; no report was made.\n", "err flushed",
      ])
  }

  @Test("A discarded draft takes back its rows, written to the output or not yet", arguments: [3, 5_000])
  func discardedDraft(rowsInDraft: Int) throws {
    let standardOutput = MemoryTextSink()
    let spool = SpooledStandardOutput(releasingTo: standardOutput, isTerminal: false)
    let view = CommandLineView(
      renderer: TextReportRenderer(colors: false, style: .english), file: spool, errors: MemoryTextSink(),
      coloredLabels: false
    )
    #expect(view.takesBackDrafts)
    for number in 0..<rowsInDraft { view.showRow(Self.detail(number)) }
    view.discardDraft()
    view.showRow(Self.detail(7))
    view.showReportEnd()
    try spool.commit()
    #expect(standardOutput.text == Self.rendered([Self.detail(7)]))
  }

  @Test(
    "A transaction list: a line per transaction, nothing of the rows; its warnings and status as for any format"
  )
  func transactionList() throws {
    let (standardOutput, errors) = (MemoryTextSink(), MemoryTextSink())
    let spool = SpooledStandardOutput(releasingTo: standardOutput, isTerminal: false)
    let view = CommandLineView(
      renderer: TransactionLines(), file: spool, errors: errors, coloredLabels: false)
    let starbucks = ListedTransaction(
      date: "2016-04-01", group: "A", description: "Starbucks", amount: "3.11")
    let payment = ListedTransaction(date: "2016-05-02", group: "P", description: "Payment", amount: "-400.00")
    #expect(view.takesBackDrafts)
    view.showReportStart()
    view.showTransaction(payment)
    view.discardDraft()  // a draft of the list is taken back as a draft of rows is
    view.showReportStart()
    view.showRow(.header(title: "Authorized Transactions"))
    view.showTransaction(starbucks)
    view.showRow(.message("Posted Transactions are not currently available."))
    view.showSourceUnavailable(
      SourceWarning(
        scope: .group(.posted), reason: "down", text: "Posted Transactions are not available: down"))
    view.showRow(.grandFooter(total: "3.11"))
    view.showReportEnd()
    try spool.commit()
    #expect(
      standardOutput.text == #"{"date":"2016-04-01","group":"A","description":"Starbucks","amount":"3.11"}"#
        + "\n")
    #expect(errors.text == "txreport: warning: Posted Transactions are not available: down\n")
    #expect(view.exitStatus == .sourceUnavailable)
  }
}
