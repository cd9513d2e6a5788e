import Entities

/// One row of the report, ready to show: every value is already display text.
///
/// There are exactly seven kinds. `odd` is the banding flag: rows of one date block share it,
/// and it alternates from block to block, so a view can colour the blocks in turn.
public enum ReportRow: Hashable, Sendable {
  /// The start of a group, such as `Authorized Transactions` (or `All`).
  case header(title: String)
  /// The start of a date block; the title is the date, such as `Apr 01, 2016`.
  case subheader(title: String, odd: Bool)
  /// One transaction: its description (a `String`, or bytes a large report shares, as the use
  /// case gave it) and its amount, such as `-400.00`.
  case detail(description: DescriptionText, amount: String, odd: Bool)
  /// The end of a date block: the equal bottom margin of the banded block.
  case subfooter(odd: Bool)
  /// The end of a group, with the group total.
  case footer(total: String, odd: Bool)
  /// The last row: the sum of everything shown.
  case grandFooter(total: String)
  /// A message shown in place of a group or of the whole report.
  case message(String)

  /// The row's kind as the JSON output names it: `header`, `subheader`, `detail`,
  /// `subfooter`, `footer`, `grandfooter` or `message`.
  public var kind: String {
    switch self {
    case .header: "header"
    case .subheader: "subheader"
    case .detail: "detail"
    case .subfooter: "subfooter"
    case .footer: "footer"
    case .grandFooter: "grandfooter"
    case .message: "message"
    }
  }

  /// The banding flag, or `nil` for the rows that carry none (header, grand footer, message).
  public var odd: Bool? {
    switch self {
    case .subheader(_, let odd), .detail(_, _, let odd), .subfooter(let odd), .footer(_, let odd):
      odd
    case .header, .grandFooter, .message:
      nil
    }
  }
}
