/// Where a loaded report keeps its rows, for ``ReportViewStateCollector`` and the data source it
/// loads: in memory as they are (``RowList``, what an app gets), or in a few bytes each, block by
/// block, out of memory when the report is very large (what the terminal's table view hands in:
/// RowStorage).
///
/// A report appends its rows one by one and reads them back by index; a search reads the
/// descriptions of its detail rows a chunk of rows at a time.
package protocol ReportRows: Sendable {
  /// How many rows there are.
  var count: Int { get }
  /// The rows that start a section: the first row, each header and the grand footer, in order.
  var sectionStarts: [Int] { get }
  /// The rows that start a date block (subheaders), in order.
  var dateStarts: [Int] { get }

  /// Keeps a row after the others.
  mutating func append(_ row: ReportRow)

  /// The row at an index, from 0.
  func row(at index: Int) -> ReportRow?

  /// The rows of the report that ended: what it holds, read from now on.
  func finished() -> Self

  /// Where the next report's rows go: no rows, kept the same way (in the same spool).
  func emptied() -> Self

  /// The chunk of rows a search reads at once that holds a row: a few thousand rows, read
  /// together (a block of the compact rows).
  func chunk(containing index: Int) -> Range<Int>

  /// Calls `body` with each detail row among `rows` and its description's bytes, in order.
  func forEachDetail(in rows: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void)
}

/// A loaded report's rows in memory, as they are: what a client's collector keeps.
package struct RowList: ReportRows {
  private var rows: [ReportRow] = []
  package private(set) var sectionStarts: [Int] = []
  package private(set) var dateStarts: [Int] = []
  /// How many rows a search reads at once.
  private static let chunkSize = 1 << 16

  /// No rows yet.
  package init() {}

  package var count: Int { rows.count }

  package mutating func append(_ row: ReportRow) {
    switch row {
    case .header, .grandFooter: sectionStarts.append(rows.count)
    case .subheader: dateStarts.append(rows.count)
    default: if rows.isEmpty { sectionStarts.append(0) }
    }
    rows.append(row)
  }

  package func row(at index: Int) -> ReportRow? { rows.indices.contains(index) ? rows[index] : nil }
  package func finished() -> RowList { self }
  package func emptied() -> RowList { RowList() }

  package func chunk(containing index: Int) -> Range<Int> {
    let start = index / Self.chunkSize * Self.chunkSize
    return start..<min(rows.count, start + Self.chunkSize)
  }

  package func forEachDetail(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    for index in range.clamped(to: rows.indices) {
      if case .detail(let description, _, _) = rows[index] { description.withUTF8 { body(index, $0) } }
    }
  }
}
