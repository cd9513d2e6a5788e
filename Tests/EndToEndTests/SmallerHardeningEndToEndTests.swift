import Foundation
import TestSupport
import Testing

/// The smaller items of issue 39's attack, run through the built binary: each failed on the
/// binary before it.
@Suite(.timeLimit(.minutes(2))) struct SmallerHardeningEndToEndTests {
  private typealias TX = TXReportProcess

  @Test(
    "--width 40: message rows and the incomplete-report line are wrapped within the width; at 80 columns they stay whole"
  )
  func messagesFitTheWidth() throws {
    let missing = TX.fixture("cases/does-not-exist.json")
    let arguments = ["--authorized", missing, "--posted", TX.fixture("demo_posted.json"), "--partial"]
    let narrow = try TX.run(arguments + ["--width", "40"])
    #expect(narrow.status == 3)
    let lines = narrow.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines { #expect(line.count <= 40, "\(line)") }
    #expect(
      lines.prefix(3) == [
        "Authorized Transactions", "  Authorized Transactions are not", "  currently available.",
      ])
    #expect(lines[3] == "  Incomplete report: Authorized")
    let whole = try TX.run(arguments + ["--width", "80"])
    #expect(whole.status == 3)
    #expect(whole.standardOutput == (try TX.run(arguments)).standardOutput)
    let incomplete = try #require(
      whole.standardOutput.split(separator: "\n").first { $0.hasPrefix("  Incomplete report:") })
    #expect(incomplete.count > 80)
    // Nothing is lost: the lines hold the characters of the line kept whole (a path wider than
    // the line is cut where the line ends).
    let visible = { (text: Substring) in text.filter { $0 != " " && $0 != "\n" } }
    #expect(visible(narrow.standardOutput[...]).contains(visible(incomplete)))

    let empty = try TX.run(["--all", TX.fixture("demo_posted.json"), "--width", "40"])
    #expect(empty.status == 0)
    #expect(
      empty.standardOutput.hasPrefix(
        "Authorized Transactions\n  There are no Authorized Transactions\n  in this period\n\nPosted Transactions\n"
      ))
    for line in empty.standardOutput.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
  }

  #if os(Linux)
    @Test("A read error (EIO: /proc/self/mem) is input that cannot be read: no report, exit 66, not 65")
    func readErrorIsNoInput() throws {
      let result = try TX.run(["--all", "/proc/self/mem", "--input-format", "csv"])
      #expect(result.status == 66)
      #expect(result.standardOutput == "")
      #expect(
        result.standardError
          == "txreport: error: cannot read '/proc/self/mem' to its end: Input/output error\n")
    }

    @Test("With --partial, a read error leaves its group's message and the report, exit 3")
    func readErrorPartial() throws {
      let result = try TX.run(
        ["--authorized", "/proc/self/mem", "--posted", TX.fixture("demo_posted.json"), "--partial"])
      #expect(result.status == 3)
      #expect(result.standardOutput.contains("Incomplete report: Authorized Transactions are not available:"))
    }
  #endif

  @Test("Standard input closed (<&-): 'standard input is closed', exit 66, not 'Invalid argument'")
  func closedStandardInput() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" --all - <&-", try TX.binary().path]
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 66)
    #expect(outputData.isEmpty)
    #expect(String(decoding: errorData, as: UTF8.self) == "txreport: error: standard input is closed\n")
  }

  @Test("A bank CSV with two amount columns is refused at the second, naming --columns; --columns picks one")
  func twoAmountColumns() throws {
    let folder = try TemporaryDirectory("txreport-small39")
    let path = try folder.file(
      "export.csv", text: "Date,Description,Amount (EUR),Amount (USD)\n2024-03-15,Coffee,-3.50,-3.80\n")
    let refused = try TX.run(["--all", path])
    #expect(refused.status == 65)
    #expect(refused.standardOutput == "")
    #expect(
      refused.standardError.hasPrefix(
        "\(path):1:31: error: amount: the header has 2 columns that may hold the amount, and nothing says which does"
      ))
    #expect(refused.standardError.contains("hint: say which one holds the amount with --columns amount=NAME"))
    let chosen = try TX.run(
      ["--all", path, "--columns", "amount=Amount (USD)", "--debits-negative", "--format", "json"])
    #expect(chosen.status == 0)
    #expect(chosen.standardOutput.contains("\"amount\": \"3.80\""))
  }

  @Test("A bank CSV's ISO dates with one-digit months and days are read, as the README's layouts promise")
  func oneDigitISODates() throws {
    let folder = try TemporaryDirectory("txreport-small39")
    let path = try folder.file(
      "export.csv",
      text: "Date,Description,Amount\n2024-3-1,Coffee,-3.50\n2024-3-15,Tea,-2.00\n2024-12-5,Cake,-1.00\n")
    let result = try TX.run(["--all", path, "--debits-negative", "--format", "transactions"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"2024-03-01\""))
    #expect(result.standardOutput.contains("\"2024-03-15\""))
    #expect(result.standardOutput.contains("\"2024-12-05\""))
    let given = try TX.run(
      ["--all", path, "--date-format", "YYYY-MM-DD", "--debits-negative", "--format", "transactions"])
    #expect(given.status == 0, "\(given.standardError)")
  }
}
