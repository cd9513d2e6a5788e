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
/// Each transaction's fields go in as 64-bit words, its description eight bytes at a time, each
/// word mixed into the state by a multiplication folded from 128 bits to 64 (as fast hashes such
/// as wyhash do). Every field counts, and so does the order. It guards against a source that
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
    mix(fields)
    mix(UInt64(bitPattern: transaction.amount.minorUnits))
    if let descriptionBytes {
      mix(bytes: descriptionBytes)
      return
    }
    transaction.description.withUTF8InPlace { mix(bytes: $0) }
  }

  /// Mixes in a text's bytes, and their count.
  private mutating func mix(bytes: UnsafeBufferPointer<UInt8>) {
    mix(UInt64(bytes.count))
    var offset = 0
    while offset &+ 8 <= bytes.count {
      mix(UInt64(wordAt: offset, of: bytes))
      offset &+= 8
    }
    // The last bytes in one word, zeros after them.
    if offset < bytes.count { mix(UInt64(tailAt: offset, of: bytes, filler: 0)) }
  }

  /// The digest of the transactions added so far.
  var value: Int { Int(truncatingIfNeeded: state) }

  /// Mixes one word into the state: the 128-bit product of the two, folded.
  private mutating func mix(_ word: UInt64) {
    let product = (state ^ word).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    state = product.high ^ product.low ^ word
  }
}
