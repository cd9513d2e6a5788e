import Entities
import UseCases

/// Transactions held in memory: the built-in demo data, or a fixed list in a test.
///
/// Its records carry no origin (there is no text to point into), and every ``open()`` starts
/// again from the first transaction.
public struct InMemoryTransactionSource: TransactionSource, Sendable {
  private enum Content {
    case available([Transaction])
    case unavailable(reason: UnavailableReason)
  }

  /// How messages name this source, such as `demo data`.
  public let name: String
  private let content: Content

  /// Creates a source that yields the given transactions, in order.
  ///
  /// - Parameters:
  ///   - name: How messages name this source.
  ///   - transactions: The transactions, in the order the stream yields them.
  public init(name: String, transactions: [Transaction]) {
    self.name = name
    self.content = .available(transactions)
  }

  private init(name: String, unavailableReason: UnavailableReason) {
    self.name = name
    self.content = .unavailable(reason: unavailableReason)
  }

  /// Creates a source that cannot be read, as a server that is down would be.
  ///
  /// - Parameters:
  ///   - name: How messages name this source.
  ///   - reason: Why it cannot be read; ``open()`` returns it.
  /// - Returns: A source whose ``open()`` is always `SourceOpening.unavailable(reason:)`.
  public static func unavailable(name: String, reason: UnavailableReason) -> InMemoryTransactionSource {
    InMemoryTransactionSource(name: name, unavailableReason: reason)
  }

  /// Starts reading the transactions from the first.
  ///
  /// - Returns: A stream of `.transaction(t, nil)` for each transaction, or the reason given to
  ///   ``unavailable(name:reason:)``.
  public func open() async -> SourceOpening {
    switch content {
    case .available(let transactions):
      .available(InMemoryTransactionStream(transactions: transactions))
    case .unavailable(let reason):
      .unavailable(reason: reason)
    }
  }
}

/// The stream of an ``InMemoryTransactionSource``: its transactions, one at a time.
private struct InMemoryTransactionStream: TransactionStream {
  let transactions: [Transaction]
  var index = 0

  mutating func next() -> SourceRecord? {
    guard index < transactions.count else { return nil }
    defer { index += 1 }
    return .transaction(transactions[index], nil)
  }
}
