import BankFormats
import Entities

/// What is wrong with a record, or with the input around it: a value, never a sentence.
///
/// Gateways and use cases find problems; Presenters words them (`ReportWording`), so an app can
/// show or localize each one its own way. The facts a sentence needs travel with the case: the
/// byte that is not UTF-8, the groups that do not match, the total that overflows. What was
/// found in the input is in ``RecordIssue/value``.
public enum RecordProblem: Hashable, Sendable {
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
  /// The date is not a date in the form `YYYY-MM-DD`, or not a real one.
  case badDate(DateProblem)
  /// The amount is not an unsigned decimal with at most two fraction digits that fits.
  case badAmount(AmountSyntaxError)
  /// The debit field is not `D` or `C`.
  case notADebitCreditCode
  /// An amount of a bank's export (a layout other than the native one) that is not an amount
  /// as banks write it (`WrittenAmount`), read with this decimal mark.
  case badWrittenAmount(AmountSyntaxError, DecimalMark)
  /// A row of a bank's export with separate debit and credit columns that holds an amount in
  /// both.
  case bothDebitAndCredit
  /// A row of a bank's export with separate debit and credit columns that holds an amount in
  /// neither.
  case neitherDebitNorCredit
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
  indirect case likelyTypo(String, of: RecordField, instead: RecordProblem)

  // MARK: The syntax of the input (the gateway's decoders)

  /// The input breaks its format's syntax here.
  case syntax(SyntaxProblem)
  /// The input could not be read to its end; `reason` is the operating system's.
  case unreadable(reason: String)

  // MARK: Rules across records (the use cases)

  /// In two-source mode, a record of the other group.
  case groupMismatch(expected: TransactionGroup, found: TransactionGroup)
  /// In two-source mode, every record of the authorized source is posted and every record of
  /// the posted source is authorized: the sources, named here, were most likely given the
  /// other way round. This one issue stands for the group mismatch of every record.
  case sourcesSwapped(authorized: String, posted: String)
  /// A total that would not fit in `Money`, from the record whose amount this is on.
  case totalOverflow(ReportTotal, amount: Money)
  /// A source gave other records on a later reading than on the first.
  case sourceChanged
}

/// Why a date is not a date.
public enum DateProblem: Hashable, Sendable {
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
public enum TextEncodingProblem: Hashable, Sendable {
  /// A byte that does not belong where it is in UTF-8.
  case invalidUTF8(byte: UInt8)
  /// A JSON `\u` escape of half a surrogate pair, without its other half.
  case unpairedSurrogate(UInt32)
}

/// How an input breaks its format's syntax.
public enum SyntaxProblem: Hashable, Sendable {
  /// Something else was expected here; `inputEnded` says when the file or (NDJSON) the line
  /// ended instead, otherwise what was found is the value.
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
  case namedColumnNotFound(RecordField)
  /// The dates of a bank's export fit more than one of these layouts in every row read, so
  /// the layout cannot be told (`03/04/2024`); the issue is at the first such date.
  case datesFitLayouts([DateLayout])
  /// A CSV row with another number of fields than the header.
  case fieldCount(found: Int, expected: Int)
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
  /// A quote inside a CSV field that is not quoted.
  case quoteInUnquotedField
  /// A carriage return outside quotes that no line feed follows.
  case bareCarriageReturn
  /// The syntax problem `instead`, where what was found is this byte, which is not UTF-8 and
  /// so cannot be shown as text.
  indirect case foundByteNotUTF8(UInt8, instead: SyntaxProblem)
  /// The syntax problem `instead`, at the start of an input whose first line looks like
  /// another format, `format`: the input was most likely read in the wrong format.
  indirect case looksLike(SourceFormat, instead: SyntaxProblem)
}

/// A format a source's records can be written in, as a problem names it.
public enum SourceFormat: Hashable, Sendable {
  /// One JSON array of record objects.
  case json
  /// Newline-delimited JSON: one record object on each line.
  case ndjson
  /// Comma-separated values, with a header row naming the columns.
  case csv
  /// An OFX bank statement (Open Financial Exchange), SGML or XML.
  case ofx
  /// A QIF file (Quicken Interchange Format).
  case qif
}

/// What the JSON syntax expected where it found something else.
public enum SyntaxExpectation: Hashable, Sendable {
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
public enum InputEnd: Hashable, Sendable {
  /// The end of the file.
  case file
  /// The end of a line, where a format holds one record a line.
  case line
}

/// One of the totals a report shows.
public enum ReportTotal: Hashable, Sendable {
  /// A group's total.
  case group(TransactionGroup)
  /// The grand total.
  case grand
}
