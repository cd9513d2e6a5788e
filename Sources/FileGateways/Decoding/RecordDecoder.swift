import Entities
import UseCases

/// A format's reader: turns the bytes of a ``ByteInput`` into ``RawRecord``s.
///
/// A decoder knows one syntax and nothing of the rules: it finds the five field values, their
/// positions and their kinds, and reports malformed syntax. ``RecordValidator`` applies the
/// rules to what it finds, the same for every format, and ``DecodingTransactionStream`` reports
/// read failures and closes the input. Adding a format means writing one decoder and one case
/// of ``RecordFormat``.
protocol RecordDecoder {
  /// The bytes being decoded. The stream reads ``ByteInput/readFailure`` and closes the
  /// input through it.
  var input: ByteInput { get set }

  /// Reads the next record.
  ///
  /// A decoder with a fast path builds a plain, valid record straight in `slot`, the place it
  /// will be read from (a batch's next slot), and returns ``DecodedRecord/placed``: the record
  /// is not moved through the decoder's layers on its way there (decision 0039).
  ///
  /// - Parameter slot: Where to build a valid record read on the fast path; left uninitialized
  ///   unless the result is ``DecodedRecord/placed``.
  /// - Returns: ``DecodedRecord/placed`` once `slot` holds a valid record; the next raw record;
  ///   ``DecodedRecord/malformed(_:resumes:)`` where the syntax breaks
  ///   (after which the decoder goes on, if its format lets it find the next record, or else
  ///   returns `nil`), and where a record runs past the limit of a record
  ///   (``MalformedInput/init(cut:limit:)``, instead of whatever the early end made of it; the
  ///   decoder then reads nothing more); or `nil` at the end of the input.
  mutating func nextRecord(placingValidIn slot: RecordSlot) -> DecodedRecord?

  /// The rules the validator reads this input's records by: SPEC §7's, unless the input is a
  /// bank's export (its `CSVReading`, in BankReading). Known once the decoder has read its header.
  var rules: ValueRules { get }
}

extension RecordDecoder {
  /// SPEC §7's rules: the native format's.
  var rules: ValueRules { .native }
}

/// Lends the description of one record being built as bytes, to the batch that keeps them
/// (decision 0043).
struct DescriptionLender {
  /// Where the batch keeps descriptions as bytes.
  let descriptions: UnsafeMutablePointer<LentDescriptions>
  /// Where the record is being built in the batch.
  let record: UnsafeMutablePointer<SourceRecord>

  /// Lends the record's description when its bytes are UTF-8: then its transaction's own
  /// description must be empty.
  ///
  /// - Parameters:
  ///   - description: The description's bytes.
  ///   - isASCII: Whether they are known to be ASCII (then they are not checked again).
  /// - Returns: Whether they were UTF-8, and lent; `false` leaves nothing lent.
  @inline(__always)
  func lend(_ description: UnsafeBufferPointer<UInt8>, isASCII: Bool = false) -> Bool {
    guard isASCII || UTF8Text.isValid(description) else { return false }
    descriptions.pointee.lend(description, for: record)
    return true
  }
}

/// Where a decoder's fast path builds a valid record, and the name of its source, which the
/// record's origin holds.
///
/// The pointer is to uninitialized memory: a decoder initializes it once, with a valid
/// ``SourceRecord/transaction(_:_:)``, and says so by returning ``DecodedRecord/placed``; a
/// decoder that takes the record back (``takeBack(_:)``) leaves the slot uninitialized again.
///
/// A slot that breaks this contract would leak a record or read memory never written, which no
/// output shows. Debug builds (the tests) therefore check it on every record: a record placed
/// twice, taken back when none was placed, or a result that says otherwise than the slot
/// (``expectHolding(exactlyWhen:)``) stops the program.
struct RecordSlot {
  /// The memory the record is built in.
  let pointer: UnsafeMutablePointer<SourceRecord>
  /// The name origins give the source, such as the path.
  let source: SourceName
  /// Where the batch the record is built in keeps descriptions as bytes, when it lends them.
  private let descriptions: UnsafeMutablePointer<LentDescriptions>?

  /// Where a batch has a record built: its memory, and the batch itself when it lends
  /// descriptions as bytes (``RecordBatch/lendsDescriptionBytes``).
  struct Place {
    /// The memory the record is built in.
    let pointer: UnsafeMutablePointer<SourceRecord>
    /// Where the batch keeps descriptions as bytes, when it lends them.
    let descriptions: UnsafeMutablePointer<LentDescriptions>?
  }

  /// A slot whose record's description is a `String`.
  ///
  /// - Parameters:
  ///   - pointer: The memory the record is built in.
  ///   - source: The name origins give the source.
  init(pointer: UnsafeMutablePointer<SourceRecord>, source: String) {
    (self.pointer, self.source, self.descriptions) = (pointer, SourceName(source), nil)
  }

  /// A slot in a batch, which may lend descriptions as bytes.
  ///
  /// - Parameters:
  ///   - place: Where the batch has the record built.
  ///   - source: The name origins give the source.
  init(_ place: Place, source: SourceName) {
    (self.pointer, self.source, self.descriptions) = (place.pointer, source, place.descriptions)
  }

  /// What lends the description of the record built in this slot, when the batch lends
  /// descriptions as bytes (then the transaction's own description is empty, decision 0043);
  /// `nil` when it is made a `String`. Two pointers, cheaper for a scanner to carry than the
  /// slot (with its source's name).
  var descriptionLender: DescriptionLender? {
    descriptions.map { DescriptionLender(descriptions: $0, record: pointer) }
  }
  #if DEBUG
    /// Whether the slot holds a record, for the checks of debug builds.
    let check = Holding()

    /// A flag that the copies of a slot share.
    final class Holding {
      var holds = false
    }
  #endif

  /// Builds a valid record in the slot.
  ///
  /// - Parameters:
  ///   - transaction: The transaction.
  ///   - start: Where the record starts.
  ///   - group: Where its group's value starts.
  ///   - amount: Where its amount's value starts.
  ///   - date: Where its date's value starts.
  ///   - description: Where its description's value starts.
  @inline(__always)
  func place(
    _ transaction: Transaction, start: TextPosition, group: TextPosition, amount: TextPosition,
    date: TextPosition, description: TextPosition
  ) {
    #if DEBUG
      precondition(!check.holds, "a record placed in a slot that holds one")
      check.holds = true
      precondition(
        transaction.description.isEmpty || descriptions?.pointee.isLent(for: pointer) != true,
        "a description both lent as bytes and a string")
    #endif
    pointer.initialize(
      to: .transaction(
        transaction,
        RecordOrigin(
          sourceName: source, start: start, group: group, amount: amount, date: date, description: description
        )))
  }

  /// Forgets the description lent for a record that is not placed after all (a fast path that
  /// gives up); nothing when none was lent.
  func forgetLentDescription() {
    descriptions?.pointee.forget(for: pointer)
  }

  /// Takes back the record built in the slot when the decoder gives something else after all
  /// (a record cut at the limit, an NDJSON line that goes on after its record): the slot is
  /// uninitialized again, and the description's bytes, if lent, are forgotten.
  ///
  /// - Parameter decoded: What the decoder read before it changed its mind.
  func takeBack(_ decoded: DecodedRecord?) {
    guard case .placed? = decoded else { return }
    #if DEBUG
      precondition(check.holds, "a record taken back from a slot that holds none")
      check.holds = false
    #endif
    pointer.deinitialize(count: 1)
    forgetLentDescription()
  }

  /// Checks, in debug builds, that the slot holds a record exactly when the decoder says so;
  /// nothing in release builds.
  ///
  /// - Parameter decoded: What the decoder returned.
  @inline(__always)
  func expectHolding(exactlyWhen decoded: DecodedRecord?) {
    #if DEBUG
      let isPlaced: Bool
      if case .placed? = decoded { isPlaced = true } else { isPlaced = false }
      precondition(
        check.holds == isPlaced,
        check.holds
          ? "a record placed in a slot, and something else returned" : "`.placed` returned for an empty slot")
    #endif
  }
}
