import Entities
import InMemoryGateways
import Presenters
import ReportRendering
import Synchronization
import Testing
import UseCases

/// What an outside client does with the library products and their public API only: a source of
/// its own that suspends, reports made side by side, cancelling at any moment, its own words in
/// every renderer, the document of a partial report, and a table view bound to the data source.
@Suite struct OutsideClientTests {
  // MARK: The client's own source

  /// A transaction made from short values.
  static func transaction(
    _ group: TransactionGroup, day: Int, _ description: String, cents: Int64
  ) throws -> Transaction {
    Transaction(
      group: group, date: try CalendarDate(year: 2016, month: 4, day: day), description: description,
      amount: try #require(Money(minorUnits: cents)), debitCredit: .debit)
  }

  /// A service of the client's own: it suspends in `open()`, as a request over the network does.
  struct SlowService: TransactionSource {
    let name: String
    let transactions: [Transaction]
    var delay: Duration = .milliseconds(2)

    func open() async -> SourceOpening {
      do {
        try await Task.sleep(for: delay)
      } catch {
        return .unavailable(reason: "cancelled")
      }
      return .available(Records(transactions: transactions[...]))
    }
  }

  /// The client's stream of records.
  struct Records: TransactionStream {
    var transactions: ArraySlice<Transaction>

    mutating func next() -> SourceRecord? {
      transactions.popFirst().map { .transaction($0, nil) }
    }
  }

  /// Where a source stands, for the test that cancels it.
  final class Gate: Sendable {
    private let reached = Atomic(false)
    var isReached: Bool { reached.load(ordering: .acquiring) }
    func reach() { reached.store(true, ordering: .releasing) }

    /// Waits, at most five seconds, until the source reaches the point.
    func wait() async throws {
      let deadline = ContinuousClock.now + .seconds(5)
      while !isReached, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
      #expect(isReached, "the source never got there")
    }
  }

  /// A service that does not answer until its report is cancelled.
  struct HangingService: TransactionSource {
    let name = "hanging service"
    let opening: Gate

    func open() async -> SourceOpening {
      opening.reach()
      do {
        try await Task.sleep(for: .seconds(60))
      } catch {
        return .unavailable(reason: "cancelled")
      }
      return .available(Records(transactions: []))
    }
  }

  /// The task a report runs on, for a source that cancels it as a person would, halfway
  /// through its records.
  final class ReportTask: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)
    var isSet: Bool { task.withLock { $0 != nil } }
    func set(_ task: Task<Void, Never>) { self.task.withLock { $0 = task } }
    func cancel() { task.withLock { $0?.cancel() } }
  }

  /// A service that, halfway through its records, cancels the report that reads it.
  struct CancelledMidway: TransactionSource {
    let name = "service cancelled midway"
    let report: ReportTask
    let transactions: [Transaction]

    func open() async -> SourceOpening {
      // Suspends until the test has the report's task, so that it can be cancelled.
      let deadline = ContinuousClock.now + .seconds(5)
      while !report.isSet, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
      return .available(CancellingRecords(report: report, transactions: transactions[...]))
    }
  }

  /// Records that cancel their report halfway through.
  struct CancellingRecords: TransactionStream {
    let report: ReportTask
    var transactions: ArraySlice<Transaction>
    /// How many records are left when the report is cancelled.
    var cancelledAt = 1_500

    mutating func next() -> SourceRecord? {
      if transactions.count == cancelledAt { report.cancel() }
      return transactions.popFirst().map { .transaction($0, nil) }
    }
  }

  // MARK: Eight reports at once

  @Test("Eight reports run at once, each from sources that suspend, each with its own rows")
  func eightConcurrentReports() async throws {
    let results = try await withThrowingTaskGroup(of: (Int, ReportViewState).self) { group in
      for index in 1...8 {
        let authorized = try (1...index).map { day in
          try Self.transaction(.authorized, day: day, "Kauf \(index).\(day)", cents: Int64(100 * index))
        }
        let posted = [try Self.transaction(.posted, day: 1, "Miete \(index)", cents: 1)]
        group.addTask {
          let collector = ReportViewStateCollector()
          await TwoSourceReportUseCase(
            authorized: SlowService(
              name: "a\(index)", transactions: authorized, delay: .milliseconds(9 - index)),
            posted: SlowService(name: "p\(index)", transactions: posted),
            output: TransactionReportPresenter(output: collector, style: .english)
          ).eventGenerateReport()
          return (index, collector.state)
        }
      }
      var results: [Int: ReportViewState] = [:]
      for try await (index, state) in group { results[index] = state }
      return results
    }
    #expect(results.count == 8)
    for index in 1...8 {
      guard case .loaded(let sections)? = results[index] else {
        Issue.record("report \(index) did not load: \(String(describing: results[index]))")
        continue
      }
      let details = sections.rows.filter { $0.kind == "detail" }
      #expect(details.count == index + 1)
      #expect(
        details.first
          == .detail(description: DescriptionText("Kauf \(index).1"), amount: "\(index).00", odd: true))
      let total = index * index * 100 + 1
      #expect(sections.rows.last == .grandFooter(total: "\(total / 100).\(String(format2: total % 100))"))
    }
  }

  // MARK: Cancelling

  @Test("Cancelled while a source is opening, the report ends cancelled, never loaded")
  func cancelWhileOpening() async throws {
    let opening = Gate()
    let collector = ReportViewStateCollector()
    let useCase = TwoSourceReportUseCase(
      authorized: HangingService(opening: opening),
      posted: SlowService(name: "posted", transactions: []),
      output: TransactionReportPresenter(output: collector, style: .english))
    let task = Task.detached { await useCase.eventGenerateReport() }
    try await opening.wait()
    task.cancel()
    await task.value
    #expect(collector.state == .cancelled)
  }

  @Test("Cancelled while a source is read, the report ends cancelled, and the events say so last")
  func cancelWhileReading() async throws {
    let report = ReportTask()
    let view = ReportViewEvents()
    let transactions = try (0..<3_000).map {
      try Self.transaction(.authorized, day: 1 + $0 % 28, "Kauf", cents: 1)
    }
    let useCase = OneSourceReportUseCase(
      source: CancelledMidway(report: report, transactions: transactions),
      output: TransactionReportPresenter(output: view, style: .english))
    let task = Task.detached { await useCase.eventGenerateReport() }
    report.set(task)
    await task.value
    #expect(task.isCancelled)
    var events: [ReportViewEvents.Event] = []
    for await event in view.events { events.append(event) }
    #expect(events.last == .reportCancelled)
    #expect(!events.contains(.reportEnd))
    let collector = ReportViewStateCollector()
    for event in events { event.send(to: collector) }
    #expect(collector.state == .cancelled)
  }

  // MARK: A German report

  /// The client's words: German, every one. A wording with a member left out does not compile:
  /// no member of `ReportWording` has an English default.
  struct GermanWording: ReportWording {
    func title(of scope: ReportScope) -> String {
      switch scope {
      case .group(.authorized): "Vorgemerkte Umsätze"
      case .group(.posted): "Gebuchte Umsätze"
      case .group: "Umsätze"
      case .allTransactions: "Alle Umsätze"
      }
    }
    func unavailableMessage(for scope: ReportScope) -> String {
      "\(title(of: scope)) sind derzeit nicht abrufbar."
    }
    func noTransactionsMessage(for group: TransactionGroup) -> String {
      "Keine \(title(of: .group(group))) in diesem Zeitraum"
    }
    func date(_ date: CalendarDate) -> String {
      "\(String(format2: date.day)).\(String(format2: date.month)).\(date.year)"
    }
    func problem(_ problem: RecordProblem) -> String { "ungültiger Datensatz" }
    func hint(for problem: RecordProblem) -> String? { nil }
    func reason(_ reason: UnavailableReason) -> String { "Dienst nicht erreichbar" }
    func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
      "\(title(of: scope)) fehlen: \(self.reason(reason))"
    }
    func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
      "\(recordCount) ungültige Datensätze"
    }
    func issueLine(_ issue: RecordIssue) -> String {
      issueLine(issue, error: "Fehler", got: "gefunden", hint: "Tipp", characters: "Zeichen")
    }
    func period(_ period: ReportPeriod) -> String {
      switch (period.first, period.last) {
      case (let first?, let last?): "\(date(first)) – \(date(last))"
      case (let first?, nil): "ab \(date(first))"
      case (nil, let last?): "bis \(date(last))"
      case (nil, nil): "jeder Tag"
      }
    }
    func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
      "\(count) Datensätze außerhalb von \(self.period(period)) werden nicht gezeigt"
    }
    func note(_ note: AnySourceProblem) -> String { "Hinweis der Quelle" }
    var languageTag: String { "de" }
    var reportTitle: String { "Umsatzbericht" }
    var totalLabel: String { "Summe" }
    var grandTotalLabel: String { "Gesamtsumme" }
    var grandTotalOfAvailableSourcesLabel: String { "Gesamtsumme der verfügbaren Quellen" }
    var incompleteReportLabel: String { "Unvollständiger Bericht:" }
    var columnHeads: (date: String, description: String, amount: String) {
      ("Datum", "Beschreibung", "Betrag")
    }
  }

  /// The English words of the report, none of which a German report may hold.
  static let englishWords = [
    "Total", "Grand", "Transaction", "Report", "Authorized", "Posted", "Date", "Description", "Amount",
    "Incomplete", "available", "sources", "lang=\"en\"", "Apr ", "from", "until", "$",
  ]

  /// The German report's style, given once: to the presenter and to every renderer.
  static let german = ReportStyle(wording: GermanWording(), amounts: .eur)

  /// A German report of the client's services, one of them down when `partial`.
  static func germanReport(partial: Bool) async throws -> ReportViewStateCollector {
    let collector = ReportViewStateCollector()
    let posted: any TransactionSource =
      partial
      ? InMemoryTransactionSource.unavailable(name: "Buchungsdienst", reason: "503")
      : SlowService(
        name: "Buchungsdienst", transactions: [try transaction(.posted, day: 3, "Miete", cents: 90_000)])
    await TwoSourceReportUseCase(
      authorized: SlowService(
        name: "Kartendienst",
        transactions: [
          try transaction(.authorized, day: 1, "Bäckerei", cents: 311),
          try transaction(.authorized, day: 2, "Buchhandlung", cents: 123_456),
        ]),
      posted: posted, output: TransactionReportPresenter(output: collector, style: german)
    ).eventGenerateReport()
    return collector
  }

  /// Every renderer's document of a report, in the German words of the one style.
  static func documents(of sections: ReportTableDataSource) throws -> [String: String] {
    let period = try ReportPeriod(
      first: CalendarDate(year: 2016, month: 4, day: 1), last: CalendarDate(year: 2016, month: 4, day: 15))
    var text = TextReportRenderer(colors: false, heading: ReportHeading(period: period), style: german)
    // The Markdown and HTML titles are the style's wording's when the heading gives none.
    var markdown = MarkdownReportRenderer(style: german)
    var html = HTMLReportRenderer(heading: ReportHeading(period: period), style: german)
    var json = JSONReportRenderer()
    return [
      "text": text.document(sections), "markdown": markdown.document(sections),
      "html": html.document(sections),
      "json": json.document(sections),
    ]
  }

  @Test("A German wording end to end: no English word in any renderer's document, complete or partial")
  func germanEndToEnd() async throws {
    for partial in [false, true] {
      let collector = try await Self.germanReport(partial: partial)
      guard case .loaded(let sections) = collector.state else {
        Issue.record("the report did not load: \(collector.state)")
        continue
      }
      let documents = try Self.documents(of: sections)
      for (format, document) in documents {
        for word in Self.englishWords {
          #expect(!document.contains(word), "\(format) (partial: \(partial)) says \"\(word)\":\n\(document)")
        }
        #expect(document.contains("Vorgemerkte Umsätze"), "\(format)")
      }
      let html = try #require(documents["html"])
      #expect(html.contains(#"<html lang="de">"#))
      #expect(html.contains("1.234,56\u{A0}€"))
      let markdown = try #require(documents["markdown"])
      #expect(
        markdown.contains("| Datum ") && markdown.contains("| Beschreibung ")
          && markdown.contains(" Betrag |"))
      #expect(html.contains(#"<th scope="col">Beschreibung</th><th scope="col">Betrag</th>"#))
      let text = try #require(documents["text"])
      #expect(text.contains(partial ? "Gesamtsumme der verfügbaren Quellen" : "Gesamtsumme "))
      #expect(text.contains("Summe"))
      #expect(text.contains("01.04.2016"))
      #expect(text.hasPrefix("Umsatzbericht, 01.04.2016 – 15.04.2016\n"))
      #expect(text.contains("1.234,56\u{A0}€"))
    }
  }

  // MARK: A partial report's document

  @Test(
    "A partial report's document keeps its marker after the missing source's message, as the stream writes it"
  )
  func partialDocument() async throws {
    let collector = try await Self.germanReport(partial: true)
    guard case .loaded(let sections) = collector.state else {
      Issue.record("the report did not load: \(collector.state)")
      return
    }
    let wording = GermanWording()
    var renderer = TextReportRenderer(width: 72, colors: false, style: Self.german)
    let document = renderer.document(sections)
    #expect(
      document.contains(
        "Gebuchte Umsätze sind derzeit nicht abrufbar.\n  Unvollständiger Bericht: Gebuchte Umsätze fehlen"))
    #expect(document.contains(wording.grandTotalOfAvailableSourcesLabel + " "))

    // The same rows streamed, as a client that writes each event as it comes.
    var streamed = TextReportRenderer(width: 72, colors: false, style: Self.german)
    var stream = streamed.start()
    var next = 0
    for (index, row) in sections.rows.enumerated() {
      while next < sections.placedWarnings.count, sections.placedWarnings[next].rowsBefore == index {
        stream += streamed.render(sections.placedWarnings[next].warning)
        next += 1
      }
      stream += streamed.render(row)
    }
    stream += streamed.finish()
    #expect(document == stream)
  }

  // MARK: A table view

  /// A table view as UIKit has one, bound to a data source: it asks for the sections, their
  /// headers, rows and footers, and draws each as a line.
  final class TableView {
    var lines: [String] = []

    func reloadData(_ dataSource: ReportTableDataSource, wording: any ReportWording) {
      lines = []
      for section in 0..<dataSource.numberOfSections {
        if case .header(let title)? = dataSource.header(inSection: section) { lines.append("[\(title)]") }
        for row in 0..<dataSource.numberOfRows(inSection: section) {
          switch dataSource.row(at: ReportIndexPath(section: section, row: row)) {
          case .subheader(let date, _)?: lines.append("  \(date)")
          case .detail(let description, let amount, _)?: lines.append("    \(description) \(amount)")
          case .message(let message)?: lines.append("  \(message)")
          case .subfooter?: break
          case let other?: lines.append("unexpected \(other)")
          case nil: lines.append("missing row \(section).\(row)")
          }
        }
        if case .footer(let total, _)? = dataSource.footer(inSection: section) {
          lines.append("  \(wording.totalLabel) \(total)")
        }
        for warning in dataSource.warnings(inSection: section) {
          lines.append("  \(wording.incompleteReportLabel) \(warning.text)")
        }
      }
      if case .grandFooter(let total)? = dataSource.grandTotal {
        let label =
          dataSource.isIncomplete ? wording.grandTotalOfAvailableSourcesLabel : wording.grandTotalLabel
        lines.append("\(label) \(total)")
      }
    }
  }

  @Test(
    "The public table data source binds as a table view binds it: headers and footers apart from the rows")
  func tableView() async throws {
    let collector = try await Self.germanReport(partial: true)
    guard case .loaded(let dataSource) = collector.state else {
      Issue.record("the report did not load: \(collector.state)")
      return
    }
    let table = TableView()
    table.reloadData(dataSource, wording: Self.german.wording)
    #expect(
      table.lines == [
        "[Vorgemerkte Umsätze]",
        "  01.04.2016",
        "    Bäckerei 3,11\u{A0}€",
        "  02.04.2016",
        "    Buchhandlung 1.234,56\u{A0}€",
        "  Summe 1.237,67\u{A0}€",
        "[Gebuchte Umsätze]",
        "  Gebuchte Umsätze sind derzeit nicht abrufbar.",
        "  Unvollständiger Bericht: Gebuchte Umsätze fehlen: Dienst nicht erreichbar",
        "Gesamtsumme der verfügbaren Quellen 1.237,67\u{A0}€",
      ])
  }
}

extension String {
  /// A number from 0 to 99 in two digits, as `05`.
  init(format2 number: Int) {
    self = number < 10 ? "0\(number)" : "\(number)"
  }
}
