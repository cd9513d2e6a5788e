import Foundation
import TestSupport
import Testing

private typealias TX = TXReportProcess

/// Inputs that cannot make the report asked for (issue 48's questionable list): one source
/// given for both groups, and a file made of the built-in demo data.
@Suite struct InputProblemsEndToEndTests {
  static let sameSource =
    "txreport: error: --authorized and --posted name the same source, so each record would be counted twice;"
    + " give each group its own file, or use --all FILE for one file holding both groups\n"
    + "Run 'txreport --help' for usage.\n"

  @Test("One file as --authorized and --posted, by the same path, another path or a link: exit 64, no report")
  func sameFileTwice() throws {
    let folder = try TemporaryDirectory("txreport-same")
    let file = folder.path("all.json")
    try FileManager.default.copyItem(atPath: TX.fixture("demo_all.json"), toPath: file)
    try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: file)
    try #require(link(file, folder.path("hard.json")) == 0)
    let other = folder.path(".") + "/../" + URL(fileURLWithPath: folder.path).lastPathComponent + "/all.json"
    for posted in [file, folder.path("link.json"), folder.path("hard.json"), other] {
      let result = try TX.run(["--authorized", file, "--posted", posted])
      #expect(result.status == 64, "\(posted)")
      #expect(result.standardOutput == "")
      #expect(result.standardError == Self.sameSource)
    }
    // Two files with the same bytes are two sources.
    try FileManager.default.copyItem(atPath: file, toPath: folder.path("copy.json"))
    let copies = try TX.run(["--authorized", file, "--posted", folder.path("copy.json")])
    #expect(copies.status == 65, "each file holds both groups: rejected by group, not refused as one")
  }

  @Test("One URL as --authorized and --posted: exit 64 before anything is fetched, the URL not shown")
  func sameURLTwice() throws {
    let url = "http://u:PW-s3cr3t@127.0.0.1:9/all.json"
    let result = try TX.run(["--authorized", url, "--posted", url])
    #expect(result.status == 64)
    #expect(result.standardError == Self.sameSource)
  }

  @Test(
    "--output with no input would be a file of the demo: exit 64, no file; on standard output the demo is shown"
  )
  func noDemoFile() throws {
    let folder = try TemporaryDirectory("txreport-demo")
    for format in ["text", "json", "transactions", "markdown", "html"] {
      let result = try TX.run(["--format", format, "--output", folder.path("r.out")])
      #expect(result.status == 64)
      #expect(
        result.standardError.hasPrefix(
          "txreport: error: --output would hold the built-in demo data (2016), not yours;"))
      #expect(try folder.contents() == [])
    }
    let printed = try TX.run(["--output", "-"])
    #expect(printed.status == 0 && printed.standardOutput.contains("Authorized Transactions"))
    #expect(printed.standardError == TX.demoNote)
  }
}
