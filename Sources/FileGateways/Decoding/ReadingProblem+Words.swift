import BankFormats
import BankReading
import Entities
import UseCases

extension ReadingProblem {
  /// What is wrong, in English, such as `not a real calendar date`.
  package var words: SourceWords {
    switch self {
    case .missing, .missingInExport: "missing"
    case .wrongType(let numberAllowed): numberAllowed ? "expected a string or a number" : "expected a string"
    case .numberNotAllowed: "expected a string"
    case .badText(let encoding): "\(words: Self.text(encoding))"
    case .notAGroupCode: "not a group code"
    case .notAStatus: "not a group code or a status"
    case .badDate(.notISO8601): "not a date in the form YYYY-MM-DD"
    case .badDate(.notInLayout(let layout)): "not a date in the form \(words: layout.pattern)"
    case .badDate: "not a real calendar date"
    case .badAmount(let error), .badWrittenAmount(let error, _): "\(words: Self.amountProblem(error))"
    case .unreadableAmount(.tooManyFractionDigits, _):
      "has a fraction of a cent: digits after the cents that are not zeros"
    case .unreadableAmount(let error, _): "\(words: Self.amountProblem(error))"
    case .notADebitCreditCode: "not a debit or credit code"
    case .pendingWithoutDate: "a pending transaction without a date"
    case .bothDebitAndCredit: "both the debit and the credit column hold an amount"
    case .neitherDebitNorCredit: "neither the debit nor the credit column holds an amount"
    case .creditWrittenNegative:
      "a credit written negative: the column says money in, its sign money out"
    case .amountAgainstDebitAndCredit(let column):
      "the \(quoted: column) column does not say what the debit and credit columns say"
    case .otherCurrency(let currency, let column):
      "the \(quoted: column) column names another currency than \(shown: currency), the file's"
    case .signDisagrees(let value, let column, let debit):
      "the amount's sign says \(words: debit ? "a credit (money in)" : "a debit (money out)"), but the \(quoted: column)"
        + " column says \(quoted: value), \(words: debit ? "a debit" : "a credit")"
    case .balanceDoesNotFollow(let column, let previous, let at, let expected, _):
      "the \(quoted: column) balance should be \(words: Self.plain(expected)): the balance \(quoted: previous) at \(words: "\(at.line):\(at.column)") and the amounts between do not make this one"
    case .duplicateField: "appears more than once in the record"
    case .duplicateExtraKey: "a key appears more than once in the record"
    case .badKey(let encoding): "a key is \(words: Self.text(encoding))"
    case .badExtraValue(let encoding, let inColumn):
      "the value of an extra \(words: inColumn ? "column" : "key") is \(words: Self.text(encoding))"
    case .likelyTypo(_, _, let problem): problem.words
    case .noAccountMatches(let asked, let accounts, _) where accounts.isEmpty:
      "--account \(quoted: asked) names no account: the file names none"
    case .noAccountMatches(let asked, let accounts, let count):
      "--account \(quoted: asked) names none of the file's accounts: "
        + StatementNote.list(accounts, count: count)
    case .severalAccountsMatch(let asked, let accounts, let count):
      "--account \(quoted: asked) names \(count) accounts: " + StatementNote.list(accounts, count: count)
    case .accountNamedTooLate(let limit):
      "the statement names its account only after \(words: String(limit)) bytes of its transactions: --account cannot wait so long to know whose they are"
    case .mixedCurrencies(let code, let earlier, _):
      "the statement's amounts are in \(shown: code), those before in \(shown: earlier): amounts of two currencies are never added"
    case .foreignCurrency(let code, let statement):
      "the amount is in \(shown: code), the statement's in \(shown: statement): the report never converts, nor adds two currencies"
    case .balanceDisagrees(let closing, let previous, let transactions):
      "the closing balance \(words: Self.shown(closing)) is not the previous statement's \(words: Self.shown(previous)) "
        + "with this statement's transactions, \(words: Self.shown(transactions)): a transaction is missing, doubled or changed"
    case .repeatedStatement(let start, let end):
      "the statement of \(shown: start) to \(shown: end) is one of the same account read before: its transactions would be counted twice"
    case .repeatedTransaction(_, let first, nil):
      "the FITID was given before to the transaction at \(words: Self.place(first)) of the same account: OFX gives "
        + "each transaction of an account one of its own, so this one would be counted twice"
    case .repeatedTransaction(let fitid, let first, let transaction?):
      "the transaction at \(words: Self.place(transaction)) has the FITID \(shown: fitid), given before to the "
        + "transaction at \(words: Self.place(first)) of the same account (its statement names its account only after it): "
        + "OFX gives each transaction of an account one of its own, so it would be counted twice"
    case .amountsDisagree(let total, let at):
      "the U amount is not the T amount \(shown: total) at \(words: Self.place(at)): Quicken writes a transaction's amount in both"
    case .splitsDisagree(let sum, let amount, let at):
      "the splits ($ lines) add up to \(words: Self.shown(sum)), not to the amount \(shown: amount) at \(words: Self.place(at))"
    case .syntax(let syntax): "\(words: Self.syntax(syntax))"
    case .unreadable(let reason): "cannot read the rest of the file: \(words: reason)"
    }
  }

  /// A place in the input as an issue names it: `7:12`.
  private static func place(_ position: TextPosition) -> String {
    "\(position.line):\(position.column)"
  }

  /// An amount as OFX writes it, signed, with two decimals: `-1200.50`.
  private static func shown(_ money: Money) -> String {
    let units = money.minorUnits.magnitude
    let cents = units % 100
    return (money.isNegative ? "-" : "") + String(units / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
  }

  /// How to fix the problem, in English, such as `2016-02 has 29 days`, or `nil` when no hint
  /// helps.
  package var hint: SourceWords? {
    switch self {
    case .missing: "every record needs group, date, description, amount and debit"
    case .missingInExport: "every transaction needs a date, a description and an amount"
    case .notAGroupCode: "write A for authorized or P for posted"
    case .notAStatus:
      "write A or P, or a status such as Pending (Authorized) or Posted, Cleared, Booked (Posted)"
    case .badDate(let date): "\(words: Self.dateHint(date))"
    case .badAmount:
      "write an unsigned amount with at most two decimals, such as 3.11; the debit field gives the sign"
    case .notADebitCreditCode: "write D for a debit (a charge) or C for a credit (a payment)"
    case .badWrittenAmount(let error, let mark): "\(words: Self.writtenAmountHint(error, mark))"
    case .unreadableAmount(.tooManyFractionDigits, _):
      "the report is exact to the cent and never rounds: correct the amount in the file, or ask the bank for amounts in cents"
    case .unreadableAmount(_, let mark?): "\(words: Self.writtenAmountHint(.notADecimal, mark))"
    case .unreadableAmount(_, nil):
      "write an OFX amount as a sign, digits and a decimal point or comma, such as -1500.00, +0.24 or -11,76"
    case .pendingWithoutDate:
      "give the pending transactions a date, such as the day of the export, with --pending-date YYYY-MM-DD"
    case .bothDebitAndCredit: "leave one of the two empty"
    case .neitherDebitNorCredit:
      "write the amount in the debit column (a charge) or the credit column (a payment)"
    case .creditWrittenNegative:
      "write a credit without its sign, or a reversed credit in the debit column"
    case .amountAgainstDebitAndCredit(let column):
      "the row's amount is in the debit or the credit column; correct \(quoted: column), or the column that holds it"
    case .otherCurrency(let currency, _):
      "amounts in two currencies are never added: report the rows in \(shown: currency) and the others from files of their own"
    case .signDisagrees(_, let column, _):
      "the file's other rows have signs that agree with \(quoted: column): correct the sign or the \(quoted: column)"
        + " of this one"
    case .balanceDoesNotFollow(let column, _, _, _, let difference):
      "it is \(words: Self.plain(difference)) away: a row may be missing or cut in two, or an amount may leave out a fee;"
        + " if \(quoted: column) is not the balance after each row, read the file with --columns balance= (none)"
    case .syntax(let syntax): Self.syntaxHint(syntax).map { "\(words: $0)" }
    case .likelyTypo(let name, let field, let problem):
      "the \(words: Self.holder(of: problem)) has \(quoted: name): did you mean \"\(words: field.rawValue)\"?"
    case .noAccountMatches(_, let accounts, _) where accounts.isEmpty:
      "leave out --account: the file's transactions are one account's"
    case .noAccountMatches:
      "give an account's number or name as the file writes it (letter case, spaces and dashes do not count), or its type when only one account has it"
    case .severalAccountsMatch: "give the account as named here, or its number or name"
    case .accountNamedTooLate: "read the file without --account, or ask the bank for one statement a file"
    case .mixedCurrencies(_, _, true): "report each account alone, with --account"
    case .mixedCurrencies(_, _, false), .foreignCurrency: nil
    case .balanceDisagrees:
      "the statements of one account that follow each other must add up: ask the bank for them again"
    case .repeatedStatement: "give each statement once"
    case .repeatedTransaction:
      "give statements whose periods do not overlap; if these are two transactions, the bank gave them one FITID: ask it for the file again"
    case .amountsDisagree: "correct the one that is wrong: T and U give the same amount"
    case .splitsDisagree:
      "correct the split or the amount that is wrong: a record's splits add up to its amount"
    case .wrongType, .numberNotAllowed, .badText, .duplicateField, .duplicateExtraKey, .badKey,
      .badExtraValue, .unreadable:
      nil
    }
  }

  /// What was found, for the problems that hold it as a value rather than as text: a byte that
  /// is not UTF-8 (also inside a problem that explains it).
  package var found: SourceWords? {
    switch self {
    case .syntax(let syntax): Self.found(in: syntax)
    case .likelyTypo(_, _, let problem): problem.found
    default: nil
    }
  }

  /// Whether the issue's value is a number where text was expected: it is shown as written,
  /// without quotes (`(got 20160401)`).
  package var showsValueAsWritten: Bool { self == .numberNotAllowed }

  private static func found(in syntax: SyntaxProblem) -> SourceWords? {
    switch syntax {
    case .foundByteNotUTF8(let byte, _): "byte 0x\(words: hex(byte)) (not UTF-8)"
    case .looksLike(_, let syntax): found(in: syntax)
    default: nil
    }
  }

  // MARK: The parts

  private static func text(_ encoding: TextEncodingProblem) -> String {
    switch encoding {
    case .invalidUTF8(let byte): "not valid UTF-8 (byte 0x\(Self.hex(byte)))"
    case .unpairedSurrogate(let code):
      "not valid Unicode (unpaired surrogate \\u\(String(code, radix: 16, uppercase: true)))"
    }
  }

  private static func amountProblem(_ error: AmountSyntaxError) -> String {
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
  /// option that reads the other mark when the amount reads with it.
  /// An amount as plain digits with two decimals, as a message shows it: `-12.50`.
  static func plain(_ money: Money) -> String {
    let units = money.minorUnits.magnitude
    return (money.isNegative ? "-" : "") + "\(units / 100)." + (units % 100 < 10 ? "0" : "")
      + "\(units % 100)"
  }

  /// What a question asks, in English.
  private static func question(_ question: ReadingQuestion.Kind) -> String {
    switch question {
    case .columnsInDoubt(let role, let columns):
      "the header has \(columns.count) columns that may hold the \(role.fieldWords), and nothing says which does"
    case .oneColumnForRoles(let roles):
      "--columns names this column for " + list(roles.map { "the \($0.rawValue)" }) + "; a column holds one"
    case .delimitersFit(let delimiters):
      "the line splits into columns at " + list(delimiters.map(delimiterWords)) + " alike"
    case .datesFitLayouts(let layouts):
      "every date read fits " + (layouts.count == 2 ? "both " : "") + list(layouts.map(\.pattern))
    case .datesInSeveralLayouts:
      "the dates are written in more than one layout: no one layout fits every date read"
    case .decimalMarksDisagree:
      "some amounts have cents after a comma and others after a point"
    case .signsUntold(let positive, let negative, _):
      "\(positive) of the \(positive + negative) amounts read are positive, and nothing in the file says which are charges"
    case .feesUntold:
      "the fee column holds fees, and nothing in the file says whether they left the account with each amount"
    case .headerIsARecord: "the first line is a transaction, not a header"
    case .summaryRowUntold:
      "a bank writes this word alone on a total or a balance, and the row's amount is not the sum of the rows above"
        + " it: nothing in the file says whether the row is a transaction"
    case .encodingsFit(let encodings, let byte):
      "the text is not UTF-8, and the byte 0x\(hex(byte)) is "
        + list(encodings.map { "\"\(character(byte, in: $0))\" in \($0.name)" })
        + ": nothing in the file says which"
    }
  }

  /// How to answer a question: the options that do, each consistent with every column.
  private static func questionHint(_ question: ReadingQuestion.Kind) -> String {
    switch question {
    case .columnsInDoubt(let role, _):
      return "say which one holds the \(role.fieldWords) with --columns \(role.rawValue)=NAME,"
        + " naming the column as the header writes it"
    case .oneColumnForRoles:
      return "name another column for each role, or leave the role out of --columns"
    case .delimitersFit(let delimiters):
      return "say which with "
        + delimiters.map { "--delimiter '\($0.rawValue == "\t" ? "\\t" : $0.rawValue)'" }.joined(
          separator: " or ")
    case .datesFitLayouts(let layouts), .datesInSeveralLayouts(let layouts):
      let options = layouts.map { layout in
        layout.pattern.contains(where: { " ,'".contains($0) })
          ? "--date-format '\(layout.pattern)'" : "--date-format \(layout.pattern)"
      }
      guard case .datesInSeveralLayouts = question else {
        return "say which with " + options.joined(separator: " or ")
      }
      return "say the file's layout with " + options.joined(separator: " or ")
        + "; the dates written otherwise are then errors to correct"
    case .decimalMarksDisagree:
      return
        "say which with --decimal-comma or --decimal-point; the amounts written with the other mark are then errors to correct"
    case .signsUntold(_, _, let codeColumn?):
      // A name from the file goes into the hint only when it is plain text to show as it is.
      guard codeColumn.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
        return "a column of the file holds debit and credit codes: read it with --columns code=NAME, its name"
      }
      return
        "the column \"\(codeColumn)\" holds debit and credit codes: read the file with --columns code=\(codeColumn)"
    case .signsUntold:
      return
        "if negative amounts are charges (money out, as bank accounts write them), read it with --debits-negative;"
        + " if positive amounts are charges, as card issuers write them, with --debits-positive"
    case .feesUntold(let column):
      guard column.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
        return "count them with --columns fee=NAME, its name, or leave them out with --columns fee="
      }
      return "if they did, count them with --columns fee=\(column); if they are shown only for information,"
        + " leave them out with --columns fee="
    case .headerIsARecord(let date, let description?, let amount?, let balance):
      return
        "name the columns by their places, such as --columns date=\(date),description=\(description),amount=\(amount)"
        + (balance.map { ",balance=\($0)" } ?? "")
    case .headerIsARecord(let date, _, _, _):
      return
        "name the columns by their places (counted from 1): --columns date=\(date),description=N,amount=N"
    case .summaryRowUntold:
      return "if such rows are the bank's totals or balances, leave them out with --summary-rows skip;"
        + " if they are transactions (a payee called so), count them with --summary-rows count"
    case .encodingsFit(let encodings, _):
      return "say which with " + encodings.map { "--encoding \($0.rawValue)" }.joined(separator: " or ")
    }
  }

  /// A byte of a single-byte code page as the character it reads as.
  private static func character(_ byte: UInt8, in encoding: TextEncoding) -> String {
    encoding.character(of: byte).map { String(Character($0)) } ?? "?"
  }

  private static func delimiterWords(_ delimiter: CSVDelimiter) -> String {
    switch delimiter {
    case .comma: "a comma"
    case .semicolon: "a semicolon"
    case .tab: "a tab"
    }
  }

  private static func writtenAmountHint(_ error: AmountSyntaxError, _ mark: DecimalMark) -> String {
    // A sign where the code column gives it: an example with a sign would contradict the message.
    if error == .signed {
      return
        "write the amount without a sign, such as \(mark == .point ? "1,234.56 or 12.00" : "1.234,56 or 12,00"):"
        + " the debit or credit code gives the sign"
    }
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

  private static func dateHint(_ date: DateProblem) -> String {
    switch date {
    case .yearOutOfRange: "years run from 0001 to 9999"
    case .monthOutOfRange: "months run from 01 to 12"
    case .dayOutOfRange(let month?, let days?): "\(month) has \(days) days"
    case .notISO8601, .dayOutOfRange: "write the date as YYYY-MM-DD"
    case .notInLayout(let layout):
      "write the date as \(layout.pattern), or choose the file's layout with --date-format"
    }
  }

  private static func syntax(_ syntax: SyntaxProblem) -> String {
    switch syntax {
    case .expected(let expectation, let inputEnded):
      switch inputEnded {
      case .file: Self.expectation(expectation) + ", but the file ends"
      case .line: Self.expectation(expectation) + ", but the line ends"
      case nil: Self.expectation(expectation)
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
    case .namedColumnNotFound(let role):
      "the header has no column of the name --columns gives \(role.rawValue)"
    case .asks(let question): Self.question(question)
    case .amountCutByDelimiter:
      "the amount may be cut in two by a comma that is not in quotes: the field after it is three digits and cents"
    case .feeNotProved:
      "the fee column holds a fee here, where the rows read first held none, and nothing in the file says"
        + " whether it left the account with the amount"
    case .fieldCount(let found, let expected, _):
      "the row has \(found == 1 ? "1 field" : "\(found) fields"), but the header has \(expected)"
    case .textAfterClosingQuote: "text after the closing quote of a quoted field"
    case .recordTooLong(let limit): "a record longer than \(limit) bytes; the rest of the input is not read"
    case .unterminatedQuotedField: "unterminated quoted field: the file ends inside it"
    case .quoteInUnquotedField: "a quote inside a field that is not quoted"
    case .bareCarriageReturn: "a carriage return outside quotes must be followed by a line feed"
    case .notOFX: "expected an OFX file: an OFXHEADER line, <?xml or <OFX>"
    case .unterminatedElement(let name): "<\(name)> is not closed"
    case .notQIF: "expected a QIF file: a !Type: line, such as !Type:Bank"
    case .unknownQIFHeader: "not a header of a QIF section; the records after it would not be read"
    case .endsBeforeClosingTag(let name): "the file ends before </\(name)>: it is cut off"
    case .foundByteNotUTF8(_, let problem): Self.syntax(problem)
    case .looksLike(_, let problem): Self.syntax(problem)
    }
  }

  private static func expectation(_ expectation: SyntaxExpectation) -> String {
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

  private static func syntaxHint(_ syntax: SyntaxProblem) -> String? {
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
    case .asks(let question): return questionHint(question)
    case .amountCutByDelimiter:
      return "write an amount with a thousands separator in double quotes, such as \"-2,500.00\""
    case .feeNotProved(let column):
      return questionHint(.feesUntold(column: column))
    case .fieldCount(let found, let expected, let delimiter):
      return found > expected
        ? "put a field that holds \(delimiterWords(delimiter)) in double quotes"
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
    case .unknownQIFHeader(let likely):
      return
        "a section of transactions starts with !Type:Bank, !Type:CCard, !Type:Cash, !Type:Oth A or !Type:Oth L"
        + (likely.map { ": did you mean !Type:\($0)?" } ?? "")
    case .endsBeforeClosingTag:
      return "save or download the statement again: the transactions after the cut are missing"
    case .foundByteNotUTF8(_, let problem): return syntaxHint(problem)
    case .looksLike(let format, _): return formatHint(format)
    }
  }

  /// The hint for an input that looks like another format: which, and the option of `txreport`
  /// that reads it.
  private static func formatHint(_ format: RecordFormat) -> String {
    switch format {
    case .json: "the input looks like a JSON array of records: read it with --input-format json"
    case .ndjson: "the input looks like NDJSON, one record on each line: read it with --input-format ndjson"
    case .csv: "the input looks like CSV, with a header row: read it with --input-format csv"
    case .ofx: "the input looks like an OFX statement: read it with --input-format ofx"
    case .qif: "the input looks like a QIF file: read it with --input-format qif"
    }
  }

  private static func expectationHint(_ expectation: SyntaxExpectation) -> String? {
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
  private static func holder(of problem: ReadingProblem) -> String {
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
