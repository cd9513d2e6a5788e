import UseCases

extension RecordIssue {
  /// A gateway-style issue for a bad date on one line of a source, as a stream yields it.
  ///
  /// - Parameters:
  ///   - source: The source's name.
  ///   - line: The line of the bad record.
  ///   - value: The bad date as found.
  /// - Returns: The issue.
  public static func fixture(source: String = "fake.json", line: Int, value: String = "2016-02-30")
    -> RecordIssue
  {
    RecordIssue(
      source: source,
      position: TextPosition(line: line, column: 25),
      field: .date,
      problem: "not a real calendar date",
      value: value,
      hint: "use YYYY-MM-DD with a date that exists"
    )
  }
}
