import BankFormats

/// The words of banks' CSV exports: the names of their columns in English, German, French,
/// Spanish, Italian, Dutch and a few more languages, and the words of their values that say a
/// transaction's group (`Pending`, `Gebucht`), its sign (`Af`, `S`, `H`), or that a row is no
/// transaction at all (a balance, a total, a section's title).
///
/// Every word is written as ``normalized(_:)`` gives a text: lower case, accents dropped,
/// spaces made one. A word is matched whole, never as a part of a longer text, except where a
/// list says it starts a text (a balance line's label).
package enum BankWords {
  // MARK: Column names

  /// The names of each role's column, as banks write them; when several columns fit one role,
  /// the one whose name comes first here holds it.
  ///
  /// `debit` alone names the native format's debit code when the header also has an `amount`
  /// column and no credit column; with a credit column, it is the column of debit amounts.
  /// A group column may say `A` or `P`, or a status (``group(ofStatus:)``).
  package static let synonyms: [(role: CSVColumnRole, names: [String])] = [
    (
      .group,
      [
        "group", "status", "state", "transaction status", "booking status", "cleared", "buchungsstatus",
        "statut",
        "estado", "stato", "tila",
      ]
    ),
    (.date, dateNames),
    (.description, descriptionNames),
    (
      .amount,
      [
        "amount", "transaction amount", "value", "amt", "betrag", "umsatz", "buchungsbetrag", "montant",
        "importe",
        "importo", "bedrag", "maara", "summa", "suma", "valor", "kwota",
        // Czech, Hungarian
        "castka", "zauctovana castka", "osszeg",
        // A payment service's amount before and after its fee (PayPal): which one the account
        // holds is proved by its running balance, or asked.
        "gross", "net",
      ]
    ),
    (
      .code,
      [
        "debit/credit", "credit/debit", "dr/cr", "cr/dr", "d/c", "c/d", "debit credit", "indicator",
        "transaction type", "af bij", "af/bij", "soll/haben", "s/h", "d/k", "dare/avere", "cargo/abono",
        "debit credit indicator", "credit debit indicator", "creditdebet", "credit debet", "debet credit",
        "debet/credit", "credit/debet", "af of bij", "soll haben",
      ]
    ),
    (
      .debit,
      [
        "debit", "debits", "debit amount", "withdrawal", "withdrawals", "withdrawal amount", "money out",
        "paid out",
        "outflow", "out", "soll", "debito", "debitos", "cargo", "cargos", "addebiti", "addebito", "uscite",
      ]
    ),
    (
      .credit,
      [
        "credit", "credits", "credit amount", "deposit", "deposits", "deposit amount", "money in", "paid in",
        "inflow", "in", "haben", "credito", "creditos", "abono", "abonos", "accrediti", "accredito",
        "entrate",
      ]
    ),
    (.balance, balanceNames),
    (
      .fee,
      [
        "fee", "fees", "fee amount", "commission", "commissions", "gebuhr", "gebuhren", "entgelt", "frais",
        "comision", "comisiones", "commissione", "commissioni", "kosten", "provisie",
      ]
    ),
    (.account, accountNames),
  ]

  /// The names of the role's column.
  package static func names(of role: CSVColumnRole) -> [String] {
    synonyms.first { $0.role == role }?.names ?? []
  }

  /// The names of a running balance column: the balance after each row.
  package static let balanceNames = [
    "balance", "running balance", "account balance", "running bal", "running bal.", "saldo", "kontostand",
    "saldo na mutatie", "saldo na boeking", "solde", "saldo contable", "saldo disponible",
    // Czech, Polish, Hungarian
    "zustatek", "saldo po operacji", "egyenleg",
  ]

  /// The names of a date column, the transaction's date before the day it was booked, and that
  /// before the value date; a column of times alone is never one.
  package static let dateNames = [
    "date", "transaction date", "trans date", "trans. date", "date processed", "processed date",
    "started date",
    "posting date", "post date", "posted date", "booking date", "completed date", "value date", "created",
    "created date",
    // German
    "buchungstag", "buchungsdatum", "buchung", "datum",
    // Dutch and Flemish execution dates, before any value date
    "uitvoeringsdatum", "datum uitvoering", "datum verrichting", "verrichtingsdatum",
    "belegdatum", "wertstellung", "wertstellungsdatum",
    "valutadatum", "valuta",
    // French
    "date de comptabilisation", "date comptable", "date operation", "date d'operation", "date de l'operation",
    "date de valeur", "date valeur",
    // Spanish, Italian, Portuguese
    "fecha", "fecha operacion", "fecha de operacion", "fecha contable", "fecha valor", "data",
    "data operazione", "data contabile", "data valuta", "data movimento", "data lancamento",
    // Dutch, Finnish, Swedish, Polish
    "boekdatum", "transactiedatum", "rentedatum", "kirjauspaiva", "arvopaiva", "bokforingsdag",
    "data operacji", "data transakcji", "data ksiegowania",
    // Czech: the day it was made before the day it was booked; Hungarian likewise, then the value date
    "datum provedeni", "datum zauctovani", "tranzakcio datuma", "konyveles datuma", "erteknap",
  ]

  /// The names of a description column: names of the other party and of the transaction
  /// first, then the texts of a payment's purpose and references, which say less.
  package static let descriptionNames = [
    "description", "transaction description", "description 1", "description 2", "payee", "merchant",
    "merchant name", "name", "partner name",
    "counterparty", "counter party", "counterparty name", "beneficiary", "recipient", "payee name",
    "transaction text", "text",
    "narration", "narrative", "transaction details", "details", "transaction remarks", "remarks",
    "particulars", "desc", "memo",
    // German
    "auftraggeber/empfanger", "auftraggeber / empfanger", "empfanger/auftraggeber",
    "beguenstigter/zahlungspflichtiger", "begunstigter/zahlungspflichtiger", "zahlungsempfanger",
    "empfanger", "beschreibung", "transaktionsbeschreibung", "umsatztext",
    // French
    "libelle", "libelle simplifie", "libelle operation", "libelle de l'operation", "intitule", "detail",
    "beneficiaire",
    // Spanish, Italian, Portuguese
    "concepto", "descripcion", "detalle", "beneficiario", "descrizione", "descrizione operazioni",
    "descrizione operazione", "causale", "descricao", "historico",
    // Dutch, Finnish, Lithuanian, Polish
    "naam / omschrijving", "naam/omschrijving", "omschrijving", "naam", "naam tegenpartij", "tegenpartij",
    "handelaar", "nimi", "saaja/maksaja",
    "gavejas", "opis", "popis", "tytul",
    // Czech, Polish, Hungarian
    "nazev protiuctu", "nadawca/odbiorca", "opis operacji", "opis transakcji", "partner neve",
    "partner elnevezese",
    // Texts of the purpose, the last resort
    "reference", "verwendungszweck", "buchungstext", "vorgang/verwendungszweck", "mededelingen", "otsikko",
    "paaiskinimai", "remarque", "communication", "zprava", "zprava pro prijemce", "poznamka", "kozlemeny",
  ]

  /// The names of the two columns some exports give the other party in, one for money paid
  /// out (the payee) and one for money received (the payer): the description is the payee of a
  /// debit and the payer of a credit, when no column of ``descriptionNames`` names the other
  /// party before the texts of the purpose.
  package static let payerNames = [
    "payer", "zahlungspflichtige*r", "zahlungspflichtiger", "auftraggeber", "maksaja", "ordenante",
  ]
  /// See ``payerNames``.
  package static let payeeNames = [
    "payee", "zahlungsempfanger*in", "zahlungsempfangerin", "zahlungsempfanger", "maksunsaaja",
  ]
  /// Where the texts of a payment's purpose start in ``descriptionNames``: a payer and payee
  /// pair is taken before them.
  package static let purposeNamesStart =
    descriptionNames.firstIndex(of: "reference") ?? descriptionNames.count

  /// The names of a column naming the account a row is of, when a file holds several.
  package static let accountNames = [
    "account", "account name", "account number", "account no", "konto", "kontonummer", "compte",
    "numero de compte", "cuenta", "conto", "rekening", "tili", "saskaitos nr.",
  ]

  /// The names of a column of currencies: each row's amount in the currency it names.
  package static let currencyNames: Set<String> = [
    "currency", "currency code", "ccy", "wahrung", "waehrung", "buchungswahrung", "devise", "moneda",
    "divisa", "munt",
    "valuuta", "waluta", "mena", "devizanem", "osszeg devizaneme",
  ]

  /// The currency codes a column's values may all be, which makes it a currency column
  /// whatever its name (`Mutatie` beside DEGIRO's amount): ISO 4217's codes of the currencies
  /// banks' exports are in.
  package static let currencyCodes: Set<String> = [
    "EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF",
    "RON",
    "BGN", "TRY", "UAH", "CNY", "HKD", "SGD", "INR", "ZAR", "BRL", "MXN", "ILS", "KRW", "THB", "MYR", "IDR",
    "PHP", "AED", "SAR",
  ]

  /// Currency codes and words a column's name may end with (`Importe EUR`, `Débit euros`),
  /// left out when names are compared.
  package static let currencyWords: Set<String> = [
    "eur", "euro", "euros", "usd", "gbp", "chf", "inr", "sgd", "cad", "aud", "nzd", "sek", "nok", "dkk",
    "pln",
    "czk", "huf", "jpy", "$", "€", "£",
  ]

  /// The names of a column that says the kind of each transaction (`Type`: `Sale`, `Payment`).
  package static let typeColumnNames: Set<String> = ["type", "transaction type", "details"]

  /// The kinds of transactions a type column writes, and whether each is a debit (`true`,
  /// money out: a sale, a fee), a credit (`false`: a payment to a card, a return, a deposit),
  /// or says neither (`nil`: an adjustment, interest, which go either way).
  package static let typeWords: [String: Bool?] = [
    "sale": true, "sales": true, "purchase": true, "fee": true, "fees": true, "withdrawal": true,
    "payment": false, "return": false, "refund": false, "deposit": false, "debit": true, "credit": false,
    "adjustment": nil, "interest": nil,
  ]

  /// The kinds of ``typeWords`` whose side is the same whoever holds the account: a fee is
  /// charged to the holder, a withdrawal takes the holder's money out, a deposit puts it in. A
  /// card's `Sale` is a merchant's income, a card's `Payment` a checking account's money out.
  package static let holderTypeWords: Set<String> = [
    "fee", "fees", "withdrawal", "deposit", "debit", "credit",
  ]

  /// Whether a column's name says, in a note in parentheses at its end, that it holds another
  /// currency than the account's: `Amount (Foreign Currency)`, `Betrag (Fremdwährung)`.
  ///
  /// - Parameter name: The name, as the header writes it.
  /// - Returns: Whether its note names a foreign currency.
  package static func saysForeignCurrency(_ name: some StringProtocol) -> Bool {
    let text = name.trimmingSpaces
    guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return false }
    return foreignCurrencyNotes.contains(
      normalized(text[text.index(after: open)..<text.index(before: text.endIndex)]))
  }

  /// The notes of ``saysForeignCurrency(_:)``.
  static let foreignCurrencyNotes: Set<String> = [
    "foreign currency", "foreign", "original currency", "fremdwahrung", "fremdwaehrung", "originalwahrung",
    "devise etrangere", "valuta estera", "moneda extranjera", "vreemde valuta",
  ]

  /// Whether a normalized text is the name of a column of any role: a date, a description, an
  /// amount, a code, a balance, a currency, an account, a payer or a payee.
  package static func isName(_ normalized: String) -> Bool {
    allNames.contains(normalized)
  }

  private static let allNames: Set<String> = Set(synonyms.flatMap(\.names)).union(currencyNames).union(
    payerNames
  )
  .union(payeeNames)

  // MARK: Languages and code pages

  /// The code page whose language a column's name is in, and the language, when the name is
  /// one language's alone and that language is written in one code page of
  /// ``TextEncoding/codePages`` (Czech, Polish and Hungarian in Windows-1250; French, German,
  /// Spanish, Italian, Dutch, Portuguese and the Nordic languages in Windows-1252). English
  /// names, and names that several languages share (`datum`, `data`, `saldo`), say nothing.
  ///
  /// - Parameter normalized: A name, as ``normalized(_:)`` gives it.
  /// - Returns: The code page and the language, or `nil`.
  package static func language(ofName normalized: String) -> (TextEncoding, String)? {
    for (codePage, languages) in namesByLanguage {
      for (language, names) in languages where names.contains(normalized) { return (codePage, language) }
    }
    return nil
  }

  /// The names of ``language(ofName:)``, by code page and language.
  static let namesByLanguage: [(TextEncoding, [(String, Set<String>)])] = [
    (
      .windows1250,
      [
        (
          "Czech",
          [
            "datum zauctovani", "datum provedeni", "castka", "zauctovana castka", "nazev protiuctu",
            "protiucet",
            "mena", "zprava", "zprava pro prijemce", "poznamka", "zustatek",
          ]
        ),
        (
          "Polish",
          [
            "data operacji", "data ksiegowania", "data transakcji", "kwota", "kwota operacji",
            "opis operacji",
            "opis transakcji", "tytul", "nadawca/odbiorca", "waluta", "saldo po operacji",
          ]
        ),
        (
          "Hungarian",
          [
            "konyveles datuma", "tranzakcio datuma", "erteknap", "osszeg", "partner neve",
            "partner elnevezese",
            "kozlemeny", "egyenleg", "devizanem", "osszeg devizaneme",
          ]
        ),
      ]
    ),
    (
      .windows1252,
      [
        (
          "German",
          [
            "buchungstag", "buchungsdatum", "wertstellung", "wertstellungsdatum", "belegdatum", "betrag",
            "buchungsbetrag", "umsatz", "auftraggeber/empfanger", "auftraggeber / empfanger",
            "empfanger/auftraggeber",
            "beguenstigter/zahlungspflichtiger", "begunstigter/zahlungspflichtiger", "zahlungsempfanger",
            "beschreibung", "transaktionsbeschreibung", "umsatztext", "verwendungszweck", "buchungstext",
            "vorgang/verwendungszweck", "kontostand", "wahrung", "buchungswahrung", "soll/haben", "soll",
            "haben",
          ]
        ),
        (
          "French",
          [
            "date de comptabilisation", "date comptable", "date operation", "date d'operation",
            "date de l'operation", "date de valeur", "date valeur", "libelle", "libelle simplifie",
            "libelle operation", "libelle de l'operation", "intitule", "beneficiaire", "montant", "solde",
            "devise",
            "remarque",
          ]
        ),
        (
          "Spanish",
          [
            "fecha", "fecha operacion", "fecha de operacion", "fecha contable", "fecha valor", "concepto",
            "descripcion", "detalle", "importe", "moneda", "cargo", "cargos", "abono", "abonos",
            "saldo disponible",
            "saldo contable",
          ]
        ),
        (
          "Italian",
          [
            "data operazione", "data contabile", "data valuta", "data movimento", "descrizione",
            "descrizione operazioni", "descrizione operazione", "causale", "importo", "addebiti", "addebito",
            "accrediti", "accredito", "uscite", "entrate",
          ]
        ),
        ("Portuguese", ["data lancamento", "descricao", "historico"]),
        (
          "Dutch",
          [
            "uitvoeringsdatum", "datum uitvoering", "datum verrichting", "verrichtingsdatum", "valutadatum",
            "boekdatum", "transactiedatum", "rentedatum", "naam / omschrijving", "naam/omschrijving",
            "omschrijving",
            "naam tegenpartij", "tegenpartij", "handelaar", "bedrag", "af bij", "af/bij", "mededelingen",
            "munt",
          ]
        ),
        ("Finnish", ["kirjauspaiva", "arvopaiva", "maara", "saaja/maksaja", "otsikko", "valuutta"]),
        ("Swedish", ["bokforingsdag"]),
      ]
    ),
  ]

  // MARK: Values

  /// What a status says of a transaction's group: Authorized for a pending one, Posted for a
  /// booked one, and `nil` for a transaction that did not happen (reverted, declined); a
  /// status none of these lists has is not known.
  package enum Status: Equatable {
    case group(TransactionGroupCode)
    case didNotHappen
  }

  /// The group codes, without Entities' type, so that the words stay plain data.
  package enum TransactionGroupCode: Equatable {
    case authorized
    case posted
  }

  /// The status a value of a group column says, or `nil` when it is not a known one.
  ///
  /// - Parameter text: The value, as written.
  /// - Returns: The status.
  package static func status(of text: some StringProtocol) -> Status? {
    guard mayBeWord(text, firstWords: statusFirstWords) else { return nil }
    let word: String
    if let alone = plainWord(text) {
      word = sectionNouns.contains(alone) ? "" : alone
    } else {
      word = labelWords(text).filter { !sectionNouns.contains(String($0)) }.joined(separator: " ")
    }
    return statusOfWords[word]
  }

  /// The status each status's words give (``pendingWords``, ``postedWords``, their titles'
  /// forms, ``didNotHappenWords``, and the codes `a` and `p`), in one table: a row's status is
  /// looked up once. A pending word wins over a posted one, which wins over one that says the
  /// transaction did not happen.
  private static let statusOfWords: [String: Status] = {
    var table: [String: Status] = [:]
    for word in didNotHappenWords { table[word] = .didNotHappen }
    for word in postedWords.union(postedTitleWords).union(["p"]) { table[word] = .group(.posted) }
    for word in pendingWords.union(pendingTitleWords).union(["a"]) { table[word] = .group(.authorized) }
    return table
  }()

  /// The forms a section's title gives a pending status: `Authorizations`, `Vorgemerkte Umsätze`.
  package static let pendingTitleWords: Set<String> = [
    "pending and authorized", "pending and authorised", "authorizations", "authorisations", "vorgemerkte",
    "vorgemerkt", "noch nicht gebucht", "noch nicht gebuchte", "nicht gebucht", "nicht gebuchte",
    "pending authorizations",
    "reservations", "reserveringen", "en attente de comptabilisation",
  ]

  /// The forms a section's title gives a posted status: `Gebuchte Umsätze`, `Posted and cleared`.
  package static let postedTitleWords: Set<String> = [
    "gebuchte", "posted and cleared", "cleared and posted", "settled and posted",
  ]

  /// The statuses of a pending transaction, the group Authorized: the app's pending.
  package static let pendingWords: Set<String> = [
    "pending", "authorized", "authorised", "authorization", "authorisation", "uncleared", "not cleared",
    "on hold", "hold", "reserved", "vorgemerkt", "vormerkung", "in bearbeitung", "en attente", "en cours",
    "a venir", "pendiente", "pendente", "in sospeso", "in attesa", "da contabilizzare", "varaus",
    "katevaraus",
    "gereserveerd", "in behandeling",
  ]

  /// The statuses of a booked transaction, the group Posted.
  package static let postedWords: Set<String> = [
    "posted", "booked", "cleared", "completed", "complete", "reconciled", "settled", "paid", "succeeded",
    "processed", "gebucht", "comptabilise", "comptabilisee", "effectue", "execute", "contabilizado",
    "contabilizzato", "contabilizzata", "eseguito", "geboekt", "verwerkt", "kirjattu",
  ]

  /// The statuses of a transaction that did not happen: skipped, and counted in a note.
  package static let didNotHappenWords: Set<String> = [
    "reverted", "declined", "cancelled", "canceled", "failed", "rejected", "voided", "void", "abgelehnt",
    "storniert", "annule", "annulee", "rejete", "rechazado", "anulado", "cancelado", "annullato", "rifiutato",
    "geweigerd", "geannuleerd", "mislukt",
  ]

  /// Whether a value of a code column says a debit (`true`), a credit (`false`), or neither
  /// (`nil`): `D`, `DR`, `Debit`, Dutch `Af`, German `S` (Soll), … and `C`, `CR`, `Credit`,
  /// `Bij`, `H` (Haben), `K`, ….
  ///
  /// - Parameter text: The value, as written.
  /// - Returns: Whether it says a debit, or `nil`.
  package static func isDebit(code text: some StringProtocol) -> Bool? {
    let word = normalized(text)
    if debitCodes.contains(word) { return true }
    if creditCodes.contains(word) { return false }
    return nil
  }

  package static let debitCodes: Set<String> = [
    "d", "dr", "debit", "debet", "debetas", "af", "s", "soll", "debito", "addebito", "dare", "cargo",
    "charge",
  ]
  package static let creditCodes: Set<String> = [
    "c", "cr", "credit", "kredit", "kreditas", "k", "bij", "h", "haben", "credito", "accredito", "avere",
    "abono",
  ]

  /// Whether a text is the title of a section of pending or posted transactions
  /// (`Pending Transactions`, `PENDING TRANSACTIONS:`, `Vorgemerkte Umsätze`,
  /// `Pending Transactions as of 09/15/2024`, `Posted`), and which.
  ///
  /// A title is a status (``pendingWords``, ``postedWords``, or their forms in titles, such as
  /// `Authorizations` and `vorgemerkte`) with the nouns of a list of transactions around it
  /// (``sectionNouns``), and a qualifier after it: a colon, a date, `as of` and a date. Any
  /// other word makes it no title: the same reading as a status's (``status(of:)``).
  ///
  /// - Parameter text: A row's only text.
  /// - Returns: The group of the rows under it, or `nil`.
  package static func section(titled text: some StringProtocol) -> TransactionGroupCode? {
    // A group's code alone (`A`, `P`) is a value of a group column, never a title. The status
    // first: it rejects most values by their first bytes, before any word is normalized.
    guard case .group(let group)? = status(of: text), normalized(text).count > 1 else { return nil }
    return group
  }

  /// The nouns a section's title or a status may say around its status: `Pending Transactions`,
  /// `Umsatz vorgemerkt`.
  package static let sectionNouns: Set<String> = [
    "transactions", "transaction", "activity", "activities", "items", "item", "charges", "charge",
    "umsatze", "umsatz", "buchungen", "buchung", "operations", "operation", "operaciones", "movimientos",
    "movimenti", "transazioni", "transacciones", "transacties", "mouvements", "tapahtumat", "posten",
  ]

  /// The words of a label without what may follow it: a colon, a date or an amount, and the
  /// words that put a date after a label (`as of`, `per`, `am`, `au`): `Opening balance as of
  /// 07/01/2024` is `opening balance`.
  ///
  /// - Parameter text: The value, as written.
  /// - Returns: The label's words, normalized (``normalized(_:)``).
  package static func labelWords(_ text: some StringProtocol) -> [Substring] {
    let word = normalized(text)
    var words = word.split(separator: " ")
    let connectors: Set<Substring> = [
      "as", "of", "at", "on", "per", "am", "au", "al", "zum", "vom", "du", "del",
    ]
    while let last = words.last {
      let punctuation: Set<Character> = [".", "/", "-", ",", ":", "+", "(", ")", "$", "€", "£", "'"]
      if last.allSatisfy({ (character: Character) in character.isNumber || punctuation.contains(character) })
      {
        words.removeLast()
      } else if last.hasSuffix(":") {
        words[words.count - 1] = last.dropLast()
        if words[words.count - 1].isEmpty { words.removeLast() }
      } else if connectors.contains(last), words.count > 1 {
        words.removeLast()
      } else {
        break
      }
    }
    return words
  }

  /// Whether a value labels a balance, not a transaction: one of the labels of a balance
  /// (`Anfangssaldo`, `SALDO INIZIALE`, `B/F`) whole, with at most a colon, a date or an amount
  /// after it (`Beginning balance as of 07/01/2024`). Such a row is no transaction even with a
  /// date and an amount. A label that more words follow names something else: `Opening
  /// Balance Fitness Club` is a transaction.
  ///
  /// - Parameter text: A value of the row.
  /// - Returns: Whether it labels a balance.
  package static func isBalance(_ text: some StringProtocol) -> Bool {
    mayBeLabel(text) && balanceLabels.contains(plainWord(text) ?? labelWords(text).joined(separator: " "))
  }

  /// Whether a value may be a label of a balance, a total or a summary, told from its first
  /// bytes before its words are normalized (which every row of an export would otherwise pay
  /// for each of its values): not when it starts with a digit (a date, an amount), nor when
  /// its first word is plain ASCII letters that start none of the labels, nor when the ASCII
  /// letters before its first accent start none of them (`Caf` of `Café`). Anything else (an
  /// accent on letters that may start one, a colon or a slash after the first word) may be
  /// one, and is compared whole.
  ///
  /// - Parameter text: A value of a row.
  /// - Returns: `false` only when it is none of the labels.
  package static func mayBeLabel(_ text: some StringProtocol) -> Bool {
    mayBeWord(text, firstWords: labelFirstWords)
  }

  /// ``mayBeLabel(_:)`` of a value's UTF-8 bytes, for a reader that has no `String`.
  ///
  /// - Parameter bytes: The value's bytes, valid UTF-8.
  /// - Returns: `false` only when it is none of the labels.
  package static func mayBeLabel(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // A value that starts with a number (a date, an amount: two of a bank row's values) is
    // told before the labels' table is reached, which is made once and asked for on each use.
    !startsWithNumber(bytes) && mayBeWord(bytes, firstWords: labelFirstWords)
  }

  /// Whether a value starts with a digit, or a minus and a digit: then it is none of the
  /// labels, as ``mayBeWord(_:firstWords:)`` says of any value whose first byte after spaces,
  /// tabs, underscores and hyphens is a digit.
  @inline(__always)
  private static func startsWithNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first else { return false }
    return first &- UInt8(ascii: "0") < 10
      || first == UInt8(ascii: "-") && bytes.count > 1
        && bytes[bytes.startIndex + 1] &- UInt8(ascii: "0") < 10
  }

  /// Whether a value's first word may be one of `firstWords`: see ``mayBeLabel(_:)``.
  private static func mayBeWord(_ text: some StringProtocol, firstWords: FirstWords) -> Bool {
    // On the bytes themselves: a generic string's view is slow to walk from another module.
    text.utf8.withContiguousStorageIfAvailable { mayBeWord($0, firstWords: firstWords) }
      ?? Array(text.utf8).withUnsafeBufferPointer { mayBeWord($0, firstWords: firstWords) }
  }

  private static func mayBeWord(_ bytes: UnsafeBufferPointer<UInt8>, firstWords: FirstWords) -> Bool {
    // Two or three letters first that start none of the words, as most values of a file start:
    // none of them, whatever follows, told before the separators and the word's end are looked
    // for. (The first word is then these letters and more; every test below compares it, or
    // the letters before its first accent, or its folded letters, which start with these, with
    // the words or their starts.)
    if bytes.count >= 2, isASCIILetter(bytes[0]), isASCIILetter(bytes[1]) {
      let (first, second) = (bytes[0] | 0x20, bytes[1] | 0x20)
      guard firstWords.mayStart(with: first, second) else { return false }
      if bytes.count >= 3, isASCIILetter(bytes[2]), !firstWords.mayStart(with: first, second, bytes[2] | 0x20)
      {
        return false
      }
    }
    // What normalized() drops before the first word: spaces, tabs, underscores and hyphens.
    let isSeparator = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x5F || byte == 0x2D }
    guard let start = bytes.firstIndex(where: { !isSeparator($0) }) else { return true }
    let first = bytes[start]
    if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") { return false }
    guard isASCIILetter(first) else {
      // A first word that starts with a kana, a CJK ideograph or a Hangul syllable has no
      // letters: what firstLetters(_:) gives it, told without walking the word to its end.
      if first >= 0xE3, let (scalar, _) = scalar(at: start, in: bytes, before: bytes.endIndex),
        isCaseless(scalar.value)
      {
        return firstWords.contains(EmptyCollection<UInt8>())
      }
      return firstWords.contains(firstLetters(bytes))
    }
    var end = start
    while end < bytes.endIndex && isASCIILetter(bytes[end]) { end += 1 }
    // Two letters that start none of the words: none of them, whatever follows (firstLetters(_:)
    // starts with the same two). Most values of a file start so.
    if end - start >= 2, !firstWords.mayStart(with: bytes[start] | 0x20, bytes[start + 1] | 0x20) {
      return false
    }
    // An ASCII character after the letters ends them, as it ends firstLetters(_:)'s: only a
    // letter with an accent or of another script may go on the word.
    if end < bytes.endIndex, bytes[end] >= 0x80 {
      // Letters that start none of the words (`Caf` of `Café`): none of them, whatever the
      // accent gives. Else the letters are folded, which asks Unicode's tables of the accent.
      guard firstWords.mayStart(with: bytes[start..<end].lazy.map { $0 | 0x20 }) else { return false }
      return firstWords.contains(firstLetters(bytes))
    }
    // Longer than any first word: none of them.
    guard end - start <= longestWord else { return false }
    return firstWords.contains(bytes[start..<end].lazy.map { $0 | 0x20 })
  }

  /// The ASCII letters that the first word of a value's normalized words (``normalized(_:)``)
  /// starts with, found without normalizing the whole value: the first word is the first run
  /// between spaces, tabs, underscores, hyphens and no-break spaces, without a `#` before it,
  /// in lower case without accents; its letters end at its first other character. (Cutting a
  /// note in parentheses, and a currency as the last word, never changes them: the first is
  /// not a letter, and the second never takes the first word.) A value whose letters start no
  /// label's first word is none of the labels, as ``FirstWords/words`` holds those letters.
  ///
  /// - Parameter bytes: The value's UTF-8 bytes.
  /// - Returns: The letters, possibly none.
  private static func firstLetters(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    func separatorLength(at index: Int) -> Int {
      switch bytes[index] {
      case 0x20, 0x09, 0x5F, 0x2D: return 1
      case 0xC2 where index + 1 < bytes.endIndex && bytes[index + 1] == 0xA0: return 2
      default: return 0
      }
    }
    var start = bytes.startIndex
    while start < bytes.endIndex, case let length = separatorLength(at: start), length > 0 { start += length }
    var end = start
    while end < bytes.endIndex, separatorLength(at: end) == 0 { end += 1 }
    // A `#` before a word goes (a `#` that a combining mark makes another character stays, but
    // the mark is no letter either way).
    if end - start > 1, bytes[start] == UInt8(ascii: "#") { start += 1 }
    // Scalar by scalar, each in lower case without its accent, up to the first that is no
    // ASCII letter: what lower-casing and folding the whole word gives, without making it.
    var letters: [UInt8] = []
    var index = start
    scalars: while index < end {
      let byte = bytes[index]
      if byte < 0x80 {
        guard isASCIILetter(byte) else { break }
        letters.append(byte | 0x20)
        index += 1
        continue
      }
      guard let (scalar, length) = scalar(at: index, in: bytes, before: end) else { break }
      // A scalar that lower case leaves as it is, outside the letters with an accent, folds to
      // no ASCII letter: kana, CJK ideographs and Hangul, said at once (scripts without case,
      // `BankWordsTests` checks each), and any other that says so without its lower case made.
      guard !isCaseless(scalar.value),
        accentedLetters.contains(scalar.value) || scalar.properties.changesWhenLowercased
      else { break }
      for lower in scalar.properties.lowercaseMapping.unicodeScalars {
        for mapped in foldedScalars(lower) {
          guard mapped.isASCII, isASCIILetter(UInt8(mapped.value)) else { break scalars }
          letters.append(UInt8(mapped.value))
        }
      }
      index += length
    }
    return letters
  }

  /// The scalar whose UTF-8 bytes start at `index`, and how many bytes it takes; `nil` for
  /// bytes that are not UTF-8.
  private static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> (
    Unicode.Scalar, Int
  )? {
    let lead = bytes[index]
    let length =
      switch lead {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0, index + length <= end else { return nil }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return Unicode.Scalar(value).map { ($0, length) }
  }

  /// The first words of a list of labels: the ASCII letters each starts with, those of up to
  /// eight letters as one integer each, their bytes in order, and the first one to seven letters
  /// of each, to tell letters that start none of them.
  private struct FirstWords: Sendable {
    let words: Set<String>
    /// The words of up to eight letters as one integer each, sorted.
    private let short: [UInt64]
    /// The first eight letters of the longer words as one integer each, sorted.
    private let longPrefixes: [UInt64]

    /// The first two letters of each word of two letters or more, one bit each pair: bit
    /// `26 × first + second` (each letter from `a`, 0).
    private let pairs: [UInt64]
    /// The first three letters of each word of three letters or more, one bit each: bit
    /// `26 × (26 × first + second) + third`.
    private let triples: [UInt64]
    /// The first one to seven letters of each word as one integer each, the count in its top
    /// byte, sorted.
    private let prefixes: [UInt64]

    init(of labels: Set<String>) {
      words = Set(labels.map { String($0.prefix { $0.isASCII && $0.isLetter }) })
      short = Set(words.filter { $0.utf8.count <= 8 }.map { Self.packed($0.utf8) }).sorted()
      longPrefixes = Set(words.filter { $0.utf8.count > 8 }.map { Self.packed($0.utf8.prefix(8)) }).sorted()
      var pairs = [UInt64](repeating: 0, count: (26 * 26 + 63) / 64)
      for word in words where word.utf8.count >= 2 {
        let letters = Array(word.utf8)
        let bit = Self.pairBit(letters[0], letters[1])
        pairs[bit / 64] |= 1 << (bit % 64)
      }
      self.pairs = pairs
      var triples = [UInt64](repeating: 0, count: (26 * 26 * 26 + 63) / 64)
      for word in words where word.utf8.count >= 3 {
        let letters = Array(word.utf8)
        let bit = Self.tripleBit(letters[0], letters[1], letters[2])
        triples[bit / 64] |= 1 << (bit % 64)
      }
      self.triples = triples
      prefixes = Set(
        words.flatMap { word in
          (0..<min(word.utf8.count, 7)).map { Self.prefix(word.utf8.prefix($0 + 1)) }
        }
      ).sorted()
    }

    /// Whether a word may start with lower-case ASCII letters, one or more: `true` for eight
    /// or more, which are not looked up.
    func mayStart(with letters: some Collection<UInt8>) -> Bool {
      letters.count >= 8 || Self.holds(prefixes, Self.prefix(letters))
    }

    /// One to seven letters as one integer, their count in its top byte.
    private static func prefix(_ letters: some Collection<UInt8>) -> UInt64 {
      packed(letters) | UInt64(letters.count) << 56
    }

    /// Whether a word may start with two lower-case ASCII letters.
    @inline(__always)
    func mayStart(with first: UInt8, _ second: UInt8) -> Bool {
      let bit = Self.pairBit(first, second)
      return pairs[bit &>> 6] &>> UInt64(bit & 63) & 1 != 0
    }

    /// Whether a word may start with three lower-case ASCII letters.
    @inline(__always)
    func mayStart(with first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
      let bit = Self.tripleBit(first, second, third)
      return triples[bit &>> 6] &>> UInt64(bit & 63) & 1 != 0
    }

    /// The bit of three lower-case ASCII letters in ``triples``.
    @inline(__always)
    private static func tripleBit(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Int {
      pairBit(first, second) &* 26 &+ Int(third &- UInt8(ascii: "a"))
    }

    /// The bit of two lower-case ASCII letters in ``pairs``.
    @inline(__always)
    private static func pairBit(_ first: UInt8, _ second: UInt8) -> Int {
      Int(first &- UInt8(ascii: "a")) &* 26 &+ Int(second &- UInt8(ascii: "a"))
    }

    /// Whether lower-case ASCII letters are one of the words: compared as integers, with a
    /// string made only for a long word whose first eight letters start one.
    func contains(_ letters: some Collection<UInt8>) -> Bool {
      guard letters.count > 8 else { return Self.holds(short, Self.packed(letters)) }
      guard Self.holds(longPrefixes, Self.packed(letters.prefix(8))) else { return false }
      return words.contains(String(decoding: Array(letters), as: UTF8.self))
    }

    /// Up to eight bytes as one integer, in order.
    private static func packed(_ bytes: some Sequence<UInt8>) -> UInt64 {
      bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// Whether a sorted array holds a value: a binary search.
    private static func holds(_ sorted: [UInt64], _ value: UInt64) -> Bool {
      var (low, high) = (0, sorted.count)
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
      }
      return low < sorted.count && sorted[low] == value
    }
  }

  /// A value that is one word of ASCII letters alone, lower-cased: the words normalized() and
  /// labelWords(_:) give it, without their work; `nil` for any other value.
  private static func plainWord(_ text: some StringProtocol) -> String? {
    text.utf8.withContiguousStorageIfAvailable(plainWord)
      ?? Array(text.utf8).withUnsafeBufferPointer(plainWord)
  }

  private static func plainWord(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard !bytes.isEmpty, bytes.count <= longestWord, bytes.allSatisfy(isASCIILetter) else { return nil }
    return String(decoding: bytes, as: UTF8.self).lowercased()
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
  }

  /// The first words of statuses and of the titles and nouns around them, which
  /// ``status(of:)`` compares a value's first word with.
  private static let statusFirstWords = FirstWords(
    of: pendingWords.union(postedWords).union(didNotHappenWords).union(pendingTitleWords).union(
      postedTitleWords
    )
    .union(sectionNouns).union(["a", "p"]))

  /// The first words of the labels of balances, totals and summaries, which ``mayBeLabel(_:)``
  /// compares a value's first word with.
  private static let labelFirstWords = FirstWords(of: balanceLabels.union(totalLabels).union(summaryWords))

  /// Whether a value is a summary word alone: a word that banks write alone on a row of a
  /// total or a balance (`Total`, `Summe`, `Balance`, `Saldo`), and that a shop or a payee may
  /// also be called, with at most a colon, a date or an amount after it. A row dated and worded
  /// so is neither skipped nor read by its word: the file proves which it is, or the user says
  /// (`--summary-rows`). A longer label (`Opening balance`, `Total debits`) says what it is.
  ///
  /// - Parameter text: A value of the row.
  /// - Returns: Whether it is a summary word alone.
  package static func isSummaryWord(_ text: some StringProtocol) -> Bool {
    mayBeLabel(text) && summaryWords.contains(plainWord(text) ?? labelWords(text).joined(separator: " "))
  }

  /// The words that label a total or a balance alone and may also be a name (``isSummaryWord(_:)``).
  package static let summaryWords: Set<String> = [
    "balance", "saldo", "solde", "kontostand", "vortrag", "total", "totals", "subtotal", "sub total", "summe",
    "gesamt", "totale", "totaal", "yhteensa", "apyvarta",
  ]

  /// Whether a value labels a total (`Total Pending`, `Summe`, `Totale`, `Total debits:`): one of
  /// the labels, with at most the words of what it totals after it (a status, a list's nouns,
  /// debits or credits) and a colon, a date or an amount; or a balance's label. `TOTAL WINE &
  /// MORE` names a shop, not a total. Only a row without a date is read as a total by its label,
  /// as a shop may be called `Total`.
  ///
  /// - Parameter text: A value of the row.
  /// - Returns: Whether it labels a total or a balance.
  package static func isTotal(_ text: some StringProtocol) -> Bool {
    guard mayBeLabel(text) else { return false }
    let words = labelWords(text)
    if balanceLabels.contains(words.joined(separator: " ")) { return true }
    for label in totalLabels {
      let labelWords = label.split(separator: " ")
      guard words.starts(with: labelWords) else { continue }
      if words.dropFirst(labelWords.count).allSatisfy({ totalQualifiers.contains(String($0)) }) {
        return true
      }
    }
    return false
  }

  /// The words a total's label may have after it: what it totals (`Total Pending`, `Total
  /// debits`, `Summe Umsätze`).
  package static let totalQualifiers: Set<String> =
    pendingWords.union(postedWords).union(sectionNouns).union([
      "debits", "debit", "credits", "credit", "amount", "amounts", "in", "out", "paid", "received", "for",
      "of",
      "the", "this", "period", "month", "statement", "all", "soll", "haben", "ausgaben", "einnahmen", "eur",
      "usd", "gbp", "chf",
    ])

  package static let balanceLabels: Set<String> = [
    "opening balance", "closing balance", "beginning balance", "ending balance", "starting balance",
    "balance brought forward", "balance carried forward", "brought forward", "carried forward", "b/f", "c/f",
    "anfangssaldo", "endsaldo", "alter kontostand", "neuer kontostand", "solde initial", "solde final",
    "ancien solde", "nouveau solde", "saldo inicial", "saldo final", "saldo anterior", "saldo iniziale",
    "saldo finale", "beginsaldo", "eindsaldo", "alkusaldo", "loppusaldo", "likutis pradziai",
    "likutis pabaigai", "previous balance", "balance forward", "balance brought fwd", "saldovortrag",
    "saldo vortrag", "vortrag", "saldo precedente", "solde precedent", "vorige saldo", "saldo", "balance",
    "kontostand", "solde", "new balance", "statement balance", "current balance", "available balance",
    "account balance", "ledger balance", "outstanding balance", "saldo attuale", "saldo contabile",
    "saldo disponibile", "saldo actual", "nieuw saldo", "oud saldo",
  ]

  package static let totalLabels: Set<String> = [
    "total", "totals", "subtotal", "sub total", "grand total", "summe", "gesamt", "gesamtsumme", "totale",
    "totaal", "yhteensa", "apyvarta", "saldo", "kontostand", "solde", "balance", "total debits",
    "total credits",
  ]

  // MARK: Comparing

  /// The most bytes a text compared with the words may have; a longer one is none of them.
  package static let longestWord = 256

  /// A text as it is compared with the words: lower case, without the accents of Latin
  /// letters, without a note in parentheses at its end (`Amount (EUR)`), a currency as its
  /// last word (`Importe EUR`, `Bedrag in EUR`) or a `#` before it (`#Kwota`), with every run of spaces, underscores, hyphens and tabs one
  /// space, and no space around a slash.
  package static func normalized(_ name: some StringProtocol) -> String {
    // No name or word is this long: a field of a megabyte is compared as none of them.
    guard name.utf8.count <= longestWord else { return "\u{FFFD}" }
    var text = String(String.UnicodeScalarView(name.lowercased().unicodeScalars.flatMap(folded)))
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") { text = String(text[..<open]) }
    var words = text.split(whereSeparator: {
      $0 == " " || $0 == "_" || $0 == "-" || $0 == "\t" || $0 == "\u{A0}"
    })
    .map(String.init)
    // A mark before a name (`#Data operacji`, as some exports write every name) is no part of it.
    if let first = words.first, first.count > 1, first.hasPrefix("#") { words[0] = String(first.dropFirst()) }
    if words.count > 1, let last = words.last, currencyWords.contains(last) {
      words.removeLast()
      // `Bedrag in EUR`, `Amount in USD`: the word that puts the currency after the name goes too.
      if words.count > 1, let last = words.last, ["in", "en"].contains(last) { words.removeLast() }
    }
    return words.joined(separator: " ")
  }

  /// A lower-case scalar without its accent: `é` is `e`, `ä` is `a`, `ß` is `ss`.
  private static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    Array(foldedScalars(scalar))
  }

  /// ``folded(_:)``, without an array made for it.
  private static func foldedScalars(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
    guard accentedLetters.contains(scalar.value), let plain = accents[scalar] else {
      return String.UnicodeScalarView(CollectionOfOne(scalar))
    }
    return plain.unicodeScalars
  }

  /// Whether a scalar is of a block of scripts without case, none of whose scalars lower case
  /// changes: from the hiragana to the CJK ideographs (kana, bopomofo, CJK symbols and
  /// compatibility forms), and the Hangul syllables.
  ///
  /// - Parameter value: The scalar's value.
  /// - Returns: `true` for a scalar of those blocks.
  @inline(__always)
  package static func isCaseless(_ value: UInt32) -> Bool {
    (0x3040...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
  }

  /// The scalars ``accents`` may hold: from `À` to `ž`.
  private static let accentedLetters: ClosedRange<UInt32> = 0xC0...0x17F

  private static let accents: [Unicode.Scalar: String] = {
    var table: [Unicode.Scalar: String] = [:]
    let groups: [(String, String)] = [
      ("àáâãäåāąă", "a"), ("çćč", "c"), ("ď", "d"), ("èéêëēėęě", "e"), ("ìíîïīį", "i"), ("ł", "l"),
      ("ñńň", "n"), ("òóôõöøōő", "o"), ("ř", "r"), ("śš", "s"), ("ť", "t"), ("ùúûüūůűų", "u"), ("ýÿ", "y"),
      ("źżž", "z"),
    ]
    for (letters, plain) in groups {
      for scalar in letters.unicodeScalars { table[scalar] = plain }
    }
    table["ß"] = "ss"
    table["æ"] = "ae"
    table["œ"] = "oe"
    return table
  }()
}
