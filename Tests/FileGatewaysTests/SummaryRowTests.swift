import BankReading
import FileGateways
import TestSupport
import Testing
import UseCases

/// A dated row of a bank's CSV export that says only `Total`, `Summe`, `Balance` or `Saldo`
/// (issue 48): a payee may be called so, so the word proves nothing. The row is skipped where
/// the file proves it the bank's summary (no amount; a sum of two rows or more above it), read
/// as the user says (`--summary-rows`), and asked otherwise; each rule at its boundary.
@Suite struct SummaryRowTests {
  private func read(_ text: String, options: ReadingOptions = ReadingOptions(debitsNegative: true))
    async throws -> [ReadRecord]
  {
    try await readAll(
      BytesTransactionSource(name: "bank.csv", bytes: Array(text.utf8), format: .csv, options: options))
  }

  private func descriptions(_ records: [ReadRecord]) -> [String] {
    records.compactMap(\.transaction).map(\.description)
  }

  private func notes(_ records: [ReadRecord]) -> [String] {
    records.compactMap { record in
      guard case .note(let note) = record else { return nil }
      return note.words.description
    }
  }

  private let header = "Date,Description,Amount\n"
  private let rows = "2024-01-02,LIDL,-296.69\n2024-01-12,Waitrose,-173.07\n2024-01-20,Salary,135.36\n"

  @Test(
    "A total that is the sum of the rows above it, whatever its sign, is skipped and counted",
    arguments: ["-334.40", "334.40", "Total:,-334.40"])
  func totalOfAll(written: String) async throws {
    let row = written.contains(":") ? "2024-01-31,\(written)\n" : "2024-01-31,Total,\(written)\n"

    let records = try await read(header + rows + row)

    #expect(descriptions(records) == ["LIDL", "Waitrose", "Salary"])
    #expect(records.compactMap(\.issue).isEmpty)
    #expect(
      notes(records) == ["'bank.csv': 1 row that is not a transaction was skipped (1 balance or total)"])
  }

  @Test("A total of the debits, or of the credits, in a file with a code column is a sum too")
  func totalsOfDebitsAndCredits() async throws {
    let text =
      "Date,Description,Amount,DC\n2024-02-01,Maxima,23.47,D\n2024-02-05,Salary,1650.00,C\n"
      + "2024-02-07,Telia,17.99,D\n2024-02-26,Jonas,35.00,C\n2024-02-29,Apyvarta,41.46,D\n"
      + "2024-02-29,Apyvarta,1685.00,C\n"

    let records = try await read(text, options: ReadingOptions(columns: [.code: "DC"]))

    #expect(descriptions(records) == ["Maxima", "Salary", "Telia", "Jonas"])
    #expect(records.compactMap(\.issue).isEmpty)
  }

  @Test("Each section's total sums the rows since the total before it; a grand total sums them all")
  func sectionTotals() async throws {
    let text =
      header + "2024-01-02,A,-10.00\n2024-01-03,B,-5.00\n2024-01-03,Summe,-15.00\n"
      + "2024-01-04,C,-1.00\n2024-01-05,D,-2.00\n2024-01-05,Summe,-3.00\n2024-01-05,Total,-18.00\n"

    let records = try await read(text)

    #expect(descriptions(records) == ["A", "B", "C", "D"])
    #expect(records.compactMap(\.issue).isEmpty)
  }

  @Test("A balance word with no amount (a balance column only) is skipped")
  func balanceWithoutAmount() async throws {
    let text = "Date,Description,Amount,Balance\n2024-03-01,Saldo,,1000.00\n2024-03-02,Coffee,-4.50,995.50\n"

    let records = try await read(text)

    #expect(descriptions(records) == ["Coffee"])
    #expect(records.compactMap(\.issue).isEmpty)
  }

  @Test(
    "Near misses are asked: a cent off the sum, or the amount of the one row above it (a second payment alike)",
    arguments: [
      "2024-01-02,LIDL,-296.69\n2024-01-12,Waitrose,-173.07\n2024-01-20,Salary,135.36\n2024-01-31,Total,-334.41\n",
      "2024-01-02,Netflix,-15.99\n2024-01-31,Total,-15.99\n",
      "2024-03-13,Balance,-40.85\n",
    ])
  func asked(rows: String) async throws {
    let records = try await read(header + rows)
    let line = rows.split(separator: "\n").count + 1

    #expect(records.compactMap(\.issue).count == 1)
    let issue = try #require(records.compactMap(\.issue).first)
    #expect(issue.position == at(line, 12))
    #expect(issue.field == .description)
    #expect(issue.readingProblem == .syntax(.asks(.summaryRowUntold)))
    #expect(issue.value == (rows.contains("Balance") ? "Balance" : "Total"))
    // The question ends the reading: nothing after it is read as if answered.
    #expect(records.last?.issue != nil)
  }

  @Test("--summary-rows skip leaves every such row out; count reads each as a transaction")
  func options() async throws {
    let text = header + rows + "2024-01-31,Total,1234.56\n2024-02-01,Balance,-40.85\n"

    let skipped = try await read(text, options: ReadingOptions(debitsNegative: true, summaryRows: .skip))
    let counted = try await read(text, options: ReadingOptions(debitsNegative: true, summaryRows: .count))

    #expect(descriptions(skipped) == ["LIDL", "Waitrose", "Salary"])
    #expect(
      notes(skipped) == ["'bank.csv': 2 rows that are not transactions were skipped (2 balances and totals)"])
    #expect(descriptions(counted) == ["LIDL", "Waitrose", "Salary", "Total", "Balance"])
    #expect(counted.compactMap(\.issue).isEmpty)
    #expect(!notes(counted).contains { $0.contains("skipped") })
  }

  @Test(
    "A summary word past the header's last column is no summary row: the row is too long, an error (fuzzer)")
  func summaryWordPastTheHeader() async throws {
    let text = "Date,Description,Amount,Balance\n2024-06-07,CITY WATER,-58.12,2399.,Balance\n"

    let records = try await read(text)

    let issue = try #require(records.compactMap(\.issue).first)
    #expect(issue.position == at(2, 1))
    #expect(issue.readingProblem != .syntax(.asks(.summaryRowUntold)))
    #expect(records.compactMap(\.transaction).isEmpty)
  }

  @Test("A balance's whole label that says what it is (Opening balance, Saldovortrag) is skipped unasked")
  func unambiguousLabels() async throws {
    let text = header + "2024-01-01,Opening balance,1000.00\n2024-01-01,Saldovortrag,1000.00\n" + rows

    let records = try await read(text)

    #expect(descriptions(records) == ["LIDL", "Waitrose", "Salary"])
    #expect(records.compactMap(\.issue).isEmpty)
  }
}
