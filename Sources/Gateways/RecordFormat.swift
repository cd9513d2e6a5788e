/// The syntax of a file of transaction records.
///
/// Every format yields the same five fields (`group`, `date`, `description`, `amount`,
/// `debit`), checked by the same rules; only the syntax differs.
public enum RecordFormat: String, CaseIterable, Sendable {
  /// One JSON array of objects, each object one record:
  /// `[{"group": "A", "date": "2016-04-01", "description": "Starbucks", "amount": "3.11", "debit": "D"}]`.
  ///
  /// The amount may also be a JSON number; keys other than the five are ignored.
  case json
}
