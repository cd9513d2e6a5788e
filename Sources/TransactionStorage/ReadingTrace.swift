import Entities
import UseCases

/// What the check of a source keeps for a reading that reads it again: whether its valid
/// transactions came in report order, and their digest, which the second reading must match.
package struct ReadingTrace: CheckKeeping {
  private var last: ReportOrder?
  /// Whether every valid transaction so far came in report order.
  private(set) var isInReportOrder = true
  /// The digest of the valid transactions so far, in the order read.
  private(set) var digest = ReadingDigest()

  package init() {}

  package mutating func keep(
    _ transaction: borrowing Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>?
  ) {
    digest.add(transaction, descriptionBytes: descriptionBytes)
    let order = ReportOrder(transaction)
    if let last, order < last { isInReportOrder = false }
    last = order
  }
}
