import BankFormats
import BankReading
import Entities
import UseCases

/// What reading a file's records found wrong: a field's value (the validator), or the syntax
/// of the input (a decoder). A value, with its English words (``words``); a wording in another
/// language tells the cases apart and words them its own way.
///
/// It reaches a report as `RecordProblem.source(_:)`: the use cases pass it on without knowing
/// what it says.
package enum ReadingProblem: SourceProblem {
  // MARK: A field's value (the gateway's validator)

  /// A record lacks this field.
  case missing
  /// A record of a bank's export (CSV, OFX or QIF) lacks this field, which a bank's record
  /// has in its own way (a date, a description, an amount).
  case missingInExport
  /// The value is of the wrong kind: an object, an array, `true`, `false` or `null` where only
  /// text is allowed; `numberAllowed` says whether a number would have done (the amount).
  case wrongType(numberAllowed: Bool)
  /// A number where only text is allowed (`"date": 20160401`, `"group": 1`); the value is the
  /// number as written, which is not text, so a wording shows it without quotes.
  case numberNotAllowed
  /// The value is not valid text.
  case badText(TextEncodingProblem)
  /// The group is not `A` or `P`.
  case notAGroupCode
  /// The group of a bank's export is not `A` or `P`, nor a status that says a group
  /// (`Pending`, `Posted`, `Cleared`, …).
  case notAStatus
  /// The date is not a date in the form `YYYY-MM-DD`, or not a real one.
  case badDate(DateProblem)
  /// The amount is not an unsigned decimal with at most two fraction digits that fits.
  case badAmount(AmountSyntaxError)
  /// The debit field is not `D` or `C`.
  case notADebitCreditCode
  /// An amount of a bank's export (a layout other than the native one) that is not an amount
  /// as banks write it (`WrittenAmount`), read with this decimal mark.
  ///
  /// When the error is `tooManyFractionDigits` or `misgrouped`, the other decimal mark reads
  /// the amount: the hint names its option.
  case badWrittenAmount(AmountSyntaxError, DecimalMark)
  /// An amount of a bank's export that no option reads: read with this decimal mark (`nil` for
  /// an OFX amount, whose radix point is never in doubt) it has this error, and the other mark
  /// does not read it either. `tooManyFractionDigits` is then a fraction of a cent
  /// (`12.3456`), which the report never rounds.
  case unreadableAmount(AmountSyntaxError, DecimalMark?)
  /// A transaction of a bank's export whose date column says it is pending (`Pending`) instead
  /// of giving its date, read without a date for such transactions.
  case pendingWithoutDate
  /// A row of a bank's export with separate debit and credit columns that holds an amount in
  /// both.
  case bothDebitAndCredit
  /// A row of a bank's export with separate debit and credit columns that holds an amount in
  /// neither.
  case neitherDebitNorCredit
  /// A row of a bank's export whose currency column names another currency than the file's
  /// (the first row's), which amounts in two currencies would be added to; the currency column
  /// is named, its value is the issue's.
  case otherCurrency(String, column: String)
  /// The sign of a bank export's amount says the other side than its row's code or kind of
  /// transaction does (`-12.00` beside `CREDIT`), where the file's other rows proved that the
  /// two agree: this value (in this column) says a debit when `debit`. The amount is the
  /// issue's value.
  case signDisagrees(with: String, column: String, debit: Bool)
  /// A credit column's amount written negative: the column says money in, the sign money out,
  /// and nothing in the row says which the bank meant.
  case creditWrittenNegative
  /// An amount column beside a debit and a credit column (its name) that does not say what
  /// they say: another amount, or a sign against the column that holds it.
  case amountAgainstDebitAndCredit(column: String)
  /// The running balance of a bank's export (its column named so) does not follow from the
  /// balance before it (as written, and where) and the amounts between: it should be
  /// `expected`, and is `difference` away from it. A row missing or split, a fee left out of an
  /// amount, or a sign read wrong; the balance as written is the issue's value.
  case balanceDoesNotFollow(
    column: String, previous: String, at: TextPosition, expected: Money, difference: Money)
  /// One of the five fields appears twice in one record.
  case duplicateField
  /// A key that is not one of the five appears twice in one record; the key is the value.
  case duplicateExtraKey
  /// A key is not valid text.
  case badKey(TextEncodingProblem)
  /// The value of a key (JSON) or column (CSV) that is not one of the five is not valid text.
  case badExtraValue(TextEncodingProblem, inColumn: Bool)
  /// The problem `instead`, where the input has a name that is likely the name of the field `of`
  /// mistyped: a key of the record, or a column of the CSV header, at most two edits away from
  /// it, ignoring case (`descripton`, `Amount`, `grup`).
  ///
  /// `instead` is ``missing`` for a record's key (the issue is then at the key), and the
  /// header's ``SyntaxProblem/missingColumns(_:)`` for a column.
  indirect case likelyTypo(String, of: RecordField, instead: ReadingProblem)
  /// `--account` (the value) names none of the `count` accounts of a statement file that have
  /// a number or a name, the first few named here as notes name them (`0000000001 (CHECKING)`);
  /// none when the file names no account.
  case noAccountMatches(String, accounts: [String], count: Int)
  /// `--account` (the value) names `count` of a statement file's accounts, a type that two
  /// accounts have: the first few named here.
  case severalAccountsMatch(String, accounts: [String], count: Int)
  /// With `--account`, a statement of a file names its account only after more than `limit`
  /// bytes of its transactions, which cannot be held to wait for it.
  case accountNamedTooLate(limit: Int)
  /// A statement's amounts are in this currency (OFX's `CURDEF`), and those read before in
  /// `earlier`: amounts of two currencies are never added. `otherAccount` says whether the
  /// statement is another account's than the first (then `--account` reads them apart).
  case mixedCurrencies(String, earlier: String, otherAccount: Bool)
  /// A transaction's amount is in this currency (OFX's `CURRENCY`), and its statement's in
  /// `statement` (`CURDEF`): the report never converts, nor adds two currencies.
  case foreignCurrency(String, statement: String)
  /// A statement's closing balance is not the previous statement's closing balance with the
  /// statement's posted transactions added (nor with them taken away): a transaction is
  /// missing, doubled or changed.
  case balanceDisagrees(closing: Money, previous: Money, transactions: Money)
  /// A statement of an account whose records were read before, from `start` to `end` (OFX's
  /// `DTSTART` and `DTEND`, as written), again: its transactions would be counted twice.
  case repeatedStatement(start: String, end: String)
  /// An OFX transaction whose `FITID` (the value) was given before, in the same account, to
  /// the transaction at `first`: OFX gives each transaction of an account its own, so this is
  /// that transaction again (statements whose periods overlap), or the bank gave two
  /// transactions one; it is never counted twice. `transaction` is where the transaction is
  /// when the issue is not at its `FITID`, but at the account aggregate its statement names
  /// only after it.
  case repeatedTransaction(fitid: String, first: TextPosition, transaction: TextPosition?)
  /// A QIF record whose `U` amount (the value) is not its `T` amount (`total`, as written, at
  /// `at`): Quicken writes one amount in both, and nothing says which is right.
  case amountsDisagree(total: String, at: TextPosition)
  /// A QIF record whose splits (its `$` lines, from the issue's place) add up to `sum`, not to
  /// its amount (`amount`, as written, at `at`): a split or the amount is wrong.
  case splitsDisagree(sum: Money, amount: String, at: TextPosition)

  // MARK: The syntax of the input (the gateway's decoders)

  /// The input breaks its format's syntax here.
  case syntax(SyntaxProblem)
  /// The input could not be read to its end; `reason` is the operating system's.
  case unreadable(reason: String)
}

/// Why a date is not a date.
package enum DateProblem: Hashable, Sendable {
  /// Not in the form `YYYY-MM-DD`.
  case notISO8601
  /// A year outside 0001 to 9999.
  case yearOutOfRange
  /// A month outside 01 to 12.
  case monthOutOfRange
  /// A day the month does not have; `month` is the year and month as written (`2016-02`) and
  /// `days` how many it has, when the text says.
  case dayOutOfRange(month: String?, days: Int?)
  /// Not in the layout the file's dates are read in, a layout other than `YYYY-MM-DD`.
  case notInLayout(DateLayout)
}

/// Text that is not valid Unicode.
package enum TextEncodingProblem: Hashable, Sendable {
  /// A byte that does not belong where it is in UTF-8.
  case invalidUTF8(byte: UInt8)
  /// A JSON `\u` escape of half a surrogate pair, without its other half.
  case unpairedSurrogate(UInt32)
}

/// How an input breaks its format's syntax.
package enum SyntaxProblem: Hashable, Sendable {
  /// Something else was expected here; `inputEnded` says when the file or (NDJSON) the line
  /// ended instead, otherwise what was found is the issue's value.
  case expected(SyntaxExpectation, inputEnded: InputEnd?)
  /// A word that is not a JSON value (`A`, `NaN`): text without its quotes.
  case unquotedText
  /// Text after the record on an NDJSON line.
  case textAfterRecordOnLine
  /// Text after the JSON array of records.
  case textAfterArray
  /// A JSON string that the file or the line ends inside.
  case unterminatedString(InputEnd)
  /// A control character, this byte, inside a JSON string.
  case controlCharacterInString(UInt8)
  /// A backslash followed by a character that is not an escape.
  case invalidEscape
  /// A `\u` escape without four hexadecimal digits.
  case invalidUnicodeEscape
  /// A number JSON does not allow, such as `01` or `1.`.
  case invalidNumber
  /// A CSV column name that is not valid text.
  case badColumnName(TextEncodingProblem)
  /// A CSV column of the five named twice in the header.
  case duplicateColumn
  /// A CSV header without these columns.
  case missingColumns([RecordField])
  /// A CSV header of a bank's export in which no column holds these fields (by its name or a
  /// synonym of it, or as `--columns` names it).
  case noColumnsFor([RecordField])
  /// A column that a mapping of columns names (`--columns date=NAME`) is not in the header;
  /// the name is the value.
  case namedColumnNotFound(CSVColumnRole)
  /// A question about a bank's file that the file does not answer (`ReadingQuestion`): two
  /// columns that may hold the amount, dates that fit two layouts, signs nothing proves; the
  /// issue is at the value that raises it, and its hint's options each give a report consistent
  /// with every column of the file.
  case asks(ReadingQuestion.Kind)
  /// An amount with no cents followed by a field of three digits and cents (this one), in a
  /// file whose delimiter is the comma that groups its thousands: an unquoted comma cut the
  /// amount (`-2,500.00`), and the row's columns cannot be told.
  case amountCutByDelimiter(String)
  /// A bank's CSV row with a fee in the fee column, where the rows that decided the reading held
  /// none (`CSVReading` read the column as holding no fee: nothing turned on it): nothing says
  /// whether this fee left the account with the amount. The column's name.
  case feeNotProved(column: String)
  /// A CSV row with another number of fields than the header, whose fields this delimiter
  /// separates (a comma in the native format).
  case fieldCount(found: Int, expected: Int, delimiter: CSVDelimiter = .comma)
  /// Text after the closing quote of a quoted CSV field.
  case textAfterClosingQuote
  /// A record longer than this many bytes, the limit of a record in every format: the input is
  /// not read past it. The issue names the field whose value the record ran past the limit in,
  /// and is at that value's start, or else at the record's start.
  case recordTooLong(limit: Int)
  /// A quoted CSV field that the file ends inside.
  case unterminatedQuotedField
  /// An OFX file that does not start with an OFX header or its `<OFX>` element.
  case notOFX
  /// An element, such as OFX's `STMTTRN`, that is not closed: the file ends inside it, or the
  /// next one starts.
  case unterminatedElement(String)
  /// A QIF file that does not start with a `!Type:` line.
  case notQIF
  /// A QIF header line (the line is the value) that names no section QIF has, such as
  /// `!Type:Bnak`: the records after it would not be read. `likely` is the section type it most
  /// likely means, if one is near.
  case unknownQIFHeader(likely: String?)
  /// A statement that ends before its closing tag (`</OFX>`): the file is cut off, and the
  /// transactions after the cut are missing.
  case endsBeforeClosingTag(String)
  /// A quote inside a CSV field that is not quoted.
  case quoteInUnquotedField
  /// A carriage return outside quotes that no line feed follows.
  case bareCarriageReturn
  /// The syntax problem `instead`, where what was found is this byte, which is not UTF-8 and
  /// so cannot be shown as text.
  indirect case foundByteNotUTF8(UInt8, instead: SyntaxProblem)
  /// The syntax problem `instead`, at the start of an input whose first line looks like
  /// another format, `format`: the input was most likely read in the wrong format.
  indirect case looksLike(RecordFormat, instead: SyntaxProblem)
}

/// What the JSON syntax expected where it found something else.
package enum SyntaxExpectation: Hashable, Sendable {
  /// The `[` that starts the array of records.
  case arrayOfRecords
  /// A record (`{`) or the `]` that ends an empty array.
  case recordOrArrayEnd
  /// A record (`{`) after a comma in the array.
  case recordAfterComma
  /// A comma or the `]` after an element of the array.
  case commaOrArrayEndAfterElement
  /// A record (`{`) at the start of an NDJSON line.
  case recordAtLineStart
  /// A key in double quotes, or the `}` of an empty object.
  case keyOrObjectEnd
  /// A key in double quotes after a comma.
  case keyAfterComma
  /// A comma or the `}` after a value in a record.
  case commaOrRecordEnd
  /// The colon after a key.
  case colonAfterKey
  /// A value.
  case value
  /// A comma or the `}` after a value in an object nested in a record.
  case commaOrObjectEnd
  /// A comma or the `]` after a value in an array nested in a record.
  case commaOrArrayEnd
}

/// The end of an input, or of one of its lines.
package enum InputEnd: Hashable, Sendable {
  /// The end of the file.
  case file
  /// The end of a line, where a format holds one record a line.
  case line
}

extension RecordIssue {
  /// An issue of a problem reading found, given to the report as the source's own
  /// (`RecordProblem.source(_:)`).
  ///
  /// - Parameters:
  ///   - source: The name of the source.
  ///   - position: Where the offending value starts, if known.
  ///   - field: The field at fault, if any.
  ///   - problem: What is wrong.
  ///   - value: The offending value, if any.
  ///   - recordStart: Where the record that holds the issue starts, if known.
  package init(
    source: String, position: TextPosition?, field: RecordField?, problem: ReadingProblem,
    value: String? = nil,
    recordStart: TextPosition? = nil
  ) {
    self.init(
      source: source, position: position, field: field, problem: .source(AnySourceProblem(problem)),
      value: value,
      recordStart: recordStart)
  }

  /// The problem, when it is one reading found: how the file gateway's own code and tests look
  /// at the issues it made.
  package var readingProblem: ReadingProblem? { problem.readingProblem }
}

extension RecordProblem {
  /// The problem, when it is one reading a file's records found: how a wording of a client's
  /// own tells such problems apart, to word them its own way.
  package var readingProblem: ReadingProblem? {
    guard case .source(let found) = self else { return nil }
    return found.base as? ReadingProblem
  }
}
