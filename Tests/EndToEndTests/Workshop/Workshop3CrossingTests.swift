import Foundation
import TestSupport
import Testing

/// Exercise 3 of the workshop (`Architecture/workshop/03-crossing-every-layer.md`): the number
/// of transactions of each date block, counted by the use case, carried by the output boundary
/// and the presenter's row, and written by the JSON renderer. Off unless `WORKSHOP=3`.
@Suite(.enabled(if: Workshop.isOn(3), "the workshop's exercise 3: run with WORKSHOP=3"))
struct Workshop3CrossingTests {
  @Test(arguments: [
    ["--authorized", "demo_authorized.json", "--posted", "demo_posted.json"],
    ["--all", "cases/unsorted_all.json"],
  ])
  func everySubfooterCountsItsBlock(_ arguments: [String]) throws {
    let paths = arguments.map { $0.hasPrefix("--") ? $0 : TXReportProcess.fixture($0) }
    let rows = try #require(try WorkshopRows.json(paths))
    var details = 0
    var blocks = 0
    for row in rows {
      switch row["type"] as? String {
      case "subheader": details = 0
      case "detail": details += 1
      case "subfooter":
        blocks += 1
        let count = try #require(
          row["count"] as? Int,
          "a subfooter row has no \"count\" in --format json. Work from the inside out: DateBlock (TransactionReportUseCaseOutput.swift) gains a count, which ReportTransformer counts; TransactionReportPresenter makes ReportRow.subfooter(odd:count:); JSONReportRenderer writes \"count\""
        )
        #expect(
          count == details,
          "subfooter \(blocks) says \(count) transactions, its date block has \(details): does ReportTransformer start its count again at each date?"
        )
      default: break
      }
    }
    #expect(blocks > 0, "the report has no subfooter rows at all")
  }
}
