import Foundation
import TestSupport
import Testing

/// Statements and inputs as people have them, run through the built binary: an OFX file
/// without its `OFXHEADER` line, amounts in tenths of a cent, several accounts, a pending list
/// in two-source mode; an input read in the format its content shows (piped in, named `.txt`,
/// served as `application/octet-stream`); and an output file, a currency, as people name them.
@Suite(.timeLimit(.minutes(2))) struct StatementsEndToEndTests {
  private typealias TX = TXReportProcess
  private static let text = ["--width", "80", "--color", "never"]

  private func bytes(_ fixture: String) throws -> Data {
    try #require(FileManager.default.contents(atPath: TX.fixture(fixture)))
  }

  // MARK: OFX as converters and banks write it

  @Test(
    "An OFX file whose header lacks OFXHEADER is read, as .ofx, with --input-format ofx, or by its content",
    arguments: [
      ("statement.ofx", [String]()), ("statement.txt", ["--input-format", "ofx"]), ("statement", []),
    ])
  func ofxWithoutOFXHEADER(name: String, options: [String]) throws {
    let text = try TX.fixtureText("banks/card_statement_v1.ofx")
    let withoutIt = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .filter { !$0.hasPrefix("OFXHEADER") && !$0.hasPrefix("VERSION") && !$0.hasPrefix("SECURITY") }
      .joined(separator: "\r\n")
    #expect(withoutIt.hasPrefix("DATA:OFXSGML"))
    let folder = try TemporaryDirectory("txreport-e2e")
    let path = try folder.file(name, text: withoutIt)

    let result = try InputProcess.run(["--all", path] + options + Self.text)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == (try TX.fixtureText("banks/card_statement_v1.expected")))
  }

  @Test("An OFX amount with a fraction of a cent is refused with a hint that leads nowhere else")
  func subCentAmount() throws {
    let folder = try TemporaryDirectory("txreport-e2e")
    let text = try TX.fixtureText("banks/ofx_zero_padded_amounts.ofx")
    let path = try folder.file(
      "s.ofx", text: text.replacingOccurrences(of: "-00000000000007.9900", with: "-7.9950"))

    let result = try InputProcess.run(["--all", path] + Self.text)
    let again = try InputProcess.run(["--all", path, "--decimal-comma"] + Self.text)

    #expect(result.status == 65)
    #expect(result.standardError.contains("amount: has a fraction of a cent"))
    #expect(!result.standardError.contains("--decimal"))
    #expect(again.standardError == result.standardError)
  }

  @Test("--account reports one account of several, and names the others in a note")
  func accountPicked() throws {
    let result = try InputProcess.run(
      ["--all", "Fixtures/banks/ofx_two_statements.ofx", "--account", "savings"] + Self.text)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError
        == "txreport: note: 'Fixtures/banks/ofx_two_statements.ofx' holds 2 accounts; only 0000000002 (SAVINGS)"
        + " is shown, as --account asks\n")
    #expect(
      result.standardOutput.contains(
        "Grand Total                                                            -703.42"))
    #expect(!result.standardOutput.contains("RIVERSIDE CLINIC PAYROLL"))
  }

  @Test("--account that names no account of the file is an error that lists them: no report")
  func accountNotFound() throws {
    let result = try InputProcess.run(["--all", "Fixtures/banks/qif_two_accounts.qif", "--account", "Amex"])

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.hasPrefix(
        "Fixtures/banks/qif_two_accounts.qif:2:1: error: --account \"Amex\" names none of the file's accounts:"
          + " Checking (Bank) and Visa (CCard); hint: "))
  }

  @Test("In two-source mode a statement's pending list takes the option's group, and a note says so")
  func pendingInTwoSources() throws {
    let result = try InputProcess.run(
      [
        "--authorized", "Fixtures/banks/checking_v2.ofx", "--posted",
        "Fixtures/banks/ofx_creditcard_pending_v220.ofx",
      ] + Self.text)

    #expect(result.status == 0)
    #expect(
      result.standardError
        == "txreport: note: 'Fixtures/banks/ofx_creditcard_pending_v220.ofx' holds 2 pending and 6 posted"
        + " transactions; all are shown as Posted, as --posted says; to show the pending ones as Authorized,"
        + " read the file alone with --all\n")
    #expect(result.standardOutput.contains("    HIGHWAY FUEL 221"))
  }

  // MARK: The format the content shows

  @Test(
    "A bank's export piped in with no option is read in its format, not as JSON",
    arguments: ["us_card_signed.csv", "tab_export.csv", "card_statement_v1.ofx", "household.qif"])
  func pipedIn(file: String) throws {
    // The options the export needs (its signs), as its .args gives them: the format is the question here.
    let options = file.hasSuffix(".csv") ? ["--debits-negative"] : []
    let result = try InputProcess.run(Self.text + options, standardInput: try bytes("banks/\(file)"))

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == (try TX.fixtureText("banks/\(file.prefix { $0 != "." }).expected")))
  }

  @Test("The native formats piped in with --all - and no --input-format are read by their content")
  func nativePipedIn() throws {
    for fixture in ["formats/demo_all.csv", "formats/demo_all.ndjson", "demo_all.json"] {
      let result = try InputProcess.run(
        ["--all", "-", "--format", "json"], standardInput: try bytes(fixture))

      #expect(result.status == 0, "\(fixture): \(result.standardError)")
      #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")), "\(fixture)")
    }
  }

  @Test("A CSV export saved as .txt, or without an extension, is read as CSV")
  func csvNamedText() throws {
    let folder = try TemporaryDirectory("txreport-e2e")
    for name in ["export.txt", "export"] {
      let path = folder.path + "/" + name
      try bytes("banks/us_card_signed.csv").write(to: URL(fileURLWithPath: path))

      let result = try InputProcess.run(["--all", path, "--debits-negative"] + Self.text)

      #expect(result.status == 0, "\(name): \(result.standardError)")
      #expect(result.standardOutput == (try TX.fixtureText("banks/us_card_signed.expected")), "\(name)")
    }
  }

  @Test("Input in no format txreport can tell is refused with the hint, never guessed")
  func noFormatShown() throws {
    let result = try InputProcess.run(["--all", "-"], standardInput: Data("hello world\n".utf8))

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("<stdin>:1:1: error: expected '['"))
  }

  @Test(
    "A URL served as application/octet-stream, and an .ofx or .qif URL, are read in their content's format")
  func urls() throws {
    let server = try TestHTTPServer(routes: [
      "/export": try .file(TX.fixture("banks/us_card_signed.csv"), contentType: "application/octet-stream"),
      "/download/statement.ofx": try .file(
        TX.fixture("banks/card_statement_v1.ofx"), contentType: "text/plain"),
      "/download/household.qif": try .file(TX.fixture("banks/household.qif")),
    ])
    let cases = [
      ("/export", "us_card_signed"), ("/download/statement.ofx", "card_statement_v1"),
      ("/download/household.qif", "household"),
    ]
    for (path, name) in cases {
      let result = try TX.run(
        ["--all", server.url(path)] + Self.text + (name == "us_card_signed" ? ["--debits-negative"] : []),
        environment: ["no_proxy": "*", "NO_PROXY": "*"])

      #expect(result.status == 0, "\(path): \(result.standardError)")
      #expect(result.standardOutput == (try TX.fixtureText("banks/\(name).expected")), "\(path)")
    }
  }

  // MARK: Output files and currencies

  @Test("An output file named .xlsx is refused, exit 64, and nothing is written")
  func outputNamedXLSX() throws {
    let folder = try TemporaryDirectory("txreport-e2e")
    let path = folder.path + "/report.xlsx"

    let result = try InputProcess.run(["--all", "Fixtures/demo_all.json", "-o", path])

    #expect(result.status == 64)
    #expect(result.standardError.contains("--format"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("Any ISO 4217 code is a currency: CHF amounts are written with their code")
  func swissFrancs() throws {
    let result = try InputProcess.run(
      ["--all", "Fixtures/banks/us_card_signed.csv", "--debits-negative", "--currency", "chf"] + Self.text)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("1,249.99\u{A0}CHF"))
  }
}
