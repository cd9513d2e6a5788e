import Entities
import FileGateways
import InMemoryGateways
import TestSupport
import Testing
import UseCases

@Suite struct InMemoryTransactionSourceTests {
  @Test func yieldsEachTransactionInOrderWithoutAnOrigin() async throws {
    let transactions = [
      try transaction(.posted, "2016-05-02", "B", "2.00", .debit),
      try transaction(.authorized, "2016-04-01", "A", "1.00", .credit),
    ]
    let source = InMemoryTransactionSource(name: "list", transactions: transactions)

    let records = try await readAll(source)

    #expect(source.name == "list")
    #expect(records == transactions.map { .transaction($0, nil) })
  }

  @Test func everyOpenStartsFromTheFirstTransaction() async throws {
    let transactions = [try transaction(.authorized, "2016-04-01", "A", "1.00", .debit)]
    let source = InMemoryTransactionSource(name: "list", transactions: transactions)

    let first = try await readAll(source)
    let second = try await readAll(source)

    #expect(first.count == 1)
    #expect(first == second)
  }

  @Test func anEmptyListIsAnAvailableSourceWithNoRecords() async throws {
    let records = try await readAll(InMemoryTransactionSource(name: "empty", transactions: []))

    #expect(records.isEmpty)
  }

  @Test func anUnavailableSourceGivesItsReasonOnEveryOpen() async {
    let source = InMemoryTransactionSource.unavailable(name: "server", reason: "the server is down")

    #expect(source.name == "server")
    #expect(await unavailableReason(source) == "the server is down")
    #expect(await unavailableReason(source) == "the server is down")
  }
}
