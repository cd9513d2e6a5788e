import CLI
import Entities
import Gateways
import Presenters
import UseCases

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The composition root: the one place that names concrete gateways and wires them to a use
/// case and its output.
///
/// It decides, for a command, which sources to read (the built-in demo data or files, in which
/// format) and which transformer reads them. Everything a process does around the report (the
/// arguments, the environment, signals, sinks, exit codes) is the CLI's ``CLI/CommandLineApp``,
/// which asks this root for the use case of each command.
package enum TransactionReportApp {
  /// What a run of `txreport` needs from its process: the CLI's.
  package typealias Context = CommandLineApp.Context

  /// Runs `txreport` in this process and exits with its status. `main` calls only this.
  package static func main() async -> Never {
    await CommandLineApp.main(composing: useCase(for:output:progress:))
  }

  /// Runs `txreport` once, with this root's composition.
  ///
  /// - Parameter context: The arguments, environment and output streams.
  /// - Returns: The exit code: 0, 3, 64, 65 or 74 (see ``CLI/ExitCode``).
  package static func run(_ context: Context) async -> ExitCode {
    await CommandLineApp.run(context, composing: useCase(for:output:progress:))
  }

  /// The use case for a command: two-source or one-source, over the demo data or files, with its
  /// output. Any client of the command model (the command line, a second frontend) composes its
  /// report here.
  ///
  /// - Parameters:
  ///   - command: What to report.
  ///   - output: The presenter that receives the report.
  ///   - progress: The progress line that file sources report their readings to, if any.
  /// - Returns: The use case, ready for its one event.
  package static func useCase(
    for command: ReportCommand, output: any TransactionReportUseCaseOutput, progress: ProgressLine?
  ) -> any TransactionReportUseCaseInput {
    let fileSource = { (path: String) -> any TransactionSource in
      guard ReportInput.isURL(path) else {
        return TransactionReportApp.fileSource(path, format: command.inputFormat, progress: progress)
      }
      return TransactionReportApp.urlSource(path, command: command, progress: progress)
    }
    return switch command.input {
    case .demo(oneSource: false):
      TwoSourceReportUseCase(
        authorized: InMemoryTransactionSource(
          name: DemoTransactions.name, transactions: DemoTransactions.authorized),
        posted: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.posted),
        output: output)
    case .demo(oneSource: true):
      OneSourceReportUseCase(
        source: InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.all),
        output: output)
    case .twoFiles(let authorized, let posted):
      TwoSourceReportUseCase(
        authorized: fileSource(authorized),
        posted: fileSource(posted),
        output: output, partial: command.partial)
    case .oneFile(let path):
      OneSourceReportUseCase(source: fileSource(path), output: output, partial: command.partial)
    }
  }

  /// The file gateway for a path, reading the format given, else the one its extension names,
  /// else JSON.
  ///
  /// With a progress line, the source reports each chunk it reads: its first reading is the
  /// use case's check of every record, the later ones make the report.
  private static func fileSource(_ path: String, format: InputFormat?, progress: ProgressLine?)
    -> FileTransactionSource
  {
    FileTransactionSource(
      path: path, format: recordFormat(format ?? InputFormat.inferred(fromPath: path) ?? .json),
      progress: observer(progress))
  }

  /// What a source tells the progress line: each reading (0 for a download) and how far it got.
  private static func observer(_ progress: ProgressLine?) -> (@Sendable (ReadProgress) -> Void)? {
    guard let progress else { return nil }
    return { read in
      progress.showReading(
        read.reading, of: read.source, bytesRead: read.bytesRead, totalBytes: read.totalBytes)
    }
  }

  /// The network gateway for a URL: fetched by the helper beside this executable, in the format
  /// the answer names, else the URL's extension, else the one given, else JSON.
  private static func urlSource(_ url: String, command: ReportCommand, progress: ProgressLine?)
    -> HTTPTransactionSource
  {
    let request = DownloadRequest(
      url: url, headers: command.network.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
      timeout: command.network.timeout, maximumSize: command.network.maximumResponseSize)
    return HTTPTransactionSource(
      request: request, format: recordFormat(command.inputFormat ?? .json),
      downloader: HelperProcessDownloader(executablePath: helperPath()), progress: observer(progress))
  }

  /// `txreport-fetch` beside the running executable (`/proc/self/exe`), where the build and
  /// `Scripts/install` put it.
  private static func helperPath() -> String {
    var buffer = [CChar](repeating: 0, count: 4097)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable =
      count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
      separator: "/")
    return (folder.isEmpty ? "." : folder) + "/txreport-fetch"
  }

  private static func recordFormat(_ format: InputFormat) -> RecordFormat {
    switch format {
    case .json: .json
    case .ndjson: .ndjson
    case .csv: .csv
    }
  }
}
