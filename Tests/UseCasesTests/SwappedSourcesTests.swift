import Entities
import TestSupport
import Testing
import UseCases

/// Two sources given the other way round are one issue, not one for each record; anything
/// less certain keeps the issue of every record.
@Suite struct SwappedSourcesTests {
  private static let swapped = RecordIssue(
    source: "a.json", position: nil, field: nil,
    problem: .sourcesSwapped(authorized: "a.json", posted: "p.json"))

  private func source(_ name: String, _ groups: [TransactionGroup], invalid: Bool = false) throws
    -> FakeTransactionSource
  {
    var read = records(try groups.map { try .fixture(group: $0) }, source: name)
    if invalid { read.append(.invalid(.fixture(source: name, line: groups.count + 2))) }
    return FakeTransactionSource(name: name, records: read)
  }

  @Test(
    "Every record of each source is of the other's group: one issue names both sources, and counts every record; no row"
  )
  func swappedSources() async throws {
    let spy = await runTwoSource(
      authorized: try source("a.json", [.posted, .posted, .posted]),
      posted: try source("p.json", [.authorized, .authorized]))

    #expect(spy.calls == [.invalidInput([Self.swapped], totalCount: 1, recordCount: 5)])
  }

  @Test("The issue limit does not hide the one issue, and it is counted once")
  func swappedSourcesWithAnIssueLimit() async throws {
    let spy = await runTwoSource(
      authorized: try source("a.json", Array(repeating: .posted, count: 30)),
      posted: try source("p.json", Array(repeating: .authorized, count: 30)), issueLimit: 20)

    #expect(spy.calls == [.invalidInput([Self.swapped], totalCount: 1, recordCount: 60)])
  }

  @Test(
    "Anything short of two sources that each hold only the other's group keeps every record's issue",
    arguments: [
      ("a posted record is where it belongs", [.posted], [.authorized, .posted], false, 2),
      ("an authorized record is where it belongs", [.posted, .authorized], [.authorized], false, 2),
      ("the posted source is empty", [.posted, .posted], [], false, 2),
      ("the authorized source also holds an invalid record", [.posted], [.authorized], true, 3),
    ] as [(String, [TransactionGroup], [TransactionGroup], Bool, Int)])
  func notSwapped(
    _ name: String, authorized: [TransactionGroup], posted: [TransactionGroup], invalid: Bool, issues: Int
  ) async throws {
    let spy = await runTwoSource(
      authorized: try source("a.json", authorized, invalid: invalid), posted: try source("p.json", posted))

    let rejection = try #require(spy.invalidInput, "\(name)")
    #expect(rejection.totalCount == issues, "\(name)")
    #expect(!rejection.issues.contains(Self.swapped), "\(name)")
  }

  @Test("An unavailable source is not swapped with anything: the other's records keep their issues")
  func unavailableIsNotSwapped() async throws {
    let spy = await runTwoSource(
      authorized: .unavailable(name: "a.json", reason: "gone"), posted: try source("p.json", [.authorized]))

    let rejection = try #require(spy.invalidInput)
    #expect(rejection.issues.map(\.problem) == [.groupMismatch(expected: .posted, found: .authorized)])
  }
}
