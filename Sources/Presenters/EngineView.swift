import Entities
import UseCases

/// A view of the package's own that the engine's fast paths reach through the presenter: a
/// *draft* (rows shown while the input is still being checked, taken back if it proves invalid;
/// decision 0030) and detail rows given as their description's bytes and their amount
/// (decision 0045): a description lent as bytes is passed on as it is, one held as a `String`
/// as that string's UTF-8, so no ``ReportRow`` is made and no amount written for such a view.
///
/// The command line's view implements it: it holds the report back until its end, so it can
/// forget a draft, and it renders a description's bytes without making a `String`. The table
/// view's collector keeps the bytes and the number (decision 0051). Any other view implements
/// the public port only, and is shown checked rows with `String`s. The presenter finds out
/// once, when it is made.
package protocol EngineView: TransactionReportPresenterOutput {
  /// Whether this view takes a draft. A view that says `true` must be able to forget every
  /// call since ``TransactionReportPresenterOutput/showReportStart()``.
  var acceptsDraft: Bool { get }
  /// Takes back every call since ``TransactionReportPresenterOutput/showReportStart()``: the
  /// draft was not the report. Then comes `showReportStart()` again, or a rejection.
  func discardDraft()
  /// The next row of the report, a detail row whose description is lent as its UTF-8 bytes for
  /// the call only: the row `.detail(description:amount:odd:)` that
  /// ``TransactionReportPresenterOutput/showRow(_:)`` would be given.
  ///
  /// - Parameters:
  ///   - descriptionUTF8: The description's bytes: valid UTF-8, lent for the call only.
  ///   - amount: The signed amount, which the row shows as ``ReportText/amount(_:)`` writes it.
  ///   - odd: Whether the row's band is odd.
  func showDetail(descriptionUTF8: UnsafeBufferPointer<UInt8>, amount: Money, odd: Bool)
}
