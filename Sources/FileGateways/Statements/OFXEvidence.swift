import UseCases

/// What an OFX reading saw that its decisions rest on, beyond the records and the notes: how
/// each answer said it is OFX, how many answers were closed (and the NUL bytes of padding after
/// them), the bank's statuses, the balances that were checked and agreed, and the transactions'
/// `FITID`s checked. It changes no record; it is kept for what a reading
/// explains (issue 48's `--explain`), the first few of each so that memory stays bounded.
struct OFXEvidence {
  /// How many of each kind are kept.
  static let kept = 20

  /// How each answer said it is OFX (``OFXHeader/Form``), in the file's order; `nil` for an
  /// answer after a `</OFX>` that starts with neither a header nor `<OFX>`.
  private(set) var forms: [OFXHeader.Form?] = []
  /// How many answers were closed by their `</OFX>`.
  private(set) var answersClosed = 0
  /// The statuses read, in the file's order, each with its code and severity.
  private(set) var statuses: [OFXStatus] = []
  /// Where each ledger balance that was checked against the statement before it, and agreed,
  /// is (its `BALAMT` tag).
  private(set) var balancesAgreed: [TextPosition] = []
  /// How many transactions had a `FITID`, checked against the others of their account.
  private(set) var transactionIDs = 0
  /// How many `FITID`s were met again in their account (an issue each), and where the first is.
  private(set) var repeatedTransactionIDs = (count: 0, first: TextPosition?.none)
  /// How many NUL bytes came after a `</OFX>`, which some downloads pad a file with: no content.
  private(set) var padding = 0

  /// Notes how an answer said it is OFX.
  mutating func open(_ form: OFXHeader.Form?) {
    if forms.count < Self.kept { forms.append(form) }
  }

  /// Notes that an answer was closed.
  mutating func close() {
    answersClosed += 1
  }

  /// Notes a status read.
  mutating func read(_ status: OFXStatus) {
    if statuses.count < Self.kept { statuses.append(status) }
  }

  /// Notes a balance that agreed with the statement before it.
  mutating func agreed(at position: TextPosition) {
    if balancesAgreed.count < Self.kept { balancesAgreed.append(position) }
  }

  /// Notes a transaction's `FITID` checked against those of its account.
  mutating func readTransactionID() {
    transactionIDs += 1
  }

  /// Notes a `FITID` met again in its account.
  mutating func repeated(at position: TextPosition) {
    repeatedTransactionIDs.count += 1
    if repeatedTransactionIDs.first == nil { repeatedTransactionIDs.first = position }
  }

  /// Notes a NUL byte after a `</OFX>`.
  mutating func padded() {
    padding += 1
  }
}
