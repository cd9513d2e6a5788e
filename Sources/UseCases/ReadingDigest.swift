import Entities

/// A digest of one reading of a source: its valid transactions, in the order read.
///
/// A report reads a source twice, once to check every record and once to show it (decision
/// 0006), and the port promises that both readings give the same records. The survey keeps the
/// digest of the first reading, and the second reading computes its own as it goes: when they
/// differ, the source changed in between, and the report ends with that error instead of rows
/// and totals that no single reading had (decision 0020).
///
/// It is the standard library's `Hasher` over each transaction: every field counts, and so does
/// the order. `Hasher` is seeded per process, which is what a digest compared within one run
/// needs; it guards against a source that changes by accident, not against an adversary who
/// crafts a collision (an adversary who can rewrite the file between two readings can as well
/// write the data they want reported).
struct ReadingDigest {
  private var hasher = Hasher()

  /// Adds the next transaction of the reading.
  ///
  /// The description counts by its UTF-8 bytes, not as a `String` hashes (which first brings
  /// the text to a normal form, a cost on every record): two readings are the same when their
  /// bytes are.
  ///
  /// The group, the debit flag and the date go in as one number: hashing the two codes as the
  /// enums' `String` raw values, as their own `Hashable` conformance does, cost more than the
  /// rest of the record.
  mutating func add(_ transaction: Transaction) {
    let date = transaction.date
    var fields = UInt64(truncatingIfNeeded: date.year) << 16 | UInt64(date.month) << 8 | UInt64(date.day)
    if transaction.group == .posted { fields |= 1 << 62 }
    if transaction.debitCredit == .credit { fields |= 1 << 61 }
    hasher.combine(fields)
    hasher.combine(transaction.amount.minorUnits)
    var description = transaction.description
    description.withUTF8 { bytes in
      hasher.combine(bytes.count)
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
  }

  /// The digest of the transactions added so far.
  var value: Int { hasher.finalize() }
}

/// Checks for cancellation between records, every few thousand of them, so a cancelled report
/// stops promptly without paying for a check on every record.
struct CancellationCheck {
  private var countdown = 0

  /// Throws when the current task has been cancelled; looks only every 4,096 calls.
  mutating func check() throws(CancellationError) {
    guard countdown == 0 else {
      countdown -= 1
      return
    }
    countdown = 4_095
    if Task.isCancelled { throw CancellationError() }
  }
}
