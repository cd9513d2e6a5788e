import Entities

/// The reference demo data: 28 authorized and 30 posted transactions (SPEC §7).
///
/// These are exactly the records of `Fixtures/demo_authorized.json` and
/// `Fixtures/demo_posted.json`, in file order, built into the program so that `txreport` runs
/// without any file. A test reads the fixture files with `FileTransactionSource` (of FileGateways) and checks
/// that they equal these lists.
public enum DemoTransactions {
  /// How messages name the demo sources.
  public static let name = "demo data"

  /// The authorized (`A`) demo transactions, in April 2016: 28 of them, totalling 560.19.
  public static let authorized: [Transaction] = transactions(.authorized, authorizedRows)

  /// The posted (`P`) demo transactions, in May 2016: 30 of them, totalling 778.78.
  public static let posted: [Transaction] = transactions(.posted, postedRows)

  /// All the demo transactions as one stream holds them: the authorized, then the posted.
  ///
  /// This is `Fixtures/demo_all.json`.
  public static var all: [Transaction] { authorized + posted }

  private typealias Row = (date: String, description: String, amount: String, debitCredit: DebitCredit)

  private static let authorizedRows: [Row] = [
    ("2016-04-01", "Starbucks", "3.11", .debit),
    ("2016-04-01", "Firkin", "15.34", .debit),
    ("2016-04-02", "Starbucks", "5.22", .debit),
    ("2016-04-05", "Starbucks", "3.11", .debit),
    ("2016-04-07", "Starbucks", "4.32", .debit),
    ("2016-04-07", "TTC", "28.00", .debit),
    ("2016-04-09", "Starbucks", "15.20", .debit),
    ("2016-04-10", "Starbucks", "3.11", .debit),
    ("2016-04-11", "Starbucks", "3.11", .debit),
    ("2016-04-11", "Pizza Pizza", "33.22", .debit),
    ("2016-04-12", "Starbucks", "5.22", .debit),
    ("2016-04-12", "PetroGaz Ottawa", "80.98", .debit),
    ("2016-04-15", "Starbucks", "3.11", .debit),
    ("2016-04-17", "Starbucks", "4.32", .debit),
    ("2016-04-17", "LCBO", "400.55", .debit),
    ("2016-04-19", "Starbucks", "15.20", .debit),
    ("2016-04-20", "Starbucks", "3.11", .debit),
    ("2016-04-20", "Mr Greek", "13.25", .debit),
    ("2016-04-20", "Payment", "400.00", .credit),
    ("2016-04-21", "Starbucks", "3.11", .debit),
    ("2016-04-22", "Starbucks", "5.22", .debit),
    ("2016-04-25", "Starbucks", "3.11", .debit),
    ("2016-04-25", "Burrito Boyz", "23.49", .debit),
    ("2016-04-27", "Starbucks", "4.32", .debit),
    ("2016-04-27", "Georges Jazz Bar", "56.49", .debit),
    ("2016-04-29", "Starbucks", "15.20", .debit),
    ("2016-04-30", "Starbucks", "3.11", .debit),
    ("2016-04-30", "Mark's Work Wearhouse", "206.66", .debit),
  ]

  private static let postedRows: [Row] = [
    ("2016-05-01", "Starbucks", "3.11", .debit),
    ("2016-05-02", "Starbucks", "5.22", .debit),
    ("2016-05-02", "Shell Steeles West", "44.62", .debit),
    ("2016-05-05", "Starbucks", "3.11", .debit),
    ("2016-05-05", "The Rex", "53.41", .debit),
    ("2016-05-07", "Starbucks", "4.32", .debit),
    ("2016-05-09", "LCBO", "45.20", .debit),
    ("2016-05-09", "Starbucks", "15.20", .debit),
    ("2016-05-09", "Royal Ontario Museum", "115.60", .debit),
    ("2016-05-10", "Starbucks", "3.11", .debit),
    ("2016-05-11", "Starbucks", "6.21", .debit),
    ("2016-05-11", "Domino's Pizza", "33.22", .debit),
    ("2016-05-12", "Starbucks", "5.22", .debit),
    ("2016-05-12", "PetroGaz Toronto", "80.98", .debit),
    ("2016-05-15", "Starbucks", "3.11", .debit),
    ("2016-05-17", "Tim Horton's", "4.32", .debit),
    ("2016-05-17", "LCBO", "400.55", .debit),
    ("2016-05-19", "Starbucks", "15.20", .debit),
    ("2016-05-20", "Tim Hortons", "3.11", .debit),
    ("2016-05-20", "Mr Greek", "13.25", .debit),
    ("2016-05-20", "Payment", "400.00", .credit),
    ("2016-05-21", "Starbucks", "3.11", .debit),
    ("2016-05-22", "Starbucks", "5.22", .debit),
    ("2016-05-25", "Starbucks", "3.11", .debit),
    ("2016-05-25", "Burrito Boyz", "23.49", .debit),
    ("2016-05-27", "Starbucks", "4.32", .debit),
    ("2016-05-27", "Georges Jazz Bar", "56.49", .debit),
    ("2016-05-29", "Starbucks", "15.20", .debit),
    ("2016-05-30", "Starbucks", "3.11", .debit),
    ("2016-05-30", "Mark's Work Wearhouse", "206.66", .debit),
  ]

  /// Builds transactions from rows of literal text.
  ///
  /// The literals are fixed and tested against the fixture files, so none fails to parse; if
  /// one ever did, debug builds stop at the assertion and release builds leave it out (never
  /// crashing), and the fixture test fails on the missing record.
  private static func transactions(_ group: TransactionGroup, _ rows: [Row]) -> [Transaction] {
    var result: [Transaction] = []
    result.reserveCapacity(rows.count)
    for row in rows {
      do {
        let date = try CalendarDate(iso8601: row.date)
        let amount = try Money(parsingUnsignedDecimal: row.amount)
        result.append(
          Transaction(
            group: group, date: date, description: row.description, amount: amount,
            debitCredit: row.debitCredit))
      } catch {
        assertionFailure("demo row \(row) does not parse: \(error)")
      }
    }
    return result
  }
}
