import Entities
import UseCases

extension DateBlock {
  /// The end of the block of a date written as `YYYY-MM-DD`, as the transformer gives it.
  ///
  /// - Parameter date: The date, such as `2016-04-01`.
  /// - Returns: The block.
  /// - Throws: ``FixtureError`` when the date is not a real date in that form.
  public static func fixture(_ date: String) throws -> DateBlock {
    DateBlock(date: try .fixture(date))
  }
}
