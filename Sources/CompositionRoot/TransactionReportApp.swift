import BankReading
import CLI
import Entities
import FileGateways
import InMemoryGateways
import NetworkGateways
import Presenters
import Synchronization
import TableViewClient
import TransactionStorage
import UseCases

/// The composition root: the one place that names concrete gateways and wires them to a use
/// case and its output.
///
/// It decides, for a command, which sources to read (the built-in demo data or files, in which
/// format) and which transformer reads them. Everything a process does around the report (the
/// arguments, the environment, signals, sinks, exit codes) is the CLI's ``CLI/CommandLineApp``,
/// which asks this root for the use case of each command. For `--interactive`, it also wires
/// the second client, the table view of TableViewClient, to the same use case.
package enum TransactionReportApp {
  /// What a run of `txreport` needs from its process: the CLI's.
  package typealias Context = CommandLineApp.Context

  /// Runs `txreport` in this process and exits with its status. `main` calls only this.
  package static func main() async -> Never {
    await CommandLineApp.main(composing: useCase(for:output:progress:takingBack:), interactive: tableView)
  }

  /// Runs `txreport` once, with this root's composition.
  ///
  /// - Parameter context: The arguments, environment and output streams.
  /// - Returns: The exit code: 0, 3, 64, 65 or 74 (see ``CLI/ExitCode``).
  package static func run(_ context: Context) async -> ExitCode {
    await CommandLineApp.run(
      context, composing: useCase(for:output:progress:takingBack:), interactive: tableView)
  }

  /// `txreport --interactive`: the report of a command in the table view, full-screen, until the
  /// person quits.
  ///
  /// The presenter speaks to two views at once: the table view, which shows the rows, and the
  /// command line's view, which words the errors and warnings and earns the exit status. The
  /// report runs on a task of its own while the table view shows its spinner; quitting before it
  /// ends cancels it.
  ///
  /// - Parameters:
  ///   - command: What to report.
  ///   - display: The colours the command line worked out.
  ///   - lines: The command line's view.
  /// - Returns: How the session ended.
  package static func tableView(
    _ command: ReportCommand, display: CommandLineApp.InteractiveDisplay,
    lines: any TransactionReportPresenterOutput
  ) async -> CommandLineApp.InteractiveEnd {
    // One style for the presenter and the cells: the words of the rows and of the labels.
    let words = ReportStyle(wording: EnglishReportWording(), amounts: display.amountStyle)
    var style = TableCells.Style(
      colors: display.colors, palette: display.palette, colorDepth: display.colorDepth)
    style.report = words
    style.heading = display.heading
    let session: TableViewSession
    do {
      session = try TableViewSession(style: style)
    } catch {
      return .terminalFailed(error.reason)
    }
    // The rows go to a temporary file as they come, so that a report of millions of rows holds
    // little memory; where no file can be made, they stay in memory.
    let table = TerminalTableView(spool: TemporaryFileRowSpool(), onChange: session.wake)
    // The command line's view first: once the table view hears of a refusal, its words are there.
    let output = TransactionReportPresenter(output: BothViews(lines, table), style: words)
    // The loading screen says how far the sources have read. The table shows nothing before the
    // report ends, so a sorted file is read once, as a draft it takes back if the input is bad.
    let useCase = useCase(
      for: command, output: output,
      reading: { table.showReading($0.source, $0.bytesRead, of: $0.totalBytes) },
      takingBack: { table.discardDraft() })
    let report = Task.detached { await useCase.eventGenerateReport() }
    let end = await session.run(showing: table)
    report.cancel()
    // A cancelled report stops between records; one stuck opening a source (a named pipe no one
    // writes to) is not waited for.
    await wait(for: report, upTo: .milliseconds(500))
    switch end {
    case .quit: return .quit
    case .reportFailed: return .reportFailed
    case .signal(let number): return .signal(number)
    case .terminalFailed(let reason): return .terminalFailed(reason)
    }
  }

  /// The use case for a command: two-source or one-source, over the demo data or files, with its
  /// output. Any client of the command model (the command line, a second frontend) composes its
  /// report here.
  ///
  /// - Parameters:
  ///   - command: What to report.
  ///   - output: The presenter that receives the report.
  ///   - progress: The progress line that file sources report their readings to, if any.
  ///   - takeBack: What takes back every row the output was shown since the report's start, when
  ///     its view can: then a sorted file is read once, as a draft.
  /// - Returns: The use case, ready for its one event.
  package static func useCase(
    for command: ReportCommand, output: any TransactionReportUseCaseOutput, progress: ProgressLine?,
    takingBack takeBack: (@Sendable () -> Void)?
  ) -> any TransactionReportUseCaseInput {
    useCase(for: command, output: output, reading: observer(progress), takingBack: takeBack)
  }

  /// The use case for a command, its sources telling `progress` how far each has read.
  private static func useCase(
    for command: ReportCommand, output: any TransactionReportUseCaseOutput,
    reading progress: (@Sendable (ReadProgress) -> Void)?, takingBack takeBack: (@Sendable () -> Void)?
  ) -> any TransactionReportUseCaseInput {
    // The files and services read here are the package's own, which lend their records.
    let fileSource = { (path: String, group: TransactionGroup?) -> ReportSource in
      let options = readingOptions(command.reading, group: group)
      guard ReportInput.isURL(path) else {
        return .lending(
          TransactionReportApp.fileSource(
            path, format: command.inputFormat, options: options, progress: progress))
      }
      return .lending(
        TransactionReportApp.urlSource(path, command: command, options: options, progress: progress))
    }
    let demo = { (transactions: [Transaction]) -> ReportSource in
      .plain(InMemoryTransactionSource(name: DemoTransactions.name, transactions: transactions))
    }
    // The command line reads its sources compactly: a sorted file streamed in one pass, in
    // constant memory (SPEC §5), for the same transformer as every client's.
    let reading = CompactReading(takingBackDrafts: takeBack)
    return switch command.input {
    case .demo(oneSource: false):
      TwoSourceReportUseCase(
        authorized: demo(DemoTransactions.authorized), posted: demo(DemoTransactions.posted), output: output,
        period: command.period
      ).reading(with: reading)
    case .demo(oneSource: true):
      OneSourceReportUseCase(source: demo(DemoTransactions.all), output: output, period: command.period)
        .reading(with: reading)
    case .twoFiles(let authorized, let posted):
      TwoSourceReportUseCase(
        authorized: fileSource(authorized, .authorized), posted: fileSource(posted, .posted), output: output,
        partial: command.partial, period: command.period
      ).reading(with: reading)
    case .oneFile(let path):
      OneSourceReportUseCase(
        source: fileSource(path, nil), output: output, partial: command.partial, period: command.period
      ).reading(with: reading)
    }
  }

  /// The file gateway for a path, reading the format given, else the one its extension names,
  /// else the one its first bytes show (standard input too, through its copy), else JSON.
  ///
  /// With a progress line, the source reports each chunk it reads: its first reading is the
  /// use case's check of every record, the later ones make the report.
  private static func fileSource(
    _ path: String, format: InputFormat?, options: ReadingOptions,
    progress: (@Sendable (ReadProgress) -> Void)?
  ) -> FileTransactionSource {
    let named = format ?? InputFormat.inferred(fromPath: path)
    return FileTransactionSource(
      path: path, format: named.map(recordFormat) ?? .json, sniffsFormat: named == nil, options: options,
      progress: progress)
  }

  /// How the gateway reads a bank's export, from the command line's options, with the groups
  /// its records take when the file names none: in two-source mode (`group`) the source's,
  /// pending transactions too, as the option named the file as that group's; in one-source
  /// mode Posted (a bank exports what it has posted), and Authorized for a statement's pending
  /// transactions (SPEC §8).
  private static func readingOptions(_ options: ReadingOptions, group: TransactionGroup?) -> ReadingOptions {
    var options = options
    options.group = group ?? .posted
    options.pendingGroup = group ?? .authorized
    return options
  }

  /// What a source tells the progress line: each reading (0 for a download) and how far it got.
  private static func observer(_ progress: ProgressLine?) -> (@Sendable (ReadProgress) -> Void)? {
    guard let progress else { return nil }
    return { read in
      progress.showReading(
        read.reading, of: read.source, bytesRead: read.bytesRead, totalBytes: read.totalBytes)
    }
  }

  /// The network gateway for a URL: fetched in this process (`InProcessDownloader`), in the format
  /// given (`--input-format`), else the one the answer names, else the URL's extension, else
  /// the one the answer's first bytes show, else JSON.
  private static func urlSource(
    _ url: String, command: ReportCommand, options: ReadingOptions,
    progress: (@Sendable (ReadProgress) -> Void)?
  ) -> HTTPTransactionSource {
    let request = DownloadRequest(
      url: url, headers: command.network.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
      timeout: command.network.timeout, maximumSize: command.network.maximumResponseSize)
    return HTTPTransactionSource(
      request: request, format: recordFormat(command.inputFormat ?? .json),
      sniffsFormat: command.inputFormat == nil, formatIsGiven: command.inputFormat != nil, options: options,
      downloader: InProcessDownloader(), progress: progress)
  }

  private static func recordFormat(_ format: InputFormat) -> RecordFormat {
    switch format {
    case .json: .json
    case .ndjson: .ndjson
    case .csv: .csv
    case .ofx: .ofx
    case .qif: .qif
    }
  }
}

extension TransactionReportApp {
  /// Waits until a task ends, or the time is up, whichever comes first.
  fileprivate static func wait(for task: Task<Void, Never>, upTo limit: Duration) async {
    let once = Once()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Task {
        await task.value
        if once.claim() { continuation.resume() }
      }
      Task {
        do {
          try await Task.sleep(for: limit)
        } catch {
          // Nothing cancels this task; were it cancelled, the wait would only end sooner.
        }
        if once.claim() { continuation.resume() }
      }
    }
  }
}

/// A flag that only the first claim gets.
private final class Once: Sendable {
  private let claimed = Atomic(false)

  /// Whether this is the first claim.
  func claim() -> Bool { !claimed.exchange(true, ordering: .relaxed) }
}

/// Two views of one presenter: each call goes to both, in order, but rows, which go to the table
/// alone (the command line's view here words the errors and warnings, and shows no rows).
private final class BothViews: TransactionReportPresenterOutput {
  private let first: any TransactionReportPresenterOutput
  private let second: any TransactionReportPresenterOutput

  init(_ first: any TransactionReportPresenterOutput, _ second: any TransactionReportPresenterOutput) {
    self.first = first
    self.second = second
  }

  func showReportStart() {
    first.showReportStart()
    second.showReportStart()
  }

  func showRow(_ row: ReportRow) {
    second.showRow(row)
  }

  func showSourceUnavailable(_ warning: SourceWarning) {
    first.showSourceUnavailable(warning)
    second.showSourceUnavailable(warning)
  }

  func showRecordsOutsidePeriod(_ note: RecordsOutsidePeriod) {
    first.showRecordsOutsidePeriod(note)
    second.showRecordsOutsidePeriod(note)
  }

  func showSourceNote(_ note: SourceNote) {
    first.showSourceNote(note)
    second.showSourceNote(note)
  }

  func showReportEnd() {
    first.showReportEnd()
    second.showReportEnd()
  }

  func showReportCancelled() {
    first.showReportCancelled()
    second.showReportCancelled()
  }

  func showInputMissing(_ missing: [SourceWarning], rejection: InputRejection?) {
    first.showInputMissing(missing, rejection: rejection)
    second.showInputMissing(missing, rejection: rejection)
  }

  func showInputRejected(_ rejection: InputRejection) {
    first.showInputRejected(rejection)
    second.showInputRejected(rejection)
  }
}
