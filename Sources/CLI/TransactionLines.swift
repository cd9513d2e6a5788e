import Presenters
import ReportRendering

/// What ``CommandLineView`` renders with for `--format transactions`: each transaction as its
/// NDJSON line (``TransactionListRenderer``), and nothing of the report's rows.
///
/// The view of a transaction list is given the report presenter's calls too, for its warnings,
/// rejections and exit status; of rows, it gets only an unavailable source's message, which
/// the list does not show: the warning on standard error and exit status 3 say it, and a line
/// that is not a transaction would break the list's one promise.
package struct TransactionLines: ByteRenderer {
  /// Creates the renderer.
  package init() {}

  private let lines = TransactionListRenderer()

  /// Nothing: the list has no text before its first line.
  package mutating func start() -> String { "" }
  /// Nothing: a row is not a transaction.
  package mutating func render(_ row: ReportRow) -> String { "" }
  /// Nothing: the list has no text after its last line.
  package mutating func finish() -> String { "" }
  /// Nothing: a row is not a transaction.
  package mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8]) {}
  /// The transaction's line.
  package mutating func render(_ transaction: ListedTransaction, appendingTo bytes: inout [UInt8]) {
    lines.render(transaction, appendingTo: &bytes)
  }
}
