import BankFormats
import Entities
import UseCases

/// The report's words in English: the exact texts of the contract, and of every issue and
/// warning `txreport` prints.
///
/// It is the default ``ReportWording``. Titles, messages and dates come from ``ReportText``;
/// the sentences of problems, hints and reasons are here, in one place.
public struct EnglishReportWording: ReportWording {
  /// Creates the English wording.
  public init() {}

  /// `Authorized Transactions`, `Posted Transactions` or `All`.
  ///
  /// - Parameter scope: The group, or all transactions.
  /// - Returns: The title.
  public func title(of scope: ReportScope) -> String { ReportText.title(of: scope) }

  /// `Authorized Transactions are not currently available.`
  ///
  /// - Parameter scope: The group, or all transactions.
  /// - Returns: The message.
  public func unavailableMessage(for scope: ReportScope) -> String {
    ReportText.unavailableMessage(for: scope)
  }

  /// `There are no Posted Transactions in this period`.
  ///
  /// - Parameter group: The empty group.
  /// - Returns: The message.
  public func noTransactionsMessage(for group: TransactionGroup) -> String {
    ReportText.noTransactionsMessage(for: group)
  }

  /// `Apr 01, 2016`.
  ///
  /// - Parameter date: The date.
  /// - Returns: The text.
  public func date(_ date: CalendarDate) -> String { ReportText.date(date) }

  /// `March 2024` for a whole month; otherwise its days as subheaders show dates:
  /// `Mar 01, 2024 – Mar 15, 2024` (an en dash between spaces), `from Mar 01, 2024`,
  /// `until Mar 31, 2024`.
  ///
  /// - Parameter period: The period.
  /// - Returns: The words.
  public func period(_ period: ReportPeriod) -> String { ReportText.period(period) }

  /// `12 records outside 2024-03-01 to 2024-03-31 are not shown`; for a period open at one
  /// end, `3 records before 2024-03-01 are not shown` or `1 record after 2024-03-31 is not
  /// shown`. Dates as the options take them, `YYYY-MM-DD`.
  ///
  /// - Parameters:
  ///   - count: How many records were left out, at least one.
  ///   - period: The period they are outside of.
  /// - Returns: The line.
  public func recordsOutsidePeriod(count: Int, period: ReportPeriod) -> String {
    let records = count == 1 ? "1 record" : "\(count) records"
    let verb = count == 1 ? "is" : "are"
    let place =
      switch (period.first, period.last) {
      case (let first?, let last?): "outside \(ReportText.isoDate(first)) to \(ReportText.isoDate(last))"
      case (let first?, nil): "before \(ReportText.isoDate(first))"
      case (nil, let last?): "after \(ReportText.isoDate(last))"
      case (nil, nil): "outside the period"
      }
    return "\(records) \(place) \(verb) not shown"
  }

  /// What is wrong, such as `not a real calendar date`.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: The words.
  public func problem(_ problem: RecordProblem) -> String {
    switch problem {
    case .missing, .missingInExport: "missing"
    case .wrongType(let numberAllowed): numberAllowed ? "expected a string or a number" : "expected a string"
    case .numberNotAllowed: "expected a string"
    case .badText(let encoding): text(encoding)
    case .notAGroupCode: "not a group code"
    case .badDate(.notISO8601): "not a date in the form YYYY-MM-DD"
    case .badDate(.notInLayout(let layout)): "not a date in the form \(layout.rawValue)"
    case .badDate: "not a real calendar date"
    case .badAmount(let error), .badWrittenAmount(let error, _): amountProblem(error)
    case .notADebitCreditCode: "not a debit or credit code"
    case .bothDebitAndCredit: "both the debit and the credit column hold an amount"
    case .neitherDebitNorCredit: "neither the debit nor the credit column holds an amount"
    case .duplicateField: "appears more than once in the record"
    case .duplicateExtraKey: "a key appears more than once in the record"
    case .badKey(let encoding): "a key is \(text(encoding))"
    case .badExtraValue(let encoding, let inColumn):
      "the value of an extra \(inColumn ? "column" : "key") is \(text(encoding))"
    case .likelyTypo(_, _, let problem): self.problem(problem)
    case .syntax(let syntax): self.syntax(syntax)
    case .unreadable(let reason): "cannot read the rest of the file: \(reason)"
    case .groupMismatch(let expected, _): "this source holds only group \(expected.code) records"
    case .sourcesSwapped(let authorized, let posted):
      "every record of '\(authorized)' is Posted and every record of '\(posted)' is Authorized"
    case .totalOverflow(let total, _):
      "the \(label(total)) total would overflow (it cannot go beyond 92233720368547758.07 either way)"
    case .sourceChanged: "the source changed while the report was being made"
    }
  }

  /// How to fix a problem, such as `2016-02 has 29 days`, or `nil` when no hint helps.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: The hint.
  public func hint(for problem: RecordProblem) -> String? {
    switch problem {
    case .missing: "every record needs group, date, description, amount and debit"
    case .missingInExport: "every transaction needs a date, a description and an amount"
    case .notAGroupCode: "write A for authorized or P for posted"
    case .badDate(let date): dateHint(date)
    case .badAmount:
      "write an unsigned amount with at most two decimals, such as 3.11; the debit field gives the sign"
    case .notADebitCreditCode: "write D for a debit (a charge) or C for a credit (a payment)"
    case .badWrittenAmount(let error, let mark): writtenAmountHint(error, mark)
    case .bothDebitAndCredit: "leave one of the two empty"
    case .neitherDebitNorCredit:
      "write the amount in the debit column (a charge) or the credit column (a payment)"
    case .syntax(let syntax): syntaxHint(syntax)
    case .likelyTypo(let name, let field, let problem):
      "the \(Self.holder(of: problem)) has \"\(ReportText.visible(name, quoting: true))\":"
        + " did you mean \"\(field.rawValue)\"?"
    case .groupMismatch(_, let found):
      "move the record to the \(found == .authorized ? "authorized" : "posted") source,"
        + " or read one file holding both groups in one-source mode"
    case .sourcesSwapped: "were --authorized and --posted swapped?"
    case .totalOverflow: "from this record on the total stays too large to show; check the amounts"
    case .sourceChanged: "run the report again once nothing is writing to the source"
    case .wrongType, .numberNotAllowed, .badText, .duplicateField, .duplicateExtraKey, .badKey,
      .badExtraValue, .unreadable:
      nil
    }
  }

  /// Why a source cannot be read, such as `cannot read 'a.json': No such file or directory`.
  ///
  /// - Parameter reason: The reason.
  /// - Returns: The words.
  public func reason(_ reason: UnavailableReason) -> String {
    // Paths are shown as the report shows data (`ReportText.visible`): a backslash of the
    // name doubled, so that an escape in a message is never ambiguous.
    let shown = { (path: String) in ReportText.visible(path) }
    return switch reason {
    case .cannotOpen(let path, let systemError): "cannot read '\(shown(path))': \(systemError)"
    case .noSuchFile(let path, let similarPath):
      "cannot read '\(shown(path))': No such file or directory"
        + (similarPath.map { "; did you mean '\(shown($0))'?" } ?? "")
    case .pathContainsNUL(let path): "cannot read '\(shown(path))': the path contains a NUL character"
    case .isDirectory(let path): "'\(shown(path))' is a directory"
    case .standardInputClosed: "standard input is closed"
    case .standardInputIsDirectory: "standard input is a directory"
    case .cannotCopy(let path, let failure):
      "cannot read \(path.map { "'\(shown($0))'" } ?? "standard input") twice: " + temporaryFile(failure)
    case .serviceFailed(let url, let problem): "\(shown(url)): " + service(problem)
    case .other(let cause): cause
    }
  }

  /// What went wrong with a service, as the end of a warning: `timed out after 5 s`.
  private func service(_ problem: ServiceProblem) -> String {
    switch problem {
    case .timedOut(let seconds): "timed out after \(Self.seconds(seconds)) s"
    case .cannotConnect(let detail): "cannot connect: \(ReportText.visible(detail))"
    case .secureConnectionFailed(let detail): "the secure connection failed: \(ReportText.visible(detail))"
    case .status(let status):
      "the server answered \(status)" + (Self.statusNames[status].map { " \($0)" } ?? "")
    case .brokenOff(let received, let expected):
      "the answer broke off after \(received) bytes" + (expected.map { " of \($0)" } ?? "")
    case .tooLarge(let limit): "the answer is larger than \(limit) bytes (--max-response-size)"
    case .tooManyRedirects(let limit): "more than \(limit) redirects"
    case .other(let detail): ReportText.visible(detail)
    }
  }

  /// Seconds as a person writes them: `5`, `0.5`.
  private static func seconds(_ value: Double) -> String {
    guard value >= 0, value < 1e15, value == Double(Int(value)) else { return String(value) }
    return String(Int(value))
  }

  /// The reason phrases of the statuses a service commonly fails with.
  private static let statusNames: [Int: String] = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 408: "Request Timeout",
    429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout",
  ]

  /// `Authorized Transactions are not available: REASON`.
  ///
  /// - Parameters:
  ///   - scope: The group, or all transactions.
  ///   - reason: Why its source cannot be read.
  /// - Returns: The warning.
  public func warning(_ scope: ReportScope, reason: UnavailableReason) -> String {
    "\(ReportText.subject(of: scope)) are not available: \(self.reason(reason))"
  }

  /// `3 invalid records; no report was made.`; with the problems when the records have more
  /// than one each: `1 invalid record with 4 problems; no report was made.`; and with the
  /// count of problems not listed: `25 invalid records (5 not shown); no report was made.`
  ///
  /// - Parameters:
  ///   - recordCount: How many invalid records there were.
  ///   - issueCount: How many problems they had in all.
  ///   - unlistedCount: How many problems were not listed.
  /// - Returns: The line.
  public func rejectionSummary(recordCount: Int, issueCount: Int, unlistedCount: Int) -> String {
    let records = recordCount == 1 ? "1 invalid record" : "\(recordCount) invalid records"
    let problems = issueCount > recordCount ? " with \(issueCount) problems" : ""
    let unlisted = unlistedCount > 0 ? " (\(unlistedCount) not shown)" : ""
    return "\(records)\(problems)\(unlisted); no report was made."
  }

  // MARK: The parts

  private func text(_ encoding: TextEncodingProblem) -> String {
    switch encoding {
    case .invalidUTF8(let byte): "not valid UTF-8 (byte 0x\(Self.hex(byte)))"
    case .unpairedSurrogate(let code):
      "not valid Unicode (unpaired surrogate \\u\(String(code, radix: 16, uppercase: true)))"
    }
  }

  private func temporaryFile(_ failure: TemporaryFileFailure) -> String {
    switch failure {
    case .create(let folder, let systemError): "cannot create a temporary file in \(folder): \(systemError)"
    case .unlink(let folder, let systemError): "cannot unlink a temporary file in \(folder): \(systemError)"
    case .write(let folder, let systemError):
      "cannot write its copy to a temporary file in \(folder): \(systemError ?? "nothing was written")"
        + " (the disk, not the data: free some space there, or set TMPDIR to a folder with more)"
    }
  }

  private func amountProblem(_ error: AmountSyntaxError) -> String {
    switch error {
    case .empty: "empty"
    case .signed: "has a sign"
    case .exponent: "uses exponent notation"
    case .tooManyFractionDigits: "has more than two decimals"
    case .tooLarge: "too large (the largest amount is 92233720368547758.07)"
    case .notADecimal: "not a decimal amount"
    case .misgrouped: "has thousands separators out of place"
    }
  }

  /// The hint for an amount of a bank's export: examples in the file's decimal mark, and the
  /// option that reads the other mark when the amount would fit it.
  private func writtenAmountHint(_ error: AmountSyntaxError, _ mark: DecimalMark) -> String {
    let otherMarkFits = error == .tooManyFractionDigits || error == .misgrouped
    switch mark {
    case .point:
      return "write an amount such as 1,234.56, -12.00 or (12.00)"
        + (otherMarkFits ? "; if the file writes amounts as 1.234,56, read it with --decimal-comma" : "")
    case .comma:
      return "write an amount such as 1.234,56, -12,00 or (12,00)"
        + (otherMarkFits ? "; if the file writes amounts as 1,234.56, read it with --decimal-point" : "")
    }
  }

  private func dateHint(_ date: DateProblem) -> String {
    switch date {
    case .yearOutOfRange: "years run from 0001 to 9999"
    case .monthOutOfRange: "months run from 01 to 12"
    case .dayOutOfRange(let month?, let days?): "\(month) has \(days) days"
    case .notISO8601, .dayOutOfRange: "write the date as YYYY-MM-DD"
    case .notInLayout(let layout):
      "write the date as \(layout.rawValue), or choose the file's layout with --date-format"
    }
  }

  private func label(_ total: ReportTotal) -> String {
    switch total {
    case .group(.authorized): "Authorized"
    case .group(.posted): "Posted"
    case .grand: "grand"
    }
  }

  private func syntax(_ syntax: SyntaxProblem) -> String {
    switch syntax {
    case .expected(let expectation, let inputEnded):
      switch inputEnded {
      case .file: self.expectation(expectation) + ", but the file ends"
      case .line: self.expectation(expectation) + ", but the line ends"
      case nil: self.expectation(expectation)
      }
    case .unquotedText: "expected a value"
    case .textAfterRecordOnLine: "unexpected text after the record on its line"
    case .textAfterArray: "unexpected text after the array of records"
    case .unterminatedString(.file): "unterminated string: the file ends inside it"
    case .unterminatedString(.line): "unterminated string: the line ends inside it"
    case .controlCharacterInString(let byte):
      "a control character (U+00\(Self.hex(byte))) must be escaped inside a string"
    case .invalidEscape: "invalid escape sequence in a string"
    case .invalidUnicodeEscape: "invalid \\u escape: it needs four hexadecimal digits"
    case .invalidNumber: "not a valid JSON number"
    case .badColumnName(let encoding): "a column name is \(text(encoding))"
    case .duplicateColumn: "appears more than once in the header"
    case .missingColumns(let fields): "the header has no \(Self.columns(fields))"
    case .noColumnsFor(let fields):
      "the header has no column for the " + Self.list(fields.map(\.rawValue))
    case .namedColumnNotFound(let field):
      "the header has no column of the name --columns gives \(field.rawValue)"
    case .datesFitLayouts(let layouts):
      "every date read fits " + (layouts.count == 2 ? "both " : "") + Self.list(layouts.map(\.rawValue))
    case .fieldCount(let found, let expected):
      "the row has \(found == 1 ? "1 field" : "\(found) fields"), but the header has \(expected)"
    case .textAfterClosingQuote: "text after the closing quote of a quoted field"
    case .recordTooLong(let limit): "a record longer than \(limit) bytes; the rest of the input is not read"
    case .unterminatedQuotedField: "unterminated quoted field: the file ends inside it"
    case .quoteInUnquotedField: "a quote inside a field that is not quoted"
    case .bareCarriageReturn: "a carriage return outside quotes must be followed by a line feed"
    case .notOFX: "expected an OFX file: an OFXHEADER line, <?xml or <OFX>"
    case .unterminatedElement(let name): "<\(name)> is not closed"
    case .notQIF: "expected a QIF file: a !Type: line, such as !Type:Bank"
    case .foundByteNotUTF8(_, let problem): self.syntax(problem)
    case .looksLike(_, let problem): self.syntax(problem)
    }
  }

  private func expectation(_ expectation: SyntaxExpectation) -> String {
    switch expectation {
    case .arrayOfRecords: "expected '[': the file must hold one JSON array of records"
    case .recordOrArrayEnd: "expected a record ('{') or ']' after '['"
    case .recordAfterComma: "expected a record ('{') after ','"
    case .commaOrArrayEndAfterElement: "expected ',' or ']' after an array element"
    case .recordAtLineStart: "expected a record ('{') at the start of a line"
    case .keyOrObjectEnd: "expected a key in double quotes or '}'"
    case .keyAfterComma: "expected a key in double quotes after ','"
    case .commaOrRecordEnd: "expected ',' or '}' after a value in a record"
    case .colonAfterKey: "expected ':' after a key"
    case .value: "expected a value"
    case .commaOrObjectEnd: "expected ',' or '}' after a value"
    case .commaOrArrayEnd: "expected ',' or ']' after a value"
    }
  }

  private func syntaxHint(_ syntax: SyntaxProblem) -> String? {
    let header = RecordField.allCases.map(\.rawValue).joined(separator: ",")
    let doubledQuote = "write a quote inside a quoted field as two quotes: \"\""
    switch syntax {
    case .expected(let expectation, let inputEnded):
      return expectationHint(expectation)
        ?? (inputEnded == .line ? "write each record whole on one line" : nil)
    case .unquotedText: return "write text in double quotes"
    case .textAfterRecordOnLine: return "write one record on each line"
    case .unterminatedString(.file): return "close the string with '\"'"
    case .unterminatedString(.line):
      return "close the string with '\"'; write a line break inside a string as \\n"
    case .controlCharacterInString(let byte): return "write it as \\u00\(Self.hex(byte))"
    case .invalidEscape:
      return "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hex digits"
    case .invalidUnicodeEscape: return "write a character as \\u followed by four hex digits, such as \\u00E9"
    case .invalidNumber: return "write an amount as a string, such as \"3.11\""
    case .badColumnName: return "save the file as UTF-8"
    case .duplicateColumn: return "name each of the columns \(header) once"
    case .missingColumns: return "the first line must name the columns \(header), in any order"
    case .noColumnsFor:
      return "name the columns in the first line, such as Date,Description,Amount (or Debit and Credit"
        + " for the amount), or choose them with --columns date=NAME,description=NAME,amount=NAME"
    case .namedColumnNotFound: return "name a column as the first line of the file writes it"
    case .datesFitLayouts(let layouts):
      return "say which with " + layouts.map { "--date-format \($0.rawValue)" }.joined(separator: " or ")
    case .fieldCount(let found, let expected):
      return found > expected
        ? "put a field that holds a comma in double quotes"
        : "give every row one value for each column of the header, even an empty one"
    case .textAfterClosingQuote: return doubledQuote
    case .recordTooLong:
      return "check for a quote that is not closed or a missing line break, or input that is not text"
    case .unterminatedQuotedField: return "close the field with '\"'; " + doubledQuote
    case .quoteInUnquotedField:
      return "put the whole field in double quotes and write each quote inside it twice: \"say \"\"hi\"\"\""
    case .bareCarriageReturn:
      return "end lines with LF or CRLF; put a field that holds a line break in double quotes"
    case .textAfterArray: return nil
    case .notOFX:
      return
        "save the statement from the bank as OFX (.ofx, .qfx); a file in another format needs its --input-format"
    case .unterminatedElement(let name):
      return "close it with </\(name)> before the next one and the end of the file"
    case .notQIF: return "the first line of a QIF file names its type, such as !Type:Bank or !Type:CCard"
    case .foundByteNotUTF8(_, let problem): return syntaxHint(problem)
    case .looksLike(let format, _): return formatHint(format)
    }
  }

  /// The hint for an input that looks like another format: which, and the option of `txreport`
  /// that reads it.
  private func formatHint(_ format: SourceFormat) -> String {
    switch format {
    case .json: "the input looks like a JSON array of records: read it with --input-format json"
    case .ndjson: "the input looks like NDJSON, one record on each line: read it with --input-format ndjson"
    case .csv: "the input looks like CSV, with a header row: read it with --input-format csv"
    case .ofx: "the input looks like an OFX statement: read it with --input-format ofx"
    case .qif: "the input looks like a QIF file: read it with --input-format qif"
    }
  }

  private func expectationHint(_ expectation: SyntaxExpectation) -> String? {
    let fields = "group, date, description, amount and debit"
    switch expectation {
    case .arrayOfRecords: return "write the records as [{...}, {...}]"
    case .recordOrArrayEnd, .recordAfterComma:
      return "each element of the array must be an object with \(fields)"
    case .recordAtLineStart: return "write one object with \(fields) on each line"
    case .commaOrArrayEndAfterElement, .keyOrObjectEnd, .keyAfterComma, .commaOrRecordEnd, .colonAfterKey,
      .value,
      .commaOrObjectEnd, .commaOrArrayEnd:
      return nil
    }
  }

  private static func columns(_ fields: [RecordField]) -> String {
    let names = fields.map(\.rawValue)
    guard let last = names.last else { return "columns" }
    return names.count == 1
      ? "column \(last)" : "columns \(names.dropLast().joined(separator: ", ")) and \(last)"
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : "\(names.dropLast().joined(separator: ", ")) and \(last)"
  }

  /// What holds a name that is likely a typo, given the problem it explains: the CSV header
  /// for its missing columns, else the record.
  private static func holder(of problem: RecordProblem) -> String {
    switch problem {
    case .syntax: "header"
    default: "record"
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }
}
