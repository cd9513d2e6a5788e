import Entities

/// The port through which a use case reads transactions: a file, a database, an in-memory list.
///
/// The use cases own this protocol and gateways implement it. A source is opened once for each
/// pass a report makes over it, so ``open()`` may be called more than once and must start from
/// the beginning each time.
public protocol TransactionSource {
  /// How messages name this source to a person: a file path, or `demo data`.
  var name: String { get }

  /// Starts reading the source from its first record.
  ///
  /// - Returns: ``SourceOpening/unavailable(reason:)`` when the source cannot be read at all
  ///   (a missing file, a server that is down), or a stream of its records.
  func open() -> SourceOpening
}

/// What opening a ``TransactionSource`` gave: a reason it cannot be read, or its records.
///
/// "Unavailable" and "invalid" are different outcomes. An unavailable source still gets a
/// report, with a message in place of its group; invalid data stops the report.
public enum SourceOpening {
  /// The source cannot be read; `reason` says why, for a person.
  case unavailable(reason: String)
  /// The source can be read; the stream yields its records one at a time.
  case available(any TransactionStream)
}

/// A forward-only stream of the records of one source.
///
/// A use case pulls one record at a time, so a source never has to hold all its records in
/// memory. A bad record does not end the stream: it is yielded as ``SourceRecord/invalid(_:)``
/// and the next call goes on after it, so one run can name every bad record.
public protocol TransactionStream {
  /// Reads the next record.
  ///
  /// - Returns: The next record, valid or not, or `nil` once the source is exhausted.
  mutating func next() -> SourceRecord?
}

/// One record read from a source.
///
/// Records compare by value, so tests and tools can check what a source yields with `==`.
public enum SourceRecord: Hashable, Sendable {
  /// A valid transaction, with where it was read from (`nil` for sources without positions).
  case transaction(Transaction, RecordOrigin?)
  /// A record that could not be turned into a transaction.
  case invalid(RecordIssue)
}
