import Foundation
import TestSupport
import Testing

/// The smaller items of issue 39's attack, run through the built binary: each failed on the
/// binary before it.
@Suite(.timeLimit(.minutes(2))) struct SmallerHardeningEndToEndTests {
  private typealias TX = TXReportProcess

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
    let chosen = try TX.run(["--all", path, "--columns", "amount=Amount (USD)", "--format", "json"])
    #expect(chosen.status == 0)
    #expect(chosen.standardOutput.contains("\"amount\": \"3.80\""))
  }

  @Test("A bank CSV's ISO dates with one-digit months and days are read, as the README's layouts promise")
  func oneDigitISODates() throws {
    let folder = try TemporaryDirectory("txreport-small39")
    let path = try folder.file(
      "export.csv",
      text: "Date,Description,Amount\n2024-3-1,Coffee,-3.50\n2024-3-15,Tea,-2.00\n2024-12-5,Cake,-1.00\n")
    let result = try TX.run(["--all", path, "--format", "transactions"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"2024-03-01\""))
    #expect(result.standardOutput.contains("\"2024-03-15\""))
    #expect(result.standardOutput.contains("\"2024-12-05\""))
    let given = try TX.run(["--all", path, "--date-format", "YYYY-MM-DD", "--format", "transactions"])
    #expect(given.status == 0, "\(given.standardError)")
  }
}
