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
        "amount", "transaction amount", "value", "amt", "betrag", "umsatz", "montant", "importe", "importo",
        "bedrag", "maara", "summa", "suma", "valor", "kwota",
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
    "data operacji", "data ksiegowania",
  ]

  /// The names of a description column: names of the other party and of the transaction
  /// first, then the texts of a payment's purpose and references, which say less.
  package static let descriptionNames = [
    "description", "transaction description", "description 1", "description 2", "payee", "merchant",
    "merchant name", "name", "partner name",
    "counterparty", "counter party", "counterparty name", "beneficiary", "recipient", "payee name",
    "narration", "narrative", "transaction details", "details", "transaction remarks", "remarks",
    "particulars", "desc", "memo",
    // German
    "auftraggeber/empfanger", "auftraggeber / empfanger", "empfanger/auftraggeber",
    "beguenstigter/zahlungspflichtiger", "begunstigter/zahlungspflichtiger", "zahlungsempfanger",
    "empfanger", "beschreibung",
    // French
    "libelle", "libelle simplifie", "libelle operation", "libelle de l'operation", "intitule", "detail",
    "beneficiaire",
    // Spanish, Italian, Portuguese
    "concepto", "descripcion", "detalle", "beneficiario", "descrizione", "descrizione operazioni",
    "descrizione operazione", "causale", "descricao", "historico",
    // Dutch, Finnish, Lithuanian, Polish
    "naam / omschrijving", "naam/omschrijving", "omschrijving", "naam", "tegenpartij", "nimi",
    "saaja/maksaja",
    "gavejas", "opis", "tytul",
    // Texts of the purpose, the last resort
    "reference", "verwendungszweck", "buchungstext", "vorgang/verwendungszweck", "mededelingen", "otsikko",
    "paaiskinimai",
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
    "currency", "currency code", "ccy", "wahrung", "devise", "moneda", "divisa", "munt", "valuuta", "waluta",
  ]

  /// Currency codes and words a column's name may end with (`Importe EUR`, `Débit euros`),
  /// left out when names are compared.
  package static let currencyWords: Set<String> = [
    "eur", "euro", "euros", "usd", "gbp", "chf", "inr", "sgd", "cad", "aud", "nzd", "sek", "nok", "dkk",
    "pln",
    "czk", "huf", "jpy", "$", "€", "£",
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
    let words = labelWords(text).filter { !sectionNouns.contains(String($0)) }
    let word = words.joined(separator: " ")
    if word == "a" || pendingWords.contains(word) || pendingTitleWords.contains(word) {
      return .group(.authorized)
    }
    if word == "p" || postedWords.contains(word) || postedTitleWords.contains(word) { return .group(.posted) }
    if didNotHappenWords.contains(word) { return .didNotHappen }
    return nil
  }

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
    // A group's code alone (`A`, `P`) is a value of a group column, never a title.
    guard normalized(text).count > 1 else { return nil }
    switch status(of: text) {
    case .group(let group)?: return group
    default: return nil
    }
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
    balanceLabels.contains(labelWords(text).joined(separator: " "))
  }

  /// Whether a value labels a total (`Total Pending`, `Summe`, `Totale`, `Total debits:`): one of
  /// the labels, with at most the words of what it totals after it (a status, a list's nouns,
  /// debits or credits) and a colon, a date or an amount; or a balance's label. `TOTAL WINE &
  /// MORE` names a shop, not a total. Only a row without a date is read as a total by its label,
  /// as a shop may be called `Total`.
  ///
  /// - Parameter text: A value of the row.
  /// - Returns: Whether it labels a total or a balance.
  package static func isTotal(_ text: some StringProtocol) -> Bool {
    if isBalance(text) { return true }
    let words = labelWords(text)
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
  /// letters, without a note in parentheses at its end (`Amount (EUR)`) or a currency as its
  /// last word (`Importe EUR`), with every run of spaces, underscores, hyphens and tabs one
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
    if words.count > 1, let last = words.last, currencyWords.contains(last) { words.removeLast() }
    return words.joined(separator: " ")
  }

  /// A lower-case scalar without its accent: `é` is `e`, `ä` is `a`, `ß` is `ss`.
  private static func folded(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    guard scalar.value >= 0xC0 else { return [scalar] }
    if let plain = accents[scalar] { return Array(plain.unicodeScalars) }
    return [scalar]
  }

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
