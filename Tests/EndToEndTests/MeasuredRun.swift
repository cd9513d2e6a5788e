import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of the built binary as a child process of its own, measured: its peak memory, its
/// time, and whether it had to be stopped at a time limit.
///
/// The peak is the largest `VmHWM` (the high-water mark of the resident set) read from
/// `/proc/PID/status` every millisecond while the process runs. `wait4(2)`'s `ru_maxrss` would
/// be simpler but is wrong here: `posix_spawn` starts the child in the test process's memory,
/// and the kernel counts that memory's high-water mark, the test's own, as the child's. (A
/// growth in the last millisecond before the exit is missed; growth that matters takes longer.)
///
/// Standard input comes from a path (a file, `/dev/zero`), and standard output and error go to
/// files, so that no pipe can stall the binary however much it writes or reads.
struct MeasuredRun {
  /// The exit status, or 128 plus the signal that ended the process.
  var status: Int32
  var standardOutput: String
  var standardError: String
  /// The most memory the process held at once (its peak resident set), in bytes.
  var peakMemory: Int
  /// How long the process ran.
  var seconds: Double
  /// Whether the time limit ran out, and the process was killed.
  var timedOut: Bool

  /// Runs the binary, or the binary under a command such as `prlimit`, and waits for it.
  ///
  /// - Parameters:
  ///   - arguments: The binary's arguments.
  ///   - standardInput: The path standard input reads.
  ///   - environment: Variables to set, over the test's own environment.
  ///   - wrapper: A command that runs the binary, such as `["/usr/bin/prlimit", "--fsize=65536"]`;
  ///     the binary's path and arguments follow it.
  ///   - timeLimit: The seconds after which the process is killed.
  /// - Returns: What the run did, and what it took.
  /// - Throws: ``TXReportProcess/SetupFailed`` when the process cannot be started or waited
  ///   for; an error of Foundation when the scratch folder cannot be made.
  static func run(
    _ arguments: [String], standardInput: String = "/dev/null", environment: [String: String] = [:],
    wrapper: [String] = [], timeLimit: Double = 60
  ) throws -> MeasuredRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-measured-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputPath = folder.appendingPathComponent("stdout").path
    let errorPath = folder.appendingPathComponent("stderr").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let command = wrapper + [try TXReportProcess.binary().path] + arguments
    var variables = ProcessInfo.processInfo.environment
    for name in ["NO_COLOR", "COLORTERM", "COLORFGBG"] { variables[name] = nil }
    variables.merge(environment) { $1 }
    let argv = command.map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    let start = Date()
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw TXReportProcess.SetupFailed(
        reason: "posix_spawn \(command[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var timedOut = false
    var peak = 0
    while true {
      peak = max(peak, highWaterMark(of: pid))
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR {
        throw TXReportProcess.SetupFailed(reason: "waitpid: \(String(cString: strerror(errno)))")
      }
      if !timedOut && Date().timeIntervalSince(start) > timeLimit {
        kill(pid, SIGKILL)
        timedOut = true
      }
      usleep(1_000)
    }
    let seconds = Date().timeIntervalSince(start)
    let signal = status & 0x7F
    return MeasuredRun(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      standardOutput: try String(contentsOfFile: outputPath, encoding: .utf8),
      standardError: try String(contentsOfFile: errorPath, encoding: .utf8),
      peakMemory: peak,
      seconds: seconds,
      timedOut: timedOut)
  }

  /// The `VmHWM` of a running process, in bytes, or 0 when it cannot be read (the process has
  /// ended, or has not yet replaced the test's memory with its own: the line is then the test's,
  /// and is not taken).
  private static func highWaterMark(of pid: pid_t) -> Int {
    // Read with read(2): a file of /proc says it has no size, and is read to its end.
    let descriptor = open("/proc/\(pid)/status", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk.prefix(count)
    }
    let status = String(decoding: bytes, as: UTF8.self)
    guard status.contains("Name:\ttxreport") else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let fields = line.dropFirst("VmHWM:".count).split { $0 == " " || $0 == "\t" }
      let kilobytes = fields.first.flatMap { Int($0) }
      return (kilobytes ?? 0) * 1024
    }
    return 0
  }
}
