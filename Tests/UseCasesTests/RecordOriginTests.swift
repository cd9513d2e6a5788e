import Entities
import Testing
import UseCases

/// A record's origin keeps each field's position relative to the record's start, in 32 bits a
/// line and a column (decision 0037): every position a file's record can have comes back as it
/// was given, however far into the file the record starts.
@Suite struct RecordOriginTests {
  private func position(_ line: Int, _ column: Int) -> TextPosition {
    TextPosition(line: line, column: column)
  }

  @Test(
    "Fields on the start's line and on later lines come back as given",
    arguments: [
      (1, 1), (12, 3), (4_000_000_000, 7), (1, 5_000_000_000), (Int.max - 10, Int.max - 2_000_000),
    ])
  func positionsComeBack(startLine: Int, startColumn: Int) {
    let start = position(startLine, startColumn)
    let group = position(startLine, startColumn + 10)
    let amount = position(startLine, startColumn + 1_048_576)
    let date = position(startLine + 1, 3)
    let description = position(startLine + 9, 1_048_576)
    let origin = RecordOrigin(
      source: "big.json", start: start, group: group, amount: amount, date: date, description: description)
    #expect(origin.source == "big.json")
    #expect(origin.start == start)
    #expect(origin.group == group)
    #expect(origin.amount == amount)
    #expect(origin.date == date)
    #expect(origin.description == description)
  }

  @Test("A field left out is at the record's start")
  func omittedFieldsAreTheStart() {
    let origin = RecordOrigin(source: "s", start: position(3, 9))
    #expect(
      [origin.group, origin.amount, origin.date, origin.description]
        == Array(repeating: position(3, 9), count: 4))
  }

  @Test("A field before the start, or 2^32 lines after it, is kept as the start")
  func positionsThatDoNotFitAreTheStart() {
    let start = position(5_000_000_000, 20)
    let origin = RecordOrigin(
      source: "s", start: start, group: position(5_000_000_000, 19), amount: position(4, 1),
      date: position(5_000_000_000 + (1 << 32), 1), description: position(5_000_000_001, 1 << 32))
    #expect(origin.group == start)
    #expect(origin.amount == start)
    #expect(origin.date == start)
    #expect(origin.description == start)
  }

  @Test("Setting a position changes that one only; moving the start keeps the fields where they are")
  func setting() {
    var origin = RecordOrigin(
      source: "s", start: position(10, 5), group: position(10, 8), amount: position(11, 2))
    origin.date = position(12, 4)
    #expect(origin.date == position(12, 4))
    #expect(origin.group == position(10, 8))
    origin.start = position(9, 1)
    #expect(origin.start == position(9, 1))
    #expect(origin.group == position(10, 8))
    #expect(origin.amount == position(11, 2))
    #expect(origin.date == position(12, 4))
    #expect(origin.description == position(10, 5))
  }

  @Test("Offsets of up to 2^32 - 1 lines or columns fit; 2^32 on the start's line does not")
  func boundaries() {
    let start = position(7, 9)
    let largest = Int(UInt32.max)
    let origin = RecordOrigin(
      source: "s", start: start, group: position(7, 9 + largest), amount: position(7 + largest, largest),
      date: position(7, 9 + largest + 1))
    #expect(origin.group == position(7, 9 + largest))
    #expect(origin.amount == position(7 + largest, largest))
    #expect(origin.date == start)
  }

  @Test("Moving the start past a field makes that field the start")
  func startMovedForward() {
    var origin = RecordOrigin(
      source: "s", start: position(1, 1), group: position(1, 4), amount: position(3, 2))
    origin.start = position(2, 1)
    #expect(origin.group == position(2, 1))
    #expect(origin.amount == position(3, 2))
  }

  @Test("An origin is 56 bytes: the source's name in one word, the start whole, four fields in 8 bytes each")
  func size() {
    #expect(MemoryLayout<RecordOrigin>.size == 56)
  }

  @Test("An origin counts no reference when it is copied: its source's name is kept once (decision 0058)")
  func plainValue() {
    #expect(_isPOD(RecordOrigin.self))
    #expect(!_isPOD(Transaction.self))
  }

  @Test("A source's name reads back as it was written, however many origins name it, and may change")
  func sourceNames() {
    let path = "/a/folder/with/a/long/name/transactions-\(Int.random(in: 0..<1_000_000)).json"
    var one = RecordOrigin(source: path, start: position(1, 1))
    let two = RecordOrigin(
      source: String(path.utf8.map { Character(Unicode.Scalar($0)) }), start: position(1, 1))
    #expect(one.source == path)
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    one.source = "other.csv"
    #expect(one.source == "other.csv")
    #expect(one != two)
    #expect(two.source == path)
    #expect(String(reflecting: two).contains(path))
  }

  @Test("Names that differ only in how an accent is written read back as written, and are equal")
  func canonicallyEqualNames() {
    let tail = "-\(Int.random(in: 0..<1_000_000)).csv"
    let (composed, decomposed) = ("/exports/caf\u{E9}" + tail, "/exports/cafe\u{301}" + tail)
    #expect(Array(composed.utf8) != Array(decomposed.utf8))
    let one = RecordOrigin(source: composed, start: position(1, 1))
    let two = RecordOrigin(source: decomposed, start: position(1, 1))
    #expect(Array(one.source.utf8) == Array(composed.utf8))
    #expect(Array(two.source.utf8) == Array(decomposed.utf8))
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    #expect(one != RecordOrigin(source: composed + "x", start: position(1, 1)))
  }

  @Test("Origins with the same positions are equal and hash alike; others are not equal")
  func equality() {
    let one = RecordOrigin(source: "s", start: position(2, 1), group: position(2, 9), date: position(3, 4))
    var two = RecordOrigin(source: "s", start: position(1, 1))
    two.start = position(2, 1)
    two.group = position(2, 9)
    two.date = position(3, 4)
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    two.date = position(3, 5)
    #expect(one != two)
  }
}
