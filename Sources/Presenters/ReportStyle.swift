/// How a report speaks to people: its words and how its amounts look, one value given to the
/// presenter (which words the rows and writes their amounts) and to the renderers (which add
/// their labels, their column heads and the heading's title and period).
///
/// ```swift
/// let style = ReportStyle(wording: GermanWording(), amounts: .eur)
/// let presenter = TransactionReportPresenter(output: view, style: style)
/// var page = HTMLReportRenderer(heading: ReportHeading(title: "Visa"), style: style)
/// ```
///
/// A script's output keeps the contract's plain amounts: the command line gives the presenter of
/// a JSON report ``AmountStyle/plain``.
public struct ReportStyle: Sendable {
  /// Every sentence and title of the report.
  public var wording: any ReportWording
  /// How amounts and totals look.
  public var amounts: AmountStyle

  /// A style.
  ///
  /// - Parameters:
  ///   - wording: Every sentence and title of the report.
  ///   - amounts: How amounts and totals look.
  public init(wording: any ReportWording, amounts: AmountStyle) {
    self.wording = wording
    self.amounts = amounts
  }

  /// The contract's: English words, plain amounts. Its ``wording`` is the one home of the
  /// report's English words, which a client's own wording may call for what it keeps.
  public static let english = ReportStyle(wording: EnglishReportWording(), amounts: .plain)
}
