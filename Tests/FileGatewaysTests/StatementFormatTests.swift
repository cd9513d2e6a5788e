import FileGateways
import TestSupport
import Testing

/// A bank's statement named without its extension is known by its first bytes.
@Suite struct StatementFormatTests {
  @Test(
    "OFX and QIF are known by how they start; anything else, and what cannot be read again, is not",
    arguments: [
      ("OFXHEADER:100\nDATA:OFXSGML\n", RecordFormat?.some(.ofx)), ("\u{FEFF}  <OFX><BANKMSGSRSV1>", .ofx),
      ("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<OFX>", .ofx), ("!Type:Bank\nD1/2/2024\n", .qif),
      ("\n!type:CCard\n", .qif), ("!Account\nNChecking\n^\n", .qif), ("<?xml version=\"1.0\"?><html/>", nil),
      ("[{\"group\": \"A\"}]", nil), ("Date,Description,Amount\n", nil), ("", nil),
    ])
  func knownByItsStart(text: String, format: RecordFormat?) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("statement", text: text)

    #expect(RecordFormat.statement(atPath: path) == format)
  }

  @Test("Standard input, a device and a missing file are not read to guess")
  func notRead() {
    #expect(RecordFormat.statement(atPath: "-") == nil)
    #expect(RecordFormat.statement(atPath: "/dev/zero") == nil)
    #expect(RecordFormat.statement(atPath: "/no/such/statement") == nil)
  }
}
