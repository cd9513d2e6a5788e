import ByteWords
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
    render(transaction, appendingTo: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends one transaction's line, as UTF-8: the bytes of ``render(_:)``.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - bytes: The buffer the line is appended to.
  package func render(_ transaction: ListedTransaction, appendingTo bytes: inout [UInt8]) {
    transaction.description.withUTF8 { description in
      transaction.date.text.withUTF8InPlace { date in
        transaction.amount.text.withUTF8InPlace { amount in
          transaction.group.text.withUTF8InPlace { group in
            append(date: date, group: group, description: description, amount: amount, to: &bytes)
          }
        }
      }
    }
  }

  /// Appends one transaction's line from its four values' bytes, in one piece of room made for
  /// the longest it could be (``Swift/Array/append(atMost:writing:)``): the description escaped
  /// as it is copied (``ByteWriter/writeJSONEscaped(_:)``), so that no byte is looked at twice;
  /// the date, the group and the amount copied as they are, plain by their type
  /// (`ListedTransaction.PlainText`: the presenter's formatting, nothing to escape).
  private func append(
    date: UnsafeBufferPointer<UInt8>, group: UnsafeBufferPointer<UInt8>,
    description: UnsafeBufferPointer<UInt8>, amount: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
  ) {
    let count =
      LineParts.date.utf8CodeUnitCount + LineParts.group.utf8CodeUnitCount
      + LineParts.description.utf8CodeUnitCount + LineParts.amount.utf8CodeUnitCount
      + LineParts.end.utf8CodeUnitCount
      + ByteWriter.mostJSONEscapedCount(date.count &+ group.count &+ description.count &+ amount.count)
    // Each part a constant where it is written (not a member of a tuple), so that it is copied
    // as the few words its known length takes rather than by a call.
    bytes.append(atMost: count) { line in
      line.write(LineParts.date)
      line.write(date)
      line.write(LineParts.group)
      line.write(group)
      line.write(LineParts.description)
      line.writeJSONEscaped(description)
      line.write(LineParts.amount)
      line.write(amount)
      line.write(LineParts.end)
    }
  }

  /// The fixed parts of a line, each before the value it names, and the line's end.
  private enum LineParts {
    static let date: StaticString = "{\"date\":\""
    static let group: StaticString = "\",\"group\":\""
    static let description: StaticString = "\",\"description\":\""
    static let amount: StaticString = "\",\"amount\":\""
    static let end: StaticString = "\"}\n"
  }
}
