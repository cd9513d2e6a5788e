import UseCases

/// Reading one OFX transaction, `STMTTRN` or `STMTTRNP`, into a raw record.
extension OFXRecordDecoder {
  /// Reads a transaction (`STMTTRN`, or `STMTTRNP`, a pending one) after its opening tag, to
  /// its closing tag.
  ///
  /// Besides its date, amount and description, it looks at the currency of its amount: a
  /// `CURRENCY` aggregate says that `TRNAMT` is in its `CURSYM`, not in the statement's `CURDEF`;
  /// when the two differ, the amount is an issue at the `CURSYM` (the report never adds two
  /// currencies, and never converts: a rate would round). An `ORIGCURRENCY` says the opposite:
  /// the amount was converted into the statement's currency, and is read as it is.
  ///
  /// - Parameters:
  ///   - element: `STMTTRN` or `STMTTRNP`.
  ///   - start: Where its opening tag starts.
  ///   - statementCurrency: The statement's `CURDEF`, if it gave one.
  /// - Returns: The record; or, when the input ends inside it, the issue that ends the reading.
  ///   And its `FITID`, the id OFX gives it within its account, when it has one that is not
  ///   empty.
  mutating func readTransaction(_ element: String, from start: TextPosition, statementCurrency: String?)
    -> (record: DecodedRecord, fitid: RawValue?)
  {
    var record = RawRecord(start: start)
    let isPending = element == "STMTTRNP"
    record.group = RawValue(
      kind: .string, text: (isPending ? options.pendingGroup : options.group).code, position: start,
      encodingProblem: nil)
    let dateTag = isPending ? "DTTRAN" : "DTPOSTED"
    var words = Description()
    // Inside the `CURRENCY` aggregate, whose `CURSYM` is the amount's currency (and not inside
    // `ORIGCURRENCY`, whose `CURSYM` is the currency it was converted from); inside `PAYEE`,
    // whose `NAME` is the payee's.
    var inCurrency = false
    var inPayee = false
    var fitid: RawValue?
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      guard input.peek() != nil else {
        return (
          .malformed(MalformedInput(position: start, syntax: .unterminatedElement(element)), resumes: false),
          nil
        )
      }
      let tagStart = input.position
      if skipMarkup() { continue }
      let next = peekTagName()
      if next == "STMTTRN" || next == "STMTTRNP" {
        // A record not closed before the next: the first is the issue, the next is read from
        // its tag, which is left for it.
        record.note(
          RawProblem(
            position: start, field: nil, problem: .syntax(.unterminatedElement(element)), value: nil))
        words.describe(&record)
        return (.record(record), fitid)
      }
      let name = readTag()
      if name == "/" + element { break }
      switch name {
      case "CURRENCY": inCurrency = true
      case "/CURRENCY", "ORIGCURRENCY": inCurrency = false
      case "PAYEE": inPayee = true
      case "/PAYEE": inPayee = false
      case "FITID" where fitid == nil:
        let value = readValue()
        if !value.text.isEmpty { fitid = value }
        continue
      case "CURSYM" where inCurrency:
        let currency = peekValue()
        if let statementCurrency, !currency.isEmpty, currency.uppercased() != statementCurrency.uppercased() {
          record.note(
            RawProblem(
              position: tagStart, field: .amount,
              problem: .foreignCurrency(currency, statement: statementCurrency), value: nil))
        }
      default: break
      }
      let field: RecordField? =
        switch name {
        case dateTag: .date
        case "TRNAMT": .amount
        case "NAME" where !inPayee: .description
        default: nil
        }
      guard field != nil || Description.tags.contains(name) else { continue }
      input.startValue(of: field ?? .description)
      var value = readValue()
      input.startValue(of: nil)
      // An empty value is located at its tag: where it "starts" is already the next tag.
      if value.text.isEmpty && value.encodingProblem == nil { value.position = tagStart }
      if field == .date, value.text.utf8.count > 8, value.text.utf8.prefix(8).allSatisfy(Self.isDigit) {
        value.text = String(value.text.prefix(8))
      }
      guard let field else {
        words.add(value, of: name)
        continue
      }
      if record[field] != nil {
        record.note(
          RawProblem(position: value.position, field: field, problem: .duplicateField, value: value.text))
      } else {
        record[field] = value
      }
    }
    words.describe(&record)
    return (.record(record), fitid)
  }

  /// What a transaction says of itself besides its `NAME`, from which a record without a name,
  /// or with an empty one, takes its description: a bank's record without a name is not
  /// refused (issue 46).
  ///
  /// The description is the first that is not empty of: `NAME`; `MEMO` (some banks leave
  /// `NAME` empty and write the payee there); the `NAME` of the `PAYEE` aggregate; the type
  /// in words (``typeWords``) with its `CHECKNUM` (`Check 1001`, `ATM`, `Debit, check 1001`),
  /// or the check number alone (`Check 1001`). When all that are there are empty, it is the
  /// first of them, empty; a transaction with none of them lacks a description.
  struct Description {
    /// The tags, besides the transaction's own `NAME`, that a description may come from.
    static let tags: Set<String> = ["MEMO", "NAME", "TRNTYPE", "CHECKNUM"]

    var memo: RawValue?
    var payee: RawValue?
    var type: RawValue?
    var checkNumber: RawValue?

    /// Keeps the first value of one of ``tags`` (a `NAME` here is the payee's).
    mutating func add(_ value: RawValue, of tag: String) {
      switch tag {
      case "MEMO": memo = memo ?? value
      case "NAME": payee = payee ?? value
      case "TRNTYPE": type = type ?? value
      default: checkNumber = checkNumber ?? value
      }
    }

    /// Gives the record its description, from its name or else from what it says besides.
    func describe(_ record: inout RawRecord) {
      let written = [record.description, memo, payee].compactMap { $0 }
      if let described = written.first(where: { !$0.text.isEmpty }) ?? typeAndNumber ?? written.first {
        record.description = described
      }
    }

    /// The type in words with the check number, located at the type (or at the number alone);
    /// `nil` when the transaction gives neither, or both empty.
    private var typeAndNumber: RawValue? {
      let number = checkNumber.flatMap { $0.text.isEmpty ? nil : $0 }
      guard let type, !type.text.isEmpty else {
        guard var number else { return nil }
        number.text = "Check " + number.text
        return number
      }
      var described = type
      let words = Description.typeWords[type.text.uppercased()] ?? type.text
      described.text =
        switch (number?.text, type.text.uppercased()) {
        case (let number?, "CHECK"): words + " " + number
        case (let number?, _): words + ", check " + number
        case (nil, _): words
        }
      return described
    }

    /// The words for OFX's transaction types (`TRNTYPE`, OFX 2.1.1 and 2.2); a type not listed
    /// is shown as written.
    static let typeWords: [String: String] = [
      "CREDIT": "Credit", "DEBIT": "Debit", "INT": "Interest", "DIV": "Dividend", "FEE": "Fee",
      "SRVCHG": "Service charge", "DEP": "Deposit", "ATM": "ATM", "POS": "Point of sale", "XFER": "Transfer",
      "CHECK": "Check", "PAYMENT": "Payment", "CASH": "Cash withdrawal", "DIRECTDEP": "Direct deposit",
      "DIRECTDEBIT": "Direct debit", "REPEATPMT": "Repeating payment", "HOLD": "Hold", "OTHER": "Other",
    ]
  }
}
