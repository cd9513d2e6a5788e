import ByteWords
import UseCases

/// The bytes a file writes around the five values of a record, as ``JSONRecordScanner`` read
/// them in a valid record: `{"group": `, the group, `, "date": `, the date, and so on to `}`.
///
/// A file written by a program writes every record alike: the same keys in the same order, the
/// same spaces. So the scanner, once it has read a record the general way (each key looked up,
/// the spaces between tokens skipped one at a time), keeps the bytes between its values, and
/// reads the next record by comparing those bytes a word at a time and reading each value where
/// it follows them. Where the record differs from its shape, it reads it again the general way,
/// from its start, and keeps that record's shape instead.
///
/// The general way would have read those same bytes the same way: the bytes between two values
/// are spaces, a comma or a colon, and a key (the five are ASCII, none escaped, each once in a
/// valid record), so comparing them says what skipping and looking them up would have said.
/// Only a shape without a line feed is kept, so that a line counted, or an NDJSON record's line
/// ending, is always found the general way; and none of more than ``Literal/capacity`` bytes
/// between two values.
struct JSONRecordShape {
  /// The bytes before one value (from the record's `{` for the first, from the end of the value
  /// before for the others), or after the last value to the record's `}`.
  struct Literal {
    /// The most bytes a literal may have: three words.
    static var capacity: Int { 24 }

    /// The bytes, eight to a word, the first lowest; zero past ``count``.
    private var first: UInt64 = 0
    private var second: UInt64 = 0
    private var third: UInt64 = 0
    /// How many bytes.
    private(set) var count = 0

    /// No bytes.
    init() {}

    /// The literal of `bytes`, or `nil` when it has more than ``capacity`` bytes or a line feed.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard bytes.count <= Self.capacity, !bytes.contains(UInt8(ascii: "\n")) else { return nil }
      count = bytes.count
      for (index, byte) in bytes.enumerated() {
        let bit = UInt64(index % 8 * 8)
        switch index / 8 {
        case 0: first |= UInt64(byte) << bit
        case 1: second |= UInt64(byte) << bit
        default: third |= UInt64(byte) << bit
        }
      }
    }

    /// Whether the bytes from `offset` are this literal's, all of them before the end of `bytes`.
    ///
    /// It reads the whole words that hold the literal (one to three), so it says `false` when
    /// `bytes` end inside the last of them (the record is then read the general way).
    @inline(__always)
    func isWritten(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
      if count <= 8 {
        guard offset &+ 8 <= bytes.count else { return false }
        return UInt64(wordAt: offset, of: bytes) & UInt64(firstBytes: count) == first
      }
      if count <= 16 {
        guard offset &+ 16 <= bytes.count else { return false }
        return UInt64(wordAt: offset, of: bytes) == first
          && UInt64(wordAt: offset &+ 8, of: bytes) & UInt64(firstBytes: count &- 8) == second
      }
      guard offset &+ 24 <= bytes.count else { return false }
      return UInt64(wordAt: offset, of: bytes) == first
        && UInt64(wordAt: offset &+ 8, of: bytes) == second
        && UInt64(wordAt: offset &+ 16, of: bytes) & UInt64(firstBytes: count &- 16) == third
    }
  }

  /// Where each value of a valid record was, as the scanner read it the general way: the
  /// makings of a shape.
  struct Values {
    /// The fields, in the order of their values.
    fileprivate var fields = InlineArray<5, RecordField>(repeating: .group)
    /// The offset where each value starts, and where it ends.
    fileprivate var starts = InlineArray<5, Int>(repeating: 0)
    fileprivate var ends = InlineArray<5, Int>(repeating: 0)
    /// How many values were read.
    fileprivate var count = 0

    /// Notes a value of `field` from `start` to before `end`; more than five are not noted.
    @inline(__always)
    mutating func note(_ field: RecordField, from start: Int, to end: Int) {
      guard count < 5 else { return }
      (fields[count], starts[count], ends[count]) = (field, start, end)
      count &+= 1
    }
  }

  /// The bytes before each value, then after the last.
  private var literals: InlineArray<6, Literal>
  /// The fields, in the order of their values.
  private var fields: InlineArray<5, RecordField>
  /// Whether a record's shape is kept: none before the first record, nor after one that had
  /// none.
  private(set) var isKnown = false

  /// No shape yet.
  init() {
    literals = InlineArray(repeating: Literal())
    fields = InlineArray(repeating: .group)
  }

  /// Keeps the shape of a valid record whose five values are `values`, from its `{` at `start`
  /// to just past its `}` at `end` in `bytes`; keeps none when it does not have five values,
  /// or the bytes between two of them are more than a ``Literal`` holds or hold a line feed.
  ///
  /// It changes the shape in place: the parser keeps it, and the scanner is lent it for each
  /// record, so that it is not copied (it is about two hundred bytes).
  mutating func learn(from bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, values: Values) {
    isKnown = false
    guard values.count == 5 else { return }
    func literal(_ range: Range<Int>) -> Literal? { Literal(UnsafeBufferPointer(rebasing: bytes[range])) }
    for index in 0..<5 {
      guard let before = literal((index == 0 ? start : values.ends[index - 1])..<values.starts[index]) else {
        return
      }
      literals[index] = before
    }
    guard let last = literal(values.ends[4]..<end) else { return }
    literals[5] = last
    fields = values.fields
    isKnown = true
  }

  /// The bytes before the value at `index` (0 to 4), or after the last one (5).
  @inline(__always)
  func literal(_ index: Int) -> Literal { literals[index] }

  /// The field of the value at `index` (0 to 4).
  @inline(__always)
  func field(_ index: Int) -> RecordField { fields[index] }
}
