import Foundation
import TestSupport
import Testing

private typealias TX = TXReportProcess

/// The completion script bash sources (`txreport --completions bash`), run by bash itself on a
/// folder of hostile file names: each name comes back whole, none is split, expanded again or
/// run. (zsh's `_files` and fish's `-F` complete file names themselves; Scripts/shell-check
/// runs fish on the same names.)
@Suite struct ShellCompletionEndToEndTests {
  static let hostileNames = [
    "a b.json", "line\nbreak.json", "star*", "*", "$(touch pwned).json", "`touch pwned2`.csv", "x'y.csv",
    "report.html",
  ]

  /// What bash's completion gives for the last word, with the script sourced, in `folder`.
  private func complete(_ words: [String], in folder: String, script: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    let code = """
      source "$1"; shift
      COMP_WORDS=(txreport "$@"); COMP_CWORD=$#
      _txreport
      printf '%s\\0' "${COMPREPLY[@]}"
      """
    process.arguments = ["--norc", "--noprofile", "-c", code, "bash", script] + words
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init).sorted()
  }

  @Test(
    "bash completes file names whole: spaces, line breaks, * and $(…) are names, never split, globbed or run")
  func hostileFileNames() throws {
    let folder = try TemporaryDirectory("txreport-completion")
    for name in Self.hostileNames {
      try "".write(toFile: folder.path(name), atomically: false, encoding: .utf8)
    }
    try FileManager.default.createDirectory(
      atPath: folder.path("sub dir"), withIntermediateDirectories: false)
    let script = folder.path("txreport.bash")
    let scriptText = try TX.run(["--completions", "bash"]).standardOutput
    try scriptText.write(toFile: script, atomically: false, encoding: .utf8)
    let everything = (Self.hostileNames + ["sub dir", "txreport.bash"]).sorted()

    #expect(try complete(["--all", ""], in: folder.path, script: script) == everything)
    #expect(try complete(["-o", "a"], in: folder.path, script: script) == ["a b.json"])
    #expect(try complete(["--all", #"a\ "#], in: folder.path, script: script) == ["a b.json"])
    #expect(try complete(["--all", "'a "], in: folder.path, script: script) == ["a b.json"])
    #expect(try complete(["--all", "st"], in: folder.path, script: script) == ["star*"])
    #expect(try complete(["--all", "line"], in: folder.path, script: script) == ["line\nbreak.json"])
    #expect(try complete(["--all", "$("], in: folder.path, script: script) == ["$(touch pwned).json"])
    #expect(!FileManager.default.fileExists(atPath: folder.path("pwned")))
    #expect(!FileManager.default.fileExists(atPath: folder.path("pwned2")))
  }

  @Test("The man page is ASCII, every other character groff's escape, and groff -ww has no warning for it")
  func manPageIsASCII() throws {
    let page = try TX.run(["--man-page"]).standardOutput
    #expect(page.utf8.allSatisfy { $0 < 0x80 }, "raw UTF-8 in the page")
    #expect(page.contains(#"ROLE=NAME,\[u2026]"#))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
    let folder = try TemporaryDirectory("txreport-man")
    try page.write(toFile: folder.path("txreport.1"), atomically: false, encoding: .utf8)
    let groff = Process()
    groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
    groff.arguments = ["-ww", "-man", "-Tutf8", "-z", folder.path("txreport.1")]
    let errors = Pipe()
    groff.standardError = errors
    groff.standardOutput = FileHandle.nullDevice
    try groff.run()
    let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    groff.waitUntilExit()
    #expect(warnings == "")
  }
}
