import Foundation
import TestSupport
import Testing

/// JSON, NDJSON and CSV input, standard input and special files, and the corpus of bad input,
/// run through the built binary from the package root, as a user would.
@Suite(.timeLimit(.minutes(2))) struct InputFormatsEndToEndTests {
  private typealias TX = TXReportProcess

  // MARK: Same data, three formats

  @Test(
    "The demo data gives the reference rows in every format, by extension",
    arguments: [
      ["--all", "Fixtures/demo_all.json"],
      ["--all", "Fixtures/formats/demo_all.ndjson"],
      ["--all", "Fixtures/formats/demo_all.csv"],
      ["--all", "Fixtures/formats/demo_all_reordered.csv"],
      [
        "--authorized", "Fixtures/formats/demo_authorized.csv", "--posted",
        "Fixtures/formats/demo_posted.csv",
      ],
      [
        "--authorized", "Fixtures/formats/demo_authorized.ndjson", "--posted",
        "Fixtures/formats/demo_posted.ndjson",
      ],
      ["--authorized", "Fixtures/formats/demo_authorized.csv", "--posted", "Fixtures/demo_posted.json"],
    ])
  func demoByExtension(arguments: [String]) throws {
    let result = try InputProcess.run(arguments + ["--format", "json"])

    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test(
    "--input-format reads a file whatever its extension says",
    arguments: [
      ("demo_all.json", "json"), ("formats/demo_all.ndjson", "ndjson"), ("formats/demo_all.csv", "csv"),
      ("formats/demo_all_reordered.csv", "csv"),
    ])
  func demoWithInputFormat(fixture: String, format: String) throws {
    let directory = try TemporaryDirectory("txreport-e2e")
    let bytes = try #require(FileManager.default.contents(atPath: TX.fixture(fixture)))
    let misnamed = directory.path + "/demo." + (format == "json" ? "csv" : "json")
    try bytes.write(to: URL(fileURLWithPath: misnamed))

    let result = try InputProcess.run(["--all", misnamed, "--input-format", format, "--format", "json"])

    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test(
    "Standard input (`-`) gives the reference rows; JSON unless --input-format says otherwise",
    arguments: [
      ("demo_all.json", [String]()), ("demo_all.json", ["--input-format", "json"]),
      ("formats/demo_all.ndjson", ["--input-format", "ndjson"]),
      ("formats/demo_all.csv", ["--input-format", "csv"]),
      ("formats/demo_all_reordered.csv", ["--input-format", "csv"]),
    ])
  func demoFromStandardInput(fixture: String, options: [String]) throws {
    let input = try #require(FileManager.default.contents(atPath: TX.fixture(fixture)))

    let result = try InputProcess.run(["--all", "-", "--format", "json"] + options, standardInput: input)

    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test("Data piped in with no input option is read, not ignored for the demo (cat file | txreport)")
  func pipedDataIsRead() throws {
    let csv = try #require(FileManager.default.contents(atPath: TX.fixture("formats/demo_all.csv")))

    let result = try InputProcess.run(["--input-format", "csv", "--format", "json"], standardInput: csv)

    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test("A pipe that stays open and sends nothing is not waited for: the demo, with two notes")
  func silentPipeIsNotWaitedFor() throws {
    let result = try InputProcess.run(["--format", "json"], standardInput: Data(), keepingInputOpen: true)

    #expect(result.status == 0)
    #expect(
      result.standardError
        == "txreport: note: standard input is a pipe that sent nothing, so it was not read; to report it, use --all -\n"
        + TX.demoNote)
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test("Standard input can be one of two sources")
  func standardInputAsOneOfTwoSources() throws {
    let csv = try #require(FileManager.default.contents(atPath: TX.fixture("formats/demo_posted.csv")))
    let json = try #require(FileManager.default.contents(atPath: TX.fixture("demo_posted.json")))

    let withFormat = try InputProcess.run(
      [
        "--authorized", "Fixtures/formats/demo_authorized.csv", "--posted", "-", "--input-format", "csv",
        "--format",
        "json",
      ],
      standardInput: csv)
    let byDefault = try InputProcess.run(
      ["--authorized", "Fixtures/demo_authorized.json", "--posted", "-", "--format", "json"],
      standardInput: json)

    for result in [withFormat, byDefault] {
      #expect(result.status == 0)
      #expect(result.standardError == "")
      #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
    }
  }

  @Test("Unsorted standard input is read twice and sorted")
  func unsortedStandardInput() throws {
    let input = try #require(FileManager.default.contents(atPath: TX.fixture("cases/unsorted_all.json")))

    let result = try InputProcess.run(["--all", "-", "--format", "json"], standardInput: input)

    #expect(result.status == 0)
    #expect(result.standardOutput == (try TX.fixtureText("cases/unsorted_all.expected.json")))
  }

  @Test("Bad records on standard input are named <stdin>")
  func badStandardInput() throws {
    let input = try #require(FileManager.default.contents(atPath: TX.fixture("bad/csv_bad_values.csv")))
    let expected = try TX.fixtureText("bad/csv_bad_values.stderr")
      .replacingOccurrences(of: "Fixtures/bad/csv_bad_values.csv:", with: "<stdin>:")

    let result = try InputProcess.run(["--all", "-", "--input-format", "csv"], standardInput: input)

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(result.standardError == expected)
  }

  @Test("Without a temporary directory, standard input is unavailable: exit 3 with the reason")
  func standardInputWithoutATemporaryDirectory() throws {
    let result = try InputProcess.run(
      ["--all", "-"], standardInput: Data("[]".utf8), environment: ["TMPDIR": "/nonexistent/txreport"])

    #expect(result.status == 3)
    #expect(
      result.standardError
        == "txreport: warning: Transactions are not available: cannot read standard input twice: cannot create a temporary file in /nonexistent/txreport: No such file or directory\n"
    )
    #expect(result.standardOutput.hasPrefix("All\n  Transactions are not currently available.\n"))
  }

  // MARK: Special files

  @Test("A named pipe is read like standard input")
  func namedPipe() throws {
    let directory = try TemporaryDirectory("txreport-e2e")
    let fifo = directory.path + "/demo.ndjson"
    try #require(mkfifo(fifo, 0o600) == 0)
    let bytes = try #require(FileManager.default.contents(atPath: TX.fixture("formats/demo_all.ndjson")))
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo) {
        handle.write(bytes)
        handle.closeFile()
      }
    }
    writer.start()

    let result = try InputProcess.run(["--all", fifo, "--format", "json"])

    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput == (try TX.fixtureText("demo_expected_rows.json")))
  }

  @Test("/dev/null is an empty source in every format", arguments: ["json", "ndjson", "csv"])
  func devNull(format: String) throws {
    let result = try InputProcess.run(
      ["--authorized", "/dev/null", "--posted", "/dev/null", "--input-format", format, "--format", "json"])

    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      result.standardOutput.contains("\"message\": \"There are no Authorized Transactions in this period\""))
    #expect(
      result.standardOutput.contains("\"message\": \"There are no Posted Transactions in this period\""))
  }

  @Test("A directory is not an input file: exit 66 with the reason")
  func directory() throws {
    let result = try InputProcess.run(["--all", "Fixtures/formats"])

    #expect(result.status == 66)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "txreport: error: 'Fixtures/formats' is a directory\n")
  }

  // MARK: Hostile text

  @Test(
    "Control characters and bidirectional overrides in descriptions are escaped in the text and JSON output",
    arguments: ["hostile_all.json", "hostile_all.ndjson", "hostile_all.csv"])
  func hostileText(file: String) throws {
    let text = try InputProcess.run(["--all", "Fixtures/formats/" + file])
    let json = try InputProcess.run(["--all", "Fixtures/formats/" + file, "--format", "json"])

    #expect(text.status == 0)
    #expect(text.standardError == "")
    #expect(text.standardOutput.contains("    \\u{1B}[31mRed alert\\u{1B}[0m    "))
    #expect(text.standardOutput.contains("    Bell\\u{7} tab\\u{9} backspace\\u{8} delete\\u{7F}    "))
    #expect(text.standardOutput.contains("    Invoice \\u{202E}gnp.exe    "))
    #expect(text.standardOutput.contains("    CSI \\u{9B}2J clear    "))
    #expect(text.standardOutput.contains("    two\\u{A}lines, \"quoted\"    "))
    #expect(text.standardOutput.unicodeScalars.allSatisfy { $0 == "\n" || !Self.isControlOrOverride($0) })

    #expect(json.status == 0)
    #expect(json.standardError == "")
    #expect(json.standardOutput.contains(#""description": "\u001b[31mRed alert\u001b[0m","#))
    #expect(json.standardOutput.contains(#""description": "Bell\u0007 tab\t backspace\b delete\u007f","#))
    #expect(json.standardOutput.contains(#""description": "two\nlines, \"quoted\"","#))
    #expect(!json.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!json.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7F })
    #expect(json.standardOutput.contains(#""total": "5.00""#))
  }

  @Test("The hostile text reads the same in every format")
  func hostileTextIsTheSameInEveryFormat() throws {
    let outputs = try ["json", "ndjson", "csv"].map { format in
      try InputProcess.run(["--all", "Fixtures/formats/hostile_all." + format, "--format", "json"])
        .standardOutput
    }

    #expect(Set(outputs).count == 1)
  }

  private static func isControlOrOverride(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  // MARK: Banks' exports

  /// The exports of `Fixtures/banks/` (CSV, OFX and QIF): each with its arguments (the
  /// file's `.args`, one argument a line) and the text report it must give (its `.expected`),
  /// at 80 columns; what standard error says (its `.stderr`, else nothing) and the exit status
  /// (its `.status`, else 0): a note keeps 0, an answer in which the bank refused the request
  /// is 3. `Fixtures/banks/README.md` says where each layout comes from; a file's `.md`, where
  /// there is one, is its note.
  static let bankExports = [
    "us_card_signed.csv", "us_card_debit_credit.csv", "us_card_positive_charges.csv",
    "uk_current_account.csv", "de_girokonto.csv", "fr_compte.csv", "tab_export.csv",
    "ca_pcfinancial_merchant_name.csv", "ca_stripe_payments_datetime.csv", "de_dkb_girokonto_bom.csv",
    "de_ing_umsatzanzeige_latin1.csv", "de_volksbank_soll_haben_cp1252.csv", "es_ing_desc_header.csv",
    "es_santander_fecha_concepto.csv", "fi_nordea_varaus_pending.csv", "fr_caisse_epargne_date_de_valeur.csv",
    "fr_credit_agricole_multiline.csv", "gb_revolut_datetime_state.csv", "in_hdfc_padded_fields.csv",
    "in_icici_lakh_grouping.csv", "it_bancoposta_addebiti_accrediti.csv", "nl_ing_af_bij.csv",
    "uk_barclaycard_noheader.csv", "uk_johnlewis_card_pending.csv", "uk_monzo.csv",
    "us_bofa_checking_summary.csv", "us_capitalone_card.csv", "us_card_sections_composite.csv",
    "us_chase_card.csv", "us_creditunion_cr.csv", "us_discover_card.csv", "us_schwab_checking_status.csv",
    "us_usaa_checking_status.csv", "us_wellsfargo_noheader.csv", "us_westernfcu_parentheses.csv",
    "us_ynab_register_cr.csv", "card_statement_v1.ofx", "checking_v2.ofx", "au_savings_cdata_v2.ofx",
    "us_checking_memo_v1.ofx", "refused_signon_v1.ofx", "refused_server_error_v2.ofx", "household.qif",
    "ofx_zero_padded_amounts.ofx", "ofx_two_statements.ofx", "ofx_creditcard_pending_v220.ofx",
    "ofx_charset1252_latin1.ofx", "qif_two_accounts.qif", "fr_card_windows1252_v1.ofx", "namespaced_v2.ofx",
    "classic_mac.qif", "ofx_check_without_name_v16.ofx", "ofx_investment_trades_v2.ofx",
    "ofxstatement_comment_header.ofx", "qif_memo_category_descriptions.qif",
    "refused_account_not_found_v1.ofx",
    // Issue 46's CSV exports
    "gb_lloyds_trailing_comma.csv", "wise_signed_with_type.csv", "at_livebank_umsatztext_fields.csv",
    "nl_degiro_unnamed_amount.csv", "cz_raiffeisen_cp1250.csv", "hu_erste_dotted_dates_cp1250.csv",
    "us_paypal_gross_net.csv", "de_sparkasse_card_buchungsbetrag.csv", "be_kbc_card_bedrag_in_eur.csv",
    "us_checking_cr_cr_lf.csv",
  ]

  /// The files beside the exports that are not exports: what each expects (with, for those of
  /// the corpus, the note that computed its report by hand), its options.
  static let bankExportCompanions = [".expected", ".md", ".args", ".stderr", ".status"]

  @Test(
    "A bank's export gives its report with one command and at most the options it needs",
    arguments: bankExports)
  func bankExport(file: String) throws {
    let name = String(file.prefix { $0 != "." })
    let argumentsFile = TX.fixture("banks/\(name).args")
    let extra =
      FileManager.default.fileExists(atPath: argumentsFile)
      ? try String(contentsOfFile: argumentsFile, encoding: .utf8).split(separator: "\n").map(String.init)
      : []

    let hasErrors = FileManager.default.fileExists(atPath: TX.fixture("banks/\(name).stderr"))
    let hasStatus = FileManager.default.fileExists(atPath: TX.fixture("banks/\(name).status"))
    let status = hasStatus ? Int32(try TX.fixtureText("banks/\(name).status").filter(\.isNumber)) : 0

    let result = try InputProcess.run(
      ["--all", "Fixtures/banks/\(file)"] + extra + ["--width", "80", "--color", "never"])

    #expect(result.status == status, "\(result.standardError)")
    #expect(result.standardError == (hasErrors ? try TX.fixtureText("banks/\(name).stderr") : ""))
    #expect(result.standardOutput == (try TX.fixtureText("banks/\(name).expected")))
  }

  @Test("A statement whose name has no known extension is read by its first bytes")
  func statementWithoutItsExtension() throws {
    let folder = try TemporaryDirectory("txreport-e2e")
    let path = folder.path + "/statement.txt"
    try Data(contentsOf: URL(fileURLWithPath: TX.fixture("banks/household.qif"))).write(
      to: URL(fileURLWithPath: path))

    let result = try InputProcess.run(["--all", path, "--width", "80", "--color", "never"])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == (try TX.fixtureText("banks/household.expected")))
  }

  @Test("Two bank exports without a group column take their groups from --authorized and --posted")
  func bankExportsAsTwoSources() throws {
    let result = try InputProcess.run([
      "--authorized", "Fixtures/banks/two_source_pending.csv", "--posted",
      "Fixtures/banks/two_source_posted.csv", "--debits-negative",
      "--width", "80", "--color", "never",
    ])

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == (try TX.fixtureText("banks/two_source.expected")))
  }

  @Test("Every export of Fixtures/banks has its expected report and a test")
  func bankExportsAreComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: TX.fixture("banks"))
    let companions = Self.bankExportCompanions
    let exports = Set(
      files.filter { file in
        !companions.contains(where: file.hasSuffix) && !file.hasPrefix("two_source") && file != "README.md"
      })
    let readme = try TX.fixtureText("banks/README.md")

    #expect(exports == Set(Self.bankExports))
    for file in Self.bankExports {
      #expect(files.contains(file.prefix { $0 != "." } + ".expected"))
      #expect(readme.contains("`\(file)`"), "banks/README.md has no row for \(file)")
    }
    // Every companion belongs to an export.
    for file in files where companions.contains(where: file.hasSuffix) && file != "README.md" {
      let name = String(file.prefix { $0 != "." })
      #expect(
        Self.bankExports.contains { $0.prefix { $0 != "." } == name } || name.hasPrefix("two_source"),
        "\(file) belongs to no export")
    }
  }

  // MARK: The corpus of bad input

  /// A bad input file and how to run it: most alone with `--all`, some as one of two sources.
  struct BadInput: Sendable, CustomTestStringConvertible {
    /// The file in `Fixtures/bad/`.
    var file: String
    /// The arguments; `FILE` stands for the file's path.
    var arguments = ["--all", "FILE"]

    var testDescription: String { file }

    /// The path of the expected standard error, beside the file.
    var expectedStandardError: String {
      "bad/" + file.prefix { $0 != "." } + ".stderr"
    }
  }

  static let corpus: [BadInput] = [
    BadInput(file: "json_malformed.json"),
    BadInput(file: "json_holding_ndjson.json"),
    BadInput(file: "json_holding_csv.json"),
    BadInput(file: "json_missing_field.json"),
    BadInput(file: "json_misspelled_key.json"),
    BadInput(file: "json_wrong_type.json"),
    BadInput(file: "json_unknown_group.json"),
    BadInput(file: "json_impossible_date.json"),
    BadInput(file: "json_amounts.json"),
    BadInput(file: "json_unknown_debit.json"),
    BadInput(file: "json_not_utf8.json"),
    BadInput(file: "json_many_bad.json"),
    BadInput(
      file: "json_wrong_group.json",
      arguments: ["--authorized", "Fixtures/demo_authorized.json", "--posted", "FILE"]),
    BadInput(file: "json_total_overflow.json"),
    BadInput(file: "json_negative_total_overflow.json"),
    BadInput(file: "ndjson_malformed_lines.ndjson"),
    BadInput(file: "ndjson_holding_csv.ndjson"),
    BadInput(file: "ndjson_bad_values.ndjson"),
    BadInput(file: "ndjson_amounts.ndjson"),
    BadInput(file: "ndjson_not_utf8.ndjson"),
    BadInput(
      file: "ndjson_wrong_group.ndjson",
      arguments: ["--authorized", "FILE", "--posted", "Fixtures/formats/demo_posted.ndjson"]),
    BadInput(file: "csv_missing_column.csv"),
    BadInput(file: "csv_misspelled_column.csv"),
    BadInput(file: "csv_duplicate_column.csv"),
    BadInput(file: "csv_no_header.csv"),
    BadInput(file: "csv_holding_json.csv"),
    BadInput(file: "csv_field_count.csv"),
    BadInput(file: "csv_quotes.csv"),
    BadInput(file: "csv_unterminated_quote.csv"),
    BadInput(file: "csv_bare_cr.csv"),
    BadInput(file: "csv_bad_values.csv"),
    BadInput(file: "csv_amounts.csv"),
    BadInput(file: "csv_not_utf8.csv"),
    BadInput(file: "csv_control_chars_in_value.csv"),
    BadInput(file: "csv_many_bad.csv"),
    BadInput(
      file: "csv_wrong_group.csv",
      arguments: ["--authorized", "FILE", "--posted", "Fixtures/formats/demo_posted.csv"]),
    BadInput(file: "csv_total_overflow.csv"),
    BadInput(file: "csv_bank_ambiguous_dates.csv"),
    BadInput(file: "csv_bank_no_columns.csv"),
    // A point said, as the file shows both marks (`12,34` and `-1.00`): each amount's own error.
    BadInput(
      file: "csv_bank_amounts.csv", arguments: ["--all", "FILE", "--decimal-point", "--debits-negative"]),
    BadInput(file: "csv_bank_debit_credit.csv"),
    BadInput(file: "ofx_not_ofx.ofx"),
    BadInput(file: "ofx_bad_records.ofx"),
    BadInput(file: "qif_no_type.qif"),
    BadInput(file: "qif_bad_records.qif"),
    BadInput(file: "qif_unknown_type.qif"),
    BadInput(file: "qif_account_steers_dates.qif"),
    BadInput(file: "ofx_cut_after_header.ofx"),
    BadInput(file: "ofx_cut_between_transactions.ofx"),
  ]

  @Test("Bad input: no report, exactly the expected error lines, exit 65", arguments: corpus)
  func badInput(_ bad: BadInput) throws {
    let arguments = bad.arguments.map { $0 == "FILE" ? "Fixtures/bad/" + bad.file : $0 }

    let result = try InputProcess.run(arguments)

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(result.standardError == (try TX.fixtureText(bad.expectedStandardError)))
  }

  @Test("Every file of the corpus has its expected standard error and a row in the table")
  func corpusIsComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: TX.fixture("bad"))
    let inputs = Set(files.filter { !$0.hasSuffix(".stderr") })
    let expectations = Set(files.filter { $0.hasSuffix(".stderr") })

    #expect(inputs == Set(Self.corpus.map(\.file)))
    #expect(expectations == Set(Self.corpus.map { String($0.expectedStandardError.dropFirst(4)) }))
    #expect(inputs.count >= 25)
  }
}

/// Runs the built binary from the package root, so that paths in messages are relative, with
/// bytes for its standard input.
enum InputProcess {
  static func run(
    _ arguments: [String], standardInput: Data? = nil, keepingInputOpen: Bool = false,
    environment: [String: String] = [:]
  ) throws -> TXReportProcess.Result {
    let process = Process()
    process.executableURL = try TXReportProcess.binary()
    process.arguments = arguments
    process.currentDirectoryURL = TXReportProcess.packageRoot
    var base = ProcessInfo.processInfo.environment
    base["NO_COLOR"] = nil
    process.environment = base.merging(environment) { $1 }
    let (output, errors, input) = (Pipe(), Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput == nil ? FileHandle.nullDevice : input
    try process.run()
    // Feed standard input and drain standard error on their own threads, so that no pipe can
    // fill up and stall the binary.
    let errorData = Locked(Data())
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    if let standardInput {
      // The binary may exit without reading all its input (it cannot make a temporary file):
      // writing then fails with EPIPE instead of killing the test process with SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      let writer = Thread {
        // A broken pipe is the binary's choice, not a failure: its output is what is checked.
        try? input.fileHandleForWriting.write(contentsOf: standardInput)
        if !keepingInputOpen { try? input.fileHandleForWriting.close() }
      }
      writer.start()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    if keepingInputOpen { try? input.fileHandleForWriting.close() }
    return TXReportProcess.Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData.value, as: UTF8.self))
  }
}
