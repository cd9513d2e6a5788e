import UseCases

/// Checks a transaction source against the promises of the `TransactionSource` port, for the
/// tests of a client's own source (a service, a database, a folder of files).
///
/// A report reads a source more than once and relies on what the port promises. Run this in a
/// test of your source, with data that has a few records (and, in a second test, with invalid
/// data) to check every promise at once:
///
/// ```swift
/// @Test func serviceSourceKeepsThePortContract() async {
///   let source = ServiceTransactionSource(url: testServer.url)
///   let violations = await TransactionSourceContract.violations(of: source)
///   #expect(violations.isEmpty, "\(violations)")
/// }
/// ```
///
/// It opens the source several times, reads each opening to its end, then reads two openings
/// side by side, and reports every promise broken. The descriptions of the violations are
/// diagnostics for a developer reading a failed test, in English; they are not messages for the
/// users of an app.
public enum TransactionSourceContract {
  /// A promise of the `TransactionSource` port that a source broke.
  public enum Violation: Hashable, Sendable, CustomStringConvertible {
    /// One opening was available and another was not; the number is the later opening, from 1.
    case availabilityChanged(opening: Int)
    /// An unavailable opening gave no reason; the number is the opening, from 1.
    case unavailableWithoutReason(opening: Int)
    /// An opening gave a different record than the first opening at the same place.
    case replayDiffers(opening: Int, record: Int)
    /// An opening gave a different number of records than the first.
    case replayCountDiffers(opening: Int, expected: Int, found: Int)
    /// Two openings read side by side disturbed each other: a record differs from the first
    /// opening's.
    case sideBySideReadingsDiffer(record: Int)
    /// The stream did not end within the limit of records the check reads.
    case doesNotEnd(limit: Int)
    /// The stream yielded a record again after it had ended with `nil`.
    case yieldsAfterEnd
    /// An issue names another source than this one's `TransactionSource.name`.
    case issueNamesAnotherSource(record: Int, name: String)
    /// An issue has no position, though the source was expected to locate its issues.
    case issueNotLocated(record: Int)
    /// A valid record's origin names another source than this one's.
    case originNamesAnotherSource(record: Int, name: String)

    /// The violation, for a developer reading a failed test.
    public var description: String {
      switch self {
      case .availabilityChanged(let opening):
        "opening \(opening) was not available as the first was, or the other way round"
      case .unavailableWithoutReason(let opening): "opening \(opening) is unavailable but gives no reason"
      case .replayDiffers(let opening, let record):
        "opening \(opening) gives another record \(record) than the first opening"
      case .replayCountDiffers(let opening, let expected, let found):
        "opening \(opening) gives \(found) records, the first gave \(expected)"
      case .sideBySideReadingsDiffer(let record):
        "two openings read side by side disturb each other at record \(record)"
      case .doesNotEnd(let limit): "the stream gives more than \(limit) records: does it end?"
      case .yieldsAfterEnd: "the stream gives a record after it ended"
      case .issueNamesAnotherSource(let record, let name):
        "record \(record) is an issue of another source, '\(name)'"
      case .issueNotLocated(let record): "record \(record) is an issue without a position"
      case .originNamesAnotherSource(let record, let name):
        "record \(record) says it was read from another source, '\(name)'"
      }
    }
  }

  /// Opens and reads a source as a report would, several times, and lists every promise of the
  /// port it broke.
  ///
  /// - Parameters:
  ///   - source: The source to check.
  ///   - openings: How many times to open it one after the other (at least 2); two more openings
  ///     are then read side by side.
  ///   - locatesIssues: Whether every issue must have a position, as it must for a source that
  ///     reads text (a file, a response body). Pass `false` for a source that has no text to
  ///     point into.
  ///   - recordLimit: How many records to read from one opening before deciding that its stream
  ///     does not end.
  /// - Returns: The violations, in the order found; empty when the source keeps the contract.
  public static func violations(
    of source: some TransactionSource,
    openings: Int = 3,
    locatesIssues: Bool = true,
    recordLimit: Int = 1_000_000
  ) async -> [Violation] {
    var violations: [Violation] = []
    var first: [SourceRecord]?
    let count = max(2, openings)
    for opening in 1...count {
      let opened = await source.open()
      if case .unavailable(let reason) = opened, reason.isEmpty {
        violations.append(.unavailableWithoutReason(opening: opening))
      } else if case .missing(let reason) = opened, reason.isEmpty {
        violations.append(.unavailableWithoutReason(opening: opening))
      }
      let reading = read(opened, limit: recordLimit, violations: &violations)
      if opening == 1 {
        first = reading
        if let reading {
          check(reading, of: source.name, locatesIssues: locatesIssues, violations: &violations)
        }
      } else {
        compare(reading, with: first, opening: opening, violations: &violations)
      }
    }
    if let first {
      await checkSideBySide(source, expecting: first, opening: count + 1, violations: &violations)
    }
    return violations
  }

  /// Reads one opening to its end: its records, or `nil` when it is unavailable.
  private static func read(_ opening: SourceOpening, limit: Int, violations: inout [Violation])
    -> [SourceRecord]?
  {
    guard case .available(var stream) = opening else { return nil }
    var records: [SourceRecord] = []
    while let record = stream.next() {
      guard records.count < limit else {
        violations.append(.doesNotEnd(limit: limit))
        return records
      }
      records.append(record)
    }
    if stream.next() != nil { violations.append(.yieldsAfterEnd) }
    return records
  }

  private static func compare(
    _ reading: [SourceRecord]?, with first: [SourceRecord]?, opening: Int, violations: inout [Violation]
  ) {
    guard let reading, let first else {
      if (reading == nil) != (first == nil) { violations.append(.availabilityChanged(opening: opening)) }
      return
    }
    if let index = zip(first, reading).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      violations.append(.replayDiffers(opening: opening, record: index))
    } else if first.count != reading.count {
      violations.append(.replayCountDiffers(opening: opening, expected: first.count, found: reading.count))
    }
  }

  private static func check(
    _ records: [SourceRecord], of name: String, locatesIssues: Bool, violations: inout [Violation]
  ) {
    for (index, record) in records.enumerated() {
      switch record {
      case .invalid(let issue):
        if issue.source != name {
          violations.append(.issueNamesAnotherSource(record: index, name: issue.source))
        }
        if locatesIssues && issue.position == nil { violations.append(.issueNotLocated(record: index)) }
      case .transaction(_, let origin?) where origin.source != name:
        violations.append(.originNamesAnotherSource(record: index, name: origin.source))
      case .unavailable(let reason) where reason.isEmpty, .missing(let reason) where reason.isEmpty:
        violations.append(.unavailableWithoutReason(opening: 1))
      case .transaction, .unlistedIssues, .unavailable, .missing, .note:
        break
      }
    }
  }

  private static func checkSideBySide(
    _ source: some TransactionSource, expecting records: [SourceRecord], opening: Int,
    violations: inout [Violation]
  ) async {
    guard case .available(var left) = await source.open(), case .available(var right) = await source.open()
    else {
      violations.append(.availabilityChanged(opening: opening))
      return
    }
    for (index, expected) in records.enumerated() where left.next() != expected || right.next() != expected {
      violations.append(.sideBySideReadingsDiffer(record: index))
      return
    }
  }
}
