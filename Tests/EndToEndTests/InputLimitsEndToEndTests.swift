import Foundation
import TestSupport
import Testing

/// Inputs that could make a run take memory, time or disk without bound: a key repeated
/// millions of times, a field of many megabytes, standard input without end. Each must end
/// promptly, in flat memory, with exact counts and a located error.
@Suite(.timeLimit(.minutes(2))) struct InputLimitsEndToEndTests {
  static let tooLong =
    "a record longer than 1048576 bytes; the rest of the input is not read; hint: check for a quote that is"
    + " not closed or a missing line break, or input that is not text"

  @Test("Two million repeated keys: every one is counted, and memory stays flat")
  func repeatedKeysAreCountedInFlatMemory() throws {
    let folder = try TemporaryDirectory("txreport-limits")
    // Ten records of 1 MB, each with one key written 200,001 times: 200,000 repeats a record.
    let record =
      #"{"group":"A","date":"2016-04-01","description":"x","amount":"1.00","debit":"D""#
      + String(repeating: #","":0"#, count: 200_001) + "}"
    let path = try folder.file(
      "repeated.json", text: "[" + Array(repeating: record, count: 10).joined(separator: ",\n") + "]\n")

    let run = try MeasuredRun.run(["--all", path])

    let lines = run.standardError.split(separator: "\n")
    #expect(run.status == 65)
    #expect(lines.count == 21)
    #expect(lines.first == "\(path):1:86: error: a key appears more than once in the record (got \"\")")
    #expect(
      lines.last
        == "txreport: error: 10 invalid records with 2000000 problems (1999980 not shown); no report was made."
    )
    // A run that kept every issue took 150 MB here; the report itself needs about 14 MB.
    #expect(run.peakMemory < 48 << 20, "peak memory \(run.peakMemory >> 20) MiB")
  }

  @Test(
    "A description of 20 MB is refused in every format, at its value, naming the field, in flat memory",
    arguments: [("json", "1:49"), ("ndjson", "1:48"), ("csv", "2:14")])
  func aLongDescriptionIsRefusedInEveryFormat(format: String, place: String) throws {
    let folder = try TemporaryDirectory("txreport-limits")
    let long = String(repeating: "x", count: 20_000_000)
    let record = #"{"group":"A","date":"2016-04-01","description":"\#(long)","amount":"1.00","debit":"D"}"#
    let text =
      switch format {
      case "json": "[" + record + "]\n"
      case "ndjson": record + "\n"
      default: "group,date,description,amount,debit\nA,2016-04-01," + long + ",1.00,D\n"
      }
    let path = try folder.file("long." + format, text: text)

    let run = try MeasuredRun.run(["--all", path])

    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "\(path):\(place): error: description: \(Self.tooLong)\n"
        + "txreport: error: 1 invalid record; no report was made.\n")
    // Accepting the description took 60 MB and more; the record is never held now.
    #expect(run.peakMemory < 40 << 20, "peak memory \(run.peakMemory >> 20) MiB")
  }

  @Test(
    "Standard input without end (/dev/zero) ends promptly with exit 65 in every format",
    arguments: ["json", "ndjson", "csv"])
  func endlessStandardInputEnds(format: String) throws {
    let folder = try TemporaryDirectory("txreport-limits")

    let run = try MeasuredRun.run(
      ["--all", "-", "--input-format", format], standardInput: "/dev/zero",
      environment: ["TMPDIR": folder.path],
      timeLimit: 30)

    #expect(!run.timedOut)
    #expect(run.seconds < 5)
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    let problem =
      format == "json"
      ? #"expected '[': the file must hold one JSON array of records (got "\u{0}"); hint: write the records as [{...}, {...}]"#
      : Self.tooLong
    #expect(
      run.standardError
        == "<stdin>:1:1: error: \(problem)\ntxreport: error: 1 invalid record; no report was made.\n")
  }

  @Test(
    "A device named by its path is read as standard input is: /dev/urandom and /dev/stdin are refused (65) as - is, never an empty report",
    arguments: [
      (["--all", "-"], "/dev/urandom"), (["--all", "/dev/urandom"], "/dev/null"),
      (["--all", "/dev/stdin"], "/dev/urandom"),
      (["--all", "/dev/zero", "--input-format", "csv"], "/dev/null"),
    ])
  func devicesByPathAreRead(arguments: [String], standardInput: String) throws {
    let folder = try TemporaryDirectory("txreport-limits")

    let run = try MeasuredRun.run(
      arguments, standardInput: standardInput, environment: ["TMPDIR": folder.path], timeLimit: 30)

    #expect(!run.timedOut)
    #expect(run.status == 65, "\(run.standardError)")
    #expect(run.standardOutput == "")
    #expect(run.standardError.hasSuffix("txreport: error: 1 invalid record; no report was made.\n"))
  }

  // MARK: A temporary folder that cannot hold standard input

  /// Three MB of valid NDJSON records, more than the copy of standard input may take below.
  static func manyRecords(in folder: TemporaryDirectory) throws -> String {
    let line =
      #"{"group": "A", "date": "2016-04-01", "description": "Starbucks", "amount": "3.11", "debit": "D"}"#
    return try folder.file("many.ndjson", text: String(repeating: line + "\n", count: 30_000))
  }

  static func diskWarning(folder: String, reason: String) -> String {
    "txreport: warning: Transactions are not available: cannot read standard input twice: cannot write its"
      + " copy to a temporary file in \(folder): \(reason) (the disk, not the data: free some space there, or"
      + " set TMPDIR to a folder with more)\n"
  }

  @Test(
    "A copy of standard input that may not grow (RLIMIT_FSIZE) is an unavailable source, exit 3: the disk, not the data"
  )
  func copyOverAFileSizeLimit() throws {
    let folder = try TemporaryDirectory("txreport-limits")
    let input = try Self.manyRecords(in: folder)

    let run = try MeasuredRun.run(
      ["--all", "-", "--input-format", "ndjson"], standardInput: input, environment: ["TMPDIR": folder.path],
      wrapper: ["/usr/bin/prlimit", "--fsize=65536"])

    #expect(run.status == 3)
    #expect(run.standardError == Self.diskWarning(folder: folder.path, reason: "File too large"))
    #expect(run.standardOutput.hasPrefix("All\n  Transactions are not currently available.\n"))
  }

  /// Whether this machine lets the tests mount a small tmpfs in a mount namespace of their own
  /// (root with CAP_SYS_ADMIN; not in every container).
  static let canMountTmpfs: Bool = {
    guard let folder = try? TemporaryDirectory("txreport-limits") else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    probe.arguments = ["--mount", "/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()

  @Test(
    "A full disk under TMPDIR (a 64 KiB tmpfs) is an unavailable source, exit 3: the disk, not the data",
    .enabled(if: canMountTmpfs, "needs to mount a tmpfs in a mount namespace of its own"))
  func copyOnAFullDisk() throws {
    let folder = try TemporaryDirectory("txreport-limits")
    let input = try Self.manyRecords(in: folder)
    let small = folder.path + "/small"
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)

    // The tmpfs lives in the namespace of this one run, and goes away with it.
    let run = try MeasuredRun.run(
      ["--all", "-", "--input-format", "ndjson"], standardInput: input, environment: ["TMPDIR": small],
      wrapper: [
        "/usr/bin/unshare", "--mount", "/bin/sh", "-c",
        #"mount -t tmpfs -o size=64k tmpfs "$TMPDIR" && exec "$@""#, "sh",
      ])

    #expect(run.status == 3)
    #expect(run.standardError == Self.diskWarning(folder: small, reason: "No space left on device"))
    #expect(run.standardOutput.hasPrefix("All\n  Transactions are not currently available.\n"))
  }
}
