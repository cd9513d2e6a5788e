import ReportRendering
import Testing

@testable import FuzzChecks

/// The fuzzer's own width table (`ColumnsOracle`): right on the cases the rule names, silent
/// where it does not judge, and in agreement with the report's `DisplayWidth` on every scalar
/// both judge, so that a fuzz run stops only on a real disagreement.
@Suite struct ColumnsOracleTests {
  @Test(
    "Clusters take the columns the rule gives them",
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("東", 2), ("東\u{301}", 2), ("ｶ", 1), ("Ａ", 2), ("🍣", 2),
      ("👨‍👩‍👧", 2), ("🇨🇦", 2), ("❤️", 2), ("❤", 1), ("#️⃣", 2), ("\u{AD}", 1), ("\u{200B}", 0),
      ("\u{200D}", 0), ("\u{1100}\u{1161}\u{11A8}", 2), ("…", 1), ("§", 1), ("\u{7F}", 0), ("\u{FE0F}", 0),
      ("\u{302A}", 0), ("\u{3099}", 0),
    ] as [(String, Int)])
  func clusterColumns(text: String, columns: Int) {
    #expect(ColumnsOracle.columns(of: text) == columns)
  }

  @Test("A text holding an unassigned, private-use or surrogate-range scalar is not judged")
  func notJudged() {
    #expect(ColumnsOracle.columns(of: "ok \u{E000}") == nil)  // private use
    #expect(ColumnsOracle.columns(of: "ok \u{10FFFD}") == nil)  // private use, plane 16
    #expect(ColumnsOracle.columns(of: "ok \u{0378}") == nil)  // unassigned in Greek
    #expect(ColumnsOracle.columns(of: "ok \u{E01F0}") == nil)  // unassigned
    #expect(ColumnsOracle.columns(of: "ok") == 2)
  }

  @Test("It agrees with DisplayWidth on every scalar both judge, alone and after a letter")
  func agreesWithTheReport() {
    var judged = 0
    var disagreements: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = Character(scalar)
      guard let expected = ColumnsOracle.columns(of: alone) else { continue }
      judged += 1
      let actual = DisplayWidth.columns(of: alone)
      if actual != expected, disagreements.count < 20 {
        disagreements.append(
          "U+\(String(value, radix: 16, uppercase: true)): oracle \(expected), report \(actual)")
      }
      let afterLetter = "a" + String(scalar)
      if let both = ColumnsOracle.columns(of: afterLetter), both != DisplayWidth.columns(of: afterLetter),
        disagreements.count < 20
      {
        disagreements.append(
          "a + U+\(String(value, radix: 16, uppercase: true)): oracle \(both), report \(DisplayWidth.columns(of: afterLetter))"
        )
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "; "))")
    #expect(judged > 150_000, "the oracle judged only \(judged) scalars")
  }
}
