import Entities
import TestSupport
import TransactionStorage
import UseCases

typealias Call = UseCaseOutputSpy.Call

/// Small hand-made data for the use-case tests: several dates, several transactions on a date,
/// debits and credits, already in report order, with the calls the report makes from it.
enum SmallReport {
  /// Authorized: three dates, two transactions on the first, a credit on the second.
  static func authorized() throws -> [Transaction] {
    try [
      .fixture(group: .authorized, date: "2016-04-01", description: "Coffee", amount: "3.11"),
      .fixture(group: .authorized, date: "2016-04-01", description: "Books", amount: "15.34"),
      .fixture(group: .authorized, date: "2016-04-02", description: "Refund", amount: "5", debit: .credit),
      .fixture(group: .authorized, date: "2016-04-05", description: "Train", amount: "28.00"),
    ]
  }

  /// Posted: two dates, a payment that cancels a charge on the first.
  static func posted() throws -> [Transaction] {
    try [
      .fixture(group: .posted, date: "2016-03-30", description: "Rent", amount: "400"),
      .fixture(group: .posted, date: "2016-03-30", description: "Payment", amount: "400.00", debit: .credit),
      .fixture(group: .posted, date: "2016-03-31", description: "Lunch", amount: "12.5"),
    ]
  }

  /// The authorized block: header, three banded date blocks, footer 41.45.
  static func authorizedBlock() throws -> [Call] {
    try [
      .header(.group(.authorized)),
      .subheader(.fixture("2016-04-01")),
      .detail("Coffee", .fixture("3.11")),
      .detail("Books", .fixture("15.34")),
      .subfooter(.fixture("2016-04-01")),
      .subheader(.fixture("2016-04-02")),
      .detail("Refund", .fixture("-5.00")),
      .subfooter(.fixture("2016-04-02")),
      .subheader(.fixture("2016-04-05")),
      .detail("Train", .fixture("28.00")),
      .subfooter(.fixture("2016-04-05")),
      .footer(authorizedTotal()),
    ]
  }

  /// The posted block: header, two date blocks, footer 12.50.
  static func postedBlock() throws -> [Call] {
    try [
      .header(.group(.posted)),
      .subheader(.fixture("2016-03-30")),
      .detail("Rent", .fixture("400.00")),
      .detail("Payment", .fixture("-400.00")),
      .subfooter(.fixture("2016-03-30")),
      .subheader(.fixture("2016-03-31")),
      .detail("Lunch", .fixture("12.50")),
      .subfooter(.fixture("2016-03-31")),
      .footer(postedTotal()),
    ]
  }

  static func authorizedTotal() throws -> Money { try .fixture("41.45") }
  static func postedTotal() throws -> Money { try .fixture("12.50") }

  /// The whole report: both blocks and the grand footer 53.95.
  static func report() throws -> [Call] {
    try [.reportStart] + authorizedBlock() + postedBlock() + [.grandFooter(.fixture("53.95")), .reportEnd]
  }
}

/// Runs the two-source use case and returns what it presented: made the plain way, or by the
/// engine.
func runTwoSource(
  engine: Bool = false,
  authorized: FakeTransactionSource,
  posted: FakeTransactionSource,
  issueLimit: Int = 20,
  partial: Bool = false
) async -> UseCaseOutputSpy {
  let spy = UseCaseOutputSpy()
  let useCase = TwoSourceReportUseCase(
    authorized: authorized, posted: posted, output: spy, issueLimit: issueLimit, partial: partial)
  await (engine ? useCase.reading(with: CompactReading(takingBackDrafts: spy.takeBack)) : useCase)
    .eventGenerateReport()
  return spy
}

/// Runs the one-source use case and returns what it presented: made the plain way, or by the
/// engine.
func runOneSource(
  _ source: FakeTransactionSource, issueLimit: Int = 20, partial: Bool = false, engine: Bool = false
) async -> UseCaseOutputSpy {
  let spy = UseCaseOutputSpy()
  let useCase = OneSourceReportUseCase(source: source, output: spy, issueLimit: issueLimit, partial: partial)
  await (engine ? useCase.reading(with: CompactReading(takingBackDrafts: spy.takeBack)) : useCase)
    .eventGenerateReport()
  return spy
}

/// Records with origins on consecutive lines, from line 2 on, as a JSON file with one record a
/// line would have them.
func records(_ transactions: [Transaction], source: String) -> [SourceRecord] {
  transactions.enumerated().map { index, transaction in
    .transaction(transaction, .fixture(source: source, line: index + 2))
  }
}
