import BankReading
import FileGateways
import Presenters
import Testing
import UseCases

/// The words of the problems reading finds, as `txreport` prints each in an issue line: the
/// file gateway's own English, laid out by the presenter's wording.
@Suite struct ReadingProblemWordsTests {
  @Test(
    "An issue is one line: FILE:LINE:COL: error: field: problem (got \"value\"); hint: …, leaving out what is unknown",
    arguments: [
      (
        RecordIssue(
          source: "authorized.json", position: TextPosition(line: 12, column: 15), field: .date,
          problem: .badDate(.dayOutOfRange(month: "2016-02", days: 29)), value: "2016-02-30"),
        #"authorized.json:12:15: error: date: not a real calendar date (got "2016-02-30"); hint: 2016-02 has 29 days"#
      ),
      (
        RecordIssue(
          source: "authorized.json", position: TextPosition(line: 3, column: 40), field: .amount,
          problem: .badAmount(.tooManyFractionDigits), value: "3.111"),
        #"authorized.json:3:40: error: amount: has more than two decimals (got "3.111"); hint: write an unsigned amount with at most two decimals, such as 3.11; the debit field gives the sign"#
      ),
      (
        RecordIssue(
          source: "demo data", position: nil, field: .debit, problem: .notADebitCreditCode, value: "X"),
        #"demo data: error: debit: not a debit or credit code (got "X"); hint: write D for a debit (a charge) or C for a credit (a payment)"#
      ),
      (
        RecordIssue(
          source: "all.csv", position: TextPosition(line: 1, column: 1), field: nil,
          problem: .syntax(.missingColumns([.group, .date, .amount]))),
        "all.csv:1:1: error: the header has no columns group, date and amount; hint: the first line must name"
          + " the columns group,date,description,amount,debit, in any order"
      ),
      (
        RecordIssue(source: "all.json", position: nil, field: nil, problem: .sourceChanged),
        "all.json: error: the source changed while the report was being made; hint: run the report again once"
          + " nothing is writing to the source"
      ),
      (
        RecordIssue(
          source: "a.json", position: TextPosition(line: 2, column: 9), field: .description,
          problem: .wrongType(numberAllowed: false), value: ""),
        #"a.json:2:9: error: description: expected a string (got "")"#
      ),
      (
        RecordIssue(
          source: "a.json", position: TextPosition(line: 3, column: 13), field: .date,
          problem: .numberNotAllowed, value: "20160401"),
        "a.json:3:13: error: date: expected a string (got 20160401)"
      ),
      (
        RecordIssue(
          source: "a.json", position: TextPosition(line: 2, column: 40), field: .description,
          problem: .likelyTypo("descripton", of: .description, instead: .missing)),
        #"a.json:2:40: error: description: missing; hint: the record has "descripton": did you mean "description"?"#
      ),
      (
        RecordIssue(
          source: "a.csv", position: TextPosition(line: 1, column: 1), field: nil,
          problem: .likelyTypo("a\"m\u{1B}t", of: .amount, instead: .syntax(.missingColumns([.amount]))),
          value: "a\"m\u{1B}t"),
        #"a.csv:1:1: error: the header has no column amount (got "a\"m\u{1B}t"); hint: the header has "a\"m\u{1B}t": did you mean "amount"?"#
      ),
      (
        RecordIssue(
          source: "a.txt", position: TextPosition(line: 1, column: 1), field: nil,
          problem: .syntax(.looksLike(.ndjson, instead: .expected(.arrayOfRecords, inputEnded: nil))),
          value: "{"),
        #"a.txt:1:1: error: expected '[': the file must hold one JSON array of records (got "{"); hint: the input looks like NDJSON, one record on each line: read it with --input-format ndjson"#
      ),
      (
        RecordIssue(
          source: "a.json", position: TextPosition(line: 1, column: 1), field: nil,
          problem: .syntax(
            .looksLike(
              .csv, instead: .foundByteNotUTF8(0xEF, instead: .expected(.arrayOfRecords, inputEnded: nil))))),
        #"a.json:1:1: error: expected '[': the file must hold one JSON array of records (got "byte 0xEF (not UTF-8)"); hint: the input looks like CSV, with a header row: read it with --input-format csv"#
      ),
      (
        RecordIssue(
          source: "a.csv", position: TextPosition(line: 1, column: 1), field: nil,
          problem: .syntax(.looksLike(.json, instead: .missingColumns(RecordField.allCases))), value: "["),
        #"a.csv:1:1: error: the header has no columns group, date, description, amount and debit (got "["); hint: the input looks like a JSON array of records: read it with --input-format json"#
      ),
      (
        RecordIssue(
          source: "a.json", position: nil, field: nil,
          problem: .sourcesSwapped(authorized: "a.json", posted: "p.json")),
        "a.json: error: every record of 'a.json' is Posted and every record of 'p.json' is Authorized;"
          + " hint: were --authorized and --posted swapped?"
      ),
      (
        RecordIssue(
          source: "a.json", position: TextPosition(line: 3, column: 13), field: .date,
          problem: .badDate(.notISO8601), value: "20160401"),
        #"a.json:3:13: error: date: not a date in the form YYYY-MM-DD (got "20160401"); hint: write the date as YYYY-MM-DD"#
      ),
    ])
  func issueLines(issue: RecordIssue, line: String) {
    #expect(EnglishReportWording().issueLine(issue) == line)
  }

  @Test(
    "A bank's hints fit their messages: no signed example for a sign, the file's delimiter for a field too many",
    arguments: [
      (
        // A sign where a code column gives it: the hint's examples have none (issue 46).
        RecordIssue(
          source: "bank.csv", position: TextPosition(line: 2, column: 19), field: .amount,
          problem: .badWrittenAmount(.signed, .point), value: "-12.00"),
        #"bank.csv:2:19: error: amount: has a sign (got "-12.00"); hint: write the amount without a sign, such as 1,234.56 or 12.00: the debit or credit code gives the sign"#
      ),
      (
        RecordIssue(
          source: "bank.csv", position: TextPosition(line: 3, column: 1), field: nil,
          problem: .syntax(.fieldCount(found: 5, expected: 4, delimiter: .semicolon))),
        "bank.csv:3:1: error: the row has 5 fields, but the header has 4; hint: put a field that holds a semicolon in"
          + " double quotes"
      ),
    ])
  func bankHints(issue: RecordIssue, line: String) {
    #expect(EnglishReportWording().issueLine(issue) == line)
  }

}
