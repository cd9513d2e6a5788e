import Entities

/// The title a report shows above its rows: a title, and the period it covers when it has one.
///
/// The Markdown and HTML documents always have a title (the wording's ``ReportWording/reportTitle``
/// unless one is given); the text report shows one only when a title or a period is given, so
/// that its default output stays as it has always been. With both, the heading reads
/// `TITLE, PERIOD`: `Transaction Report, March 2024`, `Acme Visa, Mar 01, 2024 – Mar 15, 2024`,
/// in the words of the renderer's ``ReportStyle``.
///
/// The title is text from the user, kept as given: each renderer escapes it as it escapes a
/// description.
public struct ReportHeading: Hashable, Sendable {
  /// The title given, or `nil` for the wording's.
  public var title: String?
  /// The period the report covers, or `nil` for a report of every day.
  public var period: ReportPeriod?

  /// Creates a heading.
  ///
  /// - Parameters:
  ///   - title: The title, as given (not escaped), or `nil` for the wording's.
  ///   - period: The period the report covers, or `nil` for every day.
  public init(title: String? = nil, period: ReportPeriod? = nil) {
    self.title = title
    self.period = period
  }

  /// Whether neither a title nor a period was given: the text report then shows no title line.
  public var isDefault: Bool { title == nil && period == nil }

  /// The heading as one line, not escaped: `TITLE, PERIOD`, or the title alone.
  ///
  /// - Parameter wording: The words of the default title and of the period.
  /// - Returns: The line.
  public func text(in wording: any ReportWording) -> String {
    let title = title ?? wording.reportTitle
    guard let period else { return title }
    return title + ", " + wording.period(period)
  }
}
