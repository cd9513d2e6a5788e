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
  /// - Returns: The next raw record; ``DecodedRecord/malformed(_:resumes:)`` where the syntax breaks
  ///   (after which the decoder goes on, if its format lets it find the next record, or else
  ///   returns `nil`), and where a record runs past the limit of a record
  ///   (``MalformedInput/init(cut:limit:)``, instead of whatever the early end made of it; the
  ///   decoder then reads nothing more); or `nil` at the end of the input.
  mutating func nextRecord() -> DecodedRecord?

  /// The rules the validator reads this input's records by: SPEC §7's, unless the input is a
  /// bank's export (``CSVBankLayout``). Known once the decoder has read its header.
  var rules: ValueRules { get }
}

extension RecordDecoder {
  /// SPEC §7's rules: the native format's.
  var rules: ValueRules { .native }
}
