import Foundation
import FuzzChecks
import TestSupport
import Testing

/// The pipeline fuzzer's check (`FuzzReport`) on the demo data and the edge cases, run as a
/// test: a change to the rows that the fuzzers' oracle cannot follow fails here, in the suite
/// (and in `Scripts/workshop-check`), not only in a fuzzing run. A broken invariant ends the
/// test process, as it ends a fuzzer.
@Suite struct ReportCheckTests {
  /// One source's file as the pipeline's input: the control byte (one source, its format, no
  /// draft, or with one), then the file.
  static func oneSource(_ name: String, format: UInt8, draft: Bool) throws -> [UInt8] {
    let control = 2 * format | (draft ? 0x80 : 0)
    return [control] + Array(try Data(contentsOf: FixtureFiles.url(name)))
  }

  /// Two files of one format as the pipeline's input: the control byte, the first file's
  /// length (two bytes, little-endian), the files.
  static func twoSources(_ authorized: String, _ posted: String, format: UInt8) throws -> [UInt8] {
    let first = Array(try Data(contentsOf: FixtureFiles.url(authorized)))
    let second = Array(try Data(contentsOf: FixtureFiles.url(posted)))
    return [2 * format | 1, UInt8(first.count & 0xFF), UInt8(first.count >> 8)] + first + second
  }

  @Test(
    "The pipeline's check holds on the demo and the edge cases, with and without a draft",
    arguments: [false, true])
  func demoAndCases(draft: Bool) async throws {
    for name in [
      "demo_all.json", "cases/unsorted_all.json", "cases/only_posted_all.json", "cases/empty.json",
    ] {
      await FuzzTarget.report.check(try Self.oneSource(name, format: 0, draft: draft))
    }
    await FuzzTarget.report.check(try Self.oneSource("formats/demo_all.csv", format: 2, draft: draft))
    await FuzzTarget.report.check(try Self.twoSources("demo_authorized.json", "demo_posted.json", format: 0))
  }
}
