import Foundation
import TestSupport
import Testing

/// Bad input that is most likely one mistake gets one line that names the mistake (decision
/// 0025): an input in another format than the one it is read as, two files given to each
/// other's option, a key or column named nearly like a missing field, a number where text is
/// expected.
/// (The corpus of bad input, in `InputFormatsEndToEndTests`, pins more of these lines.)
@Suite(.timeLimit(.minutes(2))) struct HintsEndToEndTests {
  private typealias TX = TXReportProcess

  @Test(
    "An input that looks like another format says which, and the option that reads it; that option reads it",
    arguments: [
      (
        "json_holding_ndjson.json", "ndjson",
        "expected '[': the file must hold one JSON array of records (got \"{\")"
      ),
      (
        "json_holding_csv.json", "csv",
        "expected '[': the file must hold one JSON array of records (got \"group\")"
      ),
      (
        "ndjson_holding_csv.ndjson", "csv",
        "expected a record ('{') at the start of a line (got \"group\")"
      ),
      (
        "csv_holding_json.csv", "json",
        "the header has no columns group, date, description, amount and debit (got \"[\")"
      ),
    ])
  func inputInAnotherFormat(file: String, format: String, problem: String) throws {
    let path = TX.fixture("bad/" + file)
    let formats = [
      "json": "a JSON array of records", "ndjson": "NDJSON, one record on each line",
      "csv": "CSV, with a header row",
    ]
    let looksLike = try #require(formats[format])

    let misread = try TX.run(["--all", path])
    let read = try TX.run(["--all", path, "--input-format", format])

    #expect(misread.status == 65)
    #expect(misread.standardOutput == "")
    #expect(
      misread.standardError == """
        \(path):1:1: error: \(problem); hint: the input looks like \(looksLike): read it with --input-format \(format)
        txreport: error: 1 invalid record; no report was made.

        """)
    #expect(read.status == 0)
    #expect(read.standardError == "")
    #expect(read.standardOutput.hasSuffix("Grand Total" + String(repeating: " ", count: 60) + "-396.89\n"))
  }

  @Test("Files given to each other's option: one line says so, not one for each record; exit 65")
  func swappedFiles() throws {
    let (authorized, posted) = (TX.fixture("demo_authorized.json"), TX.fixture("demo_posted.json"))

    let result = try TX.run(["--authorized", posted, "--posted", authorized])

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError == """
        \(posted): error: every record of '\(posted)' is Posted and every record of '\(authorized)' is \
        Authorized; hint: were --authorized and --posted swapped?
        txreport: error: 58 invalid records; no report was made.

        """)
  }

  @Test("When only some records are in the wrong file, each of them is named")
  func someRecordsInTheWrongFile() throws {
    let posted = TX.fixture("demo_posted.json")
    // A copy: one file given for both groups is refused before it is read (issue 48).
    let folder = try TemporaryDirectory("txreport-hints")
    let copy = folder.path("posted.json")
    try FileManager.default.copyItem(atPath: posted, toPath: copy)

    let result = try TX.run(["--authorized", copy, "--posted", posted])

    let lines = result.standardError.split(separator: "\n")
    #expect(result.status == 65)
    #expect(lines.count == 21)
    #expect(lines.first?.hasPrefix("\(copy):3:") == true)
    #expect(lines.first?.contains("group: this source holds only group A records (got \"P\")") == true)
    #expect(lines.last == "txreport: error: 30 invalid records (10 not shown); no report was made.")
  }

  @Test("A key named nearly like a missing field is named, at the key; a record that has the field is valid")
  func mistypedKey() throws {
    let input = try InputFile(
      "typos.ndjson",
      """
      {"group": "A", "date": "2016-04-01", "description": "Starbucks", "ammount": "3.11", "debit": "D"}
      {"group": "A", "date": "2016-04-01", "Description": "Amazon", "amount": "3.11", "debit": "D"}
      {"group": "A", "date": "2016-04-01", "description": "Fine", "amount": "3.11", "debit": "D", "debt": 1}

      """)

    let result = try TX.run(["--all", input.path])

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError == """
        \(input.path):1:66: error: amount: missing; hint: the record has "ammount": did you mean "amount"?
        \(input.path):2:38: error: description: missing; hint: the record has "Description": \
        did you mean "description"?
        txreport: error: 2 invalid records; no report was made.

        """)
  }

  @Test("A number where text is expected is shown as written, without quotes; a string stays quoted")
  func numberShownAsWritten() throws {
    let input = try InputFile(
      "numbers.ndjson",
      """
      {"group": "A", "date": 20160401, "description": "Starbucks", "amount": "3.11", "debit": "D"}
      {"group": 1, "date": "20160401", "description": "Starbucks", "amount": "3.11", "debit": "D"}

      """)

    let result = try TX.run(["--all", input.path])

    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError == """
        \(input.path):1:24: error: date: expected a string (got 20160401)
        \(input.path):2:11: error: group: expected a string (got 1)
        \(input.path):2:22: error: date: not a date in the form YYYY-MM-DD (got "20160401"); \
        hint: write the date as YYYY-MM-DD
        txreport: error: 2 invalid records with 3 problems; no report was made.

        """)
  }
}

/// A file of the test's own in a fresh temporary folder, removed with the value.
private final class InputFile {
  let path: String
  private let folder: URL

  init(_ name: String, _ text: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-hints-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }
}
