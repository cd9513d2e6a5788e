/// Byte words: eight bytes read as one `UInt64`, the first byte lowest (SIMD within a
/// register). The tests on a word that the scanners (Gateways) and the renderers
/// (ReportRendering) pass over plain bytes with, eight at a time, are built on these; each
/// module adds, in an extension of its own, the tests it needs (a JSON string's stops, a text
/// that needs no escape).
///
/// A mask has the top bit set in each byte that matches, and the lowest bit it sets is exact: a
/// byte above a match may be marked too (a borrow carried into it), one below it never is. So a
/// mask is either zero (no byte matches) or says exactly where the first match is
/// (``firstMarkedByte``).
///
/// Helpers of the package, not of the domain: a module of their own, below the decoders
/// (FileGateways), the engine (UseCases) and the renderers (ReportRendering), outside the
/// layers as the standard library is. They extend `UInt64`, not a type of the package's
/// own, because the compiler does not inline, in another module, the members of a `package` type
/// (Swift 6.3, `@inlinable` or not); those of a public type it does, and the fast paths need them
/// inlined as their own code would be.
extension UInt64 {
  /// The eight bytes from an offset, the first lowest.
  ///
  /// - Parameters:
  ///   - offset: Where the word starts.
  ///   - bytes: The bytes; at least eight from `offset` on.
  @inlinable @inline(__always)
  package init(wordAt offset: Int, of bytes: UnsafeBufferPointer<UInt8>) {
    self.init(
      littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// The last bytes of a text, fewer than eight, from an offset to its end, the first lowest,
  /// with `filler` in the bytes past the end: how a pass eight bytes at a time reads the rest
  /// of a text in one more word, not byte by byte (a filler none of its tests marks, such as a
  /// space, leaves the answer as the bytes alone would give it).
  ///
  /// - Parameters:
  ///   - offset: Where the last bytes start; fewer than eight after it.
  ///   - bytes: The bytes.
  ///   - filler: The byte in the places past the end.
  @inlinable @inline(__always)
  package init(tailAt offset: Int, of bytes: UnsafeBufferPointer<UInt8>, filler: UInt8) {
    let count = bytes.count &- offset
    assert(count < 8, "the last bytes of a text are fewer than eight")
    if count <= 0 {
      self.init(repeating: filler)
    } else if bytes.count >= 8 {
      // The text's last word, shifted down past the bytes before the offset: no byte is read
      // outside the text.
      let shift = UInt64((8 &- count) &* 8)
      self =
        UInt64(wordAt: bytes.count &- 8, of: bytes) &>> shift | UInt64(repeating: filler) &<< (64 &- shift)
    } else {
      // A text shorter than a word: its bytes in at most three reads (four, two and one bytes,
      // as the count's bits say), not one by one, and the filler above them.
      let raw = UnsafeRawBufferPointer(bytes)
      var (word, place) = (UInt64(0), offset)
      if count & 4 != 0 {
        word = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: place, as: UInt32.self)))
        place &+= 4
      }
      if count & 2 != 0 {
        let pair = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: place, as: UInt16.self)))
        word |= pair &<< UInt64((place &- offset) &* 8)
        place &+= 2
      }
      if count & 1 != 0 {
        word |= UInt64(raw[place]) &<< UInt64((place &- offset) &* 8)
      }
      self = word | UInt64(repeating: filler) &<< UInt64(count &* 8)
    }
  }

  /// The four bytes from an offset, the first lowest, in the low half of a word.
  ///
  /// - Parameters:
  ///   - offset: Where the four bytes start.
  ///   - bytes: The bytes; at least four from `offset` on.
  @inlinable @inline(__always)
  package init(halfWordAt offset: Int, of bytes: UnsafeBufferPointer<UInt8>) {
    self.init(
      UInt32(
        littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// The mask of every bit of the first `count` bytes (0 to 8) of a word.
  ///
  /// - Parameter count: How many bytes, from the first.
  @inlinable @inline(__always)
  package init(firstBytes count: Int) {
    self = count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
  }

  /// The word whose eight bytes are all `byte`.
  ///
  /// - Parameter byte: The byte.
  @inlinable @inline(__always)
  package init(repeating byte: UInt8) {
    self = 0x0101_0101_0101_0101 &* UInt64(byte)
  }

  /// The mask of the bytes that are zero.
  @inlinable @inline(__always)
  package var zeroBytes: UInt64 {
    (self &- UInt64(repeating: 1)) & ~self & UInt64(repeating: 0x80)
  }

  /// The mask of the bytes that are `byte`.
  ///
  /// - Parameter byte: The byte to find.
  /// - Returns: The mask.
  @inlinable @inline(__always)
  package func bytes(equalTo byte: UInt8) -> UInt64 {
    (self ^ UInt64(repeating: byte)).zeroBytes
  }

  /// The mask of the bytes below `bound`, which is at most 0x80 (below 0x20: the controls).
  ///
  /// - Parameter bound: The first byte not marked.
  /// - Returns: The mask.
  @inlinable @inline(__always)
  package func bytes(below bound: UInt8) -> UInt64 {
    (self &- UInt64(repeating: bound)) & ~self & UInt64(repeating: 0x80)
  }

  /// The mask of the bytes from `lower` through `upper`, both ASCII: exact for every byte (the
  /// sums add to seven bits of each byte, so none carries into the next).
  ///
  /// - Parameters:
  ///   - lower: The first byte marked.
  ///   - upper: The last byte marked.
  /// - Returns: The mask.
  @inlinable @inline(__always)
  package func bytes(from lower: UInt8, through upper: UInt8) -> UInt64 {
    let high = UInt64(repeating: 0x80)
    let low = self & ~high
    let atLeastLower = low &+ UInt64(repeating: 0x80 &- lower)
    let aboveUpper = low &+ UInt64(repeating: 0x7F &- upper)
    return atLeastLower & ~aboveUpper & ~self & high
  }

  /// The mask of the bytes that continue a UTF-8 character (`10xxxxxx`): exact for every byte.
  @inlinable @inline(__always)
  package var continuationBytes: UInt64 {
    self & ~(self &<< 1) & UInt64(repeating: 0x80)
  }

  /// The mask of the bytes above ASCII (0x80 or more): exact for every byte.
  @inlinable @inline(__always)
  package var bytesAboveASCII: UInt64 {
    self & UInt64(repeating: 0x80)
  }

  /// Whether one of the eight bytes is `byte`.
  ///
  /// - Parameter byte: The byte to find.
  /// - Returns: `true` when one is.
  @inlinable @inline(__always)
  package func containsByte(_ byte: UInt8) -> Bool {
    bytes(equalTo: byte) != 0
  }

  /// Read as a mask that marks bytes exactly (only their top bits, as ``continuationBytes``
  /// does): how many bytes it marks. Each mark moved down to its byte's lowest bit, and the
  /// eight bytes summed into the highest by one multiplication: a count of bits without the
  /// processor's own instruction, which the package's baseline target does not assume.
  @inlinable @inline(__always)
  package var markedByteCount: Int {
    // A shift binds tighter than a multiplication in Swift: the product is said apart.
    let sums = ((self &>> 7) & UInt64(repeating: 1)) &* UInt64(repeating: 1)
    return Int(truncatingIfNeeded: sums &>> 56)
  }

  /// The plain bytes at the start of a word, before the first of the `stops` (a mask): their
  /// count (8 when there is no stop), their top bits (not zero when one is above ASCII), and
  /// how many are UTF-8 continuation bytes (`10xxxxxx`), which take no column. How the
  /// decoders, and a bank's sample, pass over a run of a field or a string.
  ///
  /// - Parameter stops: The mask of the bytes that end the run.
  /// - Returns: The run's count, its top bits and its continuation bytes.
  @inlinable @inline(__always)
  package func plainRun(stops: UInt64) -> (count: Int, highBits: UInt64, continuations: Int) {
    let count = stops.firstMarkedByte
    let high = bytesAboveASCII & UInt64(firstBytes: count)
    // Most runs are ASCII, and have no continuation bytes to count: this test skips the count
    // for them.
    guard high != 0 else { return (count, 0, 0) }
    return (count, high, (high & ~(self << 1)).markedByteCount)
  }

  /// Read as a mask: how many bytes come before the first byte it marks; 8 when it marks none.
  @inlinable @inline(__always)
  package var firstMarkedByte: Int {
    // The count alone gives 8 for zero too. Said apart, zero keeps a path of its own where a
    // scanner inlines this (`plainRun(stops:)`): the common case, a word with no stop, measurably
    // faster on sorted CSV (Architecture/performance.md).
    self == 0 ? 8 : trailingZeroBitCount &>> 3
  }
}
