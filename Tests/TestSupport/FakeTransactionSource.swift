import Entities
import Synchronization
import Testing
import UseCases

/// A transaction source that yields scripted records, for use-case tests.
///
/// Each call to ``open()`` takes the next entry of a script of ``Opening`` values; once the
/// script runs out, the last entry is used again. So a source scripted with one list of records
/// gives the same records on every pass, and one scripted with two lists gives different data on
/// its second opening, as a file rewritten between the passes would. The source counts how often
/// it was opened (``openCount``) and how many records its streams have yielded
/// (``recordsRead``), so tests can check that sorted input is streamed rather than held.
public final class FakeTransactionSource: TransactionSource {
  /// What one opening of the source gives.
  public enum Opening: Sendable {
    /// The source is available and yields these records, valid or not, in order.
    case records([SourceRecord])
    /// The source cannot be read, for this reason.
    case unavailable(reason: UnavailableReason)
    /// The source's input is not there (a file that does not exist), for this reason.
    case missing(reason: UnavailableReason)
    /// The source must not be opened: opening it records a test failure (and then behaves as
    /// unavailable).
    case unimplemented
  }

  /// How messages name this source, as a file path would.
  public let name: String
  private struct Counts {
    var opened = 0
    var recordsRead = 0
  }

  private let counts = Mutex(Counts())
  /// How many times ``open()`` has been called.
  public var openCount: Int { counts.withLock { $0.opened } }
  /// How many records all the streams opened so far have yielded, over every pass.
  public var recordsRead: Int { counts.withLock { $0.recordsRead } }

  private let openings: [Opening]
  private let sourceLocation: SourceLocation

  /// Creates a source that follows a script of openings.
  ///
  /// - Parameters:
  ///   - name: How messages name the source.
  ///   - openings: What each opening gives, in order; the last is repeated. An empty script
  ///     means the source must not be opened at all.
  ///   - sourceLocation: Where a test failure is reported when an ``Opening/unimplemented``
  ///     opening is reached; the caller's location by default.
  public init(
    name: String = "fake.json",
    openings: [Opening],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.name = name
    self.openings = openings.isEmpty ? [.unimplemented] : openings
    self.sourceLocation = sourceLocation
  }

  /// Creates a source that gives the same records on every opening.
  ///
  /// - Parameters:
  ///   - name: How messages name the source.
  ///   - records: The records, valid or not, in order.
  ///   - sourceLocation: Where test failures are reported; the caller's location by default.
  public convenience init(
    name: String = "fake.json",
    records: [SourceRecord],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.init(name: name, openings: [.records(records)], sourceLocation: sourceLocation)
  }

  /// Creates a source that gives the same valid transactions, without origins, on every opening.
  ///
  /// - Parameters:
  ///   - name: How messages name the source.
  ///   - transactions: The transactions, in order.
  ///   - sourceLocation: Where test failures are reported; the caller's location by default.
  public convenience init(
    name: String = "fake.json",
    transactions: [Transaction],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.init(
      name: name, records: transactions.map { .transaction($0, nil) }, sourceLocation: sourceLocation)
  }

  /// A source that cannot be read, however often it is opened.
  ///
  /// - Parameters:
  ///   - name: How messages name the source.
  ///   - reason: Why it cannot be read.
  /// - Returns: The source.
  public static func unavailable(name: String = "fake.json", reason: UnavailableReason)
    -> FakeTransactionSource
  {
    FakeTransactionSource(name: name, openings: [.unavailable(reason: reason)])
  }

  /// A source whose input is missing, however often it is opened.
  ///
  /// - Parameters:
  ///   - name: How messages name the source.
  ///   - reason: Why it cannot be read.
  /// - Returns: The source.
  public static func missing(name: String = "fake.json", reason: UnavailableReason) -> FakeTransactionSource {
    FakeTransactionSource(name: name, openings: [.missing(reason: reason)])
  }

  /// A source that fails the test if it is ever opened.
  ///
  /// - Parameters:
  ///   - name: How messages name the source.
  ///   - sourceLocation: Where the failure is reported; the caller's location by default.
  /// - Returns: The source.
  public static func unimplemented(
    name: String = "fake.json",
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> FakeTransactionSource {
    FakeTransactionSource(name: name, openings: [.unimplemented], sourceLocation: sourceLocation)
  }

  /// Opens the source: the next scripted opening.
  ///
  /// - Returns: The scripted records as a ``FakeTransactionStream``, or the scripted reason the
  ///   source is unavailable.
  public func open() async -> SourceOpening {
    let openCount = counts.withLock { counts in
      counts.opened += 1
      return counts.opened
    }
    let opening = openings[min(openCount - 1, openings.count - 1)]
    switch opening {
    case .records(let records):
      return .available(
        FakeTransactionStream(records: records) { [self] in counts.withLock { $0.recordsRead += 1 } })
    case .unavailable(let reason):
      return .unavailable(reason: reason)
    case .missing(let reason):
      return .missing(reason: reason)
    case .unimplemented:
      Issue.record(
        "\(name) was opened (opening \(openCount)), but must not be", sourceLocation: sourceLocation)
      return .unavailable(reason: "unimplemented")
    }
  }
}
