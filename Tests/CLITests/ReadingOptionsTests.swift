import BankFormats
import BankReading
import CLI
import Entities
import Testing

/// The options of a bank's file on the command line: each read into BankReading's
/// `ReadingOptions`, and each mistake a usage error that says how to write it.
@Suite struct ReadingOptionsTests {
  private func options(_ arguments: [String]) throws -> ReadingOptions {
    let request = try CommandLineParser.parse(["--all", "bank.csv"] + arguments)
    guard case .report(let command) = request else {
      Issue.record("expected a report request, got \(request)")
      return ReadingOptions()
    }
    return command.reading
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
    #expect(try options([]) == ReadingOptions())
  }

  @Test("Every option is read")
  func everyOption() throws {
    #expect(
      try options([
        "--columns", "date = Booking Date,Description=Payee,amount=Betrag (EUR)", "--delimiter", "semicolon",
        "--decimal-comma", "--date-format", "dd.mm.yyyy", "--debits-positive",
      ])
        == ReadingOptions(
          delimiter: .semicolon,
          columns: [.date: "Booking Date", .description: "Payee", .amount: "Betrag (EUR)"],
          decimalMark: .comma, dateLayout: .dayMonthYearDots, debitsPositive: true))
    #expect(
      try options(["--delimiter", "tab", "--decimal-point"])
        == ReadingOptions(delimiter: .tab, decimalMark: .point))
    #expect(try options(["--delimiter=,"]).delimiter == .comma)
    #expect(
      try options([
        "--encoding", "latin-1", "--pending-date", "2024-01-14", "--debits-negative", "--date-format",
        "d-mmm-yy", "--account", "Visa", "--explain",
      ])
        == ReadingOptions(
          dateLayout: try ReadingOptions.dateLayout("D-MMM-YY"), debitsNegative: true, encoding: .windows1252,
          pendingDate: try CalendarDate(year: 2024, month: 1, day: 14), account: "Visa", explains: true))
  }

  @Test("A role a file may lack is named with no column: the file has none; a column a role needs is not")
  func absentColumns() throws {
    #expect(try options(["--columns", "balance=,amount=Value"]).columns == [.balance: "", .amount: "Value"])
    #expect(
      usageError(["--columns", "amount="]) == "--columns: amount= needs the name of a column of the header")
  }

  @Test(
    "One column named for two roles is a usage error, whatever the order, the case or the roles",
    arguments: [
      ["--columns", "date=1,description=5,debit=2,credit=2"], ["--columns", "credit=2,debit=2"],
      ["--columns", "description=Amount,amount=amount"], ["--columns", "description=2,amount=2"],
    ])
  func oneColumnForTwoRoles(arguments: [String]) {
    let message = usageError(arguments)
    #expect(message?.hasPrefix("--columns names one column for the ") == true, "\(message ?? "no error")")
    #expect(message?.hasSuffix("a column holds one role; name another column for one of them") == true)
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
        "--columns: the 1st pair names no role; the roles are group, date, description, amount, code, debit, credit, balance, account, fee; did you mean 'date'?"
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
      (
        ["--encoding", "ascii"],
        "--encoding must be utf-8, windows-1252 (also latin-1), windows-1250 or iso-8859-2 (also latin-2)"
      ),
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
