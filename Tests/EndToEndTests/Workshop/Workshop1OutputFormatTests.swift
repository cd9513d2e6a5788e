import Foundation
import TestSupport
import Testing

/// Exercise 1 of the workshop (`Architecture/workshop/01-output-format.md`): `txreport
/// --format csv`, added in the outer rings only. Off unless `WORKSHOP=1`.
@Suite(.enabled(if: Workshop.isOn(1), "the workshop's exercise 1: run with WORKSHOP=1"))
struct Workshop1OutputFormatTests {
  /// The line the exercise's renderer writes first.
  static let headerLine = "type,text,amount,odd"

  @Test func formatIsAccepted() throws {
    let result = try TXReportProcess.run(["--format", "csv"])
    #expect(
      !result.standardError.contains("--format must be"),
      "txreport does not know --format csv yet. Step 2: add `case csv` to OutputFormat (Sources/CLI/OutputFormat.swift); the parser reads the choices from OutputFormat.allCases"
    )
    #expect(result.status == 0, "txreport --format csv ended with \(result.status): \(result.standardError)")
  }

  @Test func everyRowIsOneLine() throws {
    let result = try TXReportProcess.run(["--format", "csv"])
    try #require(
      result.status == 0,
      "txreport --format csv failed (\(result.status)): do steps 1 to 3 first (the renderer, the case, the arm in CommandLineApp.renderer(for:context:))"
    )
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    try #require(
      lines.first == Self.headerLine,
      "the first line should be \(Self.headerLine): CSVReportRenderer.start() writes it (got \(lines.first ?? "nothing")). Is the switch in CommandLineApp.renderer(for:context:) still giving another renderer for .csv?"
    )
    let rows = try #require(try WorkshopRows.json([]))
    let expected = [Self.headerLine] + rows.map(Self.line) + [""]
    #expect(
      lines.count == expected.count,
      "one line per row, and a line break after each: the demo has \(rows.count) rows, so \(expected.count - 1) lines (got \(lines.count - 1))"
    )
    for (index, (line, wanted)) in zip(lines, expected).enumerated() where line != wanted {
      Issue.record(
        "line \(index + 1) should be \(wanted) (got \(line)): render(_:) writes the row's kind, its text as one quoted field, its amount, and its band (true, false, or nothing)"
      )
      break
    }
  }

  @Test func quotesInDescriptionsAreDoubled() throws {
    let folder = try WorkshopRows.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("quotes.csv")
    try "group,date,description,amount,debit\nP,2016-05-01,\"Joe's \"\"Diner\"\", Inc\",12.50,D\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try TXReportProcess.run(["--all", file.path, "--format", "csv"])
    try #require(
      result.status == 0, "txreport --format csv failed (\(result.status)): \(result.standardError)")
    #expect(
      result.standardOutput.contains("detail,\"Joe's \"\"Diner\"\", Inc\",12.50,true\n"),
      "a description with quotes and a comma must stay one field: quote it and double its quotes (CSVReportRenderer.field). Got:\n\(result.standardOutput)"
    )
  }

  @Test func helpNamesTheFormat() throws {
    let result = try TXReportProcess.run(["--help"])
    let lines = result.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      lines.contains { $0.hasPrefix("csv:") },
      "txreport --help does not say what --format csv is yet. Step 2: OutputFormat.help says it for each format (the help, the completions and the man page are made from it)"
    )
  }

  @Test func anOutputFileNamedCSVIsCSV() throws {
    let folder = try WorkshopRows.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("report.csv")
    let result = try TXReportProcess.run(["--all", TXReportProcess.fixture("demo_all.json"), "-o", file.path])
    #expect(
      result.status == 0,
      "txreport -o report.csv failed (\(result.status)): \(result.standardError). Step 2: OutputFormat.fileExtensions names the extensions an output file picks a format by"
    )
    let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    #expect(
      written.hasPrefix(Self.headerLine + "\n"),
      "-o report.csv should write CSV; it wrote:\n\(written.prefix(200))")
  }

  /// The CSV line the exercise's renderer writes for a row of `--format json`.
  static func line(_ row: [String: Any]) -> String {
    let text = (row["title"] ?? row["description"] ?? row["message"]) as? String ?? ""
    let amount = (row["amount"] ?? row["total"]) as? String ?? ""
    let odd = (row["odd"] as? Bool).map { $0 ? "true" : "false" } ?? ""
    let kind = row["type"] as? String ?? "?"
    return [kind, "\"" + text.replacing("\"", with: "\"\"") + "\"", amount, odd].joined(separator: ",")
  }
}
