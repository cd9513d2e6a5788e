import Entities
import FileGateways
import InMemoryGateways
import TestSupport
import Testing
import UseCases

@Suite struct DemoTransactionsTests {
  @Test(arguments: [
    ("demo_authorized.json", DemoTransactions.authorized, 28),
    ("demo_posted.json", DemoTransactions.posted, 30),
    ("demo_all.json", DemoTransactions.all, 58),
  ])
  func equalsTheRecordsOfTheFixtureFile(file: String, demo: [Transaction], count: Int) async throws {
    let records = try await readAll(FileTransactionSource(path: FixtureFiles.path(file)))
    let transactions = records.compactMap(\.transaction)

    try #require(transactions.count == records.count, "every record of \(file) is valid")
    #expect(transactions.count == count)
    #expect(demo.count == count)
    #expect(demo == transactions)
  }

  @Test func allIsTheAuthorizedThenThePosted() {
    #expect(DemoTransactions.all == DemoTransactions.authorized + DemoTransactions.posted)
    #expect(DemoTransactions.authorized.allSatisfy { $0.group == .authorized })
    #expect(DemoTransactions.posted.allSatisfy { $0.group == .posted })
  }

  @Test func totalsAreTheSpecifiedOnes() throws {
    func total(_ transactions: [Transaction]) throws -> Int64 {
      try transactions.reduce(Money.zero) { try $0.adding($1.signedAmount) }.minorUnits
    }

    #expect(try total(DemoTransactions.authorized) == 560_19)
    #expect(try total(DemoTransactions.posted) == 778_78)
    #expect(try total(DemoTransactions.all) == 1338_97)
  }

  @Test func theSourcesNameIsDemoData() {
    #expect(DemoTransactions.name == "demo data")
  }
}
