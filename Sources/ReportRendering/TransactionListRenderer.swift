import Presenters

/// Renders a transaction list (`ListedTransaction` values, from `TransactionListPresenter`)
/// as NDJSON: one JSON object a line, one line per transaction.
///
/// Each object has exactly four keys, always in this order, each value a string:
///
/// ```json
/// {"date":"2016-04-01","group":"A","description":"Starbucks","amount":"3.11"}
/// ```
///
/// `date` is `YYYY-MM-DD`; `group` is `A` or `P`; `amount` is the signed amount as the report
/// shows it (two decimals, a debit positive, a credit negative, never `-0.00`), a string so
/// that it stays exact. The description is escaped as ``JSONReportRenderer`` escapes text:
/// quotes, backslashes and every character that could control a terminal, so a JSON reader
/// gets the description back as the source gave it. A line has no spaces and ends with a line
/// feed; there is nothing before the first line or after the last.
///
/// It is not a ``ReportRenderer``: a report's rows have lost the group and the ISO date, so a
/// transaction list is made from the use case's calls, not from rows.
package struct TransactionListRenderer: Sendable {
  /// Creates a renderer.
  package init() {}

  /// One transaction as its line.
  ///
  /// - Parameter transaction: The transaction.
  /// - Returns: The JSON object, then a line feed.
  package func render(_ transaction: ListedTransaction) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(96 + transaction.description.withUTF8(\.count))
    render(transaction, appendingTo: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one transaction's line, as UTF-8: the bytes of ``render(_:)``.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - bytes: The buffer the line is appended to.
  package func render(_ transaction: ListedTransaction, appendingTo bytes: inout [UInt8]) {
    bytes.append("{\"date\":\"")
    JSONReportRenderer.appendEscaped(transaction.date, to: &bytes)
    bytes.append("\",\"group\":\"")
    JSONReportRenderer.appendEscaped(transaction.group, to: &bytes)
    bytes.append("\",\"description\":\"")
    JSONReportRenderer.appendEscaped(transaction.description, to: &bytes)
    bytes.append("\",\"amount\":\"")
    JSONReportRenderer.appendEscaped(transaction.amount, to: &bytes)
    bytes.append("\"}\n")
  }
}
