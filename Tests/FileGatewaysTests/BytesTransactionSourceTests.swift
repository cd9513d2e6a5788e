import Entities
import FileGateways
import Foundation
import InMemoryGateways
import TestSupport
import Testing
import UseCases

@Suite struct BytesTransactionSourceTests {
  @Test(arguments: [RecordFormat.json, .ndjson, .csv, .ofx, .qif])
  func readsTheSameRecordsAsTheFileSourceWithTheSamePositions(format: RecordFormat) async throws {
    let path = fixture(for: format)
    let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }

    let fromMemory = try await readAll(BytesTransactionSource(name: path, bytes: bytes, format: format))
    let fromFile = try await readAll(FileTransactionSource(path: path, format: format))

    #expect(fromMemory == fromFile)
    switch format {
    case .json, .ndjson, .csv:
      #expect(fromMemory.count == 58)
      #expect(fromMemory.map(\.transaction) == DemoTransactions.all)
    case .ofx, .qif:
      #expect(fromMemory.count == (format == .ofx ? 3 : 4))
      #expect(fromMemory.allSatisfy { $0.transaction?.group == .posted })
    }
  }

  @Test func everyOpenStartsFromTheFirstByte() async throws {
    let source = BytesTransactionSource(
      name: "upload", bytes: Array("group,date,description,amount,debit\nA,2016-04-01,x,1,D\n".utf8),
      format: .csv)

    let first = try await readAll(source)
    let second = try await readAll(source)

    #expect(source.name == "upload")
    #expect(source.format == .csv)
    #expect(first.count == 1)
    #expect(first == second)
  }

  @Test(arguments: RecordFormat.allCases)
  func noBytesIsAnAvailableSourceWithNoRecords(format: RecordFormat) async throws {
    #expect(try await readAll(BytesTransactionSource(name: "empty", bytes: [], format: format)).isEmpty)
  }

  @Test func issuesNameTheSource() async throws {
    let json = #"[{"group": "Z", "date": "2016-04-01", "description": "d", "amount": "1", "debit": "D"}]"#
    let records = try await readAll(
      BytesTransactionSource(name: "upload", bytes: Array(json.utf8), format: .json))

    #expect(records.first?.issue?.source == "upload")
    #expect(records.first?.issue?.position == at(1, 12))
  }

  private func fixture(for format: RecordFormat) -> String {
    switch format {
    case .json: FixtureFiles.path("demo_all.json")
    case .ndjson: FixtureFiles.path("formats/demo_all.ndjson")
    case .csv: FixtureFiles.path("formats/demo_all.csv")
    case .ofx: FixtureFiles.path("banks/checking_v2.ofx")
    case .qif: FixtureFiles.path("banks/household.qif")
    }
  }
}
