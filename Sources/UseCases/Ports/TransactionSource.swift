import Entities

/// The port through which a use case reads transactions: a file, a network service, a database,
/// an in-memory list.
///
/// The use cases own this protocol and gateways implement it. Opening may suspend (a network
/// fetch), so ``open()`` is `async`; reading the opened stream is synchronous, because decoding
/// is fast and works on bytes already at hand. A source is `Sendable`: a report opens the two
/// sources of a two-source report at once, from tasks of its own.
///
/// The contract, which `TransactionSourceContract` (in TransactionSourceTesting) checks for a
/// client's own source:
///
/// - ``open()`` may be called more than once (a report reads a source once to check it and once
///   to show it), and every opening replays the same records in the same order, from the first;
/// - a source that is unavailable says why, and one that was available stays so;
/// - every stream ends (yields `nil`), and stays ended;
/// - every issue names this source, and has a position when the source has text to point into.
///
/// A report never relies on the first promise blindly: it keeps a digest of each reading, and a
/// later reading that differs ends the report with an error instead of a wrong total.
public protocol TransactionSource: Sendable {
  /// How messages name this source to a person: a file path, a URL, or `demo data`.
  var name: String { get }

  /// Starts reading the source from its first record.
  ///
  /// It may suspend, for example while a server answers. A source that honours cancellation
  /// returns ``SourceOpening/unavailable(reason:)`` promptly when its task is cancelled.
  ///
  /// - Returns: ``SourceOpening/missing(reason:)`` when the input the user named is not there
  ///   (a file that does not exist or cannot be read), ``SourceOpening/unavailable(reason:)``
  ///   when a service cannot be reached (a server that is down), or a stream of its records.
  func open() async -> SourceOpening

  /// Gets ready to be opened, doing now whatever waits on the world (a download), so that
  /// ``open()`` finds it done. Nothing by default: a file needs no preparing.
  ///
  /// A report calls it for every source at once, in tasks of their own, before any reading
  /// that opens the sources one after the other: so two services that each take a second to
  /// answer keep a report waiting one second, not two. A source whose opening waits on the world
  /// (a fetch) implements it, and keeps what it fetched for every opening; it must not change
  /// what ``open()`` gives, only how soon.
  func prepare() async
}

extension TransactionSource {
  /// Nothing: opening this source waits on nothing worth starting early.
  public func prepare() async {}
}

/// What opening a ``TransactionSource`` gave: a reason it cannot be read, or its records.
///
/// "Missing", "unavailable" and "invalid" are different outcomes. A missing input is a mistake
/// to fix (a mistyped file name), so it stops the report, unless the use case was asked for a
/// partial report. An unavailable service is what the report's message row is for: the report
/// is made, with that message in place of its group. Invalid data stops the report.
///
/// An opening is `Sendable`, so a client may open a source in a task of its own (to race it
/// against a deadline) and hand the opening back. Its stream is not shared by the move: the
/// opening is the stream's one owner, and whoever holds it reads it, on one task at a time, as
/// ``TransactionStream`` asks.
public enum SourceOpening: @unchecked Sendable {
  /// The source is a service that cannot be reached now (a server that is down, a request that
  /// timed out); `reason` says why, as a value a presenter words.
  case unavailable(reason: UnavailableReason)
  /// The input the user named is not there: a file that does not exist or cannot be read, a
  /// folder, closed standard input. `reason` says why, as a value a presenter words.
  case missing(reason: UnavailableReason)
  /// The source can be read; the stream yields its records one at a time.
  case available(any TransactionStream)
}

/// A forward-only stream of the records of one source.
///
/// A use case pulls one record at a time, so a source never has to hold all its records in
/// memory. A stream belongs to the task that opened it, so it need not be `Sendable`. A bad
/// record does not end the stream: it is yielded as ``SourceRecord/invalid(_:)`` and the next
/// call goes on after it, so one run can name every bad record.
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
  /// This many more issues of the record whose issues came just before, which the source
  /// counted but did not keep, since a report lists only the first few; always at least 1.
  ///
  /// A record can hold a million problems (one key written a million times), and keeping each
  /// would take memory in proportion. A source may keep a record's first issues, in input order,
  /// yield them as ``invalid(_:)``, then count the rest with this. The file gateways keep a
  /// record's first 20, as many as a report lists by default.
  case unlistedIssues(count: Int)
  /// The source became unavailable while it was read, for this reason: the stream ends here.
  ///
  /// The input is there, but cannot be read to its end now, for a reason that is not the
  /// data's: a service's response that breaks off, or the copy of standard input that the disk
  /// cannot hold. A report shows the source as unavailable, as if its opening had said so
  /// (``SourceOpening/unavailable(reason:)``); the records read before it are checked as usual,
  /// so an invalid one still stops the report.
  case unavailable(UnavailableReason)
  /// The input the user named could not be read to its end, for this reason: a read error of
  /// a file or of standard input (`EIO`, a disk that fails). The stream ends here.
  ///
  /// A report treats the source as one whose opening found it missing
  /// (``SourceOpening/missing(reason:)``): the input cannot be read, so it is refused unless
  /// the report may be partial. It is not invalid data: nothing in the bytes read is wrong.
  case missing(UnavailableReason)
  /// Something the source says about what it read, which changes no row and no total: rows it
  /// skipped because they are clearly not transactions (a repeated header, a line of totals),
  /// text it read in another encoding than UTF-8. The report shows it beside the rows, as a
  /// note, in the source's words (a ``SourceProblem``: a value with its English words).
  case note(AnySourceProblem)

  /// The transaction, or `nil` for a record that is not one.
  public var transaction: Transaction? {
    guard case .transaction(let transaction, _) = self else { return nil }
    return transaction
  }
}

/// Why a source cannot be read at all: a problem the source describes in its own terms (a
/// file that does not exist, a service that timed out), which Presenters words.
///
/// A gateway gives its own value (``SourceProblem``); a source of a client's own can give its
/// cause as text (a string literal is one), shown as it is.
public struct UnavailableReason: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The problem, as the source defined it.
  public var problem: AnySourceProblem

  /// A reason that is the source's own problem.
  ///
  /// - Parameter problem: The problem.
  public init(_ problem: some SourceProblem) {
    self.problem = AnySourceProblem(problem)
  }

  /// A cause in the source's own words, as a ``StatedProblem``.
  ///
  /// - Parameter value: The cause.
  public init(stringLiteral value: String) {
    self.init(StatedProblem(SourceWords(stringLiteral: value)))
  }

  /// Whether the reason says nothing: its words are empty.
  public var isEmpty: Bool {
    problem.words.parts.allSatisfy { part in
      switch part {
      case .text(let text), .shown(let text), .quoted(let text): text.isEmpty
      }
    }
  }
}
