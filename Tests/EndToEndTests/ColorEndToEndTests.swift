import Foundation
import TestSupport
import Testing

/// Colour as the built binary chooses it from its real environment and terminals.
@Suite struct ColorEndToEndTests {
  private typealias TX = TXReportProcess

  @Test("Without COLORTERM, --color always writes the 256-colour palette, not 24-bit colour")
  func xterm256() throws {
    let result = try TX.run(["--color", "always"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\u{1B}[48;5;231m\u{1B}[38;5;234m"))  // odd band
    #expect(result.standardOutput.contains("\u{1B}[48;5;253m\u{1B}[38;5;234m"))  // even band
    #expect(!result.standardOutput.contains("\u{1B}[48;2;"))
  }

  @Test("COLORFGBG naming a dark background gives the dark palette")
  func darkBackground() throws {
    let result = try TX.run(["--color", "always"], environment: ["COLORFGBG": "15;0", "COLORTERM": "24bit"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\u{1B}[48;2;27;30;36m\u{1B}[38;2;232;234;240m"))
    #expect(!result.standardOutput.contains("\u{1B}[48;2;247;248;252m"))
  }

  @Test("Standard error that is not a terminal stays plain, even with --color always")
  func plainStandardError() throws {
    let result = try TX.run(["--all", TX.fixture("cases/invalid_records.json"), "--color", "always"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("\ntxreport: error: "))
    #expect(!result.standardError.contains("\u{1B}"))
  }

  #if os(Linux)
    /// What the binary wrote to a pseudo-terminal that is its standard error and, unless
    /// another file is given, its standard output, with the terminal's line ends (`\r\n`) made
    /// `\n` again.
    private func runOnTerminal(
      _ arguments: [String], environment: [String: String], standardOutput: FileHandle? = nil
    ) throws -> String {
      let pseudoTerminal = try #require(PseudoTerminal())
      let master = pseudoTerminal.master
      defer { close(master) }
      let slave = open(pseudoTerminal.path, O_RDWR | O_NOCTTY)
      try #require(slave >= 0)
      let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)

      let process = Process()
      process.executableURL = try TX.binary()
      process.arguments = arguments
      var base = ProcessInfo.processInfo.environment
      for name in ["NO_COLOR", "TERM", "COLORTERM", "COLORFGBG", "COLUMNS"] { base[name] = nil }
      process.environment = base.merging(environment) { $1 }
      process.standardOutput = standardOutput ?? terminal
      process.standardError = terminal
      process.standardInput = FileHandle.nullDevice
      try process.run()
      try terminal.close()  // Only the child holds the terminal now: its exit ends the reading.

      var output: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 10_000) == 1, "txreport wrote nothing to the terminal for 10 s")
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }  // EIO once the child has closed the terminal
        output += buffer[0..<count]
      }
      process.waitUntilExit()
      return String(decoding: output, as: UTF8.self).replacing("\r\n", with: "\n")
    }

    @Test(
      "On a terminal, the environment decides: NO_COLOR only when not empty, TERM=dumb, COLORTERM, COLORFGBG",
      arguments: [
        ([:], "\u{1B}[48;5;231m"), (["NO_COLOR": ""], "\u{1B}[48;5;231m"), (["NO_COLOR": "1"], nil),
        (["TERM": "dumb"], nil), (["COLORTERM": "truecolor"], "\u{1B}[48;2;247;248;252m"),
        (["COLORFGBG": "15;0"], "\u{1B}[48;5;234m"),
        (["COLORFGBG": "15;0", "COLORTERM": "truecolor"], "\u{1B}[48;2;27;30;36m"),
      ] as [([String: String], String?)])
    func terminalEnvironment(environment: [String: String], oddBand: String?) throws {
      let text = try runOnTerminal([], environment: environment)
      #expect(text.contains("Authorized Transactions"))
      if let oddBand {
        #expect(text.contains(oddBand))
      } else {
        #expect(!text.contains("\u{1B}"))
      }
    }

    @Test("On a terminal, the error label is bold red unless colour is off")
    func terminalErrorLabel() throws {
      let invalid = TX.fixture("cases/invalid_records.json")
      let red = "\u{1B}[1;31mtxreport: error:\u{1B}[0m 3 invalid records"
      #expect(try runOnTerminal(["--all", invalid], environment: [:]).contains(red))
      #expect(try runOnTerminal(["--all", invalid], environment: ["NO_COLOR": ""]).contains(red))
      for (arguments, environment) in [
        (["--color", "never"], [:]), ([], ["NO_COLOR": "1"]), ([], ["TERM": "dumb"]),
      ] as [([String], [String: String])] {
        let text = try runOnTerminal(["--all", invalid] + arguments, environment: environment)
        #expect(text.contains("\ntxreport: error: 3 invalid records"), "\(arguments) \(environment): \(text)")
        #expect(!text.contains("\u{1B}"))
      }
    }

    @Test("On a terminal, the error that ends a run whose standard output failed follows --color too")
    func terminalOutputErrorLabel() throws {
      let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
      let message = "txreport: error:\u{1B}[0m cannot write to standard output: "
      #expect(
        try runOnTerminal([], environment: [:], standardOutput: full).hasPrefix("\u{1B}[1;31m" + message))
      let plain = try runOnTerminal(["--color", "never"], environment: [:], standardOutput: full)
      #expect(plain.hasPrefix("txreport: error: cannot write to standard output: "), "\(plain)")
    }
  #endif
}
