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
  #endif
}
