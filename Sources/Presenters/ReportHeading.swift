import Entities

/// The title a report shows above its rows: a title, and the period it covers when it has one.
///
/// The Markdown and HTML documents always have a title (the wording's `reportTitle`,
/// `Transaction Report` in English, unless one is given); the text report shows one only when a title or a period is given, so that its
/// default output stays as it has always been. With both, the heading reads
/// `TITLE, PERIOD`: `Transaction Report, March 2024`, `Acme Visa, Mar 01, 2024 – Mar 15, 2024`.
///
/// The title is text from the user, kept as given: each renderer escapes it as it escapes a
/// description. The period is worded by a ``ReportWording``, as every other text of the report.
public struct ReportHeading: Hashable, Sendable {
  /// The title when none is given: the wording's (``ReportWording/reportTitle``). A renderer
  /// given a wording of its own puts that wording's title here.
  public var defaultTitle: String

  /// The title given, or `nil` for ``defaultTitle``.
  public var title: String?
  /// The period, worded (`March 2024`), or `nil` for a report of every day.
  public var period: String?

  /// Creates a heading.
  ///
  /// - Parameters:
  ///   - title: The title, as given (not escaped), or `nil` for ``defaultTitle``.
  ///   - period: The period the report covers, or `nil` for every day.
  ///   - wording: The words of the period; English unless given.
  public init(
    title: String? = nil, period: ReportPeriod? = nil, wording: any ReportWording = EnglishReportWording()
  ) {
    self.title = title
    self.period = period.map(wording.period)
    self.defaultTitle = wording.reportTitle
  }

  /// Whether neither a title nor a period was given: the text report then shows no title line.
  public var isDefault: Bool { title == nil && period == nil }

  /// The heading as one line, not escaped: `TITLE, PERIOD`, or the title alone.
  public var text: String {
    let title = title ?? defaultTitle
    guard let period else { return title }
    return title + ", " + period
  }
}
