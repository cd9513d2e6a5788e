import Entities

/// A stream of the package's own that lends its records where it keeps them, and can lend each
/// transaction's description as the UTF-8 bytes it was read from instead of a `String` of its own
/// (decisions 0036 and 0043): moving each record out of a batch read ahead, and making a `String`
/// for each description, were a large part of reading a big file.
///
/// A client's source implements `TransactionSource` only. The composition root knows which
/// sources lend when it makes them, and hands them to the use cases as such
/// (``ReportSource/lending(_:)``): nothing finds it out at run time. Every reading asks for bytes
/// as it opens the stream (``ReportSource/open()`` asks, decision 0057); a transaction read
/// after that whose bytes are lent has an empty `description`: the bytes are its description.
package protocol RecordLending: AnyObject, TransactionStream {
  /// Lends the next records, each to `body` in turn: as many as the stream has at hand (a batch
  /// read ahead, or one record), at least one: the records ``TransactionStream/next()`` would
  /// give, in the same order, each with its description's bytes when they are lent (`nil` for a
  /// record whose description is the transaction's own). The records stay the stream's.
  ///
  /// - Parameter body: What to do with each record and its description's bytes, which stay
  ///   valid until this call returns: a reader may note where they lie, and copy the bytes of
  ///   many records at once before it asks for more (`DetailRun` in TransactionStorage).
  /// - Returns: `false` once the source is exhausted, without calling `body`.
  func nextRecords(_ body: (borrowing SourceRecord, UnsafeBufferPointer<UInt8>?) -> Void) -> Bool

  /// Asks for the descriptions of the records read from now on as bytes. Records the stream has
  /// already read (such as those it reads ahead) keep theirs as strings.
  func lendDescriptionsAsBytes()
}

/// A source of the package's own whose streams lend their records (``RecordLending``).
package protocol LendingSource: TransactionSource {
  /// Opens the source as ``TransactionSource/open()`` does, with a stream that lends.
  ///
  /// - Returns: What opening it gave.
  func openLending() async -> ReadingOpening
}

/// What opening a source gave a reading: a reason it cannot be read, or its records.
package enum ReadingOpening {
  /// The source cannot be reached now (``SourceOpening/unavailable(reason:)``).
  case unavailable(reason: UnavailableReason)
  /// The input is not there (``SourceOpening/missing(reason:)``).
  case missing(reason: UnavailableReason)
  /// The source's records: lent by a stream of the package's own, or one at a time by a
  /// client's (``PlainLending``).
  case available(any RecordLending)

  /// The opening as the public port says it.
  package var opening: SourceOpening {
    switch self {
    case .unavailable(let reason): .unavailable(reason: reason)
    case .missing(let reason): .missing(reason: reason)
    case .available(let stream): .available(stream)
    }
  }

  /// A source's opening, for a reading.
  ///
  /// - Parameter opening: What the public port gave.
  package init(_ opening: SourceOpening) {
    switch opening {
    case .unavailable(let reason): self = .unavailable(reason: reason)
    case .missing(let reason): self = .missing(reason: reason)
    case .available(let stream): self = .available(PlainLending(stream))
    }
  }
}

/// A source as the composition root hands it to a use case: the port, and whether it lends.
package struct ReportSource: Sendable {
  /// The source.
  package let source: any TransactionSource
  /// The same source as one that lends, when it does.
  package let lending: (any LendingSource)?

  /// A source read through the public port only.
  package static func plain(_ source: any TransactionSource) -> ReportSource {
    ReportSource(source: source, lending: nil)
  }

  /// A source of the package's own that lends its records.
  package static func lending(_ source: some LendingSource) -> ReportSource {
    ReportSource(source: source, lending: source)
  }

  /// Opens the source: through ``LendingSource/openLending()`` when it lends, its stream then
  /// asked for descriptions as bytes (``RecordLending/lendDescriptionsAsBytes()``): every
  /// reading takes them, and copies or digests them where they lie (decision 0057).
  package func open() async -> ReadingOpening {
    guard let lending else { return ReadingOpening(await source.open()) }
    let opening = await lending.openLending()
    if case .available(let stream) = opening { stream.lendDescriptionsAsBytes() }
    return opening
  }
}
