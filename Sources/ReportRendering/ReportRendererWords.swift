import Presenters

/// The words the text, Markdown and HTML renderers add when a report is made without one of its
/// sources: the same in each format.
enum ReportRendererWords {
  /// The grand total's label in a report made without one of its sources.
  static let incompleteGrandTotal = "Grand Total of available sources"

  /// The warning under a missing source's message: `Incomplete report: Authorized
  /// Transactions are not available: cannot read 'a.json': …`.
  ///
  /// - Parameter warning: The source that could not be read.
  /// - Returns: The line, not yet escaped.
  static func incomplete(_ warning: SourceWarning) -> String {
    "Incomplete report: " + warning.text
  }
}
