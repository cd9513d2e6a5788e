import Presenters
import Testing

@Suite struct ReportRowTests {
  @Test(
    "Each kind has its JSON name, and only banded kinds carry a flag",
    arguments: [
      (ReportRow.header(title: "All"), "header", nil),
      (.subheader(title: "Apr 01, 2016", odd: true), "subheader", true),
      (.detail(description: "TTC", amount: "28.00", odd: false), "detail", false),
      (.subfooter(odd: true), "subfooter", true),
      (.footer(total: "560.19", odd: false), "footer", false),
      (.grandFooter(total: "1338.97"), "grandfooter", nil),
      (.message("Transactions are not currently available."), "message", nil),
    ] as [(ReportRow, String, Bool?)])
  func kinds(row: ReportRow, kind: String, odd: Bool?) {
    #expect(row.kind == kind)
    #expect(row.odd == odd)
  }
}
