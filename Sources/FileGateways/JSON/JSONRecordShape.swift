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
      // Each word as the compare reads it, its bytes past the literal zero.
      func word(_ index: Int) -> UInt64 {
        let start = index * 8
        guard start < bytes.count else { return 0 }
        return bytes.count - start >= 8
          ? UInt64(wordAt: start, of: bytes) : UInt64(tailAt: start, of: bytes, filler: 0)
      }
      (first, second, third) = (word(0), word(1), word(2))
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
    fileprivate var fields = Five(repeating: RecordField.group)
    /// The offset where each value starts, and where it ends.
    fileprivate var starts = Five(repeating: 0)
    fileprivate var ends = Five(repeating: 0)
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

  /// The bytes before each value, then after the last: a tuple, read by the scanner at
  /// constant places, with no index to look up for each record.
  private(set) var literals = (Literal(), Literal(), Literal(), Literal(), Literal(), Literal())
  /// The fields, in the order of their values.
  private(set) var fields = (
    RecordField.group, RecordField.group, RecordField.group, RecordField.group, RecordField.group
  )
  /// Whether a record's shape is kept: none before the first record, nor after one that had
  /// none.
  private(set) var isKnown = false
  /// How many records were read by a shape: what the tests see the shaped path taken by.
  private(set) var recordsRead = 0

  /// No shape yet.
  init() {}

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
    let (starts, ends) = (values.starts, values.ends)
    guard let first = literal(start..<starts[0]), let second = literal(ends[0]..<starts[1]),
      let third = literal(ends[1]..<starts[2]), let fourth = literal(ends[2]..<starts[3]),
      let fifth = literal(ends[3]..<starts[4]), let last = literal(ends[4]..<end)
    else { return }
    literals = (first, second, third, fourth, fifth, last)
    let order = values.fields
    fields = (order[0], order[1], order[2], order[3], order[4])
    isKnown = true
  }

  /// Counts a record read by the shape.
  @inline(__always)
  mutating func countRecordRead() { recordsRead &+= 1 }
}

/// Five values kept in place, read and written by their index (0 to 4): what `InlineArray` does
/// from macOS 26 on, for the systems the package builds for before it. For the notes of the
/// general way, not the shaped scan: an index is a `switch`.
struct Five<Element> {
  private var values: (Element, Element, Element, Element, Element)

  /// Five times the same value.
  init(repeating value: Element) {
    values = (value, value, value, value, value)
  }

  /// The value at `index`, 0 to 4.
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      switch index {
      case 0: values.0
      case 1: values.1
      case 2: values.2
      case 3: values.3
      default: values.4
      }
    }
    set {
      switch index {
      case 0: values.0 = newValue
      case 1: values.1 = newValue
      case 2: values.2 = newValue
      case 3: values.3 = newValue
      default: values.4 = newValue
      }
    }
  }
}
