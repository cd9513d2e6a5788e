import BankReading
import Testing

/// Which column holds which role: proved by a header's names or by the options, each with its
/// evidence; never the first of two candidates, never one column for two roles.
@Suite struct CSVColumnsTests {
  @Test("Each role's column is proved by its name, and says so")
  func byNames() throws {
    let columns = try CSVColumns.of(
      ["Buchungstag", "Verwendungszweck", "Betrag (EUR)", "Saldo"], options: .standard
    )
    .get()

    #expect(columns[.date] == 0)
    #expect(columns[.description] == 1)
    #expect(columns[.amount] == 2)
    #expect(columns[.balance] == 3)
    #expect(columns.roles[.date]?.evidence == Evidence(.header, "\"Buchungstag\" is a name for the date"))
    #expect(columns.roles[.balance]?.evidence.kind == .header)
  }

  @Test("Of two date columns, the one ranked first wins, and the evidence names the other")
  func ranked() throws {
    let columns = try CSVColumns.of(
      ["Post Date", "Transaction Date", "Description", "Amount"], options: .standard
    )
    .get()

    #expect(columns[.date] == 1)
    #expect(
      columns.roles[.date]?.evidence.words
        == "\"Transaction Date\" is a name for the date, ranked before \"Post Date\"")
  }

  @Test("An execution date ranks before a value date, as a Belgian bank's own importer reads it")
  func executionDate() throws {
    let columns = try CSVColumns.of(
      ["Valutadatum", "Uitvoeringsdatum", "Omschrijving", "Bedrag"], options: .standard
    )
    .get()

    #expect(columns[.date] == 1)
  }

  @Test(
    "Two columns that may hold the amount are left to the rows to prove, or asked; two that may be the balance are neither checked"
  )
  func inDoubt() throws {
    let amounts = try CSVColumns.of(["Date", "Description", "Amount", "Betrag"], options: .standard).get()
    let balances = try CSVColumns.of(
      ["Date", "Description", "Amount", "Balance", "Saldo"], options: .standard
    ).get()

    #expect(amounts.amountInDoubt == [2, 3])
    #expect(amounts[.amount] == nil)
    #expect(balances[.balance] == nil)
    #expect(balances[.amount] == 2)
  }

  @Test(
    "One column the options name for two roles is refused, whatever the order of the roles",
    arguments: [
      (["1", "2", "3", "4", "5"], [CSVColumnRole.debit: "2", .credit: "2", .date: "1", .description: "5"]),
      (["Date", "Amount", "Text"], [.description: "Amount", .amount: "Amount"]),
      (["Date", "Amount", "Text"], [.amount: "Amount", .balance: "amount"]),
    ])
  func oneColumnForTwoRoles(names: [String], columns: [CSVColumnRole: String]) {
    let found = CSVColumns.of(names, options: ReadingOptions(columns: columns))

    guard case .failure(.oneColumnForRoles(let roles, _)) = found else {
      Issue.record("not refused: \(found)")
      return
    }
    #expect(roles.count == 2)
  }

  @Test("An empty name says the file has none of an optional role: no balance is taken")
  func absent() throws {
    let columns = try CSVColumns.of(
      ["Date", "Description", "Amount", "Balance"], options: ReadingOptions(columns: [.balance: ""])
    ).get()

    #expect(columns[.balance] == nil)
    #expect(columns[.amount] == 2)
  }

  @Test("A header without a date, a description or an amount says which are missing")
  func missing() {
    #expect(
      CSVColumns.of(["When", "What", "Amount"], options: .standard).failure
        == .noColumnsFor([.date, .description]))
  }
}

extension Result {
  /// The error, or `nil` on success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension CSVColumnsTests {
  /// Headers of public exports (as converters and their tests write them) with a word of
  /// issue 46: the columns of the date, the description and the amount each names.
  static let publicHeaders: [(source: String, header: String, delimiter: Character, expected: [String])] = [
    (
      "Rabobank 2018 (bank2ynab.conf)",
      "IBAN/BBAN,Munt,BIC,Volgnr,Datum,Rentedatum,Bedrag,Saldo na trn,Tegenrekening IBAN/BBAN,Naam tegenpartij,"
        + "Naam uiteindelijke partij,Naam initiërende partij,BIC tegenpartij,Code,Batch ID,Transactiereferentie,"
        + "Machtigingskenmerk,Incassant ID,Betalingskenmerk,Omschrijving-1,Omschrijving-2,Omschrijving-3,Reden retour,"
        + "Oorspr bedrag,Oorspr munt,Koers", ",", ["Datum", "Naam tegenpartij", "Bedrag"]
    ),
    (
      "KBC credit card (petermnt/ynab-csv tests)",
      "kredietkaart;kaarthouder;uitgavenstaat;datum verrichting;Datum verrekening;bedrag;credit;debet;munt;koers;"
        + "bedrag in EUR;Kosten op verrichting;Handelaar;locatie;land;toelichting", ";",
      // The amount is in doubt between bedrag and bedrag in EUR: the rows decide (CSVReadingShapesTests).
      ["datum verrichting", "Handelaar", ""]
    ),
    (
      "Sparkasse credit card (a public app's ksk_creditcard mapping)",
      "Umsatz getätigt von;Belegdatum;Buchungsdatum;Originalbetrag;Originalwährung;Umrechnungskurs;Buchungsbetrag;"
        + "Buchungswährung;Transaktionsbeschreibung;Transaktionsbeschreibung Zusatz;Buchungsreferenz;Gebührenschlüssel;"
        + "Länderkennzeichen;BAR-Entgelt+Buchungsreferenz;AEE+Buchungsreferenz;Abrechnungskennzeichen", ";",
      ["Buchungsdatum", "Transaktionsbeschreibung", "Buchungsbetrag"]
    ),
    (
      "ING-DiBa Austria (ofxstatement-austrian sample)", "Kontonummer;Text;Datum;Währung;Soll;Haben", ";",
      // Soll and Haben hold the debits and the credits: no amount column.
      ["Datum", "Text", ""]
    ),
    (
      "Livebank (ofxstatement-austrian sample)",
      "Kontonummer;Auszugsnummer;Buchungsdatum;Valutadatum;Umsatzzeit;Zahlungsreferenz;Waehrung;Betrag;Buchungstext;"
        + "Umsatztext", ";", ["Buchungsdatum", "Umsatztext", "Betrag"]
    ),
    (
      "Raiffeisenbank CZ (ofxstatement-raiffeisencz)",
      "Datum zaúčtování;Datum provedení;Název protiúčtu;Zpráva;Zaúčtovaná částka;Měna účtu;Poplatky;Id transakce",
      ";",
      ["Datum provedení", "Název protiúčtu", "Zaúčtovaná částka"]
    ),
    (
      "Komerční banka (ofxstatement-cz-komercni)",
      "Datum zauctovani;Protistrana;Nazev protiuctu;Castka;Mena;Identifikace transakce;Typ transakce;Popis pro me;"
        + "Zprava pro prijemce", ";", ["Datum zauctovani", "Nazev protiuctu", "Castka"]
    ),
    (
      "K&H (a public budgeting tool's mapping)",
      "könyvelés dátuma\ttípus\tpartner elnevezése\tösszeg\tösszeg devizaneme", "\t",
      ["könyvelés dátuma", "partner elnevezése", "összeg"]
    ),
    (
      "mBank PL (bank2ynab.conf)",
      "#Data operacji;#Data księgowania;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji",
      ";", ["#Data operacji", "#Tytuł", "#Kwota"]
    ),
    (
      "PayPal (ofxstatement-paypal), the amount told by the balance",
      "Date,Time,Time Zone,Name,Type,Status,Currency,Gross,Fee,Net,From Email Address,To Email Address,Transaction ID",
      ",", ["Date", "Name", ""]
    ),
    // No public header with `Remarque` was found; this one is an assumption after French exports.
    ("an assumed French export", "Date;Remarque;Montant", ";", ["Date", "Remarque", "Montant"]),
  ]

  @Test(
    "The words of issue 46 name their columns in public exports' headers", arguments: publicHeaders.indices)
  func publicHeader(index: Int) throws {
    let (source, header, delimiter, expected) = Self.publicHeaders[index]
    let names = header.split(separator: delimiter, omittingEmptySubsequences: false).map(String.init)

    let columns = try CSVColumns.of(names, options: .standard).get()

    let found = [CSVColumnRole.date, .description, .amount].map { role in
      columns[role].map { names[$0] } ?? ""
    }
    #expect(found == expected, "\(source)")
  }
}
