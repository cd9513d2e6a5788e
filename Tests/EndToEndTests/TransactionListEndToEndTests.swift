import Foundation
import TestSupport
import Testing

/// `--format transactions`: the report's transactions, one JSON object a line, run through the
/// built binary.
@Suite struct TransactionListEndToEndTests {
  private typealias TX = TXReportProcess

  /// Each line of an NDJSON text as an object of strings; a line that is not one fails.
  private func objects(_ ndjson: String) throws -> [[String: String]] {
    #expect(ndjson.isEmpty || ndjson.hasSuffix("\n"), "every line ends with a line feed")
    return try ndjson.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(object as? [String: String], "not an object of strings: \(line)")
    }
  }

  /// A record of the demo file, its fields as the file writes them.
  private struct Record: Decodable {
    var group, date, description, amount, debit: String
  }

  /// The demo's transactions worked out from `demo_all.json` here, not by txreport: group A
  /// then P, by date, records of one group and date in file order; the amount signed as the
  /// report signs it (a debit positive, a credit negative), with two decimals.
  private func expectedDemo() throws -> [[String: String]] {
    let records = try JSONDecoder().decode([Record].self, from: Data(TX.fixtureText("demo_all.json").utf8))
    let ordered = records.enumerated().sorted { left, right in
      (left.element.group, left.element.date, left.offset) < (
        right.element.group, right.element.date, right.offset
      )
    }
    return try ordered.map { _, record in
      // Demo amounts have at most two decimals: the cents, padded.
      let parts = record.amount.split(separator: ".", omittingEmptySubsequences: false)
      try #require(parts.count <= 2 && !record.amount.hasPrefix("-"))
      let cents = (parts.count == 2 ? String(parts[1]) : "").padding(toLength: 2, withPad: "0", startingAt: 0)
      let sign = record.debit == "C" ? "-" : ""
      return [
        "date": record.date, "group": record.group, "description": record.description,
        "amount": "\(sign)\(parts[0]).\(cents)",
      ]
    }
  }

  @Test(
    "The demo's transactions are the reviewed golden file, from every input mode",
    arguments: OutputFormatsEndToEndTests.demoInputs)
  func demo(arguments: [String]) throws {
    let result = try TX.run(arguments + ["--format", "transactions"])
    #expect(result.status == 0)
    #expect(result.standardError == TX.quietErrors(arguments))
    #expect(result.standardOutput == (try TX.fixtureText("golden/demo_transactions.ndjson")))
  }

  @Test("The golden file is the demo data worked out by hand: 58 transactions, A then P, by date, signed")
  func goldenIsTheDemo() throws {
    let golden = try TX.fixtureText("golden/demo_transactions.ndjson")
    let lines = try objects(golden)
    #expect(lines.count == 58)
    #expect(lines == (try expectedDemo()))
    // Keys in a fixed order, no spaces: what `grep` and `cut` see.
    #expect(
      golden.hasPrefix(#"{"date":"2016-04-01","group":"A","description":"Starbucks","amount":"3.11"}"# + "\n")
    )
    let sum = lines.compactMap {
      Decimal(string: $0["amount", default: ""], locale: Locale(identifier: "en_US_POSIX"))
    }
    .reduce(0, +)
    #expect(sum == Decimal(string: "1338.97", locale: Locale(identifier: "en_US_POSIX")))
  }

  @Test("--month lists that month's transactions only; the records outside are a note on standard error")
  func month() throws {
    let result = try TX.run([
      "--all", TX.fixture("demo_all.json"), "--month", "2016-05", "--format", "transactions",
    ])
    #expect(result.status == 0)
    #expect(
      result.standardError == "txreport: note: 28 records outside 2016-05-01 to 2016-05-31 are not shown\n")
    let lines = try objects(result.standardOutput)
    #expect(lines == (try expectedDemo()).filter { $0["date", default: ""].hasPrefix("2016-05") })
    #expect(lines.count == 30)
  }

  @Test("--title and --currency leave the list as it is: plain amounts, no heading")
  func titleAndCurrency() throws {
    let plain = try TX.run(["--format", "transactions"])
    let styled = try TX.run(["--format", "transactions", "--title", "Acme Visa", "--currency", "eur"])
    #expect(styled.status == 0)
    #expect(styled.standardOutput == plain.standardOutput)
  }

  @Test(
    "Quotes, backslashes, controls, bidirectional marks and non-ASCII text come back whole from a JSON reader"
  )
  func hostileDescriptions() throws {
    let folder = try TemporaryDirectory("txreport-transactions")
    let descriptions = [
      "Joe's \"Diner\", Inc \\ back", "tab\there", "\u{1B}[31mred\u{1B}[0m\u{7}", "\u{202E}gnp.exe",
      "Caf\u{E9} \u{D55C}\u{AD6D}\u{C5B4} \u{1F355}", "line\u{2028}sep",
    ]
    var json = "["
    for (index, description) in descriptions.enumerated() {
      let literal = String(
        decoding: try JSONSerialization.data(withJSONObject: [description], options: []), as: UTF8.self)
      json +=
        (index == 0 ? "" : ",") + #"{"group":"P","date":"2016-05-0\#(index + 1)","description":"#
        + literal.dropFirst().dropLast() + #","amount":"1.00","debit":"C"}"#
    }
    let file = try folder.file("hostile.json", bytes: Array((json + "]").utf8))
    let result = try TX.run(["--all", file, "--format", "transactions"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      !result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0 == "\u{202E}" || $0 == "\u{7}" }
    )
    let lines = try objects(result.standardOutput)
    #expect(lines.map { $0["description", default: ""] } == descriptions)
    #expect(lines.allSatisfy { $0["group"] == "P" && $0["amount"] == "-1.00" })
    #expect(lines.map { $0["date", default: ""] } == (1...6).map { "2016-05-0\($0)" })
  }

  @Test(
    "Invalid input: no line on standard output, the located errors, exit 65; also after valid records",
    arguments: [false, true])
  func invalidInput(afterValidRecords: Bool) throws {
    let folder = try TemporaryDirectory("txreport-transactions")
    var records = ""
    // The demo's 58 records first, a line each: a draft of the list is made, then taken back.
    if afterValidRecords {
      let demo = try #require(
        try JSONSerialization.jsonObject(with: Data(TX.fixtureText("demo_all.json").utf8))
          as? [[String: String]])
      for record in demo {
        records += String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self) + "\n"
      }
    }
    records += #"{"group":"A","date":"2016-02-30","description":"Leap","amount":"3.11","debit":"D"}"# + "\n"
    let file = try folder.file("records.ndjson", bytes: Array(records.utf8))
    let result = try TX.run(["--all", file, "--format", "transactions"])
    #expect(result.status == 65)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("records.ndjson:\(afterValidRecords ? 59 : 1):"))
    #expect(result.standardError.contains("error:"))
  }

  @Test("Records out of order are listed in report order, each once")
  func unsorted() throws {
    let result = try TX.run(["--all", TX.fixture("cases/unsorted_all.json"), "--format", "transactions"])
    #expect(result.status == 0)
    #expect(
      try objects(result.standardOutput).map {
        "\($0["group", default: ""]) \($0["date", default: ""]) \($0["description", default: ""]) \($0["amount", default: ""])"
      }
        == [
          "A 2016-04-01 A early 0.50", "A 2016-04-03 A later first 1.10", "A 2016-04-03 A later second 2.25",
          "A 2016-04-03 A later third -3.00", "P 2016-05-01 P first day 1.00",
          "P 2016-05-02 P second day 2.00",
        ])
  }

  @Test(
    "-o FILE.ndjson picks the list; a missing source with --partial: the other group's lines, the warning, exit 3"
  )
  func outputFileAndPartial() throws {
    let folder = try TemporaryDirectory("txreport-transactions")
    let path = folder.path("tx.ndjson")
    let missing = folder.path("no-such.json")
    let result = try TX.run([
      "--authorized", missing, "--posted", TX.fixture("demo_posted.json"), "--partial", "-o", path,
    ])
    #expect(result.status == 3)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("warning: Authorized Transactions"))
    let lines = try objects(try String(contentsOfFile: path, encoding: .utf8))
    #expect(lines == (try expectedDemo()).filter { $0["group"] == "P" })
  }

  @Test("A missing file without --partial: no list, exit 66")
  func missingFile() throws {
    let result = try TX.run(["--all", TX.fixture("cases/no-such-file.json"), "--format", "transactions"])
    #expect(result.status == 66)
    #expect(result.standardOutput.isEmpty)
  }
}
