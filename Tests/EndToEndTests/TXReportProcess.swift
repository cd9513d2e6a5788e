import Foundation
import Testing

/// Runs the built `txreport` binary as a user would, and captures what it did.
struct TXReportProcess {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The package root, found from this file's path (Tests/EndToEndTests/…).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A fixture file's path, as a command-line argument.
  /// What standard error says whenever the built-in demo data is shown.
  static let demoNote =
    "txreport: note: this is the built-in demo data (2016); to report your own, use --all FILE,"
    + " --authorized FILE --posted FILE, or pipe the data in\n"

  /// What standard error holds after a report of `arguments` that went well: the demo note when
  /// they name no input, else nothing.
  static func quietErrors(_ arguments: [String]) -> String {
    let inputs = ["--all", "--authorized", "--posted"]
    return arguments.contains { argument in inputs.contains { argument.hasPrefix($0) } } ? "" : demoNote
  }

  static func fixture(_ name: String) -> String {
    packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }

  /// The fixture's bytes, as text.
  static func fixtureText(_ name: String) throws -> String {
    try String(contentsOfFile: fixture(name), encoding: .utf8)
  }

  /// The binary: `TXREPORT_BINARY` if set, else `txreport` beside the test bundle.
  static func binary() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["TXREPORT_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("txreport")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw BinaryNotFound(searchedFrom: CommandLine.arguments[0])
  }

  struct BinaryNotFound: Error, CustomStringConvertible {
    var searchedFrom: String
    var description: String {
      "txreport was not found beside \(searchedFrom); build it first or set TXREPORT_BINARY"
    }
  }

  /// Runs the binary with its standard output sent to a file, such as `/dev/full`; with
  /// `appending`, opened with `O_APPEND`, as the shell's `>>` does.
  static func run(_ arguments: [String], outputPath: String, appending: Bool = false) throws -> Result {
    let descriptor = open(outputPath, O_WRONLY | (appending ? O_APPEND : 0))
    guard descriptor >= 0 else { throw SetupFailed(reason: "cannot open \(outputPath)") }
    return try run(arguments, standardOutput: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
  }

  /// Runs the binary with its standard output a pipe whose reading end is already closed, as
  /// when `txreport | head` has read what it wanted and gone.
  static func runWithClosedOutput(_ arguments: [String]) throws -> Result {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw SetupFailed(reason: "pipe() failed") }
    close(ends[0])
    return try run(arguments, standardOutput: FileHandle(fileDescriptor: ends[1], closeOnDealloc: true))
  }

  /// Runs the binary with standard output going where the test says; only standard error is
  /// captured.
  private static func run(_ arguments: [String], standardOutput: FileHandle) throws -> Result {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = standardOutput
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, standardOutput: "",
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  /// Waits for a process to end, at most `seconds`; one still running then is killed
  /// (SIGKILL), so that a test of a run that should have ended fails instead of hanging.
  ///
  /// - Returns: Whether it ended by itself.
  static func waitForExit(_ process: Process, seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    guard process.isRunning else { return true }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return false
  }

  /// This process's environment without `SWIFT_BACKTRACE`: the runtime's crash reporter as a
  /// user's shell has it, on by default.
  static var defaultEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = nil
    return environment
  }

  struct SetupFailed: Error, CustomStringConvertible {
    var reason: String
    var description: String { "the test could not set up the run: \(reason)" }
  }

  /// Runs the binary as another user (the test runs as root), through `setpriv`, with no
  /// standard input: for what `access(2)` lets root do and others not.
  static func runAs(uid: Int, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments =
      ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--", try binary().path] + arguments
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  /// Runs the binary with a file as its standard input, as the shell's `< FILE` gives it.
  static func run(_ arguments: [String], standardInputFrom path: String) throws -> Result {
    guard let input = FileHandle(forReadingAtPath: path) else {
      throw SetupFailed(reason: "cannot open \(path)")
    }
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try process.run()
    let errorData = Locked(Data())
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }

  /// Runs the binary with arguments and extra environment, with no standard input.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    var base = ProcessInfo.processInfo.environment
    // The terminal's colour settings of whoever runs the tests must not change the output.
    for name in ["NO_COLOR", "COLORTERM", "COLORFGBG"] { base[name] = nil }
    process.environment = base.merging(environment) { $1 }
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes to the end before waiting, so a large report cannot fill a pipe and stall.
    let errorData = Locked(Data())
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }
}

/// A value written by one thread and read by another.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  private var written = false

  init(_ value: Value) { stored = value }

  func set(_ value: Value) {
    lock.lock()
    stored = value
    written = true
    lock.unlock()
  }

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return written
  }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
