import Entities
import Synchronization
import UseCases

/// One transaction of the report as a transaction list shows it: every value display-ready
/// text, as a ``ReportRow``'s are, and nothing lost that a script needs (the group and the
/// date, which a report's rows keep only in their headers and subheaders).
package struct ListedTransaction: Hashable, Sendable {
  /// The date as `YYYY-MM-DD` (``ReportText/isoDate(_:)``), such as `2016-04-01`.
  package var date: PlainText
  /// The group's one-letter code, as records carry it: `A` (Authorized) or `P` (Posted).
  package var group: PlainText
  /// The description, as the source gave it: text from the data, not escaped; the bytes a
  /// source lent are passed on as they are, with no `String` made for them.
  package var description: DescriptionText
  /// The signed amount as the report shows it (``AmountStyle/plain``): two decimals,
  /// positive for a debit (a purchase), negative for a credit (a payment), never `-0.00`.
  package var amount: PlainText

  /// Creates a listed transaction.
  ///
  /// - Parameters:
  ///   - date: The date as `YYYY-MM-DD`.
  ///   - group: The group's code, `A` or `P`.
  ///   - description: The description, not escaped.
  ///   - amount: The signed amount as the report shows it.
  package init(date: PlainText, group: PlainText, description: DescriptionText, amount: PlainText) {
    self.date = date
    self.group = group
    self.description = description
    self.amount = amount
  }

  /// A value of the presenter's own formatting (a date, a group's code, an amount): printable
  /// ASCII without `"` or `\` (digits, `-`, `.`, a letter), which every format holds as it is.
  /// A renderer copies it without looking for a character to escape; only the description,
  /// text from the data, is escaped.
  package struct PlainText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text.
    package let text: String

    /// The presenter's formatting, plain as it makes it (checked in debug builds, as the
    /// tests run).
    fileprivate init(formatted text: String) {
      assert(Self.isPlain(text), "the presenter's formatting gives plain text")
      self.text = text
    }

    /// A value written as a literal, such as `"2016-04-01"`: it must be plain.
    package init(stringLiteral text: String) {
      precondition(Self.isPlain(text), "a listed transaction's value is plain ASCII")
      self.text = text
    }

    /// The text, or `nil` when it holds anything but printable ASCII other than `"` and `\`.
    package init?(_ text: String) {
      guard Self.isPlain(text) else { return nil }
      self.text = text
    }

    private static func isPlain(_ text: String) -> Bool {
      text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
  }
}

/// The output boundary of ``TransactionListPresenter``: what a view of the transaction list
/// must accept.
///
/// A view is given one ``ListedTransaction`` per transaction of the report, in report order
/// (group, then date, then input order). Everything else about the report (its start and end,
/// an unavailable source, notes, a rejection) goes to the presenter the list presenter
/// forwards to, and so to that presenter's view: often the same object.
package protocol TransactionListOutput: AnyObject, Sendable {
  /// The next transaction of the report.
  func showTransaction(_ transaction: ListedTransaction)
}

/// Turns the use case's `present…` calls into a list of transactions, one
/// ``ListedTransaction`` per detail, for scripts; every call that is not a row goes on to
/// another output, usually a ``TransactionReportPresenter``.
///
/// A report's rows are made for people: the group is a header's title and the date a
/// subheader's `Apr 01, 2016`. This presenter sits where the values still are, at the use
/// case's output port: it keeps the group of the last header and the ISO date of the last
/// subheader, and makes each detail a listed transaction with both. Subfooters, footers, the
/// grand footer and empty-group messages are not transactions and are not shown.
///
/// The report's start and end, an unavailable source, the records outside the period, the
/// sources' notes, a missing or invalid input and a cancelled report are passed to `report`
/// as they come, so its view warns, rejects and ends the run exactly as for any other format.
/// (`report` sees no rows but an unavailable source's message row, which
/// ``TransactionReportPresenter`` shows with the warning.)
///
/// The presenter is `Sendable`: its state, the group and date of the current block, is behind
/// a lock. The calls of one report come in order from one task.
package final class TransactionListPresenter: TransactionReportUseCaseOutput {
  private let output: any TransactionListOutput
  private let report: any TransactionReportUseCaseOutput
  /// The group code of the last header and the date of the last subheader.
  private let block = Mutex((group: "", date: ""))

  /// Creates a presenter.
  ///
  /// - Parameters:
  ///   - output: The view that receives the transactions.
  ///   - report: The output that receives every call that is not a row: the start and end,
  ///     warnings, notes and rejections. Usually a ``TransactionReportPresenter`` whose view
  ///     ends the run.
  package init(output: any TransactionListOutput, report: any TransactionReportUseCaseOutput) {
    self.output = output
    self.report = report
  }

  /// Starts the list: forgets the last block and passes the start on.
  package func presentReportStart() {
    block.withLock { $0 = (group: "", date: "") }
    report.presentReportStart()
  }

  /// Keeps the group's code for the transactions that follow.
  ///
  /// - Parameter scope: The group; `ReportScope.allTransactions` comes only for a one-source
  ///   stream that is unavailable, with no transaction after it.
  package func presentHeader(_ scope: ReportScope) {
    let code = if case .group(let group) = scope { group.code } else { "" }
    block.withLock { $0.group = code }
  }

  /// Keeps the date, as `YYYY-MM-DD`, for the transactions that follow.
  ///
  /// - Parameter date: The date of the block.
  package func presentSubheader(date: CalendarDate) {
    let text = ReportText.isoDate(date)
    block.withLock { $0.date = text }
  }

  /// Shows one transaction, with the group and the date of its block.
  ///
  /// - Parameters:
  ///   - description: The transaction's description, shown as it is.
  ///   - amount: The signed amount: positive for a debit, negative for a credit.
  package func presentDetail(description: consuming DescriptionText, amount: Money) {
    let (group, date) = block.withLock { ($0.group, $0.date) }
    output.showTransaction(
      ListedTransaction(
        date: .init(formatted: date), group: .init(formatted: group), description: description,
        amount: .init(formatted: AmountStyle.plain.text(amount))))
  }

  /// Nothing: the end of a date block is not a transaction.
  package func presentSubfooter(_ block: DateBlock) {}

  /// Nothing: a group's total is not a transaction (a script sums the amounts it wants).
  package func presentFooter(total: Money) {}

  /// Nothing: the grand total is not a transaction.
  package func presentGrandFooter(total: Money) {}

  /// Passes the unavailable source on: its view warns and makes the run's status say so.
  package func presentSourceUnavailable(_ scope: ReportScope, reason: UnavailableReason) {
    report.presentSourceUnavailable(scope, reason: reason)
  }

  /// Nothing: a group with no transactions has none to list.
  package func presentNoTransactions(group: TransactionGroup) {}

  /// Passes the end on.
  package func presentReportEnd() {
    report.presentReportEnd()
  }

  /// Passes on how many records the period left out.
  package func presentRecordsOutsidePeriod(count: Int, period: ReportPeriod) {
    report.presentRecordsOutsidePeriod(count: count, period: period)
  }

  /// Passes a source's note on.
  package func presentSourceNote(_ note: AnySourceProblem) {
    report.presentSourceNote(note)
  }

  /// Passes the missing inputs on: there is no list.
  package func presentMissingInput(
    _ missing: [MissingInput], issues: [RecordIssue], totalCount: Int, recordCount: Int
  ) {
    report.presentMissingInput(missing, issues: issues, totalCount: totalCount, recordCount: recordCount)
  }

  /// Passes the invalid input on: there is no list.
  package func presentInvalidInput(issues: [RecordIssue], totalCount: Int, recordCount: Int) {
    report.presentInvalidInput(issues: issues, totalCount: totalCount, recordCount: recordCount)
  }

  /// Passes the cancelling on.
  package func presentReportCancelled() {
    report.presentReportCancelled()
  }
}
