import CLI
import Testing

/// No argument that may hold a secret is echoed (SPEC §8 "Secrets", issue 48): what looks like
/// a URL is refused as a file name, and an unknown option is named by its name alone.
@Suite struct SecretArgumentTests {
  @Test(
    "What looks like a URL, for any scheme, is refused where a file is named; the message does not show it",
    arguments: [
      "ftp://user:pw@host/x.json", "http:/user:pw@host/x.json", "HTTPS:/host/x.json", "s3://key@bucket/x",
      "file:///etc/x.json", "a:b@c", "svn+ssh://h/x", "http:host@x",
    ])
  func urlLikePathsAreRefused(path: String) {
    for arguments in [
      ["--all", path], ["--authorized", path, "--posted", "p.json"],
      ["--authorized", "a.json", "--posted", path],
      ["--output", path], ["--header", "@" + path],
    ] {
      #expect(throws: UsageError.self, "\(arguments)") { try CommandLineParser.parse(arguments) }
      do {
        _ = try CommandLineParser.parse(arguments)
      } catch {
        #expect(!error.message.contains(path.dropFirst(4)), "\(error.message)")
      }
    }
  }

  @Test(
    "A file name with a colon that is no URL stays a file name",
    arguments: ["C:/data.json", "notes:2024.json", "./ftp://x.json", "me@host.json", "2024:03.json", "-"])
  func fileNamesWithColons(path: String) throws {
    #expect(try CommandLineParser.parse(["--all", path]) == .report(ReportCommand(input: .oneFile(path))))
  }

  @Test(
    "An unknown option is named by what comes before its '=', or by its place when that is no option's shape",
    arguments: [
      (["--headr=Authorization: Bearer T"], "unknown option '--headr'; did you mean '--header'?"),
      (["--Header=Authorization: Bearer T"], "unknown option '--Header'; did you mean '--header'?"),
      (["--all", "a.json", "--alll=http://u:p@h/x"], "unknown option '--alll'; did you mean '--all'?"),
      (
        ["--Authorization: Bearer T"],
        "unknown option (the 1st argument, not shown: it may be a secret)"
      ),
      (["-xT0K3N"], "unknown option (the 1st argument, not shown: it may be a secret)"),
      (["-q"], "unknown option '-q'"),
      (
        ["--all", "a.json", "http://u:p@h/x"],
        "unexpected argument (the 3rd argument, not shown: it may be a secret); txreport takes only options;"
          + " to read files, use --all FILE, or --authorized FILE --posted FILE"
      ),
    ])
  func unknownOptions(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
  }
}
