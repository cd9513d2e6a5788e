import Entities

/// The transactions of one source as ``ReportTransformer`` reads them: a date block at a time, in
/// report order (by group, then date), the transactions of a date in input order.
///
/// What a source's transactions are read from is where a report's speed and memory are decided,
/// so the transformer states the report once and iterates this: a client's list, sorted
/// (``SortedTransactions``); for the command line, a sorted file read again as it streams, an
/// unsorted one held in compact pages, the one reading of a draft (TransactionStorage). Each
/// leaves out the transactions outside the report's period, and counts them.
///
/// One report reads it, from one task at a time.
package protocol ReportTransactions: AnyObject, Sendable {
  /// Moves to the next date block of `group`.
  ///
  /// - Parameter group: The group being shown; its blocks come after those of the groups
  ///   before it.
  /// - Returns: The block's date, or `nil` when the group has no more blocks.
  /// - Throws: What stops the reading: the task was cancelled, the source changed.
  func nextDate(in group: TransactionGroup) async throws -> CalendarDate?

  /// The next transaction of the current date block: its description and its signed amount.
  ///
  /// - Returns: The transaction, or `nil` at the block's end.
  /// - Throws: What stops the reading.
  func nextDetail() throws -> ReportDetail?

  /// What the source said about what it read (rows it skipped, another encoding): complete once
  /// its last group is read.
  var notes: [AnySourceProblem] { get }

  /// How many of its valid transactions are outside the report's period: complete once its last
  /// group is read.
  var outsidePeriodCount: Int { get }
}

/// One transaction as a report shows it: its description and its signed amount.
package typealias ReportDetail = (description: DescriptionText, amount: Money)
