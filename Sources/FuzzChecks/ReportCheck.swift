import CLI
import Entities
import FileGateways
import Presenters
import ReportRendering
import TransactionStorage
import UseCases

/// The invariants of the whole path from bytes to rows and rendered text.
///
/// The sources are read once here and the outcome worked out by ``ExpectedReport``. Then the
/// use case of the input's mode runs into a ``TransactionReportPresenter`` whose view records
/// every call and passes it on to a ``CommandLineView`` (text, into memory) and a
/// ``ReportViewStateCollector``. The checks:
///
/// - there is a report or a rejection, never both, and never a warning (bytes are always
///   available; the one documented exception, a source that changes between passes, cannot
///   happen to bytes in memory), but for a bank's refusal in the bytes (an OFX `STATUS` of
///   severity `ERROR`), whose source the view must be told is unavailable;
/// - a rejection exactly when some record is invalid, in the wrong source, or makes a total
///   overflow, counting each (two sources that look swapped count once); its lines name a
///   source and show no raw control character; the command line writes no report and exits 65;
/// - a report's rows follow the grammar of ``RowGrammar`` and are exactly the expected rows;
///   the text renderer passes ``TextRenderingCheck``; the JSON renderer's output reads back as
///   the same rows; the Markdown renderer passes ``MarkdownRenderingCheck`` (a model of GitHub's
///   rules) and the HTML renderer ``HTMLRenderingCheck`` (the page read back, element by
///   element); the command line writes that text, no error, and exits 0;
/// - the collector's state agrees, and a second run through the same presenter gives the same
///   calls;
/// - the report is made as the command line makes it (the transformer over the sources read
///   compactly: drafts, held pages, descriptions shared from them) and checked against the
///   expectation; the plain way (the transformer over every transaction kept in memory) then
///   presents exactly the same calls: the same report, or the same rejection.
struct ReportCheck {
  /// The command line's view, writing into memory.
  private struct CommandLine {
    let output = MemoryTextSink()
    let errors = MemoryTextSink()
    let view: CommandLineView

    init(width: Int) {
      view = CommandLineView(
        renderer: TextReportRenderer(width: width, colors: false, style: .english), output: output,
        errors: errors)
    }
  }

  private let input: ReportInput

  /// The most issues the use cases list in full.
  private static let issueLimit = 20

  /// Prepares the check of one input.
  ///
  /// - Parameter input: The mode, format, width and sources.
  init(_ input: ReportInput) {
    self.input = input
  }

  /// Runs the report and checks every invariant.
  func run() async {
    var sources: [(group: TransactionGroup?, records: [SourceRecord])] = []
    for (group, source) in input.sources {
      sources.append(
        (
          group,
          await SourceRecord.all(
            of: source, limit: RecordsCheck.recordLimit(forByteCount: source.bytes.count))
        ))
    }
    let expected = ExpectedReport(sources: sources)
    let commandLine = CommandLine(width: input.width)
    let collector = ReportViewStateCollector()
    let view = RecordingView(passingOnTo: [commandLine.view, collector], takesDraft: input.takesDraft)
    let presenter = TransactionReportPresenter(output: view, style: .english)
    await generateReport(into: presenter, compact: true, takeBack: view.takeBack)
    let events = view.events

    let rejected = events.contains { if case .rejected = $0 { true } else { false } }
    require(
      !rejected || !events.contains(.start), "the input gave both a report and a rejection: \(shown(events))")
    // A bank's refusal (an OFX `STATUS` of severity `ERROR`) makes its source unavailable:
    // the report shows that source's message instead, which the expected report does not
    // model. Then the view must say so (or reject the input for what came before), and the
    // engine must still agree with the transformer, below.
    let refused = sources.contains { source in
      source.records.contains { if case .unavailable = $0 { true } else { false } }
    }
    if refused {
      require(
        rejected || events.contains { if case .sourceUnavailable = $0 { true } else { false } },
        "a source was refused, but the view was never told: \(shown(events))")
    } else if expected.issueCount > 0 {
      checkRejection(events, expected: expected, collector: collector, commandLine: commandLine)
    } else {
      checkReport(events, expected: expected, collector: collector, commandLine: commandLine)
    }

    await generateReport(into: presenter, compact: true, takeBack: view.takeBack)
    let again = Array(view.events.dropFirst(events.count))
    require(again == events, "a second run through the same presenter differs: \(shown(again))")

    let reference = RecordingView(passingOnTo: [])
    await generateReport(
      into: TransactionReportPresenter(output: reference, style: .english), compact: false, takeBack: nil)
    let referenceEvents = reference.events
    if referenceEvents != events {
      let first =
        zip(referenceEvents, events).enumerated().first { $1.0 != $1.1 }?.offset
        ?? min(referenceEvents.count, events.count)
      require(
        false,
        "the compact reading and the plain reading differ at call \(first): the compact one's "
          + "\(shown(events.dropFirst(first).prefix(3))), the plain one's \(shown(referenceEvents.dropFirst(first).prefix(3)))"
      )
    }
  }

  /// Runs the use case of the input's mode: with the sources read as the command line reads them
  /// (lending their records, read compactly, in a draft when `takeBack` is given), or the plain
  /// way, which reads each source once and keeps every transaction.
  private func generateReport(
    into presenter: TransactionReportPresenter, compact: Bool, takeBack: (@Sendable () -> Void)?
  ) async {
    let sources = input.sources.map { compact ? ReportSource.lending($0.source) : .plain($0.source) }
    let reading: any ReportReading = compact ? CompactReading(takingBackDrafts: takeBack) : PlainReading()
    let useCase: any TransactionReportUseCaseInput =
      switch input.mode {
      case .oneSource:
        OneSourceReportUseCase(source: sources[0], output: presenter, issueLimit: Self.issueLimit)
          .reading(with: reading)
      case .twoSource:
        TwoSourceReportUseCase(
          authorized: sources[0], posted: sources[1], output: presenter, issueLimit: Self.issueLimit
        ).reading(with: reading)
      }
    await useCase.eventGenerateReport()
  }

  private func checkRejection(
    _ events: [RecordingView.Event], expected: ExpectedReport, collector: ReportViewStateCollector,
    commandLine: CommandLine
  ) {
    guard events.count == 1, case .rejected(let rejection) = events[0] else {
      fatalError(
        "fuzz invariant broken: \(expected.issueCount) issues, but the view got \(shown(events)), not one rejection"
      )
    }
    require(
      rejection.totalCount == expected.issueCount,
      "the rejection counts \(rejection.totalCount) issues, not \(expected.issueCount): \(shown(rejection))")
    // Records are counted apart from issues: a record with several problems is one record, and
    // the one issue of swapped sources stands for every record of both.
    require(
      expected.isSwapped
        ? rejection.recordCount == expected.validCount
        : (1...max(1, expected.issueCount)).contains(rejection.recordCount),
      "the rejection counts \(rejection.recordCount) invalid records for \(expected.issueCount) issues: \(shown(rejection))"
    )
    require(
      rejection.lines.count == min(expected.issueCount, Self.issueLimit),
      "the rejection lists \(rejection.lines.count) of \(expected.issueCount) issues (limit \(Self.issueLimit))"
    )
    let names = input.sources.map { $0.source.name + ":" }
    if expected.isSwapped {
      // One issue for two sources that look swapped: it names both, and has no position.
      require(
        rejection.lines.count == 1 && rejection.lines[0].hasPrefix(names[0] + " error: ")
          && rejection.lines[0].contains("'\(input.sources[1].source.name)'"),
        "sources that look swapped give \(shown(rejection.lines)), not one line naming both")
    }
    for line in rejection.lines {
      // Bytes in memory cannot fail to read or change, so every issue is located:
      // NAME:LINE:COLUMN: error: …
      require(
        expected.isSwapped || names.contains { Self.isLocated(line, source: $0) },
        "the issue line \(shown(line)) is not SOURCE:LINE:COLUMN: error: …")
      if let scalar = TerminalSafety.firstUnsafe(in: line) {
        fatalError("fuzz invariant broken: the issue line \(shown(line)) holds \(shown(scalar)) raw")
      }
    }
    require(
      TerminalSafety.firstUnsafe(in: rejection.summary) == nil, "unsafe summary \(shown(rejection.summary))")
    let message = ([rejection.summary] + rejection.lines).joined(separator: "\n")
    require(
      collector.state == .failed(message: message), "the collector's state is \(shown(collector.state))")
    let stderr = rejection.lines.map { $0 + "\n" }.joined() + "txreport: error: \(rejection.summary)\n"
    require(
      commandLine.output.text.isEmpty && commandLine.errors.text == stderr
        && commandLine.view.exitStatus == .dataError,
      "the command line wrote \(shown(commandLine.output.text)) and \(shown(commandLine.errors.text)), "
        + "exit \(commandLine.view.exitStatus), for a rejection")
  }

  private func checkReport(
    _ events: [RecordingView.Event], expected: ExpectedReport, collector: ReportViewStateCollector,
    commandLine: CommandLine
  ) {
    var rows: [ReportRow] = []
    for (index, event) in events.enumerated() {
      switch event {
      case .row(let row) where index > 0 && index < events.count - 1: rows.append(row)
      case .start where index == 0: break
      case .end where index == events.count - 1 && index > 0: break
      default:
        fatalError(
          "fuzz invariant broken: valid input, but call \(index) of the view is \(shown(event)): \(shown(events))"
        )
      }
    }
    RowGrammar.check(rows, validCount: expected.validCount)
    if !Self.sameRows(rows, expected.rows) {
      let first =
        zip(rows, expected.rows).enumerated().first { !Self.sameRows([$1.0], [$1.1]) }?.offset
        ?? min(rows.count, expected.rows.count)
      fatalError(
        "fuzz invariant broken: row \(first) is \(shown(rows.dropFirst(first).first)), expected "
          + "\(shown(expected.rows.dropFirst(first).first)) (\(rows.count) rows, \(expected.rows.count) expected)"
      )
    }

    let text = TextRenderingCheck(width: input.width).run(rows)
    require(
      commandLine.output.text.utf8.elementsEqual(text.utf8) && commandLine.errors.text.isEmpty
        && commandLine.view.exitStatus == .success,
      "the command line wrote \(shown(commandLine.output.text)) and \(shown(commandLine.errors.text)), "
        + "exit \(commandLine.view.exitStatus), for a report")
    checkJSON(rows)
    MarkdownRenderingCheck().run(rows)
    HTMLRenderingCheck().run(rows)
    checkLentDescriptions(rows)
    let loaded: [ReportRow]? = if case .loaded(let report) = collector.state { report.rows } else { nil }
    require(
      loaded == rows && collector.warnings.isEmpty,
      "the collector's state is \(shown(collector.state)), with warnings \(shown(collector.warnings))")
  }

  /// Every renderer writes a detail row whose description is bytes of a shared block (how a
  /// report shows held transactions, decision 0045) as it writes the row with a `String`: the
  /// same bytes, in each setting that changes a detail row, with the rows around it written alike,
  /// their amounts plain or in a currency as a presenter of that style writes them.
  private func checkLentDescriptions(_ rows: [ReportRow]) {
    let english = ReportStyle.english
    let settings: [(renderer: any ByteRenderer, amounts: AmountStyle)] = [
      (TextReportRenderer(width: input.width, colors: false, style: english), .plain),
      (TextReportRenderer(width: input.width, colors: true, style: english), .plain),
      (TextReportRenderer(width: input.width, colors: false, style: english), .eur),
      (TextReportRenderer(width: input.width, colors: false, style: english), AmountStyle(code: "JPY")),
      (JSONReportRenderer(), .plain), (MarkdownReportRenderer(style: english), .plain),
      (MarkdownReportRenderer(style: english), .usd), (HTMLReportRenderer(style: english), .plain),
      (HTMLReportRenderer(style: english), .eur),
    ]
    for (renderer, amounts) in settings {
      let rows = rows.map { Self.restyled($0, in: amounts) }
      var (byRow, lent) = (renderer, renderer)
      var (rowBytes, lentBytes) = (Array(byRow.start().utf8), Array(lent.start().utf8))
      for row in rows {
        byRow.render(row, appendingTo: &rowBytes)
        guard case .detail(let description, let amount, let odd) = row else {
          lent.render(row, appendingTo: &lentBytes)
          continue
        }
        // The bytes in the middle of a block, as a held page or a row store keeps them.
        let block = [0x41] + Array(description.description.utf8) + [0x42]
        let shared = DescriptionText(sharing: block, range: 1..<(block.count - 1))
        lent.render(.detail(description: shared, amount: amount, odd: odd), appendingTo: &lentBytes)
      }
      rowBytes += byRow.finish().utf8
      lentBytes += lent.finish().utf8
      require(
        lentBytes == rowBytes,
        "\(type(of: renderer)) wrote \(shown(String(decoding: lentBytes, as: UTF8.self))) for rows lent as bytes, "
          + "\(shown(String(decoding: rowBytes, as: UTF8.self))) for the rows")
    }
  }

  /// A row with its amounts as a presenter of another style writes them: the plain amount read
  /// back to the money it is, then written in `style`.
  private static func restyled(_ row: ReportRow, in style: AmountStyle) -> ReportRow {
    func text(_ plain: String) -> String {
      let negative = plain.hasPrefix("-")
      guard let magnitude = try? Money(parsingUnsignedDecimal: plain.drop { $0 == "-" }),
        let money = Money(minorUnits: negative ? -magnitude.minorUnits : magnitude.minorUnits)
      else { fatalError("fuzz invariant broken: a plain amount \(shown(plain)) is not one") }
      return style.text(money)
    }
    switch row {
    case .detail(let description, let amount, let odd):
      return .detail(description: description, amount: text(amount), odd: odd)
    case .footer(let total, let odd): return .footer(total: text(total), odd: odd)
    case .grandFooter(let total): return .grandFooter(total: text(total))
    default: return row
    }
  }

  private func checkJSON(_ rows: [ReportRow]) {
    var (renderer, byText) = (JSONReportRenderer(), JSONReportRenderer())
    // The bytes the command line writes, which must be the text a client gets.
    let json = renderer.document(ReportTableDataSource(rows: rows))
    let text = byText.start() + rows.map { byText.render($0) }.joined() + byText.finish()
    require(json == text, "the JSON renderer's bytes are not its text")
    if let scalar = json.unicodeScalars.first(where: {
      ($0.value < 0x20 && $0 != "\n") || $0 == "\u{7F}" || $0 == "\u{2028}" || $0 == "\u{2029}"
    }) {
      fatalError("fuzz invariant broken: the JSON output holds \(shown(scalar)) raw")
    }
    guard let read = JSONRowsReader.rows(in: json) else {
      fatalError("fuzz invariant broken: the JSON output is not an array of rows: \(shown(json))")
    }
    require(Self.sameRows(read, rows), "the JSON output reads back as \(shown(read)), not \(shown(rows))")
  }

  /// Whether two lists of rows are the same in what this oracle knows of a row: its kind, its
  /// band and its texts, compared byte for byte (`String`'s `==` would take canonically
  /// equivalent text as equal). A value a row gains beyond them (a count per date block) is
  /// checked by the tests of what gives it, not here: the oracle stays independent of it.
  private static func sameRows(_ left: [ReportRow], _ right: [ReportRow]) -> Bool {
    left.count == right.count
      && zip(left, right).allSatisfy { lhs, rhs in
        lhs.kind == rhs.kind && lhs.odd == rhs.odd
          && texts(lhs).map { Array($0.utf8) } == texts(rhs).map { Array($0.utf8) }
      }
  }

  private static func texts(_ row: ReportRow) -> [String] {
    switch row {
    case .header(let title), .subheader(let title, _): [title]
    case .detail(let description, let amount, _): [description.description, amount]
    case .subfooter: []
    case .footer(let total, _), .grandFooter(let total): [total]
    case .message(let message): [message]
    }
  }

  /// Whether an issue line is `SOURCE:LINE:COLUMN: error: …` for this source (`SOURCE` given
  /// with its colon), with a line and a column of one or more digits.
  static func isLocated(_ line: String, source: String) -> Bool {
    var rest = Substring(line)
    guard rest.hasPrefix(source) else { return false }
    rest = rest.dropFirst(source.count)
    for separator in [":", ": error: "] {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(separator) else { return false }
      rest = rest.dropFirst(digits.count + separator.count)
    }
    return true
  }
}
