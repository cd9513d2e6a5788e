import Foundation
import TestSupport
import Testing

private typealias TX = TXReportProcess

/// `txreport --interactive` where it cannot open its screen: standard output or input that is
/// not a terminal. It says so, exits 64, and writes nothing to standard output, least of all an
/// escape sequence. (What it shows on a terminal is checked in tmux by Scripts/interactive-check.)
@Suite struct InteractiveEndToEndTests {
  @Test("Standard output a pipe: exit 64, a hint on standard error, nothing on standard output")
  func outputIsAPipe() throws {
    for arguments in [["--interactive"], ["--interactive", "--all", TX.fixture("demo_all.json")]] {
      let result = try TX.run(arguments)
      #expect(result.status == 64)
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.standardError
          == "txreport: error: --interactive needs a terminal, and standard output is not one (a pipe or a file);"
          + " run it in a terminal, or leave out --interactive to print the report\n"
          + "Run 'txreport --help' for usage.\n")
    }
  }

  @Test("Invalid input is not read when the screen cannot open: the usage error comes first")
  func usageBeforeInput() throws {
    let result = try TX.run(["--interactive", "--all", TX.fixture("cases/invalid_records.json")])
    #expect(result.status == 64)
    #expect(!result.standardError.contains("invalid record"))
  }

  #if os(Linux)
    @Test("Standard output a terminal, standard input not: exit 64, and the terminal gets only the message")
    func inputIsNotATerminal() throws {
      let pseudoTerminal = try #require(PseudoTerminal())
      let master = pseudoTerminal.master
      defer { close(master) }
      let slave = open(pseudoTerminal.path, O_RDWR | O_NOCTTY)
      try #require(slave >= 0)
      let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
      let process = Process()
      process.executableURL = try TX.binary()
      process.arguments = ["--interactive", "--color", "never"]
      process.standardOutput = terminal
      process.standardError = terminal
      process.standardInput = FileHandle.nullDevice
      try process.run()
      try terminal.close()
      var output: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 10_000) == 1, "txreport wrote nothing to the terminal for 10 s")
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        output += buffer[0..<count]
      }
      process.waitUntilExit()
      let text = String(decoding: output, as: UTF8.self)
      #expect(process.terminationStatus == 64)
      #expect(
        text.hasPrefix(
          "txreport: error: --interactive reads keys from a terminal, and standard input is not one"))
      #expect(!text.contains("\u{1B}[?1049h"), "the alternate screen was never entered")
      #expect(!text.contains("Authorized Transactions"))
    }

    @Test(
      "Any other signal that ends a program (SIGUSR1, SIGALRM, SIGXCPU…) leaves the screen, restores the terminal, and ends txreport by it",
      arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, firstRealTimeSignal])
    func otherSignalsRestoreTheTerminal(signal number: Int32) throws {
      try expectEndedOnScreen(by: number, environment: ProcessInfo.processInfo.environment)
    }

    @Test(
      "A crash signal another process sends, SIGPIPE or SIGXFSZ: the screen is left, the terminal restored, and the signal ends txreport, with the runtime's crash reporter on",
      arguments: [SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP, SIGPIPE, SIGXFSZ])
    func crashSignalsRestoreTheTerminal(signal number: Int32) throws {
      // The default environment: SWIFT_BACKTRACE unset, the runtime's reporter on (issue 48).
      let rest = try expectEndedOnScreen(by: number, environment: TX.defaultEnvironment)
      #expect(!rest.contains("Program crashed"), "\(rest.suffix(300))")
    }

    /// Sends `number` to `txreport --interactive` on a pseudo-terminal once the report is on
    /// screen, and expects the screen left, the terminal's modes back and the process ended by
    /// the signal, within 10 s.
    ///
    /// - Returns: What the terminal showed after the signal.
    @discardableResult
    private func expectEndedOnScreen(by number: Int32, environment: [String: String]) throws -> String {
      let pseudoTerminal = try #require(PseudoTerminal())
      let master = pseudoTerminal.master
      defer { close(master) }
      var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
      try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
      let slave = open(pseudoTerminal.path, O_RDWR | O_NOCTTY)
      try #require(slave >= 0)
      defer { close(slave) }
      var before = termios()
      try #require(tcgetattr(slave, &before) == 0)
      let process = Process()
      process.executableURL = try TX.binary()
      process.arguments = ["--interactive", "--color", "never"]
      process.environment = environment.merging(["TERM": "xterm-256color"]) { $1 }
      let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
      process.standardInput = terminal
      process.standardOutput = terminal
      process.standardError = terminal
      try process.run()
      defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
      let screen = try Self.readTerminal(master, until: { $0.contains("lines 1") }, seconds: 10)
      try #require(screen.contains("\u{1B}[?1049h"), "the screen was entered")
      kill(process.processIdentifier, number)
      var rest = ""
      for _ in 0..<100 where process.isRunning {
        rest += try Self.readTerminal(master, until: { _ in false }, seconds: 0.05)
      }
      #expect(
        TX.waitForExit(process, seconds: 10), "still running 10 s after the signal: \(rest.suffix(200))")
      rest += try Self.readTerminal(master, until: { _ in false }, seconds: 0.2)
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(process.terminationStatus == number)
      for sequence in ["\u{1B}[?1049l", "\u{1B}[?25h", "\u{1B}[?1000l", "\u{1B}[?1006l", "\u{1B}[?7h"] {
        #expect(rest.contains(sequence), "\(sequence.debugDescription) after the signal")
      }
      var after = termios()
      try #require(tcgetattr(slave, &after) == 0)
      #expect(after.c_lflag == before.c_lflag, "echo and canonical input back")
      #expect(after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
      return rest
    }

    /// The first real-time signal glibc leaves to programs.
    static let firstRealTimeSignal: Int32 = 34

    /// What the terminal shows, read from its master side until `done` says so or `seconds`
    /// pass.
    private static func readTerminal(_ master: Int32, until done: (String) -> Bool, seconds: Double) throws
      -> String
    {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      let deadline = Date(timeIntervalSinceNow: seconds)
      while !done(String(decoding: bytes, as: UTF8.self)) {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { break }
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(left * 1000) + 1) == 1 else { break }
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  #endif
}
