import UseCases

/// What a ``RecordDecoder`` read: one raw record, or the place where the input stopped being
/// readable as the format.
enum DecodedRecord {
  /// A record, to be checked by ``RecordValidator``.
  case record(RawRecord)
  /// The input is malformed here; the decoder reads nothing more.
  case malformed(MalformedInput)
}

/// Where and how an input breaks its format's syntax, such as a missing comma in JSON.
struct MalformedInput: Error {
  /// The offending byte.
  var position: TextPosition
  /// What was expected, such as `expected ',' or ']' after an array element`.
  var problem: String
  /// What was found there, or `nil` when there is nothing to show (the end of the file).
  var value: String?
  /// How to fix it, when a hint helps.
  var hint: String?
}
