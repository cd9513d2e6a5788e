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
  mutating func readTransaction(_ element: String, from start: TextPosition, statementCurrency: String?)
    -> DecodedRecord
  {
    var record = RawRecord(start: start)
    let isPending = element == "STMTTRNP"
    record.group = RawValue(
      kind: .string, text: (isPending ? options.pendingGroup : options.group).code, position: start,
      encodingProblem: nil)
    let dateTag = isPending ? "DTTRAN" : "DTPOSTED"
    var memo: RawValue?
    // Inside the `CURRENCY` aggregate, whose `CURSYM` is the amount's currency (and not inside
    // `ORIGCURRENCY`, whose `CURSYM` is the currency it was converted from).
    var inCurrency = false
    while true {
      while let byte = input.peek(), byte != UInt8(ascii: "<") { input.advance() }
      guard input.peek() != nil else {
        return .malformed(
          MalformedInput(position: start, syntax: .unterminatedElement(element)), resumes: false)
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
        Self.describe(&record, memo: memo)
        return .record(record)
      }
      let name = readTag()
      if name == "/" + element { break }
      switch name {
      case "CURRENCY": inCurrency = true
      case "/CURRENCY", "ORIGCURRENCY": inCurrency = false
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
        case "NAME": .description
        default: nil
        }
      guard field != nil || name == "MEMO" else { continue }
      input.startValue(of: field ?? .description)
      var value = readValue()
      input.startValue(of: nil)
      // An empty value is located at its tag: where it "starts" is already the next tag.
      if value.text.isEmpty && value.encodingProblem == nil { value.position = tagStart }
      if field == .date, value.text.utf8.count > 8, value.text.utf8.prefix(8).allSatisfy(Self.isDigit) {
        value.text = String(value.text.prefix(8))
      }
      guard let field else {
        if memo == nil { memo = value }
        continue
      }
      if record[field] != nil {
        record.note(
          RawProblem(position: value.position, field: field, problem: .duplicateField, value: value.text))
      } else {
        record[field] = value
      }
    }
    Self.describe(&record, memo: memo)
    return .record(record)
  }

  /// Gives a record without a name, or with an empty one (`<NAME></NAME>`), its memo as its
  /// description: some banks leave `NAME` empty and write the payee in `MEMO`.
  private static func describe(_ record: inout RawRecord, memo: RawValue?) {
    guard let memo, record.description?.text.isEmpty ?? true else { return }
    if record.description == nil || !memo.text.isEmpty { record.description = memo }
  }
}
