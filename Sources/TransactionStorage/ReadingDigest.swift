import ByteWords
import Entities

/// A digest of one reading of a source: its valid transactions, in the order read.
///
/// A report reads a source twice, once to check every record and once to show it (decision
/// 0006), and the port promises that both readings give the same records. The survey keeps the
/// digest of the first reading, and the second reading computes its own as it goes: when they
/// differ, the source changed in between, and the report ends with that error instead of rows
/// and totals that no single reading had (decision 0020).
///
/// Each transaction's fields go in as 64-bit words, its description eight bytes at a time, two
/// words at a time multiplied together, the 128-bit product folded to 64 bits and added into the
/// state (as fast hashes such as wyhash do): one multiplication for every sixteen bytes, and
/// each waits for the one before, so that two words a step halve the wait. Every field counts,
/// and so does the order: the state goes into each step. It guards against a source that
/// changes by accident, not against an adversary who crafts a collision (an adversary who can
/// rewrite the file between two readings can as well write the data they want reported). It is
/// several times cheaper than the standard library's `Hasher` (SipHash), which it replaced when
/// a report of a sorted file came down to one reading and the digest became a tenth of what
/// was left (decision 0030).
struct ReadingDigest {
  private var state: UInt64 = 0x243F_6A88_85A3_08D3

  /// Nothing yet.
  init() {}

  /// Adds the next transaction of the reading.
  ///
  /// The description counts by its UTF-8 bytes, not as a `String` hashes (which first brings
  /// the text to a normal form): two readings are the same when their bytes are.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - descriptionBytes: Its description's bytes, when they were lent apart from it
  ///   (``RecordLending``): then they count, not its empty `description`.
  mutating func add(_ transaction: Transaction, descriptionBytes: UnsafeBufferPointer<UInt8>? = nil) {
    let date = transaction.date
    var fields = UInt64(truncatingIfNeeded: date.year) << 16 | UInt64(date.month) << 8 | UInt64(date.day)
    if transaction.group == .posted { fields |= 1 << 62 }
    if transaction.debitCredit == .credit { fields |= 1 << 61 }
    let amount = UInt64(bitPattern: transaction.amount.minorUnits)
    if let descriptionBytes {
      return add(fields: fields, amount: amount, description: descriptionBytes)
    }
    transaction.description.withUTF8InPlace { add(fields: fields, amount: amount, description: $0) }
  }

  /// Mixes in a transaction's fields (bits 0 to 29, 61 and 62), the count of its description's
  /// bytes (bits 30 to 60), its amount, then its description's bytes.
  private mutating func add(fields: UInt64, amount: UInt64, description bytes: UnsafeBufferPointer<UInt8>) {
    mix(fields | (UInt64(truncatingIfNeeded: bytes.count) & 0x7FFF_FFFF) << 30, amount)
    var offset = 0
    while offset &+ 16 <= bytes.count {
      mix(UInt64(wordAt: offset, of: bytes), UInt64(wordAt: offset &+ 8, of: bytes))
      offset &+= 16
    }
    // The last bytes (fewer than sixteen) in two words, zeros after them.
    let rest = bytes.count &- offset
    guard rest > 0 else { return }
    let first = rest >= 8 ? UInt64(wordAt: offset, of: bytes) : UInt64(tailAt: offset, of: bytes, filler: 0)
    let second = rest > 8 ? UInt64(tailAt: offset &+ 8, of: bytes, filler: 0) : 0
    mix(first, second)
  }

  /// The digest of the transactions added so far.
  var value: Int { Int(truncatingIfNeeded: state) }

  /// Mixes two words into the state: the 128-bit product of the first (with the state) and the
  /// second (with a constant), folded, added to the state.
  ///
  /// The state is kept whatever the product: were a word to cancel its constant (a product of
  /// zero), what came before would still count.
  private mutating func mix(_ first: UInt64, _ second: UInt64) {
    let product = (state ^ first ^ Self.firstKey).multipliedFullWidth(by: second ^ Self.secondKey)
    state = (state &+ (product.high ^ product.low)) ^ first
  }

  /// wyhash's first secrets: odd, half their bits set.
  private static var firstKey: UInt64 { 0xA076_1D64_78BD_642F }
  private static var secondKey: UInt64 { 0xE703_7ED1_A0B4_28DB }
}
