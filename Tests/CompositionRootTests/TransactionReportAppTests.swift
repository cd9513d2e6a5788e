import CLI
import CompositionRoot
import Foundation
import Presenters
import TestSupport
import Testing

/// The composition root run in-process, with memory sinks in place of the terminal.
@Suite struct TransactionReportAppTests {
  private static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private struct Run {
    var status: ExitCode
    var output: String
    var errors: String
  }

  private func run(
    _ arguments: [String],
    noColor: String? = nil,
    terminal: Bool = false,
    columns: String? = nil,
    terminalWidth: Int? = nil
  ) async -> Run {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let status = await TransactionReportApp.run(
      .init(
        arguments: arguments, noColor: noColor, outputIsTerminal: terminal, columns: columns,
        terminalWidth: terminalWidth, output: output, errors: errors))
    return Run(status: status, output: output.text, errors: errors.text)
  }

  private func expectedRows() throws -> String {
    try String(contentsOf: Self.fixtures.appendingPathComponent("demo_expected_rows.json"), encoding: .utf8)
  }

  @Test("The demo, as two sources or as one, is wired to give the reference rows")
  func demoModes() async throws {
    for arguments in [["--format", "json"], ["--one-source", "--format", "json"]] {
      let result = await run(arguments)
      #expect(result.status == .success)
      #expect(result.errors.hasPrefix("txreport: note: this is the built-in demo data (2016);"))
      #expect(result.output == (try expectedRows()))
    }
  }

  @Test("Files are wired to file sources, in both modes")
  func fileModes() async throws {
    let path = { (name: String) in Self.fixtures.appendingPathComponent(name).path }
    let two = await run([
      "--authorized", path("demo_authorized.json"), "--posted", path("demo_posted.json"), "--format=json",
    ])
    let one = await run(["--all", path("demo_all.json"), "--format=json"])
    #expect(two.output == (try expectedRows()))
    #expect(one.output == (try expectedRows()))
  }

  @Test("Colour follows --color, the terminal and NO_COLOR")
  func colour() async {
    let escape = "\u{1B}["
    #expect(await run([], terminal: true).output.contains(escape))
    #expect(!(await run([], noColor: "1", terminal: true).output.contains(escape)))
    #expect(!(await run([], terminal: false).output.contains(escape)))
    #expect(await run(["--color", "always"], terminal: false).output.contains(escape))
    #expect(!(await run(["--color", "never"], terminal: true).output.contains(escape)))
  }

  @Test("A usage error goes to standard error with the help hint and exit status 64")
  func usageError() async {
    let result = await run(["--format", "yaml"])
    #expect(result.status == .usage)
    #expect(result.output.isEmpty)
    #expect(
      result.errors
        == "txreport: error: --format must be \(OutputFormat.listed)\nRun 'txreport --help' for usage.\n"
    )
  }

  @Test("Help and version go to standard output")
  func helpAndVersion() async {
    #expect(await run(["--help"]).output == HelpText.help)
    #expect(await run(["--version"]).output == "txreport \(HelpText.version)\n")
  }

  /// The width of the widest line of a text report.
  private func widest(_ text: String) -> Int {
    text.split(separator: "\n").map(\.count).max() ?? 0
  }

  @Test("The text width is --width, else COLUMNS, else the terminal's, else 80")
  func width() async {
    #expect(widest(await run([]).output) == 78)
    #expect(widest(await run([], terminalWidth: 100).output) == 98)
    #expect(widest(await run([], columns: "60", terminalWidth: 100).output) == 58)
    #expect(widest(await run([], columns: "not a number", terminalWidth: 100).output) == 98)
    #expect(widest(await run(["--width", "120"], columns: "60", terminalWidth: 100).output) == 118)
  }

  @Test(
    "COLUMNS and the terminal's width outside 40 to 1000 are brought into that range, like --width's bounds",
    arguments: [
      ("9223372036854775807", nil, 998), ("4611686018427387904", nil, 998), ("100000000", nil, 998),
      ("1001", nil, 998), ("10", nil, 38), ("0", 5000, 998), (nil, 5000, 998), (nil, 12, 38),
    ] as [(String?, Int?, Int)])
  func widthOutOfRange(columns: String?, terminalWidth: Int?, widest expected: Int) async {
    #expect(widest(await run([], columns: columns, terminalWidth: terminalWidth).output) == expected)
  }

  /// A name that would retitle a terminal and ring its bell, were it written raw.
  private static let hostile = "x\u{1B}]0;PWNED\u{07}\u{9B}31m\u{202E}y"

  @Test(
    "No message on standard error lets a control character of a path or value reach the terminal raw",
    arguments: [
      "a usage error naming a path", "a source that cannot be opened", "an output that cannot be opened",
      "the issues of a file with such a name",
    ])
  func hostilePathsAreEscaped(situation: String) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("txreport-hostile-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let badFile = directory.appendingPathComponent(Self.hostile + ".json")
    try Data(#"[{"group":"X"}]"#.utf8).write(to: badFile)
    let missing = directory.appendingPathComponent("missing").appendingPathComponent(Self.hostile).path
    let arguments =
      switch situation {
      case "a usage error naming a path": ["--output", Self.hostile + ".pdf"]
      case "a source that cannot be opened": ["--all", missing + ".json"]
      case "an output that cannot be opened":
        [
          "--all", Self.fixtures.appendingPathComponent("demo_all.json").path, "--output",
          missing + "/report.txt",
        ]
      default: ["--all", badFile.path]
      }

    let result = await run(arguments)
    #expect(result.status != .success)
    #expect(result.errors.contains("\\u{1B}]0;PWNED\\u{7}"), "the name is not shown: \(result.errors)")
    let raw = result.errors.unicodeScalars.filter { ReportText.mustBeEscaped($0) && $0 != "\n" }
    #expect(raw.isEmpty, "raw control characters on standard error: \(raw.map(\.value))")
  }

  /// Standard output on a full disk whose name holds control characters: every write fails.
  final class FullDiskSink: TextSink {
    func write(_ text: String) {}
    func flush() {}
    var failure: String? { "'full\(TransactionReportAppTests.hostile)': No space left on device" }
  }

  @Test("A failed write of the report names the output with its control characters escaped")
  func failedWriteIsEscaped() async {
    let errors = MemoryTextSink()
    let status = await TransactionReportApp.run(
      .init(
        arguments: [], noColor: nil, outputIsTerminal: false, columns: nil, terminalWidth: nil,
        output: FullDiskSink(), errors: errors))
    #expect(status == .outputError)
    #expect(errors.text.contains("cannot write the report: 'full"))
    #expect(errors.text.contains("\\u{1B}]0;PWNED\\u{7}"), "the name is not shown: \(errors.text)")
    let raw = errors.text.unicodeScalars.filter { ReportText.mustBeEscaped($0) && $0 != "\n" }
    #expect(raw.isEmpty, "raw control characters on standard error: \(raw.map(\.value))")
  }

  @Test("Colour and width follow standard output only when the report goes there")
  func outputFileIgnoresTerminal() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-\(UUID().uuidString).txt"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let demo = Self.fixtures.appendingPathComponent("demo_all.json").path
    let result = await run(
      ["--all", demo, "--output", path], terminal: true, columns: "120", terminalWidth: 120)
    #expect(result.status == .success)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!written.contains("\u{1B}["))
    #expect(widest(written) == 78)
  }

  /// A clock that moves a second each time it is read, so every chunk is past the delay.
  private final class FastClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 0.0

    func now() -> Double {
      lock.lock()
      defer { lock.unlock() }
      seconds += 1
      return seconds
    }
  }

  private func runWithProgress(_ arguments: [String], outputIsTerminal: Bool, width: Int = 80) async -> Run {
    let (output, standardError, clock) = (MemoryTextSink(), MemoryTextSink(), FastClock())
    let progress = ProgressLine(errors: standardError, width: width, clock: { clock.now() })
    let status = await TransactionReportApp.run(
      .init(
        arguments: arguments, outputIsTerminal: outputIsTerminal, progress: progress, output: output,
        errors: progress))
    return Run(status: status, output: output.text, errors: standardError.text)
  }

  @Test(
    "With standard error a terminal and the report elsewhere, reading files shows progress, then erases it")
  func progressOnStandardError() async throws {
    let path = Self.fixtures.appendingPathComponent("demo_all.json").path
    // A line wide enough for the whole path, wherever the package is checked out (the
    // workshop's copy, .build-workshop/src, is deeper than most).
    let result = await runWithProgress(
      ["--all", path, "--format", "json"], outputIsTerminal: false, width: path.count + 80)
    #expect(result.status == .success)
    #expect(result.output == (try expectedRows()))
    // In report order: read once, checked and reported in the same reading (decision 0030).
    #expect(result.errors.hasPrefix("\rtxreport: reading \(path): "))
    #expect(result.errors.contains("\rtxreport: reading \(path): 100% of "))
    #expect(!result.errors.contains("reporting"))
    #expect(result.errors.hasSuffix("\r\u{1B}[K"))
    // Out of order: a second reading makes the report.
    let unsorted = Self.fixtures.appendingPathComponent("cases/unsorted_all.json").path
    let second = await runWithProgress(["--all", unsorted, "--format", "json"], outputIsTerminal: false)
    #expect(second.status == .success)
    // (The status line is cut to the width of 80 columns, and the path may be long.)
    #expect(second.errors.hasPrefix("\rtxreport: reading /"))
    #expect(second.errors.contains("\rtxreport: reporting /"))
    #expect(second.errors.hasSuffix("\r\u{1B}[K"))
  }

  @Test("Progress never mixes with a report going to the same terminal, nor with the demo")
  func noProgressAmongTheReport() async {
    let path = Self.fixtures.appendingPathComponent("demo_all.json").path
    #expect(await runWithProgress(["--all", path], outputIsTerminal: true).errors.isEmpty)
    #expect(!(await runWithProgress([], outputIsTerminal: false).errors.contains("\r")))
  }

  @Test("A warning erases the progress line before it is written")
  func warningAfterProgress() async {
    let path = Self.fixtures.appendingPathComponent("demo_authorized.json").path
    let result = await runWithProgress(
      ["--authorized", path, "--posted", "/no/such/file.json", "--format", "json", "--partial"],
      outputIsTerminal: false)
    #expect(result.status == .sourceUnavailable)
    #expect(
      result.errors.contains(
        "\r\u{1B}[Ktxreport: warning: Posted Transactions are not available: "
          + "cannot read '/no/such/file.json': No such file or directory\n"))
  }

  #if os(Linux)
    @Test("No progress when --output is a terminal either")
    func noProgressOnAnOutputTerminal() async throws {
      let pseudoTerminal = try #require(PseudoTerminal())
      defer { close(pseudoTerminal.master) }
      let terminal = pseudoTerminal.path
      let slave = open(terminal, O_RDONLY | O_NOCTTY)
      defer { close(slave) }
      try #require(isatty(slave) == 1)
      let path = Self.fixtures.appendingPathComponent("demo_all.json").path
      let result = await runWithProgress(["--all", path, "--output", terminal], outputIsTerminal: false)
      #expect(result.status == .success)
      #expect(result.errors.isEmpty)
    }
  #endif
}
