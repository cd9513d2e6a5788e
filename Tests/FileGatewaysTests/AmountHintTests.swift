import BankFormats
import BankReading
import Entities
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// The hint of a bank's amount names the other decimal mark's option only when that mark reads
/// the amount: followed, it gives the report, and never a second hint pointing back.
@Suite struct AmountHintTests {
  private func issueLine(_ amount: String, options: ReadingOptions = ReadingOptions(debitsNegative: true))
    async throws -> String?
  {
    let text = "Date,Description,Amount\n2024-03-01,Coffee,\"\(amount)\"\n"
    let records = try await readAll(
      BytesTransactionSource(name: "bank.csv", bytes: Array(text.utf8), format: .csv, options: options))
    return records.first?.issue.map(EnglishReportWording().issueLine)
  }

  @Test("An amount the other mark reads gets that mark's option, and the option reads it")
  func otherMarkReads() async throws {
    let line = try #require(try await issueLine("1.234"))

    #expect(line.contains("read it with --decimal-comma"))
    #expect(
      try await issueLine("1.234", options: ReadingOptions(decimalMark: .comma, debitsNegative: true)) == nil)
  }

  @Test(
    "An amount neither mark reads gets no option: a fraction of a cent, or separators out of place",
    arguments: [
      ("12.3456", DecimalMark?.none, "has a fraction of a cent"),
      ("1.2345", DecimalMark?.some(.comma), "out of place"),
      ("1,2345", nil, "out of place"), ("1,2345", .comma, "has a fraction of a cent"),
    ])
  func noMarkReads(amount: String, mark: DecimalMark?, words: String) async throws {
    let line = try #require(
      try await issueLine(amount, options: ReadingOptions(decimalMark: mark, debitsNegative: true)))

    #expect(line.contains(words))
    #expect(!line.contains("--decimal"))
  }
}
