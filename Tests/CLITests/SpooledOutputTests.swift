import CLI
import Entities
import Presenters
import Synchronization
import Testing
import UseCases

/// A report that reads files writes no row to standard output unless it ends well: a file that
/// changes between its two readings is found after rows were made (SPEC §8, decision 0027).
@Suite struct SpooledOutputTests {
  /// A use case that presents the start of a report, then finds its source changed, as the
  /// second reading of a truncated file does.
  private struct ChangedMidway: TransactionReportUseCaseInput {
    let output: any TransactionReportUseCaseOutput
    func eventGenerateReport() async {
      output.presentReportStart()
      output.presentHeader(.group(.authorized))
      if let date = try? CalendarDate(year: 2016, month: 4, day: 1) { output.presentSubheader(date: date) }
      output.presentDetail(description: "Starbucks", amount: Money(minorUnits: 311) ?? .zero)
      output.presentInvalidInput(issues: [], totalCount: 1, recordCount: 1)
    }
  }

  /// A use case that presents a small, good report.
  private struct Good: TransactionReportUseCaseInput {
    let output: any TransactionReportUseCaseOutput
    func eventGenerateReport() async {
      output.presentReportStart()
      output.presentHeader(.group(.authorized))
      output.presentNoTransactions(group: .authorized)
      output.presentGrandFooter(total: .zero)
      output.presentReportEnd()
    }
  }

  private func run(
    _ arguments: [String],
    _ makeUseCase:
      @escaping @Sendable (any TransactionReportUseCaseOutput, (@Sendable () -> Void)?) ->
      any TransactionReportUseCaseInput
  ) async -> (status: ExitCode, output: String, errors: String) {
    let (output, errors) = (MemoryTextSink(), MemoryTextSink())
    let context = CommandLineApp.Context(arguments: arguments, output: output, errors: errors)
    let status = await CommandLineApp.run(context) { _, presenter, _, takeBack in
      makeUseCase(presenter, takeBack)
    }
    return (status, output.text, errors.text)
  }

  @Test("A file that changes between readings: rows were made, none reaches standard output; exit 65")
  func changedFileWritesNothing() async {
    for arguments in [
      ["--all", "a.json"], ["--authorized", "a.json", "--posted", "-"], ["--all", "a.json", "-o", "-"],
    ] {
      let result = await run(arguments + ["--format", "json"]) { output, _ in ChangedMidway(output: output) }
      #expect(result.status == .dataError)
      #expect(result.output == "")
      #expect(result.errors.hasSuffix("no report was made.\n"))
    }
  }

  @Test("A good report of files reaches standard output whole, once it has ended")
  func goodReportIsWritten() async {
    let result = await run(["--all", "a.json", "--format", "json"]) { output, _ in Good(output: output) }
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("[\n") && result.output.hasSuffix("]\n"))
  }

  /// A use case that drafts a report for an output that takes one, discards it, and makes
  /// another, as a source out of report order makes the report do (decision 0030).
  private struct RedraftedReport: TransactionReportUseCaseInput {
    let output: any TransactionReportUseCaseOutput
    /// What takes back the draft, as the command line hands it to the composition root.
    let takeBack: (@Sendable () -> Void)?
    func eventGenerateReport() async {
      if let takeBack {
        output.presentReportStart()
        output.presentHeader(.group(.authorized))
        output.presentDetail(description: "Draft only", amount: Money(minorUnits: 100) ?? .zero)
        takeBack()
      }
      output.presentReportStart()
      output.presentHeader(.group(.authorized))
      output.presentNoTransactions(group: .authorized)
      output.presentGrandFooter(total: .zero)
      output.presentReportEnd()
    }
  }

  @Test("Output held until the end takes a draft; a discarded draft leaves nothing, in any format")
  func discardedDraftLeavesNothing() async throws {
    for format in ["text", "json", "markdown", "html"] {
      let drafted = await run(["--all", "a.json", "--format", format]) {
        RedraftedReport(output: $0, takeBack: $1)
      }
      let direct = await run(["--format", format]) { RedraftedReport(output: $0, takeBack: $1) }
      #expect(drafted.status == .success)
      #expect(!drafted.output.contains("Draft only"), "\(format)")
      #expect(drafted.output == direct.output, "\(format): the same as a report made once")
      #expect(!direct.output.isEmpty)
    }
  }

  @Test("Bytes and text written to the spool come back in order, through memory and the temporary file")
  func bytesAndText() throws {
    for limit in [1000, 10] {
      let destination = MemoryTextSink()
      let spool = SpooledStandardOutput(releasingTo: destination, isTerminal: false, memoryLimit: limit)
      var expected = ""
      for number in 0..<200 {
        let line = "row \(number) Café 東京\n"
        if number % 2 == 0 {
          spool.write(line)
        } else {
          Array(line.utf8).withUnsafeBufferPointer { spool.write(utf8: $0) }
        }
        expected += line
      }
      try spool.commit()
      #expect(destination.text == expected, "memory limit \(limit)")
    }
  }

  @Test("Batches of rows written straight to the temporary file keep their place among small writes")
  func largeBatchesInOrder() throws {
    for limit in [1000, 40_000, 1 << 20] {
      let destination = MemoryTextSink()
      let spool = SpooledStandardOutput(releasingTo: destination, isTerminal: false, memoryLimit: limit)
      var expected: [UInt8] = []
      for number in 0..<40 {
        // A batch of 16 KiB to 48 KiB, then one to three small lines.
        let batch = Array(String(repeating: "batch \(number) Café\n", count: 1000 + 700 * (number % 3)).utf8)
        batch.withUnsafeBufferPointer { spool.write(utf8: $0) }
        expected += batch
        for small in 0...(number % 3) {
          let line = "line \(number).\(small)\n"
          spool.write(line)
          expected += Array(line.utf8)
        }
        if number == 20 {
          spool.rewind()
          expected = []
        }
      }
      try spool.commit()
      #expect(Array(destination.text.utf8) == expected, "memory limit \(limit)")
    }
  }

  @Test("Rewinding the spool forgets what it kept, in memory and in its temporary file")
  func rewind() throws {
    for limit in [1000, 10] {
      let destination = MemoryTextSink()
      let spool = SpooledStandardOutput(releasingTo: destination, isTerminal: false, memoryLimit: limit)
      #expect(spool.canRewind)
      for _ in 0..<50 { spool.write("draft line\n") }
      spool.rewind()
      spool.write("kept\n")
      try spool.commit()
      #expect(destination.text == "kept\n", "memory limit \(limit)")
    }
  }

  @Test("A report bigger than the memory limit goes through a temporary file and comes back whole")
  func spillsToATemporaryFile() throws {
    let destination = MemoryTextSink()
    let spool = SpooledStandardOutput(releasingTo: destination, isTerminal: false, memoryLimit: 1000)
    let line = String(repeating: "x", count: 99) + "\n"
    for _ in 0..<5_000 { spool.write(line) }
    #expect(destination.text.isEmpty)
    try spool.commit()
    #expect(destination.text.utf8.count == 500_000)
    #expect(destination.text == String(repeating: line, count: 5_000))
  }

  @Test("Once the temporary file is written, the buffers that go to it hold no more than its limit")
  func smallBuffersOnceTheFileIsWritten() throws {
    let line = String(repeating: "z", count: 99) + "\n"
    for fileLimit in [300, 1000, 5000] {
      let destination = MemoryTextSink()
      let spool = SpooledStandardOutput(
        releasingTo: destination, isTerminal: false, memoryLimit: 2000, fileBufferLimit: fileLimit)
      for _ in 0..<500 { spool.write(line) }
      // A buffer goes once it holds the limit: the write that reached it is the last one in it.
      #expect(spool.largestFileBuffer >= fileLimit, "file limit \(fileLimit)")
      #expect(spool.largestFileBuffer < fileLimit + 100, "file limit \(fileLimit)")
      try spool.commit()
      #expect(destination.text == String(repeating: line, count: 500), "file limit \(fileLimit)")
    }
  }

  @Test("Characters of several bytes come back whole, wherever a read of the temporary file ends")
  func multibyteCharactersAcrossReads() throws {
    let line = "é東🇨🇦x\n"
    for readSize in [1, 2, 3, 5, 7, 64] {
      let destination = MemoryTextSink()
      let spool = SpooledStandardOutput(
        releasingTo: destination, isTerminal: false, memoryLimit: 10, readSize: readSize)
      for _ in 0..<100 { spool.write(line) }
      try spool.commit()
      #expect(
        Array(destination.text.utf8) == Array(String(repeating: line, count: 100).utf8),
        "read size \(readSize)")
    }
  }

  @Test("A discarded spool writes nothing")
  func discard() {
    let destination = MemoryTextSink()
    let spool = SpooledStandardOutput(releasingTo: destination, isTerminal: false, memoryLimit: 10)
    spool.write(String(repeating: "y", count: 100))
    spool.discard()
    #expect(destination.text.isEmpty)
  }
}
