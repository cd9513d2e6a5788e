import Entities
import Presenters
import Synchronization
import TestSupport
import Testing
import UseCases

/// `TransactionListPresenter`: the use case's calls as a list of transactions, everything else
/// passed on.
@Suite struct TransactionListPresenterTests {
  private typealias Call = UseCaseOutputSpy.Call

  /// A view of the list that keeps the transactions it is shown.
  private final class ListSpy: TransactionListOutput {
    private let shown = Mutex<[ListedTransaction]>([])
    var transactions: [ListedTransaction] { shown.withLock { $0 } }
    func showTransaction(_ transaction: ListedTransaction) { shown.withLock { $0.append(transaction) } }
  }

  @Test(
    "Each detail is one transaction with its block's ISO date and its group's code; rows that are not transactions are not listed"
  )
  func transactionsCarryDateAndGroup() throws {
    let (list, report) = (ListSpy(), UseCaseOutputSpy())
    let presenter = TransactionListPresenter(output: list, report: report)
    let calls: [Call] = [
      .reportStart,
      .header(.group(.authorized)),
      .subheader(try .fixture("2016-04-01")),
      .detail("Starbucks", try .fixture("3.11")),
      .detail("Payment", try .fixture("-400")),
      .subfooter(try .fixture("2016-04-01")),
      .subheader(try .fixture("2016-04-02")),
      .detail("Zero", try .fixture("0")),
      .subfooter(try .fixture("2016-04-02")),
      .footer(try .fixture("-396.89")),
      .header(.group(.posted)),
      .noTransactions(.posted),
      .grandFooter(try .fixture("-396.89")),
      .reportEnd,
    ]
    UseCaseOutputSpy.Call.send(calls, to: presenter)
    #expect(
      list.transactions == [
        ListedTransaction(date: "2016-04-01", group: "A", description: "Starbucks", amount: "3.11"),
        ListedTransaction(date: "2016-04-01", group: "A", description: "Payment", amount: "-400.00"),
        ListedTransaction(date: "2016-04-02", group: "A", description: "Zero", amount: "0.00"),
      ])
    // The report's presenter sees only the start and the end: no row, no total.
    #expect(report.calls == [.reportStart, .reportEnd])
  }

  @Test(
    "Everything that is not a row goes on, as it came: warnings, notes, the period, rejections, cancelling")
  func everythingElseIsPassedOn() throws {
    let (list, report) = (ListSpy(), UseCaseOutputSpy())
    let presenter = TransactionListPresenter(output: list, report: report)
    let unavailable = UnavailableReason.fake(.missingFile(path: "a.json", similarPath: nil))
    let period = try ReportPeriod.month(year: 2016, month: 5)
    let note = AnySourceProblem(StatedProblem("2 rows that are not transactions were skipped"))
    let calls: [Call] = [
      .reportStart,
      .header(.group(.authorized)),
      .sourceUnavailable(.group(.authorized), reason: unavailable),
      .header(.group(.posted)),
      .subheader(try .fixture("2016-05-02")),
      .detail("TTC", try .fixture("28")),
      .subfooter(try .fixture("2016-05-02")),
      .footer(try .fixture("28")),
      .recordsOutsidePeriod(count: 28, period: period),
      .sourceNote(note),
      .grandFooter(try .fixture("28")),
      .reportEnd,
      .invalidInput([.fixture(line: 3)], totalCount: 1, recordCount: 1),
      .missingInput([MissingInput(.allTransactions, reason: unavailable)]),
      .reportCancelled,
    ]
    UseCaseOutputSpy.Call.send(calls, to: presenter)
    #expect(
      report.calls == [
        .reportStart,
        .sourceUnavailable(.group(.authorized), reason: unavailable),
        .recordsOutsidePeriod(count: 28, period: period),
        .sourceNote(note),
        .reportEnd,
        .invalidInput([.fixture(line: 3)], totalCount: 1, recordCount: 1),
        .missingInput([MissingInput(.allTransactions, reason: unavailable)]),
        .reportCancelled,
      ])
    #expect(
      list.transactions == [
        ListedTransaction(date: "2016-05-02", group: "P", description: "TTC", amount: "28.00")
      ])
  }

  @Test("A description is handed on as the data has it: escaping is the renderer's")
  func descriptionIsNotEscaped() throws {
    let list = ListSpy()
    let presenter = TransactionListPresenter(output: list, report: UseCaseOutputSpy())
    presenter.presentHeader(.group(.posted))
    presenter.presentSubheader(date: try .fixture("0999-12-31"))
    presenter.presentDetail(description: "Caf\u{E9} \"Z\"\u{1B}[31m\n", amount: try .fixture("1.5"))
    #expect(
      list.transactions == [
        ListedTransaction(
          date: "0999-12-31", group: "P", description: "Caf\u{E9} \"Z\"\u{1B}[31m\n", amount: "1.50")
      ])
  }
  @Test(
    "The presenter's date, group and amount are plain at the ends of their ranges, so a renderer copies them as they are"
  )
  func valuesArePlainAtTheEnds() throws {
    let list = ListSpy()
    let presenter = TransactionListPresenter(output: list, report: UseCaseOutputSpy())
    let dates = ["0001-01-01", "0999-12-31", "2016-02-29", "9999-12-31"]
    let amounts = [
      Money.maximum, Money.maximum.negated, try .fixture("0"), try .fixture("-0.01"), try .fixture("1000000"),
    ]
    for group in [TransactionGroup.authorized, .posted] {
      presenter.presentHeader(.group(group))
      for date in dates {
        presenter.presentSubheader(date: try .fixture(date))
        for amount in amounts { presenter.presentDetail(description: "x", amount: amount) }
      }
    }
    #expect(list.transactions.count == 2 * dates.count * amounts.count)
    for transaction in list.transactions {
      for value in [transaction.date.text, transaction.group.text, transaction.amount.text] {
        #expect(ListedTransaction.PlainText(value) != nil, "\(value)")
      }
    }
    #expect(list.transactions.last?.amount.text == "1000000.00")
    #expect(list.transactions.first?.date.text == "0001-01-01")
  }
}
