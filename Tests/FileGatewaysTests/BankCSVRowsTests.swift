import BankFormats
import BankReading
import Entities
import FileGateways
import TestSupport
import Testing
import UseCases

/// Banks' CSV exports as they are written (issue 37): their text (Windows-1252, lines ending in
/// a carriage return), the rows that are not transactions, statuses, type columns, flags and
/// descriptions; and the notes a reading gives beside its records.
@Suite struct BankCSVRowsTests {
  private func read(_ text: String, options: ReadingOptions = ReadingOptions(debitsNegative: true))
    async throws -> [ReadRecord]
  {
    try await read(Array(text.utf8), options: options)
  }

  private func read(_ bytes: [UInt8], options: ReadingOptions = ReadingOptions(debitsNegative: true))
    async throws -> [ReadRecord]
  {
    try await readAll(BytesTransactionSource(name: "bank.csv", bytes: bytes, format: .csv, options: options))
  }

  /// The notes among records, as their English words.
  private func notes(_ records: [ReadRecord]) -> [String] {
    records.compactMap { record in
      guard case .note(let note) = record else { return nil }
      return note.words.description
    }
  }

  // MARK: Text

  @Test("A file of lines that end in a carriage return alone names each line as a person sees it")
  func carriageReturnPositions() async throws {
    let records = try await read(
      "Date,Description,Amount\r2024-03-15,a,-1.00\r2024-03-16,b,x\r2024-03-17,c,-2")

    #expect(records.compactMap(\.transaction).map(\.description) == ["a", "c"])
    #expect(records.compactMap(\.issue).map(\.position) == [at(3, 14)])
  }

  @Test(
    "Carriage returns before a line feed are one line break: each issue names the line an editor shows (issue 46)"
  )
  func carriageReturnsBeforeLineFeed() async throws {
    let records = try await read(
      "Date,Description,Amount\r\r\n2024-03-15,a,-1.00\r\r\n2024-03-16,b,x\r\r\n2024-03-17,c\r,-2\r\r\n")

    #expect(records.compactMap(\.transaction).map(\.description) == ["a"])
    #expect(records.compactMap(\.issue).map(\.position) == [at(3, 14), at(4, 13)])
    #expect(records.compactMap(\.issue).last?.readingProblem == .syntax(.bareCarriageReturn))
  }

  @Test("A byte order mark cut short stays an issue, and the lines are still ended by carriage returns")
  func cutByteOrderMarkAndCarriageReturns() async throws {
    let records = try await read(
      [0xEF, 0xBB] + Array("\"Date\",\"Description\",\"Amount\"\r2024-03-15,a,-1.00\r2024-03-16,\"b,x\r".utf8)
    )

    // Found by the fuzzer: the lines were read as one, and the file said to end inside the
    // last quoted field, at 1:62, far from the broken mark.
    #expect(records.first?.issue?.position == at(1, 2))
    #expect(records.first?.issue?.readingProblem != .syntax(.unterminatedQuotedField))
  }

  @Test("Carriage returns and line feeds stay one line break each, and a line feed inside quotes stays")
  func carriageReturnAndLineFeed() async throws {
    let records = try await read("Date,Description,Amount\r\n2024-03-15,\"two\r\nlines\",-1.00\r\n")

    #expect(records.compactMap(\.transaction).map(\.description) == ["two lines"])
  }

  @Test("Windows-1252's bytes 0x80 to 0x9F are its characters: the euro sign, quotes, dashes")
  func windows1252High() async throws {
    let bytes =
      Array("Date;Description;Amount\n2024-03-15;".utf8) + [0x80, 0x20, 0x93, 0x41, 0x94, 0x20, 0x96]
      + Array(";-1,00\n".utf8)

    let records = try await read(bytes)

    #expect(records.compactMap(\.transaction).map(\.description) == ["€ “A” –"])
    #expect(notes(records) == ["'bank.csv': the text is not UTF-8: it was read as Windows-1252 (Latin-1)"])
    #expect(records.first.map { if case .note = $0 { true } else { false } } == true, "the note comes first")
  }

  @Test(
    "A file with a UTF-8 byte order mark is UTF-8: a bad byte in it stays an issue, and nothing is converted")
  func byteOrderMarkSaysUTF8() async throws {
    let bytes =
      [0xEF, 0xBB, 0xBF] + Array("Date,Description,Amount\n2024-03-15,Caf".utf8) + [0xE9]
      + Array(",-1.00\n".utf8)

    let records = try await read(bytes)

    #expect(notes(records).isEmpty)
    #expect(records.compactMap(\.issue).first?.problemText == "not valid UTF-8 (byte 0xE9)")
  }

  @Test("--encoding utf-8 keeps bytes that are not UTF-8 issues, as the native format has them")
  func encodingUTF8() async throws {
    let bytes = Array("Date,Description,Amount\n2024-03-15,Caf".utf8) + [0xE9] + Array(",-1.00\n".utf8)

    let records = try await read(bytes, options: ReadingOptions(debitsNegative: true, encoding: .utf8))

    #expect(notes(records).isEmpty)
    #expect(records.compactMap(\.issue).count == 1)
  }

  @Test("The native format is never converted: a bare carriage return in it is still an issue")
  func nativeNotConverted() async throws {
    let records = try await read("group,date,description,amount,debit\rA,2016-04-01,x,1.00,D\r")
    // A line break before the header does not make it a bank's export (the fuzzer's input).
    let afterALineBreak = try await read("\rgroup,date,description,amount,debit\rA,2016-04-01,x,1.00,D\r")

    #expect(records.first?.issue?.readingProblem == .syntax(.bareCarriageReturn))
    #expect(afterALineBreak.first?.issue?.readingProblem == .syntax(.bareCarriageReturn))
    #expect(afterALineBreak.first?.issue?.position == at(1, 1))
  }

  @Test(
    "How lines end is decided once, at the start: a line skipped for its bare carriage return does not redecide"
  )
  func lineBreaksDecidedOnce() async throws {
    // The fuzzer's input, made small: the first line names `group`, so the file is native and
    // never converted. Decided again below that line, the rest was read as a classic Mac file,
    // its carriage returns line breaks that the file's own lines do not have.
    let records = try await read("\rgroup,x\nDate,Description,Amount\r2024-03-15,a,-1.00\r2024-03-16,b,x\r")

    #expect(records.compactMap(\.transaction).isEmpty)
    #expect(records.compactMap(\.issue).map(\.position) == [at(1, 1), at(2, 24)])
    #expect(records.compactMap(\.issue).allSatisfy { $0.readingProblem == .syntax(.bareCarriageReturn) })
  }

  @Test("A file of carriage returns alone is a classic Mac file of empty lines: it holds no records")
  func carriageReturnsAloneAreEmptyLines() async throws {
    let empty = try await read("\r\r")
    let below = try await read("\r\rDate,Description,Amount\r2024-03-15,a,-1.00\r2024-03-16,b,x\r")

    #expect(empty.isEmpty)
    #expect(below.compactMap(\.transaction).map(\.description) == ["a"])
    #expect(below.compactMap(\.issue).map(\.position) == [at(5, 14)])
  }

  // MARK: The header

  @Test("The header named by --columns is found below lines before it, which are counted")
  func headerBelowByColumns() async throws {
    let text =
      "Umsatzanzeige;Datei erstellt am: 05.04.2024\n\nKonto;DE00\nBuchung;Text;Wert\n04.04.2024;Strom;-86,00\n"

    let records = try await read(
      text,
      options: ReadingOptions(
        columns: [.date: "Buchung", .description: "Text", .amount: "Wert"], debitsNegative: true))

    #expect(records.compactMap(\.transaction).map(\.description) == ["Strom"])
    #expect(
      notes(records) == [
        "'bank.csv': 3 rows that are not transactions were skipped (3 lines before the header)"
      ])
  }

  @Test("A native header with group mistyped keeps the native error, even with bank names beside it")
  func groupMistyped() async throws {
    let records = try await read("grup,date,description,amount,debit\nA,2016-04-01,x,1.00,D\n")

    #expect(records.first?.issue?.hintText == "the header has \"grup\": did you mean \"group\"?")
  }

  // MARK: Rows that are not transactions

  @Test("Empty rows, legends after the table and reverted transactions are skipped and counted by kind")
  func skippedKinds() async throws {
    let text =
      "Date,Description,Amount,State\n2024-04-01,Top-up,300.00,COMPLETED\n,,,\n2024-04-06,Bolt,-3.80,REVERTED\n"
      + "2024-04-08,Cinema,-12.99,PENDING\n\nLegends Used in Account Statement\nINT.PD - Interest Paid,CLG - Clearing\n"

    let records = try await read(text)

    #expect(records.compactMap(\.transaction).map(\.description) == ["Top-up", "Cinema"])
    #expect(records.compactMap(\.transaction).map(\.group) == [.posted, .authorized])
    #expect(
      notes(records) == [
        "'bank.csv': 4 rows that are not transactions were skipped (1 empty row, 2 lines of text, "
          + "1 transaction that did not happen (reverted, declined))"
      ])
  }

  @Test("A row with another number of fields that holds a date or an amount is an issue, not skipped")
  func wrongCountWithValues() async throws {
    let records = try await read("Date,Description,Amount\n2024-03-15,Coffee, large,-4.50\n")

    #expect(records.map(\.issue?.readingProblem) == [.syntax(.fieldCount(found: 4, expected: 3))])
  }

  @Test("Empty fields past the header's, a delimiter at the end of every row, are nothing")
  func trailingEmptyFields() async throws {
    let records = try await read(
      "Details,Posting Date,Description,Amount\nDEBIT,10/15/2024,Rent,-1650.00,,\n")

    #expect(records.compactMap(\.transaction).map(\.description) == ["Rent"])
  }

  // MARK: Groups and signs

  @Test("A status column of other words is not read for the group: every row is Posted")
  func statusOfOtherWords() async throws {
    let records = try await read(
      "Date,Description,Amount,Status\n2024-03-15,a,-1.00,Online\n2024-03-16,b,-2.00,Card\n")

    #expect(records.compactMap(\.transaction).map(\.group) == [.posted, .posted])
  }

  @Test("A status the status column does not know, beside ones it knows, is an issue at it")
  func unknownStatus() async throws {
    let records = try await read(
      "Date,Description,Amount,Status\n2024-03-15,a,-1.00,Pending\n2024-03-16,b,-2.00,Maybe\n")

    let issue = try #require(records.compactMap(\.issue).first)
    #expect(issue.readingProblem == .notAStatus)
    #expect(issue.position == at(3, 20))
  }

  @Test("A type column of other words than codes is not read for the sign: the amount's sign is")
  func typeOfOtherWords() async throws {
    let records = try await read(
      "Date,Description,Amount,Transaction Type\n2024-03-15,Sale,-24.56,Sale\n2024-03-16,Payment,650.00,Payment\n"
    )

    #expect(records.compactMap(\.transaction).map(\.debitCredit) == [.debit, .credit])
  }

  @Test("A column without a name that flags credits with CR gives their sign; the others take the amount's")
  func creditFlags() async throws {
    let text =
      "Date Processed,Description,Amount,\n12-Jan-2024,HOMEWARE HALL,£1183.23,\n05-Jan-2024,PAYMENT RECEIVED,\"+ £1,100.00\",CR\n"

    let records = try await read(text, options: ReadingOptions(debitsPositive: true))

    #expect(records.compactMap(\.transaction).map(\.debitCredit) == [.debit, .credit])
    #expect(
      records.compactMap(\.transaction).map(\.amount) == [
        Money(minorUnits: 118_323), Money(minorUnits: 110_000),
      ])
  }

  @Test(
    "Signs nothing proves are asked whatever their count: all positive, a tie, one of each, all negative, one alone",
    arguments: [
      (["1.00", "2.00", "3.00", "-4.00"], 3, 1), (["14.25", "35.00", "-300.00"], 2, 1), (["4.50"], 1, 0),
      (["1.00", "-1.00"], 1, 1), (["1.00", "2.00", "-3.00", "-4.00"], 2, 2), (["-1.00", "-2.00"], 0, 2),
      (["0.00", "-2.00"], 0, 1),
    ])
  func untoldSigns(amounts: [String], positive: Int, negative: Int) async throws {
    let rows = amounts.enumerated().map { "2024-03-1\($0.offset),r\($0.offset),\($0.element)\n" }.joined()
    let text = "Date,Description,Amount\n" + rows

    let refused = try await read(text, options: .standard)
    let asPositive = try await read(text, options: ReadingOptions(debitsPositive: true))
    let asNegative = try await read(text, options: ReadingOptions(debitsNegative: true))

    #expect(
      refused.map(\.issue?.readingProblem)
        == [.syntax(.asks(.signsUntold(positive: positive, negative: negative, codeColumn: nil)))])
    // At the first amount that is not zero: the one whose sign is in question.
    let first = try #require(amounts.firstIndex { $0 != "0.00" })
    #expect(refused.first?.issue?.position == at(2 + first, 15))
    let signs = amounts.map { !$0.hasPrefix("-") }
    #expect(asPositive.compactMap(\.transaction).map(\.debitCredit) == signs.map { $0 ? .debit : .credit })
    #expect(asNegative.compactMap(\.transaction).map(\.debitCredit) == signs.map { $0 ? .credit : .debit })
  }

  @Test(
    "No amount but zero asks nothing: no sign is read; a code column or debit and credit columns ask nothing")
  func signsNeedNoProof() async throws {
    let zeros = try await read("Date,Description,Amount\n2024-03-15,a,0.00\n", options: .standard)
    let codes = try await read(
      "Date,Description,Amount,Debit/Credit\n2024-03-15,a,4.50,D\n", options: .standard)
    let columns = try await read("Date,Description,Debit,Credit\n2024-03-15,a,4.50,\n", options: .standard)

    #expect(zeros.compactMap(\.transaction).count == 1)
    #expect(codes.compactMap(\.transaction).map(\.debitCredit) == [.debit])
    #expect(columns.compactMap(\.transaction).map(\.debitCredit) == [.debit])
    #expect((zeros + codes + columns).allSatisfy { $0.issue == nil })
  }

  @Test("An empty description gives way to the next column that describes the row")
  func descriptionFallback() async throws {
    let records = try await read(
      "Date,Description,Name,Amount\n2024-03-15,PRET LONDON GBR,Pret,-4.25\n2024-03-16,,Holiday pot,-150\n")

    #expect(records.compactMap(\.transaction).map(\.description) == ["PRET LONDON GBR", "Holiday pot"])
  }

  @Test(
    "Of a payer and a payee column, the description is the other party: the payee of a debit, the payer of a credit"
  )
  func counterparty() async throws {
    let text =
      "Buchungsdatum;Zahlungspflichtige*r;Zahlungsempfänger*in;Verwendungszweck;Betrag (€)\n"
      + "05.04.24;Max Mustermann;Wohnbau eG;Miete;-920,00\n02.04.24;Techniker Kasse;Max Mustermann;Erstattung;120,00\n"

    let records = try await read(
      text, options: ReadingOptions(dateLayout: DateLayout(name: "DD.MM.YY"), debitsNegative: true))

    #expect(records.compactMap(\.transaction).map(\.description) == ["Wohnbau eG", "Techniker Kasse"])
  }

  @Test("A label of several lines is one line: its line breaks and blank lines one space")
  func multiLineLabel() async throws {
    let text =
      "Date;Libellé;Débit euros;Crédit euros;\r\n29/04/2024;\"PAIEMENT PAR CARTE\r\nX0000 BOULANGERIE 27/04\r\n\r\n\r\n\";8,60;;\r\n"

    let records = try await read(text)

    #expect(
      records.compactMap(\.transaction).map(\.description) == ["PAIEMENT PAR CARTE X0000 BOULANGERIE 27/04"])
  }

  // MARK: Accounts

  @Test("One account in an account column says nothing; several are named in a note at the end")
  func accounts() async throws {
    let one = try await read(
      "Date,Description,Amount,Account\n2024-03-15,a,-1.00,Checking\n2024-03-16,b,-2.00,Checking\n")
    let two = try await read(
      "Date,Description,Amount,Account\n2024-03-15,a,-1.00,Checking\n2024-03-16,b,-2.00,Visa\n")

    #expect(notes(one).isEmpty)
    #expect(
      notes(two) == [
        "'bank.csv': the rows are of 2 accounts (column \"Account\": 'Checking', 'Visa'), added into one report"
      ])
    #expect(two.last.map { if case .note = $0 { true } else { false } } == true, "the note comes last")
  }

  @Test(
    "A problem that ends the input comes after the note of the rows skipped before it, never instead of it")
  func noteBeforeTheEnd() async throws {
    let records = try await read(
      "Account statement\nBalance: 4,711.42\nDate,Description,Amount\n2024-03-15,a,-1.00\n2024-03-16,\"b,-2.00\n"
    )

    #expect(
      notes(records) == [
        "'bank.csv': 2 rows that are not transactions were skipped (2 lines before the header)"
      ])
    #expect(records.compactMap(\.transaction).map(\.description) == ["a"])
    #expect(records.last?.issue != nil, "the unclosed quote ends the input, after the note")
  }
}
