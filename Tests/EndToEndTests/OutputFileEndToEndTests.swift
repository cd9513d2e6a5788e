import Foundation
import TestSupport
import Testing

/// `--output FILE`: written atomically, or not at all.
@Suite struct OutputFileEndToEndTests {
  private typealias TX = TXReportProcess

  @Test("The report goes to the file, standard output stays empty, and no temporary file is left")
  func writesFile() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let result = try TX.run([
      "--all", TX.fixture("demo_all.json"), "--format", "json", "--output", folder.path("report.json"),
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
    #expect(
      try String(contentsOfFile: folder.path("report.json"), encoding: .utf8)
        == TX.fixtureText("demo_expected_rows.json"))
    #expect(try folder.contents() == ["report.json"])
  }

  @Test("An existing file is replaced whole")
  func replaces() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try String(repeating: "old content\n", count: 5000).write(
      toFile: folder.path("r.txt"), atomically: false, encoding: .utf8)
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.path("r.txt")])
    #expect(result.status == 0)
    let written = try String(contentsOfFile: folder.path("r.txt"), encoding: .utf8)
    #expect(written == (try TX.run([])).standardOutput)
    #expect(!written.contains("old content"))
  }

  @Test("Invalid input leaves the previous file untouched and no temporary file behind")
  func invalidInputKeepsPrevious() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try "previous\n".write(toFile: folder.path("r.txt"), atomically: false, encoding: .utf8)
    let result = try TX.run([
      "--authorized", TX.fixture("cases/invalid_records.json"), "--posted", TX.fixture("demo_posted.json"),
      "--output", folder.path("r.txt"),
    ])
    #expect(result.status == 65)
    #expect(try String(contentsOfFile: folder.path("r.txt"), encoding: .utf8) == "previous\n")
    #expect(try folder.contents() == ["r.txt"])
  }

  @Test("A missing source writes nothing (exit 66); with --partial, the report is written (exit 3)")
  func unavailableStillWrites() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let arguments = [
      "--all", folder.path("missing.json"), "--format", "json", "--output", folder.path("r.json"),
    ]
    let refused = try TX.run(arguments)
    #expect(refused.status == 66)
    #expect(try folder.contents() == [])
    let result = try TX.run(arguments + ["--partial"])
    #expect(result.status == 3)
    #expect(try String(contentsOfFile: folder.path("r.json"), encoding: .utf8).contains("\"title\": \"All\""))
  }

  @Test("A folder that does not exist: exit 74 with the reason, nothing written")
  func missingFolder() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let target = folder.path("no/such/folder/r.txt")
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", target])
    #expect(result.status == 74)
    #expect(result.standardError == "txreport: error: cannot write '\(target)': No such file or directory\n")
    #expect(try folder.contents().isEmpty)
  }

  @Test("--output - writes to standard output")
  func dashIsStandardOutput() throws {
    let result = try TX.run(["--format", "json", "--output", "-"])
    #expect(result.status == 0)
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test("A device is written to, not replaced: --output /dev/null stays the device")
  func deviceIsWrittenDirectly() throws {
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", "/dev/null"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test("A full device: exit 74 naming the file")
  func fullDevice() throws {
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", "/dev/full"])
    #expect(result.status == 74)
    #expect(
      result.standardError
        == "txreport: error: cannot write the report: '/dev/full': No space left on device\n")
  }

  @Test("A symbolic link stays a link; the file it points to gets the report")
  func followsSymbolicLink() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try "previous\n".write(toFile: folder.path("real.json"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.json"), withDestinationPath: "real.json")
    let result = try TX.run([
      "--all", TX.fixture("demo_all.json"), "--format", "json", "--output", folder.path("link.json"),
    ])
    #expect(result.status == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.json")) == "real.json")
    #expect(
      try String(contentsOfFile: folder.path("real.json"), encoding: .utf8)
        == TX.fixtureText("demo_expected_rows.json"))
    #expect(try folder.contents() == ["link.json", "real.json"])
  }

  @Test("--output naming an input is refused (exit 64) and the input is left as it was, through links too")
  func outputOntoInput() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let export = folder.path("export.csv")
    let original = try TX.fixtureText("formats/demo_all.csv")
    try original.write(toFile: export, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.csv"), withDestinationPath: "export.csv")
    try TX.fixtureText("demo_posted.json").write(
      toFile: folder.path("p.json"), atomically: false, encoding: .utf8)
    // `--format` given, so that the output's extension (`.csv`, no format of a report) is not
    // what refuses the run.
    let runs = [
      ["--all", export, "--format", "text", "--output", export],
      ["--all", folder.path("link.csv"), "--format", "text", "--output", export],
      ["--all", export, "--format", "text", "--output", folder.path("link.csv")],
      [
        "--authorized", TX.fixture("demo_authorized.json"), "--posted", folder.path("p.json"), "-o",
        folder.path("p.json"),
      ],
    ]
    for arguments in runs {
      let result = try TX.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.standardOutput == "")
      #expect(
        result.standardError.contains("the report would replace the data it is made from"),
        "\(result.standardError)")
    }
    #expect(try String(contentsOfFile: export, encoding: .utf8) == original)
    #expect(
      try String(contentsOfFile: folder.path("p.json"), encoding: .utf8) == TX.fixtureText("demo_posted.json")
    )
    #expect(try folder.contents() == ["export.csv", "link.csv", "p.json"])
    // Standard input that is the file named by --output.
    let piped = try TX.run(
      ["--all", "-", "--input-format", "csv", "--format", "text", "--output", export],
      standardInputFrom: export)
    #expect(piped.status == 64)
    #expect(piped.standardError.contains("is standard input"), "\(piped.standardError)")
    #expect(try String(contentsOfFile: export, encoding: .utf8) == original)
    // A copy is another file: it is written.
    let copy = try TX.run(["--all", export, "--output", folder.path("report.txt")])
    #expect(copy.status == 0)
  }

  @Test("A dangling symbolic link is written through: the file it names is made, and the link stays a link")
  func danglingLink() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.txt"), withDestinationPath: "new.txt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("nowhere.txt"), withDestinationPath: "missing/new.txt")
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.path("link.txt")])
    #expect(result.status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.txt")) == "new.txt")
    #expect(
      try String(contentsOfFile: folder.path("new.txt"), encoding: .utf8).hasPrefix("Authorized Transactions")
    )
    // A link into a folder that does not exist is refused, and stays as it was.
    let refused = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.path("nowhere.txt")])
    #expect(refused.status == 74)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("nowhere.txt"))
        == "missing/new.txt")
    #expect(try folder.contents() == ["link.txt", "new.txt", "nowhere.txt"])
  }

  @Test("A folder: exit 74 before any work, and nothing is created")
  func folderIsRefused() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.url.path])
    #expect(result.status == 74)
    #expect(result.standardError == "txreport: error: cannot write '\(folder.url.path)': Is a directory\n")
    #expect(try folder.contents().isEmpty)
  }

  @Test("--output /dev/stdout writes where standard output goes: a log it is appended to keeps its lines")
  func standardOutputPath() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try "earlier line\n".write(toFile: folder.path("log"), atomically: false, encoding: .utf8)
    let result = try TX.run(
      ["--all", TX.fixture("demo_all.json"), "--format", "json", "--output", "/dev/stdout"],
      outputPath: folder.path("log"), appending: true)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      try String(contentsOfFile: folder.path("log"), encoding: .utf8)
        == "earlier line\n" + (try TX.fixtureText("demo_expected_rows.json")))
    #expect(try folder.contents() == ["log"])
  }

  @Test("-o report.html writes HTML, and -o report.md Markdown, with no --format")
  func formatFromExtension() throws {
    let folder = try TemporaryDirectory("txreport-out")
    #expect(try TX.run(["--all", TX.fixture("demo_all.json"), "-o", folder.path("report.html")]).status == 0)
    #expect(try TX.run(["--all", TX.fixture("demo_all.json"), "-o", folder.path("report.md")]).status == 0)
    #expect(
      try String(contentsOfFile: folder.path("report.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    #expect(
      try String(contentsOfFile: folder.path("report.md"), encoding: .utf8).hasPrefix(
        "# Transaction Report\n"))
  }

  /// Every signal whose default action ends a process (signal(7), on Linux), but SIGKILL, which
  /// cannot be caught, and SIGPIPE and SIGXFSZ, which txreport ignores: written out here, not
  /// taken from txreport's own list.
  static let terminatingSignals: [Int32] =
    [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 15, 16, 24, 26, 27, 29, 30, 31] + Array(34...64)

  @Test(
    "Any signal that ends a program, while --output is written: no temporary file is left, the signal ends txreport",
    arguments: terminatingSignals)
  func signalRemovesTemporaryFile(signal number: Int32) throws {
    let folder = try TemporaryDirectory("txreport-out")
    let fifo = folder.path("input.ndjson")
    try #require(mkfifo(fifo, 0o600) == 0)
    let process = Process()
    process.executableURL = try TX.binary()
    // Opening the named pipe waits for a writer that never comes: the run is caught while the
    // temporary file of its output exists.
    process.arguments = ["--all", fifo, "--output", folder.path("r.txt")]
    // The runtime's crash reporter (for SIGSEGV and the other faults) would only take time.
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var temporary: [String] = []
    for _ in 0..<200 where temporary.isEmpty {
      usleep(20_000)
      temporary = try folder.contents().filter { $0.hasPrefix(".r.txt.txreport-") }
    }
    try #require(temporary.count == 1, "the temporary file never appeared")
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    #expect(try folder.contents() == ["input.ndjson"])
  }

  @Test("A temporary that a killed run left is removed by the next run; a recent or locked one is not")
  func staleTemporaryIsRemoved() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let (stale, recent, locked) = (
      ".r.txt.txreport-AAAAAA", ".r.txt.txreport-BBBBBB", ".r.txt.txreport-CCCCCC"
    )
    for name in [stale, recent, locked] {
      try "partial".write(toFile: folder.path(name), atomically: false, encoding: .utf8)
    }
    let old = Date(timeIntervalSinceNow: -600)
    for name in [stale, locked] {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path(name))
    }
    // A run still writing holds the lock on its temporary: `flock` stands in for it.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = [folder.path(locked), "sleep", "30"]
    try holder.run()
    defer { holder.terminate() }
    usleep(300_000)

    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.path("r.txt")])

    #expect(result.status == 0)
    #expect(try folder.contents() == [locked, recent, "r.txt"].sorted())
  }

  @Test("A file name of 255 bytes, the longest a name can be, is written atomically too")
  func longestName() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let name = String(repeating: "é", count: 125) + "x.txt"
    #expect(name.utf8.count == 255)
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.path(name)])
    #expect(result.status == 0)
    #expect(try folder.contents() == [name])
  }

  @Test(
    "A read-only file is not replaced by a user who may not write it, as cp would refuse",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func readOnlyFile() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let target = folder.path("locked.txt")
    try "previous\n".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
    // As root, `access` lets every write through, as it lets `cp`: run as an ordinary user.
    let arguments = ["--all", TX.fixture("demo_all.json"), "--output", target]
    let result =
      getuid() == 0
      ? try TX.runAs(uid: 65534, arguments)
      : try TX.run(arguments)
    #expect(result.status == 74)
    #expect(result.standardError == "txreport: error: cannot write '\(target)': Permission denied\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "previous\n")
  }

  @Test(
    "An append-only folder: nothing replaced, the temporary file left empty and named, exit 74",
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")))
  func appendOnlyFolder() throws {
    let folder = try TemporaryDirectory("txreport-out")
    let chattr = { (flag: String) throws in
      let process = try Process.run(
        URL(fileURLWithPath: "/usr/bin/chattr"), arguments: [flag, folder.url.path])
      process.waitUntilExit()
      return process.terminationStatus
    }
    // Some file systems (tmpfs, overlays) have no append-only flag: nothing to test there.
    guard try chattr("+a") == 0 else { return }
    defer { _ = try? chattr("-a") }
    let result = try TX.run(["--all", TX.fixture("demo_all.json"), "--output", folder.path("r.txt")])
    #expect(result.status == 74)
    let left = try folder.contents()
    try #require(left.count == 1 && left[0].hasPrefix(".r.txt.txreport-"))
    #expect(
      result.standardError.contains(
        "'\(folder.path(left[0]))' be removed (append-only?): it is left behind, empty"))
    let size = try FileManager.default.attributesOfItem(atPath: folder.path(left[0]))[.size] as? Int
    #expect(size == 0)
  }

  /// `big.ndjson`: 30,000 records with characters of two to four bytes, whose JSON report is
  /// larger than the 1 MiB a spooled report keeps in memory.
  private static func writeLargeInput(in folder: TemporaryDirectory) throws {
    let lines = (0..<30_000).map { index in
      #"{"group": "A", "date": "2016-04-01", "description": "東京é🇨🇦 \#(index)", "amount": "1.00", "debit": "D"}"#
    }
    try lines.joined(separator: "\n").write(
      toFile: folder.path("big.ndjson"), atomically: true, encoding: .utf8)
  }

  @Test(
    "A report of a file larger than the memory it is held in reaches standard output whole, byte for byte")
  func largeReportThroughTheSpool() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try Self.writeLargeInput(in: folder)
    let printed = try TX.run(["--all", folder.path("big.ndjson"), "--format", "json"])
    let written = try TX.run([
      "--all", folder.path("big.ndjson"), "--format", "json", "-o", folder.path("out.json"),
    ])
    #expect(printed.status == 0 && written.status == 0)
    let file = try Data(contentsOf: URL(fileURLWithPath: folder.path("out.json")))
    #expect(file.count > 2 << 20)
    #expect(Data(printed.standardOutput.utf8) == file)
  }

  @Test("A large report appended to a log with >> follows what the log held, byte for byte")
  func largeReportAppendedToALog() throws {
    let folder = try TemporaryDirectory("txreport-out")
    try Self.writeLargeInput(in: folder)
    try "earlier\n".write(toFile: folder.path("log"), atomically: true, encoding: .utf8)
    let appended = try TX.run(
      ["--all", folder.path("big.ndjson"), "--format", "json"], outputPath: folder.path("log"),
      appending: true)
    let written = try TX.run([
      "--all", folder.path("big.ndjson"), "--format", "json", "-o", folder.path("out.json"),
    ])
    #expect(appended.status == 0 && written.status == 0)
    let log = try Data(contentsOf: URL(fileURLWithPath: folder.path("log")))
    let file = try Data(contentsOf: URL(fileURLWithPath: folder.path("out.json")))
    #expect(file.count > 2 << 20)
    #expect(log == Data("earlier\n".utf8) + file)
  }
}
