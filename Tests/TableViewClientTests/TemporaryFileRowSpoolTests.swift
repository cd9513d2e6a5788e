import Entities
import Foundation
import Presenters
import RowStorage
import Testing

@testable import TableViewClient

/// The table view's spool: blocks read back as written, none left in the folder, a fresh start.
@Suite struct TemporaryFileRowSpoolTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func blocksComeBackAsTheyWereKeptAndNoFileIsLeftInTheFolder() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spool = try #require(TemporaryFileRowSpool(folder: folder.path))
    let first = [UInt8](repeating: 7, count: 1 << 20)
    let second = Array("Tim Hortons".utf8)

    #expect(spool.keep(first))
    #expect(spool.keep(second))

    #expect(spool.block(0) == first)
    #expect(spool.block(1) == second)
    #expect(spool.block(2) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "removed once made")
  }

  @Test func removingAllStartsAgainFromTheFirstBlock() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spool = try #require(TemporaryFileRowSpool(folder: folder.path))
    #expect(spool.keep(Array("old".utf8)))

    spool.removeAll()

    #expect(spool.block(0) == nil)
    #expect(spool.keep(Array("new".utf8)))
    #expect(spool.block(0) == Array("new".utf8))
  }

  @Test func aFolderThatCannotHoldTheFileGivesNoSpool() {
    #expect(TemporaryFileRowSpool(folder: "/nonexistent-folder-for-a-spool") == nil)
  }

  @Test func aCollectorWithASpoolLoadsTheSameSectionsAsOneWithout() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spooled = ReportViewStateCollector(
      rows: CompactRows(spool: TemporaryFileRowSpool(folder: folder.path)))
    let held = ReportViewStateCollector()
    var rows: [ReportRow] = [
      .header(title: "Posted Transactions"), .subheader(title: "Apr 01, 2016", odd: true),
    ]
    for index in 0..<40_000 {
      rows.append(
        .detail(description: DescriptionText("Starbucks #\(index) Toronto"), amount: "3.11", odd: true))
    }
    rows += [
      .subfooter(odd: true), .footer(total: "124,400.00", odd: false), .grandFooter(total: "124,400.00"),
    ]
    for collector in [spooled, held] {
      collector.showReportStart()
      for row in rows { collector.showRow(row) }
      collector.showReportEnd()
    }

    guard case .loaded(let fromSpool) = spooled.state, case .loaded(let fromMemory) = held.state else {
      Issue.record("not loaded")
      return
    }
    #expect(fromSpool == fromMemory)
    #expect(fromSpool.rows == rows)
  }
}
