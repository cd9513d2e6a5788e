import BankReading
import Entities
import Foundation
import Presenters
import TestSupport
import Testing
import UseCases

@testable import FileGateways

/// Issue 48's second attack on the QIF reader: a record's `U` and `T` amounts that disagree, and
/// splits that do not add up to the amount, were read silently; Quicken's opening balance was
/// counted as a transaction; and a Windows-1252 file was refused without a word of its
/// encoding.
extension StatementProofTests {
  func qif(_ lines: String...) async throws -> [ReadRecord] {
    try await read(lines.joined(separator: "\n") + "\n", format: .qif)
  }

  func amounts(_ records: [ReadRecord]) -> [Int64] {
    records.compactMap { record in
      record.transaction.map { $0.debitCredit == .debit ? -$0.amount.minorUnits : $0.amount.minorUnits }
    }
  }

  // MARK: T and U

  @Test(
    "U and T that disagree (the attack's f10-u-t.qif) are an issue at U, naming T: nothing says which is right"
  )
  func amountsDisagree() async throws {
    let records = try await qif("!Type:Bank", "D03/14/2024", "U-1,100.00", "T-1,000.00", "PRent", "^")

    let issue = try #require(records.compactMap(\.issue).first)
    #expect(
      issue.readingProblem == .amountsDisagree(total: "-1,000.00", at: TextPosition(line: 4, column: 2)))
    #expect(issue.position == TextPosition(line: 3, column: 2))
    #expect(issue.field == .amount)
    #expect(issue.value == "-1,100.00")
    #expect(records.compactMap(\.transaction).isEmpty)
    #expect(
      EnglishReportWording().issueLine(issue).contains("the U amount is not the T amount -1,000.00 at 4:2"))
  }

  @Test(
    "U and T of one amount, however written, or either alone, are read once",
    arguments: [
      (["T-1,000.00", "U-1,000.00"], -100_000), (["U-1000.00", "T-1,000.00"], -100_000),
      (["T-1,000.00", "U-1,000.0000"], -100_000), (["U-1,000.00"], -100_000), (["T-1,000.00"], -100_000),
    ] as [([String], Int64)])
  func amountsAgree(lines: [String], cents: Int64) async throws {
    let records = try await read(
      (["!Type:Bank", "D03/14/2024", "PRent"] + lines + ["^"]).joined(separator: "\n") + "\n", format: .qif)

    #expect(amounts(records) == [cents])
    #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
  }

  @Test(
    "A T that is U cut to 32 bits (Quicken 2005, GnuCash's bug 798085) proves U, which is read; a cent more is an issue",
    arguments: [
      ("T-21449672.96", "U21,500,000.00", 2_150_000_000 as Int64?),
      ("T-21474836.48", "U21,474,836.48", 2_147_483_648),
      ("T21474836.47", "U21,474,836.47", 2_147_483_647),
      ("T-21449672.95", "U21,500,000.00", nil),
      ("T-21474836.49", "U21,474,836.47", nil),
    ])
  func wrappedTotal(total: String, other: String, cents: Int64?) async throws {
    let records = try await qif("!Type:Bank", "D03/14/2024", total, other, "PDeposit", "^")

    if let cents {
      #expect(amounts(records) == [cents])
      #expect(records.allSatisfy { $0.issue == nil }, "\(records)")
    } else {
      #expect(issues(records).count == 1)
      guard case .amountsDisagree? = issues(records).first else {
        Issue.record("not a disagreement: \(records)")
        return
      }
    }
  }

  // MARK: Splits

  @Test("Splits that do not add up to T (the attack's f10-split.qif) are an issue at the first split")
  func splitsDisagree() async throws {
    let records = try await qif(
      "!Type:Bank", "D01/15/2024", "T-90.00", "PSplit", "SFood", "$-60.00", "SHome", "$-40.00", "^")

    let issue = try #require(records.compactMap(\.issue).first)
    let sum = try #require(Money(minorUnits: -10_000))
    #expect(
      issue.readingProblem
        == .splitsDisagree(sum: sum, amount: "-90.00", at: TextPosition(line: 3, column: 2)))
    #expect(issue.position == TextPosition(line: 6, column: 2))
    #expect(records.compactMap(\.transaction).isEmpty)
  }

  @Test(
    "Splits that add up are read as the one amount, never added to it; a sum of the other sign is an issue",
    arguments: [
      (["$-60.00", "$-30.00"], [-9000] as [Int64]), (["$-90.00"], [-9000]),
      (["$-100.00", "$10.00"], [-9000]),
      (["$60.00", "$30.00"], []),
    ])
  func splitsAddUp(splits: [String], expected: [Int64]) async throws {
    let lines =
      ["!Type:Bank", "D01/15/2024", "T-90.00", "PSplit"] + splits.flatMap { ["SFood", $0] } + ["^"]

    let records = try await read(lines.joined(separator: "\n") + "\n", format: .qif)

    #expect(amounts(records) == expected)
    #expect(issues(records).count == (expected.isEmpty ? 1 : 0))
  }

  @Test("A split whose amount does not read leaves the splits unchecked: the record's T is read")
  func splitUnread() async throws {
    let records = try await qif(
      "!Type:Bank", "D01/15/2024", "T-90.00", "PSplit", "SFood", "$-60.00", "SHome", "$?", "^")

    #expect(amounts(records) == [-9000])
    #expect(records.allSatisfy { $0.issue == nil })
  }

  // MARK: Opening balances

  @Test(
    "Quicken's opening balance (the attack's f10-opening.qif) is skipped and counted in a note: Shop alone")
  func openingBalance() async throws {
    let records = try await qif(
      "!Type:Bank", "D01/14/2024", "T1,500.00", "POpening Balance", "L[Checking]", "^", "D01/15/2024",
      "T-20.00",
      "PShop", "^")

    #expect(descriptions(records) == ["Shop"])
    #expect(amounts(records) == [-2000])
    #expect(
      notes(records) == [
        "'s.qif': 1 opening balance was skipped (the first at 2:1): an account's first record that is a transfer to "
          + "the account itself is the balance it opened with, as Quicken writes it, not a transaction"
      ])
  }

  @Test(
    "An account named by !Account: its first record transferring to itself is its opening balance, whatever its payee"
  )
  func openingBalanceOfANamedAccount() async throws {
    let records = try await qif(
      "!Account", "NChecking", "TBank", "^", "!Type:Bank", "D01/14/2024", "T1,500.00", "PAnfangssaldo",
      "L[Checking]", "^", "D01/15/2024", "T-20.00", "PShop", "^")

    #expect(descriptions(records) == ["Shop"])
    #expect(notes(records).count == 1)
  }

  @Test(
    "No opening balance: a payee that only starts so, a later record, another account's transfer, a transfer without the payee, a category",
    arguments: [
      ["D01/14/2024", "T1,500.00", "POpening Balance Fitness Club", "L[Checking]", "^"],
      [
        "D01/13/2024", "T-1.00", "PFirst", "^", "D01/14/2024", "T1,500.00", "POpening Balance", "L[Checking]",
        "^",
      ],
      ["D01/14/2024", "T1,500.00", "PTransfer", "L[Checking]", "^"],
      ["D01/14/2024", "T1,500.00", "POpening Balance", "LEquity", "^"],
    ])
  func notAnOpeningBalance(lines: [String]) async throws {
    let records = try await read((["!Type:Bank"] + lines).joined(separator: "\n") + "\n", format: .qif)

    #expect(descriptions(records).count == lines.filter { $0 == "^" }.count)
    #expect(notes(records).isEmpty)
  }

  @Test("A named account's first record transferring to another account is a transaction")
  func transferToAnotherAccount() async throws {
    let records = try await qif(
      "!Account", "NChecking", "TBank", "^", "!Type:Bank", "D01/14/2024", "T1,500.00", "POpening Balance",
      "L[Savings]", "^")

    #expect(descriptions(records) == ["Opening Balance"])
    #expect(notes(records).isEmpty)
  }

  @Test("The opening balance of an account --account leaves out is not counted; with a class it is one")
  func openingBalanceAndAccount() async throws {
    let text =
      "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/14/2024\nT1.00\nPOpening Balance\nL[Checking]/Home\n^\n"
      + "!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD01/14/2024\nT-5.00\nPBooks\n^\n"

    let visa = try await read(text, format: .qif, options: ReadingOptions(account: "Visa"))
    let checking = try await read(text, format: .qif, options: ReadingOptions(account: "Checking"))

    #expect(descriptions(visa) == ["Books"])
    #expect(notes(visa).allSatisfy { !$0.contains("opening balance") })
    #expect(descriptions(checking).isEmpty)
    #expect(notes(checking).contains { $0.contains("1 opening balance was skipped") })
  }

  // MARK: Windows-1252

  @Test(
    "A QIF file whose bytes are not UTF-8 and write no UTF-8 character is read as Windows-1252, with a note")
  func qifWindows1252Detected() async throws {
    let bytes = Array("!Type:Bank\nD01/13/2024\nT-1.00\nPCaf\u{1} Cr\u{2}me\n^\n".utf8).map {
      $0 == 1 ? 0xE9 : $0 == 2 ? 0xE8 : $0
    }

    let records = try await read(bytes, format: .qif)

    #expect(descriptions(records) == ["Café Crème"])
    #expect(records.first?.transaction == nil, "the note comes before the first record")
    #expect(
      notes(records) == [
        "'s.qif': the text is not UTF-8: it was read as Windows-1252 (Latin-1); if its accents read wrong, save it as UTF-8"
      ])
  }

  @Test(
    "A QIF file is read by the bank CSV's code page rule: a byte Windows-1252 leaves undefined proves Windows-1250"
  )
  func qifWindows1250Proved() async throws {
    // 0x8D is no character in Windows-1252, `Ť` in Windows-1250; 0xE8 is `č` there.
    let bytes = Array("!Type:Bank\nD01/13/2024\nT-1.00\nP\u{1}abor \u{2}ech\n^\n".utf8).map {
      $0 == 1 ? 0x8D : $0 == 2 ? 0xE8 : $0
    }

    let records = try await read(bytes, format: .qif)

    #expect(descriptions(records) == ["Ťabor čech"])
    #expect(
      notes(records) == [
        "'s.qif': the text is not UTF-8: it was read as Windows-1250; if its accents read wrong, save it as UTF-8"
      ])
  }

  @Test(
    "Text that writes a UTF-8 character, --encoding utf-8, or a UTF-8 byte order mark keep a byte that is not UTF-8 an issue at it"
  )
  func qifWindows1252NotDetected() async throws {
    let mixed = Array("!Type:Bank\nD01/13/2024\nT-1.00\nPCrème\n^\nD01/13/2024\nT-1.00\nPCaf\u{1}\n^\n".utf8)
      .map {
        $0 == 1 ? 0xE9 : $0
      }
    let plain = Array("!Type:Bank\nD01/13/2024\nT-1.00\nPCaf\u{1}\n^\n".utf8).map { $0 == 1 ? 0xE9 : $0 }

    let both = try await read(mixed, format: .qif)
    let told = try await read(plain, format: .qif, options: ReadingOptions(encoding: .utf8))
    let marked = try await read([0xEF, 0xBB, 0xBF] + plain, format: .qif)

    #expect(descriptions(both) == ["Crème"])
    #expect(issues(both) == [.badText(.invalidUTF8(byte: 0xE9))])
    #expect(issues(told) == [.badText(.invalidUTF8(byte: 0xE9))])
    #expect(issues(marked) == [.badText(.invalidUTF8(byte: 0xE9))])
    #expect(notes(both).isEmpty && notes(told).isEmpty && notes(marked).isEmpty)
  }
}
