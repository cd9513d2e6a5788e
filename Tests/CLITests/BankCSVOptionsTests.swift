import CLI
import Entities
import Testing

/// The options of a bank's CSV export on the command line: each read into `BankCSVOptions`,
/// and each mistake a usage error that says how to write it.
@Suite struct BankCSVOptionsTests {
  private func options(_ arguments: [String]) throws -> BankCSVOptions {
    let request = try CommandLineParser.parse(["--all", "bank.csv"] + arguments)
    guard case .report(let command) = request else {
      Issue.record("expected a report request, got \(request)")
      return BankCSVOptions()
    }
    return command.bankCSV
  }

  private func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try CommandLineParser.parse(["--all", "bank.csv"] + arguments)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("Without options, everything is detected")
  func defaults() throws {
    #expect(try options([]) == BankCSVOptions())
  }

  @Test("Every option is read")
  func everyOption() throws {
    #expect(
      try options([
        "--columns", "date = Booking Date,Description=Payee,amount=Betrag (EUR)", "--delimiter", "semicolon",
        "--decimal-comma", "--date-format", "dd.mm.yyyy", "--debits-positive",
      ])
        == BankCSVOptions(
          columns: ["date": "Booking Date", "description": "Payee", "amount": "Betrag (EUR)"], delimiter: ";",
          decimalMark: .comma, dateLayout: .dayMonthYearDots, debitsPositive: true))
    #expect(
      try options(["--delimiter", "tab", "--decimal-point"])
        == BankCSVOptions(delimiter: "\t", decimalMark: .point))
    #expect(try options(["--delimiter=,"]).delimiter == ",")
    #expect(
      try options([
        "--encoding", "latin-1", "--pending-date", "2024-01-14", "--debits-negative", "--date-format",
        "d-mmm-yy",
      ])
        == BankCSVOptions(
          dateLayout: try BankCSVOptions.dateLayout("D-MMM-YY"), debitsNegative: true, encoding: .windows1252,
          pendingDate: try CalendarDate(year: 2024, month: 1, day: 14)))
  }

  @Test(
    "Mistakes are usage errors that say how to write the option",
    arguments: [
      (
        ["--columns", "date"],
        "--columns takes ROLE=NAME pairs separated by commas, such as date=Booking Date,amount=Value"
      ),
      (
        ["--columns", "dat=Booked"],
        "--columns: the 1st pair names no role; the roles are group, date, description, amount, code, debit, credit; did you mean 'date'?"
      ),
      (["--columns", "date="], "--columns: date= needs the name of a column of the header"),
      (["--columns", "date=A,date=B"], "--columns names the date column twice; name it once"),
      (["--delimiter", "|"], "--delimiter must be comma, semicolon or tab, or , or ;"),
      (
        ["--decimal-comma", "--decimal-point"],
        "--decimal-comma and --decimal-point contradict each other; give one"
      ),
      (
        ["--debits-positive", "--debits-negative"],
        "--debits-positive and --debits-negative contradict each other; give one"
      ),
      (["--encoding", "ascii"], "--encoding must be utf-8 or windows-1252 (also latin-1)"),
      (
        ["--pending-date", "14/01/2024"],
        "--pending-date must be a date as YYYY-MM-DD, such as 2024-03-01"
      ),
      (
        ["--date-format", "MM-DD-YYY"],
        "--date-format takes a layout written with D (day), M (month; MMM for its name) and Y (YY or YYYY) between the separators of the file's dates, such as DD/MM/YYYY, M/D/YY or DD-MMM-YYYY"
      ),
    ])
  func mistakes(arguments: [String], message: String) {
    #expect(usageError(arguments) == message)
  }
}
