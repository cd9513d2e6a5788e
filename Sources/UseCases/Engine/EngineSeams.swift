import Entities

// The engine's seams: what its fast paths ask of the ports' implementations, at the `package`
// level, beyond the public ports. A client's source, presenter or view implements the public
// protocols only, and gets the plain path; the package's own file streams, presenter and
// command-line view implement these too, and the engine finds them at run time (one dynamic
// cast a report). Each is measured in Architecture/performance.md.

/// A stream of the package's own that lends its records where it keeps them, a batch at a time,
/// and can lend each transaction's description as the UTF-8 bytes it was read from instead of a
/// `String` of its own (decisions 0036 and 0043).
///
/// Moving each record out of a batch read ahead, and making a `String` for each description,
/// were a large part of reading a big file; a lending stream does neither. A reading that holds
/// transactions in memory asks for bytes (``lendDescriptionsAsBytes()``); the records read
/// after that come with their descriptions' bytes, lent where the stream keeps them, and a
/// transaction whose bytes are lent has an empty `description`: the bytes are its description.
package protocol RecordLending: AnyObject, TransactionStream {
  /// Lends the next records, each to `body` in turn: as many as the stream has at hand (a
  /// batch read ahead, or one record), at least one: the records ``TransactionStream/next()``
  /// would give, in the same order. The records stay the stream's, which frees them where they
  /// were made.
  ///
  /// - Parameter body: What to do with each record, in order.
  /// - Returns: `false` once the source is exhausted, without calling `body`.
  func nextRecords(_ body: (borrowing SourceRecord) -> Void) -> Bool

  /// Asks for the descriptions of the records read from now on as bytes. Records the stream
  /// has already read (such as those it reads ahead) keep theirs as strings.
  func lendDescriptionsAsBytes()

  /// Lends the next records where they lie, as ``nextRecords(_:)`` does, each with its
  /// description's bytes when they are lent: then the record's transaction has an empty
  /// description, and the bytes are valid UTF-8. `nil` for a record whose description is the
  /// transaction's own (and for records that are not transactions).
  ///
  /// - Parameter body: What to do with each record and its description's bytes, which are
  ///   valid only during the call.
  /// - Returns: Whether any record was lent; `false` at the end.
  func nextRecordsAndDescriptionBytes(
    _ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void
  )
    -> Bool
}

/// An output of the package's own that the engine can show a report to faster than the port
/// allows: a *draft* and descriptions lent as bytes.
///
/// An output that can take back what it was shown (``acceptsDraft``) lets the engine read each
/// source once instead of twice: the rows are presented while the records are still being
/// checked, as a draft, and ``discardDraft()`` takes them back if the input proves invalid
/// (decision 0030). A transaction the engine holds in memory (a source out of report order) is
/// presented with its description lent as its UTF-8 bytes, not made a `String` (decision 0045).
/// `TransactionReportPresenter` implements it, for a view that can (the command line's).
package protocol EngineOutput: TransactionReportUseCaseOutput {
  /// Whether this output takes a draft: rows presented while the input is still being
  /// checked, which ``discardDraft()`` may take back. An output that says `true` must be able
  /// to forget every call since ``TransactionReportUseCaseOutput/presentReportStart()``.
  var acceptsDraft: Bool { get }
  /// Takes back every call since ``TransactionReportUseCaseOutput/presentReportStart()``: the
  /// draft was not the report. Then comes `presentReportStart()` again, or a rejection.
  func discardDraft()
  /// One transaction whose description is lent as its UTF-8 bytes, for the call only: the
  /// same as ``TransactionReportUseCaseOutput/presentDetail(description:amount:)``.
  ///
  /// - Parameters:
  ///   - descriptionUTF8: The transaction's description as valid UTF-8, lent for the call only.
  ///   - amount: The signed amount.
  func presentDetail(descriptionUTF8: UnsafeBufferPointer<UInt8>, amount: Money)
}

extension SourceRecord {
  /// The record with the description lent apart from it as bytes
  /// (``RecordLending``) made its transaction's description again: the record a
  /// stream that makes strings gives. `nil` when the record cannot take them: it is not a
  /// transaction, its own description is not empty, or the bytes are not UTF-8. How the
  /// package's tests and fuzzers check what a lending stream gave.
  ///
  /// - Parameter bytes: The description's bytes, as a stream lent them with the record.
  /// - Returns: The record, or `nil`.
  package func withDescription(lentAs bytes: UnsafeBufferPointer<UInt8>) -> SourceRecord? {
    guard case .transaction(var transaction, let origin) = self, transaction.description.isEmpty,
      let description = String(validating: bytes, as: UTF8.self)
    else { return nil }
    transaction.description = description
    return .transaction(transaction, origin)
  }
}
