import BankReading
import Testing

/// The words of banks' files: a balance only by its whole label, section titles and statuses by
/// one reading of their words.
@Suite struct BankWordsTests {
  @Test(
    "A balance's whole label, with at most a colon, a date or an amount after it, is a balance",
    arguments: [
      "Opening balance", "CLOSING BALANCE", "Beginning balance as of 07/01/2024", "Anfangssaldo",
      "SALDO INIZIALE", "B/F", "Closing balance:", "Balance brought forward 1,234.56", "PREVIOUS BALANCE",
      "Balance Forward", "Saldovortrag", "Saldo vortrag per 31.12.2023",
    ])
  func balances(label: String) {
    #expect(BankWords.isBalance(label))
  }

  @Test(
    "A label that more words follow names a transaction, not a balance",
    arguments: [
      "Opening Balance Fitness Club", "CLOSING BALANCE SALE - FURNITURE WORLD", "Brought Forward Books",
      "Saldo Final Outlet", "STARTING BALANCE GYM", "Carried forward: Storage Unit 12",
      "Balance Transfer Fee",
    ])
  func transactions(description: String) {
    #expect(!BankWords.isBalance(description))
  }

  @Test(
    "A summary word alone, with at most a colon, a date or an amount after it, is one; a longer label is not",
    arguments: [
      ("Total", true), ("TOTAL:", true), ("Summe 31.03.2024", true), ("Balance", true), ("Saldo", true),
      ("Apyvarta", true), ("Opening balance", false), ("Total Wine & More", false),
      ("Balance Transfer Fee", false),
      ("Saldovortrag", false), ("Totally Fresh", false),
    ])
  func summaryWords(text: String, isSummary: Bool) {
    #expect(BankWords.isSummaryWord(text) == isSummary)
  }

  @Test(
    "The quick look at a value's first word never turns a label away, in any case or with what may follow it")
  func quickLookKeepsEveryLabel() {
    let labels = BankWords.balanceLabels.union(BankWords.totalLabels).union(BankWords.summaryWords)
    for label in labels {
      for written in [
        label, label.uppercased(), " \(label):", "\(label) 31.03.2024", "- \(label)", "\t\(label)",
      ] {
        #expect(BankWords.mayBeLabel(written), "\(written)")
      }
    }
  }

  @Test(
    "The quick look keeps a label with an accent on any letter of its first word, or a capital that lower case makes a letter of one",
    arguments: [
      "Sàldo", "SÀLDO 31.03.2024", "Ålkusaldo", "\u{212A}ontostand", "\u{212A}ONTOSTAND:", "Tötal", "#Summe",
      "\u{A0}Saldo", "Sûmme", "Saldò", "Kontoständ", "Anfangssäldo",
    ])
  func quickLookKeepsFoldedLabels(text: String) {
    #expect(BankWords.mayBeLabel(text))
  }

  @Test(
    "The quick look turns away words of scripts without case, and words whose first two letters start no label",
    arguments: [
      "東京ラーメン #0968", "ソウル", "서울 식당", "Café Lune", "Salé", "Ünterwegs", "Ｓaldo", "Sa", "Tim Hortons",
      "Starbucks",
    ])
  func quickLookTurnsAwayOtherWords(text: String) {
    #expect(!BankWords.mayBeLabel(text))
  }

  @Test("The label test of a value's bytes, which tells numbers first, agrees with that of its text")
  func bytesAgreeWithText() {
    // Every two ASCII bytes before a label's words, and before nothing: digits, minus signs,
    // separators and letters in front of them.
    for first in UInt8(0)..<0x80 {
      for second in UInt8(0)..<0x80 {
        for tail in ["", "Saldo", " Saldo", "Kontostand:", "-Summe", " Total 31.03.2024"] {
          let value = [first, second] + Array(tail.utf8)
          let text = String(decoding: value, as: UTF8.self)
          let fromBytes = value.withUnsafeBufferPointer { BankWords.mayBeLabel(utf8: $0) }
          #expect(fromBytes == BankWords.mayBeLabel(text), "\(value)")
        }
      }
    }
  }

  @Test("The blocks read as without case hold no scalar that lower case changes")
  func caselessBlocks() {
    for value in UInt32(0x3000)...0xE000 where BankWords.isCaseless(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(!scalar.properties.changesWhenLowercased, "U+\(String(value, radix: 16))")
    }
  }

  @Test(
    "The quick look turns away dates, amounts and first words that start no label",
    arguments: [
      "2024-01-02", "31.03.2024", "-296.69", "1.234,56", "LIDL DIENSTL", "Waitrose & Partners", "Gehalt",
    ])
  func quickLookTurnsAway(text: String) {
    #expect(!BankWords.mayBeLabel(text))
  }

  @Test(
    "Section titles are read by one normalisation: a colon, nouns, a date after them",
    arguments: [
      ("PENDING TRANSACTIONS:", BankWords.TransactionGroupCode.authorized), ("Pending Charges", .authorized),
      ("Vorgemerkte Umsätze", .authorized), ("Authorizations", .authorized),
      ("Pending Transactions as of 09/15/2024", .authorized), ("Posted Transactions", .posted),
      ("Gebuchte Umsätze", .posted), ("Posted", .posted),
    ])
  func sectionTitles(title: String, group: BankWords.TransactionGroupCode) {
    #expect(BankWords.section(titled: title) == group)
  }

  @Test("Words around a status that are not a list's nouns make no title: a shop, a sentence")
  func notTitles() {
    #expect(BankWords.section(titled: "Pending Shop Ltd") == nil)
    #expect(BankWords.section(titled: "Total Pending") == nil)
    #expect(BankWords.section(titled: "Posted by mail") == nil)
    #expect(BankWords.section(titled: "A") == nil)
    #expect(BankWords.section(titled: "p") == nil)
  }

  @Test("A status column's values are read as titles are: Umsatz vorgemerkt is pending")
  func statuses() {
    #expect(BankWords.status(of: "Umsatz vorgemerkt") == .group(.authorized))
    #expect(BankWords.status(of: "Umsatz gebucht") == .group(.posted))
    #expect(BankWords.status(of: "REVERTED") == .didNotHappen)
    #expect(BankWords.status(of: "Shopping") == nil)
  }

  @Test(
    "A label or a status whose first word is not plain ASCII letters is still told by its words",
    arguments: [
      ("\u{A0}Saldo", true), ("Ancien\u{A0}solde", true), ("#Saldo", true), ("Saldo(EUR)", true),
      ("SALDO:", true), ("_Opening balance", true), ("Solde précédent", true),
      ("Saldo\u{A0}31.12.2024", true),
      ("東京ラーメン #0968 Trois-Rivières", false), ("Café Lune, Montréal", false), ("A&W #0950", false),
      ("Mark's Work Wearhouse", false), ("(Saldo)", false),
    ])
  func labelsWhoseFirstWordIsNotPlain(text: String, isBalance: Bool) {
    #expect(BankWords.isBalance(text) == isBalance)
    #expect(BankWords.isBalance(text[...]) == isBalance)
  }

  @Test("The quick look at a value's first bytes never turns away what its words would read as a label")
  func quickLookAgreesWithTheWords() {
    let labels = BankWords.balanceLabels.union(BankWords.totalLabels).union(BankWords.summaryWords)
    let accented = { (text: String) in
      String(text.map { ["a": "á", "e": "é", "o": "ö", "u": "ü"][$0] ?? $0 })
    }
    let befores = ["", " ", "\u{A0}", "_", "-", "#", "Café ", "東京 ", "A&W ", "(", "\t", "2024 "]
    let afters = ["", ":", " 2024", " (EUR)", "\u{A0}31.12.2024", " Fitness Club", "é", "/x", ")"]
    var compared = 0
    for label in labels {
      for written in [label, label.uppercased(), accented(label), accented(label).uppercased()] {
        for before in befores {
          for after in afters {
            let text = before + written + after
            let words = BankWords.labelWords(text).joined(separator: " ")
            #expect(BankWords.isBalance(text) == BankWords.balanceLabels.contains(words), "\(text)")
            #expect(BankWords.isSummaryWord(text) == BankWords.summaryWords.contains(words), "\(text)")
            compared += 1
          }
        }
      }
    }
    #expect(compared > 10_000)
  }

  @Test("A status written with an accent or after a mark is read")
  func statusesWhoseFirstWordIsNotPlain() {
    #expect(BankWords.status(of: "À venir") == .group(.authorized))
    #expect(BankWords.status(of: "\u{A0}Vorgemerkt") == .group(.authorized))
    #expect(BankWords.status(of: "Gebucht:") == .group(.posted))
    #expect(BankWords.status(of: "東京") == nil)
  }

  @Test(
    "Spaces, tabs and no-break spaces around a value are trimmed, whole characters only, in each text type",
    arguments: [
      ("  Gebucht\t", "Gebucht"), ("\u{A0}12,50\u{A0}", "12,50"), ("x", "x"), ("", ""), ("   ", ""),
      // A last byte 0xA0 that ends another character (`à`), a space that a combining accent
      // makes another character: neither is trimmed.
      ("voilà", "voilà"), (" \u{301}x ", " \u{301}x"), ("a b", "a b"),
    ])
  func trimmingSpaces(text: String, trimmed: String) {
    #expect(text.trimmingSpaces == trimmed)
    #expect(text[...].trimmingSpaces == trimmed)
    #expect(text.trimmedString == trimmed)
    #expect(Self.generic(text) == trimmed)
  }

  /// The reading of any text type, which the concrete ones must agree with.
  private static func generic(_ text: some StringProtocol) -> String { String(text.trimmingSpaces) }
}
