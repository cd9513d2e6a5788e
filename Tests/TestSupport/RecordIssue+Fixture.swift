import Presenters
import UseCases

extension RecordIssue {
  /// A gateway-style issue for a bad date on one line of a source, as a stream yields it: a
  /// problem stated in words (`not a real calendar date`), as a source of a test's own states it.
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
      problem: .source(AnySourceProblem(StatedProblem("not a real calendar date"))),
      value: value
    )
  }

  /// The problem in the words `txreport` prints, such as `not a real calendar date`: what a
  /// test of a gateway compares, as a person reads it.
  public var problemText: String { EnglishReportWording().problem(problem) }

  /// The hint in the words `txreport` prints, or `nil` when there is none.
  public var hintText: String? { EnglishReportWording().hint(for: problem) }
}
