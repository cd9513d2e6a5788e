import UseCases

extension RecordOrigin {
  /// The origin of a record on one line of a source, with its fields at fixed columns.
  ///
  /// The record starts at column 1, the `group` value at column ``groupColumn`` and the
  /// `amount` value at column ``amountColumn``, so tests can predict the position an issue
  /// points at.
  ///
  /// - Parameters:
  ///   - source: The source's name.
  ///   - line: The line the record is on.
  /// - Returns: The origin.
  public static func fixture(source: String = "fake.json", line: Int) -> RecordOrigin {
    RecordOrigin(
      source: source,
      start: TextPosition(line: line, column: 1),
      group: TextPosition(line: line, column: groupColumn),
      amount: TextPosition(line: line, column: amountColumn)
    )
  }

  /// The column of the `group` value in ``fixture(source:line:)`` origins.
  public static let groupColumn = 13

  /// The column of the `amount` value in ``fixture(source:line:)`` origins.
  public static let amountColumn = 71
}
