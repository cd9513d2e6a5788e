import Presenters
import Testing

/// The sections the terminal's table and its search count in: one starts at every header and at
/// the grand footer, a row found by its place from the section's first.
@Suite struct ReportSectionsTests {
  private let rows: [ReportRow] = [
    .header(title: "Authorized Transactions"),
    .subheader(title: "Apr 01, 2016", odd: true),
    .detail(description: "Starbucks", amount: "3.11", odd: true),
    .subfooter(odd: true),
    .footer(total: "3.11", odd: false),
    .header(title: "Posted Transactions"),
    .message("There are no Posted Transactions in this period"),
    .grandFooter(total: "3.11"),
  ]

  /// The sections of rows, kept in memory.
  private static func sections(_ rows: [ReportRow]) -> ReportSections {
    ReportTableDataSource(rows: rows).sections
  }

  /// Every section's rows.
  private static func grouped(_ sections: ReportSections) -> [[ReportRow]] {
    (0..<sections.numberOfSections).map { section in
      (0..<sections.numberOfRows(inSection: section)).compactMap {
        sections.row(at: ReportIndexPath(section: section, row: $0))
      }
    }
  }

  @Test("A section starts at every header and at the grand footer")
  func sections() {
    let sections = Self.sections(rows)
    #expect(sections.numberOfSections == 3)
    #expect(Self.grouped(sections) == [Array(rows[0..<5]), Array(rows[5..<7]), [rows[7]]])
    #expect(sections.rows == rows)
  }

  @Test("Rows before the first header form a section of their own")
  func leadingRows() {
    let sections = Self.sections([.message("m"), .header(title: "All")])
    #expect(Self.grouped(sections) == [[.message("m")], [.header(title: "All")]])
  }

  @Test("A row of the store and its index path go one to the other")
  func storeRows() {
    let sections = Self.sections(rows)
    for row in 0..<rows.count {
      let path = sections.indexPath(ofStoreRow: row)
      #expect(path.flatMap { sections.storeRow(of: $0) } == row)
    }
    #expect(sections.storeRow(of: ReportIndexPath(section: 0, row: 5)) == nil)
    #expect(sections.storeRow(of: ReportIndexPath(section: 0, row: 5), allowingEnd: true) == 5)
  }

  @Test("No rows, no sections")
  func empty() {
    let sections = Self.sections([])
    #expect(sections.numberOfSections == 0)
    #expect(sections.numberOfRows(inSection: 0) == 0)
    #expect(sections.row(at: ReportIndexPath(section: 0, row: 0)) == nil)
  }

  @Test(
    "Sections have their row counts; a section that does not exist has none",
    arguments: [(0, 5), (1, 2), (2, 1), (3, 0), (-1, 0), (Int.max, 0)])
  func numberOfRows(section: Int, count: Int) {
    #expect(Self.sections(rows).numberOfRows(inSection: section) == count)
  }

  @Test(
    "row(at:) gives the row inside the report and nil outside it",
    arguments: [
      (0, 0, ReportRow.header(title: "Authorized Transactions")),
      (0, 2, .detail(description: "Starbucks", amount: "3.11", odd: true)),
      (0, 4, .footer(total: "3.11", odd: false)),
      (1, 1, .message("There are no Posted Transactions in this period")),
      (2, 0, .grandFooter(total: "3.11")),
      (0, 5, nil),
      (2, 1, nil),
      (3, 0, nil),
      (-1, 0, nil),
      (0, -1, nil),
    ] as [(Int, Int, ReportRow?)])
  func rowAt(section: Int, row: Int, expected: ReportRow?) {
    #expect(Self.sections(rows).row(at: ReportIndexPath(section: section, row: row)) == expected)
  }
}
