import BankReading
import TestSupport
import Testing

@testable import FileGateways

/// An input whose name says no format (standard input, a `.txt` file, a URL's answer) is read
/// in the format its first bytes show, and in no format where they show none.
@Suite struct FormatSniffingTests {
  @Test(
    "The first bytes show a format beyond doubt, or none",
    arguments: [
      ("OFXHEADER:100\nDATA:OFXSGML\n", RecordFormat?.some(.ofx)), ("\u{FEFF}  <OFX><BANKMSGSRSV1>", .ofx),
      ("DATA:OFXSGML\nENCODING:UTF-8\n        <OFX>\n", .ofx),
      ("ENCODING:USASCII\r\nCHARSET:1252\r\n\r\n<ofx>", .ofx),
      ("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<OFX>", .ofx), ("!Type:Bank\nD1/2/2024\n", .qif),
      ("\n!type:CCard\n", .qif), ("!Account\nNChecking\n^\n", .qif), ("!Option:AutoSwitch\n", .qif),
      ("[{\"group\": \"A\"}]", .json), ("\n  [\n", .json),
      ("{\"group\": \"A\", \"date\": \"2016-04-01\"}\n{\"group\": \"P\"}\n", .ndjson),
      ("Date,Description,Amount\n", .csv), ("Datum;Betrag;Verwendungszweck\r\n", .csv),
      ("Date\tPayee\tAmount\n", .csv), ("group,date,description,amount,debit\n", .csv),
      ("Detailed Statement\n\nAccount Number,000000\n", .csv),
      // Nothing to tell, or a start that could be two things: no guess.
      ("<?xml version=\"1.0\"?><html/>", nil), ("DATA:OFXSGML\nsomething else\n", nil), ("VERSION:2\n", nil),
      ("{\n  \"group\": \"A\"\n}\n", nil), ("hello world\n", nil), ("\"one, quoted field\"\n", nil),
      ("", nil),
      ("<html><body>", nil),
    ])
  func shownByTheFirstBytes(text: String, format: RecordFormat?) {
    #expect(RecordFormat.sniffed(from: Array(text.utf8)) == format)
  }

  @Test("A first line longer than what is read is judged by its start; the lines after it only whole")
  func longLines() {
    let long = String(repeating: "x", count: RecordFormat.sniffedLength)
    #expect(RecordFormat.sniffed(from: Array(("Date,Amount" + long).utf8).prefix(4096).map { $0 }) == .csv)
    #expect(RecordFormat.sniffed(from: Array(("{\"a\": 1" + long).utf8).prefix(4096).map { $0 }) == nil)
    #expect(
      RecordFormat.sniffed(from: Array(("Statement\n" + long + ",").utf8).prefix(4096).map { $0 }) == nil)
  }

  @Test("A CSV export named .txt is read as CSV; the format given wins over what it shows")
  func csvNamedText() async throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("export.txt", text: "Date,Description,Amount\n2024-03-01,Coffee,-3.50\n")

    let sniffed = try await readAll(
      FileTransactionSource(path: path, sniffsFormat: true, options: ReadingOptions(debitsNegative: true)))
    let given = try await readAll(FileTransactionSource(path: path, format: .json))

    #expect(sniffed.map { $0.transaction?.description } == ["Coffee"])
    #expect(given.first?.issue != nil)
  }
}

extension FormatSniffingTests {
  @Test("The first opening tells the format, and every opening after it reads the same")
  func chosenOnce() async throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("export", text: "!Type:Bank\nD03/15/2024\nT-3.50\nPCoffee\n^\n")
    let source = FileTransactionSource(path: path, sniffsFormat: true)

    let first = try await readAll(source)
    _ = try folder.file("export", text: "[]")
    let second = try await readAll(source)

    #expect(first.map { $0.transaction?.description } == ["Coffee"])
    // Still read as QIF: the JSON it now holds is a QIF file's error.
    #expect(second.first?.issue?.readingProblem == .syntax(.looksLike(.json, instead: .notQIF)))
  }
}
