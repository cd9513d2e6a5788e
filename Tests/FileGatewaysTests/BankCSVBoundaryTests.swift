import BankFormats
import BankReading
import Entities
import FileGateways
import TestSupport
import Testing
import UseCases

/// The rules of a bank's export that count or look as far as a limit, at their boundaries: the
/// last case each accepts and the first it does not; and the notes each gives, absent in the
/// near misses.
@Suite struct BankCSVBoundaryTests {
  private func read(_ text: String, options: ReadingOptions = ReadingOptions(debitsNegative: true))
    async throws -> [ReadRecord]
  {
    try await readAll(
      BytesTransactionSource(name: "bank.csv", bytes: Array(text.utf8), format: .csv, options: options))
  }

  private func notes(_ records: [ReadRecord]) -> [String] {
    records.compactMap { record in
      guard case .note(let note) = record else { return nil }
      return note.words.description
    }
  }

  @Test("The header is looked for in the hundred lines after the first: found on line 101, not on 102")
  func headerSearch() async throws {
    let header = "Date,Description,Amount\n2024-03-01,Rent,-950.00\n"
    let last = try await read(String(repeating: "Title\n", count: 100) + header)
    let past = try await read(String(repeating: "Title\n", count: 101) + header)

    #expect(last.compactMap(\.transaction).count == 1)
    #expect(notes(last).first?.contains("100 lines before the header") == true)
    #expect(past.compactMap(\.transaction).isEmpty)
    #expect(past.contains { $0.issue != nil })
  }

  @Test(
    "A fee past the rows that decide the reading, which held none, is an error at it; the options read it either way"
  )
  func feePastTheDecidingRows() async throws {
    // More than the first MiB of rows without a fee, then one with a fee.
    var text = "Date,Description,Amount,Fee\n"
    for index in 0..<30_000 { text += "2024-03-\(10 + index % 19),Coffee shop number \(index),-3.50,0.00\n" }
    text += "2024-03-29,Card payment with a fee,-45.00,1.61\n"
    let asked = try await read(text)
    let counted = try await read(text, options: ReadingOptions(columns: [.fee: "Fee"], debitsNegative: true))
    let left = try await read(text, options: ReadingOptions(columns: [.fee: ""], debitsNegative: true))

    let issues = asked.compactMap(\.issue)
    #expect(issues.count == 1)
    #expect(issues.first?.readingProblem == .syntax(.feeNotProved(column: "Fee")))
    #expect(issues.first?.position == at(30_002, 43))
    #expect(issues.first?.value == "1.61")
    #expect(counted.compactMap(\.transaction).last?.amount.minorUnits == 4661)
    #expect(left.compactMap(\.transaction).last?.amount.minorUnits == 4500)
    #expect(counted.allSatisfy { $0.issue == nil } && left.allSatisfy { $0.issue == nil })
  }

  @Test("A status column is read when one value is a status, and dropped when none is (no group from it)")
  func statusColumn() async throws {
    let one = try await read(
      "Date,Description,Amount,Status\n2024-03-01,a,-1.00,Shop\n2024-03-02,b,-2.00,Pending\n")
    let none = try await read(
      "Date,Description,Amount,Status\n2024-03-01,a,-1.00,Shop\n2024-03-02,b,-2.00,Online\n")

    // The column is read: its value that is no status is an issue at it.
    #expect(one.contains { $0.issue?.readingProblem == .notAStatus })
    #expect(none.compactMap(\.transaction).map(\.group) == [.posted, .posted])
  }

  @Test("A type column is read for the signs when every value is a code, and not when one is not")
  func codeColumn() async throws {
    let all = try await read(
      "Date,Description,Amount,Transaction Type\n2024-03-01,a,1.00,debit\n2024-03-02,b,2.00,credit\n",
      options: .standard)
    let oneNot = try await read(
      "Date,Description,Amount,Transaction Type\n2024-03-01,a,-1.00,debit\n2024-03-02,b,2.00,transfer\n",
      options: ReadingOptions(debitsNegative: true))

    #expect(all.compactMap(\.transaction).map(\.debitCredit) == [.debit, .credit])
    #expect(oneNot.compactMap(\.transaction).map(\.debitCredit) == [.debit, .credit])
  }

  @Test(
    "Empty fields past the header's are dropped when every row has them; one row without makes the others errors"
  )
  func extraFields() async throws {
    let every = try await read("Date,Description,Amount\n2024-03-01,a,-1.00,\n2024-03-02,b,-2.00,\n")
    let allButOne = try await read("Date,Description,Amount\n2024-03-01,a,-1.00,\n2024-03-02,b,-2.00\n")

    #expect(every.compactMap(\.transaction).count == 2)
    #expect(every.allSatisfy { $0.issue == nil })
    #expect(allButOne.compactMap(\.transaction).count == 1)
    #expect(allButOne.compactMap(\.issue).map(\.position) == [at(2, 1)])
  }

  @Test("Notes are absent in their near misses: no reading without --explain, no skipped rows, one account")
  func notesAbsent() async throws {
    let plain = try await read(
      "Date,Description,Amount,Account\n2024-03-01,a,-1.00,Visa\n2024-03-02,b,-2.00,Visa\n")
    let explained = try await read(
      "Date,Description,Amount\n2024-03-01,a,-1.00\n",
      options: ReadingOptions(debitsNegative: true, explains: true))

    #expect(notes(plain).isEmpty)
    #expect(
      notes(explained).first
        == "'bank.csv' is read as a bank's CSV export; each decision and its evidence follow")
    #expect(notes(explained).count > 8)
  }

  @Test("The encoding note is given for Windows-1252 text, and not for UTF-8 text with one stray byte")
  func encodingNote() async throws {
    var latin = Array("Date,Description,Amount\n2024-03-01,Caf".utf8) + [0xE9] + Array(",-1.00\n".utf8)
    let stray =
      Array("Date,Description,Amount\n2024-03-01,Café,-1.00\n2024-03-02,Caf".utf8) + [0xE9]
      + Array(",-1.00\n".utf8)
    let windows = try await readAll(
      BytesTransactionSource(
        name: "bank.csv", bytes: latin, format: .csv, options: ReadingOptions(debitsNegative: true)))
    latin.removeAll()
    let utf8 = try await readAll(
      BytesTransactionSource(
        name: "bank.csv", bytes: stray, format: .csv, options: ReadingOptions(debitsNegative: true)))

    #expect(notes(windows).contains { $0.contains("Windows-1252") })
    #expect(windows.compactMap(\.transaction).map(\.description) == ["Café"])
    #expect(!notes(utf8).contains { $0.contains("Windows-1252") })
    #expect(utf8.compactMap(\.issue).map(\.position) == [at(3, 15)])
  }
}
