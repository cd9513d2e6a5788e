import FileGateways
import InMemoryGateways
import TestSupport
import Testing
import TransactionSourceTesting
import UseCases

/// The package's own gateways keep the contract a client's source is checked against.
@Suite struct GatewayContractTests {
  @Test func inMemorySourcesKeepThePortContract() async {
    let demo = InMemoryTransactionSource(name: DemoTransactions.name, transactions: DemoTransactions.all)
    #expect(await TransactionSourceContract.violations(of: demo, locatesIssues: false).isEmpty)
    let down = InMemoryTransactionSource.unavailable(name: "service", reason: "down")
    #expect(await TransactionSourceContract.violations(of: down).isEmpty)
  }

  @Test(arguments: RecordFormat.allCases)
  func bytesAndFilesKeepThePortContractWithValidAndInvalidRecords(format: RecordFormat) async throws {
    let text =
      switch format {
      case .json:
        #"[{"group":"A","date":"2016-04-01","description":"x","amount":"1","debit":"D"},{"group":"Q"}]"#
      case .ndjson:
        "{\"group\":\"A\",\"date\":\"2016-04-01\",\"description\":\"x\",\"amount\":\"1\",\"debit\":\"D\"}\n{\"group\":\"Q\"}\n"
      case .csv:
        "group,date,description,amount,debit\nA,2016-04-01,x,1,D\nQ,2016-02-30,y,-1,X\n"
      case .ofx:
        "<OFX><STMTTRN><DTPOSTED>20160401<TRNAMT>-1<NAME>x</STMTTRN><STMTTRN><DTPOSTED>20160230<NAME>y</STMTTRN></OFX>"
      case .qif:
        "!Type:Bank\nD04/13/2016\nT-1\nPx\n^\nD02/30/2016\nPy\n^\n"
      }
    let bytes = BytesTransactionSource(name: "t.\(format.rawValue)", bytes: Array(text.utf8), format: format)
    #expect(await TransactionSourceContract.violations(of: bytes).isEmpty)
    #expect(await LendingContract.firstDifference(in: bytes) == nil)

    let directory = try TemporaryDirectory()
    let path = try directory.file("t.\(format.rawValue)", text: text)
    let file = FileTransactionSource(path: path, format: format)
    let violations = await TransactionSourceContract.violations(of: file)
    #expect(violations.isEmpty, "\(violations)")
    #expect(await LendingContract.firstDifference(in: file) == nil)
    let missing = FileTransactionSource(path: path + ".missing", format: format)
    #expect(await TransactionSourceContract.violations(of: missing).isEmpty)
  }
}
