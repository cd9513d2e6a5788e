import Foundation
import TestSupport
import Testing

private typealias TX = TXReportProcess

/// Crash signals end the run by the signal, with the runtime's crash reporter on, as it is by
/// default (issue 48, finding 12): it caught SIGSEGV and the other faults, printed "Program
/// crashed" and returned, and a signal another process sent was swallowed: the run went on to
/// exit 0, or 74 under `-o`. No test here sets `SWIFT_BACKTRACE`.
@Suite struct EndingSignalsEndToEndTests {
  /// The signals the runtime's reporter catches (SIGQUIT too), sent by another process.
  static let crashSignals: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP, SIGQUIT]

  /// Starts `txreport --all FIFO` (and `arguments`), which waits for a writer of the named pipe
  /// that never comes, and returns once it is waiting there.
  private func startWaiting(_ arguments: [String], in folder: TemporaryDirectory) throws -> Process {
    let fifo = folder.path("input.ndjson")
    try #require(mkfifo(fifo, 0o600) == 0)
    let process = Process()
    process.executableURL = try TX.binary()
    process.arguments = ["--all", fifo] + arguments
    process.environment = TX.defaultEnvironment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try #require(FileManager.default.createFile(atPath: folder.path("errors.txt"), contents: nil))
    process.standardError = FileHandle(forWritingAtPath: folder.path("errors.txt"))
    try process.run()
    // One of its threads waits in the kernel for the pipe's writer: past the start of main.
    let tasks = "/proc/\(process.processIdentifier)/task"
    for _ in 0..<500 {
      usleep(20_000)
      let waits = ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).map { task in
        (try? String(contentsOfFile: "\(tasks)/\(task)/wchan", encoding: .utf8)) ?? ""
      }
      if waits.contains("wait_for_partner") { return process }
    }
    Issue.record("txreport never came to wait for the named pipe's writer")
    return process
  }

  @Test(
    "A crash signal another process sends ends a batch run by that signal, with no crash report",
    arguments: crashSignals)
  func batch(signal number: Int32) throws {
    let folder = try TemporaryDirectory("txreport-signals")
    let process = try startWaiting([], in: folder)
    kill(process.processIdentifier, number)
    #expect(TX.waitForExit(process, seconds: 15), "still running 15 s after the signal")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    let errors = try String(contentsOfFile: folder.path("errors.txt"), encoding: .utf8)
    #expect(!errors.contains("Program crashed"), "\(errors)")
  }

  @Test(
    "A crash signal while --output is written: no temporary file is left, the signal ends txreport",
    arguments: crashSignals)
  func outputFile(signal number: Int32) throws {
    let folder = try TemporaryDirectory("txreport-signals")
    let process = try startWaiting(["--output", folder.path("r.txt")], in: folder)
    let temporary = try folder.contents().filter { $0.hasPrefix(".r.txt.txreport-") }
    try #require(temporary.count == 1, "the temporary file never appeared")
    kill(process.processIdentifier, number)
    #expect(TX.waitForExit(process, seconds: 15), "still running 15 s after the signal")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    #expect(try folder.contents() == ["errors.txt", "input.ndjson"])
  }

  @Test("SIGPIPE and SIGXFSZ that another process sends end a batch run; those of its own writes do not")
  func writeFailureSignals() throws {
    for number in [SIGPIPE, SIGXFSZ] {
      let folder = try TemporaryDirectory("txreport-signals")
      let process = try startWaiting([], in: folder)
      kill(process.processIdentifier, number)
      #expect(TX.waitForExit(process, seconds: 15))
      #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number)
    }
    // Its own: a reader that went away is the quiet 141 of an exit, not a death by SIGPIPE.
    let closed = try TX.runWithClosedOutput(["--all", TX.fixture("demo_all.json")])
    #expect(closed.status == 141 && closed.standardError == "")
  }

  @Test(
    "Ctrl-C during a coloured report: the colours are reset where they were written, wherever the report was cut"
  )
  func interruptResetsColors() throws {
    let folder = try TemporaryDirectory("txreport-signals")
    var lines = ""
    for day in 0..<20_000 {
      let date = "2016-\(String(format: "%02d", 1 + day / 1000 % 12))-\(String(format: "%02d", 1 + day % 28))"
      lines +=
        #"{"group": "P", "date": "\#(date)", "description": "Shop \#(day)", "amount": "1.\#(day % 90 + 10)", "debit": "D"}"#
        + "\n"
    }
    try lines.write(toFile: folder.path("big.ndjson"), atomically: false, encoding: .utf8)
    // A pipe (`txreport --color always | less -R`) takes a write in pieces, wherever it fills: a
    // terminal the same, at a moment the tests cannot choose.
    for _ in 0..<3 {
      let text = try interrupted(["--all", folder.path("big.ndjson")])
      #expect(text.utf8.count > 100_000, "the report was cut while it was written")
      let reset = try #require(text.range(of: "\u{1B}[0m", options: .backwards), "no reset at all")
      let after = text[reset.upperBound...]
      // Nothing after it: no colour, and no sequence cut short, whose rest the shell would write.
      #expect(!after.contains("\u{1B}"), "a colour is left on: \(after.suffix(120).debugDescription)")
    }
  }

  /// What a coloured report wrote to a pipe that stopped being read a moment, was sent SIGINT,
  /// then read again to the end.
  private func interrupted(_ arguments: [String]) throws -> String {
    let output = Pipe()
    let process = Process()
    process.executableURL = try TX.binary()
    process.arguments = arguments + ["--color", "always"]
    process.environment = TX.defaultEnvironment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let reading = output.fileHandleForReading.fileDescriptor
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    func drain(until enough: Int, quietFor milliseconds: Int32) {
      var ready = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
      while bytes.count < enough, poll(&ready, 1, milliseconds) == 1 {
        let count = read(reading, &buffer, buffer.count)
        guard count > 0 else { return }
        bytes += buffer[0..<count]
      }
    }
    drain(until: 100_000, quietFor: 10_000)
    // The pipe fills while no one reads it: the report's write stops wherever it is.
    usleep(300_000)
    kill(process.processIdentifier, SIGINT)
    usleep(50_000)
    drain(until: .max, quietFor: 1000)
    #expect(TX.waitForExit(process, seconds: 10))
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    return String(decoding: bytes, as: UTF8.self)
  }
}
