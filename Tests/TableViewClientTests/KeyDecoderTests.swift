import Testing

@testable import TableViewClient

/// The bytes a terminal sends, turned into keys: whole, split between reads, and mixed with
/// sequences the view has no use for.
@Suite struct KeyDecoderTests {
  private func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.keys(from: bytes) + decoder.flush()
  }

  private func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test(
    "Each key's bytes, as xterm and tmux send them, give that key",
    arguments: [
      ("j", Key.character("j")), ("G", .character("G")), (" ", .character(" ")), ("/", .character("/")),
      ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
      ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}[1;5B", .down),
      ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
      ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
      ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete),
      ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{08}", .backspace),
      ("\u{03}", .control("c")), ("\u{1A}", .control("z")), ("\u{0C}", .control("l")),
      ("\u{1B}", .escape),
      ("\u{1B}[<64;10;5M", .wheelUp), ("\u{1B}[<65;10;5M", .wheelDown), ("\u{1B}[<69;1;1M", .wheelDown),
      ("東", .character("東")), ("é", .character("é")), ("🍣", .character("🍣")),
    ])
  func eachKey(bytes: String, key: Key) {
    #expect(keys(bytes) == [key])
  }

  @Test("Several keys in one read come out in order")
  func severalKeys() {
    #expect(
      keys("jj\u{1B}[6~k\u{1B}[Aq") == [
        .character("j"), .character("j"), .pageDown, .character("k"), .up, .character("q"),
      ])
  }

  @Test("A sequence split between two reads is held until its end comes")
  func splitSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: Array("j\u{1B}[".utf8)) == [.character("j")])
    #expect(decoder.isHolding)
    #expect(decoder.keys(from: Array("5".utf8)) == [])
    #expect(decoder.keys(from: Array("~k".utf8)) == [.pageUp, .character("k")])
    #expect(!decoder.isHolding)
  }

  @Test("A lone ESC is held, then taken as Esc when nothing follows")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: [0x1B]) == [])
    #expect(decoder.isHolding)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isHolding)
  }

  @Test("A lone ESC followed by more in a later read is the start of that sequence")
  func escapeThenSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: [0x1B]) == [])
    #expect(decoder.keys(from: Array("[B".utf8)) == [.down])
  }

  @Test("Esc followed by a letter in the same read is Esc, then the letter")
  func escapeThenLetter() {
    #expect(keys("\u{1B}q") == [.escape, .character("q")])
  }

  @Test("A UTF-8 character split between reads is held; a broken one is dropped")
  func splitCharacter() {
    var decoder = KeyDecoder()
    let bytes = Array("京".utf8)
    #expect(decoder.keys(from: bytes.prefix(2)) == [])
    #expect(decoder.keys(from: bytes.suffix(1)) == [.character("京")])
    #expect(keys([0xE4, 0x41]) == [.character("A")])
    #expect(keys([0xFF, 0x6A]) == [.character("j")])
  }

  @Test("Mouse clicks, releases and moves, and unknown sequences, are read whole and dropped")
  func ignoredSequences() {
    #expect(keys("\u{1B}[<0;3;4M\u{1B}[<0;3;4m\u{1B}[<35;3;4Mj") == [.character("j")])
    #expect(keys("\u{1B}[15~\u{1B}[200~k\u{1B}OP") == [.character("k")])
    #expect(keys("\u{1B}[<64;3;4m") == [], "a wheel release is not a turn")
  }

  @Test("An unfinished sequence is dropped at a flush, not turned into stray keys")
  func unfinishedAtFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: Array("\u{1B}[<65;1".utf8)) == [])
    #expect(decoder.flush() == [])
  }
}
