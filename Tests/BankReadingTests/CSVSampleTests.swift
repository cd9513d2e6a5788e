import BankReading
import Testing
import UseCases

/// The sample a bank's export is decided from (``CSVSample``), read a run of plain bytes at a
/// time, against the same rules read one byte at a time.
@Suite struct CSVSampleTests {
  /// A field as compared: its text, line, column and whether it is quoted.
  private struct Shown: Equatable, CustomStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var quoted: Bool
    var description: String { "\(text.debugDescription)@\(line):\(column)\(quoted ? " quoted" : "")" }
  }

  /// The rows of `bytes` by the sample's rules, one byte at a time: a quote opens a quoted
  /// field anywhere outside quotes (the field is quoted when nothing came before it), a quote
  /// written twice inside quotes is one, a line feed inside quotes is part of the field and
  /// starts a line, a carriage return outside quotes is left out, a line feed outside them ends
  /// the row, and an empty line is no row; every byte that does not continue a UTF-8 character
  /// moves the column.
  private func rowsOneByteAtATime(
    _ bytes: [UInt8], from start: TextPosition, delimiter: UInt8, complete: Bool
  ) -> [[Shown]] {
    var rows: [[Shown]] = []
    var row: [Shown] = []
    var field: [UInt8] = []
    var (line, column) = (start.line, start.column)
    var fieldStart = (start.line, start.column)
    var quoted = false
    var fieldQuoted = false
    var atFieldStart = true
    var index = 0
    func endField() {
      row.append(
        Shown(
          text: String(decoding: field, as: UTF8.self), line: fieldStart.0, column: fieldStart.1,
          quoted: fieldQuoted))
      field = []
      fieldQuoted = false
    }
    func endRow() {
      if !(row.count == 1 && row[0].text.isEmpty) { rows.append(row) }
      row = []
    }
    while index < bytes.count {
      let byte = bytes[index]
      if atFieldStart {
        fieldStart = (line, column)
        atFieldStart = false
      }
      index += 1
      if byte & 0xC0 != 0x80 { column += 1 }
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
            column += 1
          } else {
            quoted = false
          }
        } else {
          if byte == UInt8(ascii: "\n") { (line, column) = (line + 1, 1) }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        if field.isEmpty { fieldQuoted = true }
        quoted = true
      case delimiter:
        endField()
        atFieldStart = true
      case UInt8(ascii: "\n"):
        endField()
        endRow()
        (line, column) = (line + 1, 1)
        atFieldStart = true
      case UInt8(ascii: "\r"):
        break
      default:
        field.append(byte)
      }
    }
    if complete && !(row.isEmpty && field.isEmpty && atFieldStart) {
      endField()
      endRow()
    }
    return rows
  }

  private func shown(_ sample: CSVSample) -> [[Shown]] {
    sample.rows.map { row in
      row.map { Shown(text: $0.text, line: $0.position.line, column: $0.position.column, quoted: $0.quoted) }
    }
  }

  @Test("Every text of up to six pieces of delimiters, quotes, line breaks and letters reads alike")
  func everyShortText() {
    // Each piece a byte that ends a run, or a run of one or two characters (one of two bytes).
    let pieces: [[UInt8]] = [
      [UInt8(ascii: ";")], [UInt8(ascii: ",")], [UInt8(ascii: "\"")], [UInt8(ascii: "\n")],
      [UInt8(ascii: "\r")], Array("a".utf8), Array("é".utf8), Array("ab".utf8),
    ]
    var texts: [[UInt8]] = [[]]
    var all: [[UInt8]] = [[]]
    for _ in 1...6 {
      texts = texts.flatMap { text in pieces.map { text + $0 } }
      all += texts
    }
    var checked = 0
    for text in all {
      for complete in [true, false] {
        let start = TextPosition(line: 3, column: 1)
        let sample = CSVSample(of: text, from: start, delimiter: UInt8(ascii: ";"), complete: complete)
        let expected = rowsOneByteAtATime(text, from: start, delimiter: UInt8(ascii: ";"), complete: complete)
        if shown(sample) != expected {
          Issue.record(
            "\(String(decoding: text, as: UTF8.self).debugDescription): \(shown(sample)) != \(expected)")
          return
        }
        #expect(sample.isWholeFile == complete)
        checked += 1
      }
    }
    #expect(checked == 2 * all.count)
  }

  @Test("Long random texts read alike: runs of every length across the eight bytes read at a time")
  func longRandomTexts() {
    // A linear congruential generator's high bits: the same texts on every run.
    var state: UInt64 = 47
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let pieces: [[UInt8]] = [
      [UInt8(ascii: ";")], [UInt8(ascii: "\"")], [UInt8(ascii: "\n")], [UInt8(ascii: "\r")], Array("a".utf8),
      Array("é".utf8), Array("abcdefg".utf8), Array("Müller & Söhne".utf8), Array("東京ラーメン".utf8),
      Array("0123456789,50".utf8),
    ]
    for _ in 0..<500 {
      let text = (0..<Int(next() % 40)).flatMap { _ in pieces[Int(next() % UInt64(pieces.count))] }
      for complete in [true, false] {
        let start = TextPosition(line: 1, column: 1)
        let sample = CSVSample(of: text, from: start, delimiter: UInt8(ascii: ";"), complete: complete)
        let expected = rowsOneByteAtATime(text, from: start, delimiter: UInt8(ascii: ";"), complete: complete)
        guard shown(sample) == expected else {
          Issue.record("\(String(decoding: text, as: UTF8.self).debugDescription)")
          return
        }
      }
    }
  }

  @Test("A bank's rows, long runs between the delimiters, read alike")
  func longRows() {
    let text = Array(
      ("01.03.2024;Gehalt März \"Firma\";2000,00\r\n\"13.03.2024\";\"Miete, \"\"Wohnung\"\"\n2. OG\";-950,00\n\n"
        + "14.03.2024;Bäcker Müller & Söhne, Hauptstraße 12;-4,50\n15.03.2024;x\"y\";1").utf8)
    for complete in [true, false] {
      let start = TextPosition(line: 2, column: 1)
      let sample = CSVSample(of: text, from: start, delimiter: UInt8(ascii: ";"), complete: complete)
      #expect(
        shown(sample)
          == rowsOneByteAtATime(text, from: start, delimiter: UInt8(ascii: ";"), complete: complete))
      #expect(sample.rows.count == (complete ? 4 : 3))
    }
  }
}
