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
}
