/// The two sources of a two-source report, given the other way round: every record of the
/// authorized source is posted, and every record of the posted source is authorized.
///
/// Each record would be a group mismatch of its own, and a user would read a screen of them
/// without seeing the one mistake behind them. So one issue that names both sources replaces
/// them all (decision 0025). The guess is made only when it cannot be wrong about the records:
/// both sources hold at least one record, and nothing else (no record of their own group, no
/// invalid record). Otherwise every issue stays as it is.
struct SwappedSources {
  /// The one issue that replaces the others: at the authorized source, with no position.
  let issue: RecordIssue
  /// How many records the issue stands for: every record of both sources.
  let recordCount: Int

  /// Judges the surveys of a report's parts: `nil` unless the parts are an authorized and a
  /// posted source, in that order, that each hold only the other's group.
  ///
  /// - Parameters:
  ///   - parts: The report's parts, in order.
  ///   - surveys: The survey of each part's source, or `nil` when it was unavailable.
  init?(_ parts: [ReportCheck.Part], surveys: [InputSurvey?]) {
    guard parts.count == 2, surveys.count == 2,
      parts[0].groups == [.authorized], parts[1].groups == [.posted],
      let authorized = surveys[0], let posted = surveys[1],
      authorized.holdsOnlyAnotherGroup, posted.holdsOnlyAnotherGroup
    else { return nil }
    recordCount = authorized.otherGroupCount + posted.otherGroupCount
    issue = RecordIssue(
      source: authorized.source, position: nil, field: nil,
      problem: .sourcesSwapped(authorized: authorized.source, posted: posted.source))
  }

  /// The issues of a report that has only this one.
  ///
  /// - Parameter limit: How many issues the report lists in full.
  /// - Returns: A log of the one issue.
  func issues(limit: Int) -> IssueLog {
    var log = IssueLog(limit: limit)
    log.record(issue, recordCount: recordCount)
    return log
  }
}
