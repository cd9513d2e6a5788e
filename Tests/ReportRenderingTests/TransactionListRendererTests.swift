import Entities
import Foundation
import Presenters
import ReportRendering
import Testing

/// `TransactionListRenderer`: one NDJSON line per transaction.
@Suite struct TransactionListRendererTests {
  @Test("A transaction is one line: four keys in a fixed order, every value a string, no spaces")
  func oneLine() {
    let renderer = TransactionListRenderer()
    #expect(
      renderer.render(
        ListedTransaction(date: "2016-04-01", group: "A", description: "Starbucks", amount: "3.11"))
        == #"{"date":"2016-04-01","group":"A","description":"Starbucks","amount":"3.11"}"# + "\n")
    #expect(
      renderer.render(ListedTransaction(date: "2016-05-02", group: "P", description: "", amount: "-400.00"))
        == #"{"date":"2016-05-02","group":"P","description":"","amount":"-400.00"}"# + "\n")
  }

  /// Descriptions a bank's export may hold, and worse.
  static let hostileDescriptions = [
    "Joe's \"Diner\", Inc \\ back",
    "line\nbreak\r\ttab",
    "\u{1B}[31mred\u{1B}[0m \u{07} \u{7F} \u{85}",
    "\u{202E}gnp.exe \u{2066}x\u{2069}",
    "para\u{2029}line\u{2028}end",
    "Caf\u{E9} \u{D55C}\u{AD6D}\u{C5B4} \u{1F1E8}\u{1F1ED} \u{1F469}\u{200D}\u{1F4BB}",
    "\u{0}nul",
  ]

  @Test(
    "A description comes back whole from a JSON reader; what could control a terminal is escaped, the rest is UTF-8",
    arguments: hostileDescriptions)
  func descriptionsRoundTrip(description: String) throws {
    let line = TransactionListRenderer().render(
      ListedTransaction(
        date: "2016-04-01", group: "A", description: DescriptionText(description), amount: "1.00"))
    #expect(line.hasSuffix("}\n"))
    #expect(line.dropLast().allSatisfy { $0 != "\n" && $0 != "\r" }, "one line: \(line)")
    #expect(
      !line.dropLast().unicodeScalars.contains { ReportText.mustBeEscaped($0) },
      "a control reached the line: \(line)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object == ["date": "2016-04-01", "group": "A", "description": description, "amount": "1.00"])
  }

  @Test("Non-ASCII text is written as UTF-8, not as escapes")
  func unicodeStaysText() {
    let line = TransactionListRenderer().render(
      ListedTransaction(date: "2016-04-01", group: "A", description: "Caf\u{E9} \u{1F355}", amount: "1.00"))
    #expect(line.contains("\"description\":\"Caf\u{E9} \u{1F355}\""))
  }

  @Test("The bytes a view appends are the line's text", arguments: hostileDescriptions)
  func bytesAreTheText(description: String) {
    let transaction = ListedTransaction(
      date: "2016-04-01", group: "P", description: DescriptionText(description), amount: "-0.01")
    var bytes: [UInt8] = Array("before".utf8)
    TransactionListRenderer().render(transaction, appendingTo: &bytes)
    #expect(bytes == Array(("before" + TransactionListRenderer().render(transaction)).utf8))
  }
}

/// The escape of the description as the line is written, eight bytes at a time: checked against
/// the rule said one character at a time, with a stop at every place of a word and of the last
/// bytes. The other values are plain by their type, which no text with a stop passes.
@Suite struct TransactionListEscapeTests {
  /// Texts of 1 to 19 characters with one character that stops the eight-byte pass at each place.
  static let texts: [String] = {
    let stops = [
      "\"", "\\", "\n", "\u{1}", "\u{7F}", "\u{85}", "\u{A0}", "\u{61C}", "\u{2028}", "\u{2030}", "\u{E9}",
    ]
    var texts: [String] = []
    for length in 1...19 {
      for place in 0..<length {
        for stop in stops {
          texts.append(
            String(repeating: "a", count: place) + stop + String(repeating: "b", count: length - place - 1))
        }
      }
    }
    return texts
  }()

  @Test("The description is escaped as the rule says, wherever its stop falls")
  func everyPlace() {
    let renderer = TransactionListRenderer()
    var wrong: [String] = []
    for text in Self.texts {
      let line = renderer.render(
        ListedTransaction(date: "2016-04-01", group: "A", description: DescriptionText(text), amount: "-1.00")
      )
      let expected =
        #"{"date":"2016-04-01","group":"A","description":""# + JSONLiteral.insideByScalars(text)
        + #"","amount":"-1.00"}"# + "\n"
      if line != expected { wrong.append(text) }
    }
    #expect(
      wrong.isEmpty, "\(wrong.count) of \(Self.texts.count) texts written otherwise: \(wrong.prefix(5))")
  }

  @Test("A date, a group or an amount is plain: no text with a character to escape, or beyond ASCII, is one")
  func plainValues() {
    let refused = Self.texts.filter { ListedTransaction.PlainText($0) != nil }
    #expect(refused.isEmpty, "taken as plain: \(refused.prefix(5))")
    for text in ["2016-04-01", "A", "P", "", "-1234567.89", "0.00"] {
      #expect(ListedTransaction.PlainText(text)?.text == text)
    }
  }
}
