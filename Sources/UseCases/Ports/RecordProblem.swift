import Entities

/// What is wrong with a record, or with the input around it: a value, never a sentence.
///
/// Two kinds of problem reach a report. A source finds problems in its own terms (a date that is
/// not a date, a comma missing in JSON, a CSV header without an amount column): those are the
/// gateway's values, ``source(_:)``, each with its English words. The use cases find the others,
/// by the rules across records: a record of the other group, a total that would overflow, a
/// source that changed between two readings. Presenters word both (`ReportWording`), so an app
/// can show or localize each one its own way. What was found in the input is in
/// ``RecordIssue/value``.
public enum RecordProblem: Hashable, Sendable {
  // MARK: What the source found (a gateway's decoders and validator)

  /// A problem the source found in the record, or in the input around it, in its own terms.
  case source(AnySourceProblem)

  // MARK: Rules across records (the use cases)

  /// In two-source mode, a record of the other group.
  case groupMismatch(expected: TransactionGroup, found: TransactionGroup)
  /// In two-source mode, every record of the authorized source is posted and every record of
  /// the posted source is authorized: the sources, named here, were most likely given the
  /// other way round. This one issue stands for the group mismatch of every record.
  case sourcesSwapped(authorized: String, posted: String)
  /// A total that would not fit in `Money`, from the record whose amount this is on.
  case totalOverflow(ReportTotal, amount: Money)
  /// A source gave other records on a later reading than on the first.
  case sourceChanged
}

/// One of the totals a report shows.
public enum ReportTotal: Hashable, Sendable {
  /// A group's total.
  case group(TransactionGroup)
  /// The grand total.
  case grand
}
