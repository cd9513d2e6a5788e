import ByteWords

/// Passes over a text eight bytes at a time (byte words, `UInt64(wordAt:of:)`), for the
/// renderers' counts and escapes of a detail row.
extension UnsafeBufferPointer<UInt8> {
  /// Calls `body` with the place of each byte that a word's mask marks (`candidates`: it must
  /// mark every byte `isMatch` accepts, and may mark others) and that `isMatch` accepts, in
  /// order: a word the mask marks nowhere, nearly every one, is passed whole. The last bytes are
  /// read as one more word, with spaces after them, which `isMatch` must not accept.
  ///
  /// - Parameters:
  ///   - candidates: The mask of the bytes of a word that may match.
  ///   - isMatch: Whether a byte the mask marks matches.
  ///   - body: What to do at each match.
  @inline(__always)
  func forEachByte(
    markedBy candidates: (UInt64) -> UInt64, where isMatch: (UInt8) -> Bool, _ body: (Int) -> Void
  ) {
    var index = 0
    while index < count {
      let word =
        index &+ 8 <= count
        ? UInt64(wordAt: index, of: self) : UInt64(tailAt: index, of: self, filler: UInt8(ascii: " "))
      var marked = candidates(word)
      while marked != 0 {
        let place = index &+ marked.trailingZeroBitCount &>> 3
        // A mask that marked a place of the filler past the end would read there: never.
        if place < count, isMatch(self[place]) { body(place) }
        marked &= marked &- 1
      }
      index &+= 8
    }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The eight bytes from `index`, the first lowest, or the last bytes as one more word with
  /// spaces after them (a space is none of the bytes the renderers' escapes look for); and how
  /// many of the word's bytes are the text's: eight, or fewer at its end. How a writer that
  /// escapes a text as it copies it (``ByteWriter/writeJSONEscaped(_:)`` and its kind) reads it.
  ///
  /// - Parameter index: Where the word starts, before the end.
  /// - Returns: The word, and how many of its bytes are the text's.
  @inline(__always)
  func spacedWord(at index: Int) -> (word: UInt64, count: Int) {
    let left = count &- index
    return left >= 8
      ? (UInt64(wordAt: index, of: self), 8)
      : (UInt64(tailAt: index, of: self, filler: UInt8(ascii: " ")), left)
  }

  /// Whether every byte is a digit, `,`, `-` or `.`: an amount of the plain style, or an ISO
  /// date, which every renderer writes as it is (no escape, one column a byte, nothing that
  /// starts a link in Markdown: a `.` after digits starts none).
  var isDigitsAndMarks: Bool {
    @inline(__always) get {
      // Eight bytes at a time, the last ones with zeros after them: `,`, `-` and `.` are one
      // run of ASCII, the digits another.
      var index = 0
      while index < count {
        let word =
          index &+ 8 <= count
          ? UInt64(wordAt: index, of: self) : UInt64(tailAt: index, of: self, filler: UInt8(ascii: "0"))
        let plain =
          word.bytes(from: UInt8(ascii: ","), through: UInt8(ascii: "."))
          | word.bytes(from: UInt8(ascii: "0"), through: UInt8(ascii: "9"))
        guard plain == UInt64(repeating: 0x80) else { return false }
        index &+= 8
      }
      return true
    }
  }
}

extension String {
  /// The length of an amount made of digits, `,`, `.` and `-` only (the plain style's), which
  /// every renderer writes as it is (`UnsafeBufferPointer.isDigitsAndMarks`); `nil` for any
  /// other text.
  var plainAmountCount: Int? {
    @inline(__always) get {
      withUTF8InPlace { utf8 in utf8.isDigitsAndMarks ? utf8.count : nil }
    }
  }
}
