import BankFormats
import BankReading
import Entities
import Testing
import UseCases

/// Issue 46's rules, each from the shape of a real export: the code page of a text that is not
/// UTF-8, columns without a name at the header's end, fields past the last column, signs said
/// by a code or a kind of transaction beside signed amounts, and the amount among columns in
/// doubt. Text in, a reading or a question out: no decoder.
@Suite struct CSVReadingShapesTests {
  /// The reading of a file's text, as the decoder decides it: its first line the header, the
  /// rest the rows.
  private func reading(_ text: String, options: ReadingOptions = .standard) -> Result<
    CSVReading, ReadingQuestion
  > {
    let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard case .success(let header) = CSVReading.header(of: Array(lines[0].utf8), options: options),
      case .success(let columns) = header.columns
    else {
      return .failure(
        ReadingQuestion(.headerIsARecord(date: 0, description: nil, amount: nil, balance: nil), at: at(1, 1)))
    }
    let rows = lines.count > 1 ? Array(lines[1].utf8) : []
    let sample = CSVSample(
      of: rows, from: at(2, 1), delimiter: header.delimiter.value.byte, complete: true)
    let text = CSVReading.TextDecisions(
      encoding: Decided(.utf8, Evidence(.values, "UTF-8")),
      carriageReturnLines: Decided(.lineFeeds, Evidence(.values, "line feeds")))
    return CSVReading.decide(
      names: header.names, header: Decided(1, Evidence(.header, "line 1")), at: at(2, 1),
      delimiter: header.delimiter, columns: columns, sample: sample, text: text, options: options)
  }

  private func at(_ line: Int, _ column: Int) -> TextPosition { TextPosition(line: line, column: column) }

  /// Text of Latin-1's characters as one byte each, as Windows-1252 writes them.
  private func latin1(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
  }

  // MARK: Code pages

  @Test(
    "Bytes that are the same characters in Windows-1252 and Windows-1250 need nothing more: ä is 0xE4 in both"
  )
  func codePageAlike() throws {
    let text = Array("Buchungstag;Betrag;Empf".utf8) + [0xE4] + Array("nger\n".utf8)

    let decided = try CSVReading.codePage(of: text, from: at(1, 1), carriageReturnsEndLines: false).get()

    #expect(decided.value == .windows1252)
    #expect(decided.evidence.words.contains("the same characters in Windows-1252 and Windows-1250"))
  }

  @Test(
    "A byte one code page leaves undefined rules it out: 0x8D is Ť in Windows-1250 and nothing in Windows-1252"
  )
  func codePageRuledOut() throws {
    let text = Array("Date,Description,Amount\n2024-03-01,".utf8) + [0x8D, 0x61] + Array(",-1.00\n".utf8)

    let decided = try CSVReading.codePage(of: text, from: at(1, 1), carriageReturnsEndLines: false).get()

    #expect(decided.value == .windows1250)
    #expect(decided.evidence.words == "the byte 0x8D at 2:12 is no character in Windows-1252")
  }

  @Test(
    "A column's name in one code page's reading and in no other's proves it: Částka (Windows-1250), Crédit and Débit alike"
  )
  func codePageByName() throws {
    // Č is 0xC8: È in Windows-1252, which names no column.
    let czech: [UInt8] =
      Array("Datum;".utf8) + [0xC8, 0xE1] + Array("stka;Popis\n01.03.2024;-1,00;".utf8) + [0xE8]
      + Array("aj\n".utf8)

    let decided = try CSVReading.codePage(of: czech, from: at(1, 1), carriageReturnsEndLines: false).get()

    #expect(decided.value == .windows1250)
    #expect(decided.evidence.kind == .header)
    #expect(decided.evidence.words.contains("\"Částka\" at line 1 is the name of a column"))
    #expect(decided.evidence.words.contains("\"Èástka\", no name"))
  }

  @Test(
    "Names in a language one code page writes prove it: Czech in ASCII (Komerční banka), French (Libellé)",
    arguments: [
      (
        "Datum zauctovani;Castka;Nazev protiuctu\n03.06.2024;-412,30;Potraviny Kr", TextEncoding.windows1250,
        "Czech"
      ),
      ("Date;Libell\u{E9};Montant\n03.06.2024;Cr", TextEncoding.windows1252, "French"),
    ])
  func codePageByLanguage(start: String, codePage: TextEncoding, language: String) throws {
    // 0xE8 is č in Windows-1250 and è in Windows-1252.
    let text = latin1(start) + [0xE8, 0x6D, 0x65] + Array(";-1,00\n".utf8)

    let decided = try CSVReading.codePage(of: text, from: at(1, 1), carriageReturnsEndLines: false).get()

    #expect(decided.value == codePage)
    #expect(decided.evidence.words.contains("in \(language), which \(codePage.name) writes"))
  }

  @Test("A byte that reads as two letters in a file whose names say nothing is asked, at the byte")
  func codePageAsked() {
    let text = Array("Date,Description,Amount\n2024-03-01,Ko".utf8) + [0xE8] + Array("ka,-1.00\n".utf8)

    let decided = CSVReading.codePage(of: text, from: at(1, 1), carriageReturnsEndLines: false)

    guard case .failure(let question) = decided else {
      Issue.record("not asked: \(decided)")
      return
    }
    #expect(question.kind == .encodingsFit([.windows1252, .windows1250], byte: 0xE8))
    #expect(question.position == at(2, 14))
  }

  // MARK: The header's end

  @Test("A header that ends with a delimiter no row has (Lloyds): the column without a name may be left out")
  func unnamedEnd() throws {
    let lloyds = try reading(
      "Transaction Date,Transaction Description,Debit Amount,Credit Amount,Balance,\n"
        + "27/02/2024,WAITROSE,38.64,,3012.77\n26/02/2024,THAMES WATER,41.00,,3051.41\n"
    ).get()
    let filled = try reading(
      "Transaction Date,Transaction Description,Debit Amount,Credit Amount,Balance,\n"
        + "27/02/2024,WAITROSE,38.64,,3012.77\n26/02/2024,THAMES WATER,41.00,,3051.41,x\n"
    ).get()

    #expect(lloyds.unnamedEndColumns.value == 1)
    #expect(lloyds.decisions.contains { $0.topic == "header ends" })
    #expect(filled.unnamedEndColumns.value == 0)
  }

  // MARK: Fields past the last column

  private func row(_ fields: [(String, Bool)]) -> [CSVSample.Field] {
    fields.enumerated().map { CSVSample.Field(text: $1.0, position: at(2, $0 + 1), quoted: $1.1) }
  }

  @Test(
    "A row's extra fields are the last column's when every column before it is quoted, a date or an amount, or shown in place"
  )
  func joinsExtraFields() throws {
    let header = "Konto;Buchungsdatum;Betrag;Buchungstext;Umsatztext\n"
    let austrian = try reading(
      header + "1;2024-05-28;-64,90;\"Internetauftrag\";\"Stadtwerke\";\"Strom Mai\"\n",
      options: ReadingOptions(debitsNegative: true)
    ).get()

    // Konto (not read, not quoted) is shown in place by the date and the amount after it.
    #expect(austrian.joinsExtraFields.value)
    #expect(
      austrian.joinsExtraFields(
        ofRow: row([
          ("1", false), ("2024-05-28", false), ("-64,90", false), ("Internetauftrag", true),
          ("Stadtwerke", true),
          ("Strom Mai", true),
        ])))
    // Buchungstext not quoted: a semicolon in it would leave the fields in place before it, and
    // nothing after it shows which.
    #expect(
      !austrian.joinsExtraFields(
        ofRow: row([
          ("1", false), ("2024-05-28", false), ("-64,90", false), ("Internet", false), ("auftrag", false),
          ("Strom Mai", true),
        ])))
  }

  @Test("An amount cut by an unquoted comma is never joined: -2,500.00 before the description")
  func commaInAmountNeverJoined() throws {
    let reading = try reading(
      "Date,Amount,Description\n2024-01-04,-11.00,Coffee\n2024-01-05,-2,500.00,RENT\n",
      options: ReadingOptions(debitsNegative: true)
    ).get()

    #expect(
      !reading.joinsExtraFields(
        ofRow: row([("2024-01-05", false), ("-2", false), ("500.00", false), ("RENT", false)])))
  }

  @Test("The last column must be a description or not read: a balance at the end joins nothing")
  func lastColumnMustBeText() throws {
    let reading = try reading(
      "Date,Description,Amount,Balance\n2024-01-04,Coffee,-11.00,1000.00\n2024-01-05,RENT,-2,500.00,\n",
      options: ReadingOptions(debitsNegative: true)
    ).get()

    #expect(!reading.joinsExtraFields.value)
  }

  // MARK: A code beside signed amounts

  @Test("Signed amounts beside a code that agrees in every row: the code says each sign, and the signs agree")
  func codeAndSign() throws {
    let wise = try reading(
      "Date,Description,Amount,Transaction Type\n22-04-2024,Deli,-23.60,DEBIT\n15-04-2024,Salary,1250.00,CREDIT\n"
    ).get()
    let unsigned = try reading(
      "Date,Description,Amount,Transaction Type\n22-04-2024,Deli,23.60,DEBIT\n15-04-2024,Salary,1250.00,CREDIT\n"
    ).get()

    #expect(wise.signs.value == .codeAndSign(debitsPositive: false))
    #expect(wise.signs.evidence.words.contains("every amount's own sign agrees with it"))
    #expect(wise.signDisagreement(in: ["22-04-2024", "Deli", "-23.60", "DEBIT"]) == nil)
    #expect(unsigned.signs.value == .codeColumn)
  }

  @Test("A row whose sign says the other side than its code is the one that disagrees, whichever row it is")
  func codeAndSignDisagree() throws {
    let wise = try reading(
      "Date,Description,Amount,Transaction Type\n22-04-2024,Deli,-23.60,DEBIT\n15-04-2024,Salary,1250.00,DEBIT\n"
    ).get()

    #expect(wise.signs.value == .codeAndSign(debitsPositive: false))
    #expect(wise.signs.evidence.words.contains("a row whose sign says the other is an error"))
    let disagreement = try #require(wise.signDisagreement(in: ["15-04-2024", "Salary", "1250.00", "DEBIT"]))
    #expect(disagreement.column == 3)
    #expect(disagreement.saysDebit)
  }

  // MARK: Kinds of transactions

  private let chase =
    "Transaction Date,Description,Type,Amount\n03/14/2024,TACOS,Sale,-24.56\n03/12/2024,Payment Thank You,Payment,650.00\n"
    + "03/11/2024,AMAZON,Return,19.99\n03/05/2024,ANNUAL MEMBERSHIP FEE,Fee,-95.00\n"

  @Test("A Type column proves the signs: a Fee is negative, and every Sale, Payment and Return agrees")
  func typeWords() throws {
    let card = try reading(chase).get()

    #expect(card.signs.value == .signed(debitsPositive: false))
    #expect(card.signs.evidence.words.contains("\"Fee\" at 5:"))
    #expect(card.signDisagreement(in: ["03/15/2024", "TACOS", "Sale", "24.56"])?.column == 2)
  }

  @Test(
    "Kinds prove nothing without one whose side is the holder's whoever holds the account, or when they disagree",
    arguments: [
      // No fee: a card's Sale is a merchant's income.
      "Transaction Date,Description,Type,Amount\n03/14/2024,TACOS,Sale,-24.56\n03/12/2024,PAYMENT,Payment,650.00\n",
      // A merchant's export: sales in, refunds out, the fee out.
      "Transaction Date,Description,Type,Amount\n03/14/2024,ORDER 1,Sale,24.56\n03/12/2024,ORDER 0,Refund,-9.00\n"
        + "03/11/2024,PROCESSING,Fee,-0.99\n",
      // A kind no list has.
      "Transaction Date,Description,Type,Amount\n03/14/2024,TACOS,Sale,-24.56\n03/12/2024,FEE,Fee,-2.00\n"
        + "03/11/2024,GIFT,Voucher,10.00\n",
    ])
  func typeWordsAsk(text: String) {
    guard case .failure(let question) = reading(text), case .signsUntold = question.kind else {
      Issue.record("not asked: \(reading(text))")
      return
    }
  }

  // MARK: The amount among columns in doubt

  @Test(
    "The running balance that follows Net, and Gross only with its Fee, proves the amount (PayPal), never the signs"
  )
  func grossAndNet() throws {
    let text =
      "Date,Name,Gross,Fee,Net,Balance\n2024/05/02,Hosting,-14.99,0.00,-14.99,195.41\n"
      + "2024/05/06,Jordan,120.00,-3.78,116.22,311.63\n2024/05/09,Books,-32.50,0.00,-32.50,279.13\n"
    var options = ReadingOptions.standard
    options.debitsNegative = true

    let paypal = try reading(text, options: options).get()
    let asked = reading(text)

    #expect(paypal.columns[.amount] == 4)
    #expect(paypal.columns.roles[.amount]?.evidence.kind == .balance)
    #expect(paypal.columns[.fee] == nil)
    #expect(paypal.signs.value == .signed(debitsPositive: false))
    guard case .failure(let question) = asked, case .signsUntold = question.kind else {
      Issue.record("the signs not asked: \(asked)")
      return
    }
  }

  @Test("Without a balance to tell them apart, Gross and Net are asked")
  func grossAndNetAsked() {
    let asked = reading("Date,Name,Gross,Fee,Net\n2024/05/06,Jordan,120.00,-3.78,116.22\n")

    guard case .failure(let question) = asked, case .columnsInDoubt(.amount, let columns) = question.kind
    else {
      Issue.record("not asked: \(asked)")
      return
    }
    #expect(columns == [2, 4])
  }

  @Test(
    "Dates in two layouts, or fitting two, are asked before the amount in doubt: the answer is needed either way",
    arguments: [
      "Date,Name,Gross,Net\n03/04/2024,Jordan,120.00,116.22\n13.05.2024,Books,-32.50,-32.50\n",
      "Date,Name,Gross,Net\n03/04/2024,Jordan,120.00,116.22\n",
    ])
  func datesBeforeTheAmount(text: String) {
    let asked = reading(text)

    guard case .failure(let question) = asked else {
      Issue.record("not asked: \(asked)")
      return
    }
    #expect(question.kind.field == .date, "\(question)")
  }

  @Test(
    "An amount named in EUR beside one in the purchase's currency (KBC): its name and the currency column prove it"
  )
  func amountInItsCurrency() throws {
    let kbc = try reading(
      "datum verrichting;bedrag;munt;bedrag in EUR;Handelaar\n04/03/2024;23,50;EUR;-23,50;BAKKERIJ\n"
        + "19/03/2024;64,00;USD;-58,75;SOFTWARE INC\n",
      options: ReadingOptions(debitsNegative: true)
    ).get()

    #expect(kbc.columns[.amount] == 3)
    #expect(kbc.currency?.value == "EUR")
    #expect(kbc.columns.currencies.isEmpty)
  }

  @Test(
    "A name whose note says a foreign currency is not the amount: Betrag (EUR) beside Betrag (Fremdwährung)")
  func foreignNote() throws {
    let columns = try CSVColumns.of(
      ["Datum", "Betrag (EUR)", "Betrag (Fremdwährung)", "Beschreibung"], options: .standard
    ).get()

    #expect(columns[.amount] == 1)
    #expect(columns.amountInDoubt.isEmpty)
  }

  // MARK: Places

  @Test("--columns names a column without a name by its place beside the header's names (DEGIRO)")
  func placeBesideNames() throws {
    let names = ["Datum", "Tijd", "Product", "Omschrijving", "Mutatie", "", "Saldo", "", "Order Id"]

    let columns = try CSVColumns.of(names, options: ReadingOptions(columns: [.amount: "6"])).get()

    #expect(columns[.amount] == 5)
    #expect(
      columns.roles[.amount]?.evidence.words
        == "you said --columns amount=6, column 6 by its place, which has no name")
    #expect(columns[.date] == 0)
  }
}
