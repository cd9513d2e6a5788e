import Entities
import UseCases

extension DateBlock {
  /// The block whose calls a test saw: its subheader's date and its details' amounts. What a use
  /// case says of a block must be this (``UseCaseOutputSpy`` checks every one), so a value a block
  /// gains is worked out here too, from what was presented, and every test with a spy checks it.
  ///
  /// - Parameters:
  ///   - date: The date of the block's subheader.
  ///   - amounts: The amounts of its details, in order.
  /// - Returns: The block.
  public static func seen(date: CalendarDate, amounts: [Money]) -> DateBlock {
    DateBlock(date: date)
  }
}
