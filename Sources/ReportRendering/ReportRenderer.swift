import Presenters

/// Turns report rows into the text of one output format.
///
/// A renderer is given the rows one at a time and returns the text for each, so the report
/// streams. A new format is a new renderer: nothing in the inner layers changes.
///
/// The words a renderer adds of its own (`Total`, `Grand Total`, `Incomplete report`) are the
/// format's, in English; everything from the report is in the presenter's wording.
public protocol ReportRenderer: Sendable {
  /// The text before the first row.
  mutating func start() -> String
  /// The text of one row.
  ///
  /// - Parameter row: The row, in report order.
  /// - Returns: The text, ending with a line break where the format has one.
  mutating func render(_ row: ReportRow) -> String
  /// The text that tells a reader of the report that a source is missing from it, right
  /// after that source's message row: a report made without a source must not be mistaken for
  /// a complete one by someone who sees only the output.
  ///
  /// A renderer that shows it also labels the grand total as covering only the sources that
  /// were available. The default shows nothing: the message row alone says it.
  ///
  /// - Parameter warning: The source that could not be read, and why.
  /// - Returns: The text, ending with a line break where the format has one.
  mutating func render(_ warning: SourceWarning) -> String
  /// The text after the last row.
  mutating func finish() -> String
}

extension ReportRenderer {
  /// Nothing: the message row alone says that the source is missing.
  ///
  /// - Parameter warning: The source that could not be read.
  /// - Returns: An empty string.
  public mutating func render(_ warning: SourceWarning) -> String { "" }

  /// The whole document of a finished report, as the stream writes it: the text before the
  /// first row, every row, each warning about a source the report was made without at its place
  /// (right after its group's message row, so the document says it is incomplete,
  /// `Incomplete report:`, and labels its grand total as covering the available sources only,
  /// as the command line's output does), and the text after the last row.
  ///
  /// A client that has a loaded report (a table-view app that exports it, a web handler) uses
  /// this instead of calling ``start()``, ``render(_:)-(ReportRow)`` and ``finish()`` itself:
  /// `renderer.document(dataSource)`. A report of rows of its own making is
  /// `ReportTableDataSource(rows:)`.
  ///
  /// - Parameter report: The finished report, as `ReportViewState.loaded(_:)` holds it.
  /// - Returns: The document, such as a whole HTML page.
  public mutating func document(_ report: ReportTableDataSource) -> String {
    var text = start()
    let warnings = report.placedWarnings
    var next = 0
    for (index, row) in report.rows.enumerated() {
      while next < warnings.count, warnings[next].rowsBefore <= index {
        text += render(warnings[next].warning)
        next += 1
      }
      text += render(row)
    }
    for warning in warnings[next...] { text += render(warning.warning) }
    return text + finish()
  }
}

/// A renderer of the package's own that writes its rows' UTF-8 straight into a buffer, without
/// making a `String` for each: the command line's fast path, handed to its view as what it is. A
/// client's own renderer implements ``ReportRenderer`` only; the command line wraps one
/// (`StringRendering`) and writes the strings it returns.
package protocol ByteRenderer: ReportRenderer {
  /// Appends the text of one row, as UTF-8, to a buffer: what ``ReportRenderer/render(_:)``
  /// returns, without making a `String` of it.
  ///
  /// - Parameters:
  ///   - row: The row, in report order.
  ///   - bytes: The buffer the row's text is appended to.
  mutating func render(_ row: ReportRow, appendingTo bytes: inout [UInt8])
  /// Appends one transaction of a transaction list (`TransactionListPresenter`'s, for
  /// `--format transactions`), as UTF-8. A renderer of rows shows none: the default appends
  /// nothing, as a view of rows is never given a transaction.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - bytes: The buffer its text is appended to.
  mutating func render(_ transaction: ListedTransaction, appendingTo bytes: inout [UInt8])
}

extension ByteRenderer {
  /// Nothing: a renderer of rows shows no transaction list.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - bytes: The buffer, left as it is.
  package mutating func render(_ transaction: ListedTransaction, appendingTo bytes: inout [UInt8]) {}
}
