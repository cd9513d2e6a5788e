import UseCases

/// What a ``RecordDecoder`` read: one raw record, or a place where the input breaks its format.
enum DecodedRecord {
  /// A record, to be checked by ``RecordValidator``.
  case record(RawRecord)
  /// The input is malformed here. When `resumes` is `false` the decoder reads nothing more (a
  /// JSON array, a CSV header or quote that is not closed); when `true` it goes on with the next
  /// line or row (NDJSON, a CSV row).
  case malformed(MalformedInput, resumes: Bool)
}

/// Where and how an input breaks its format's syntax, such as a missing comma in JSON or a CSV
/// row with too few fields.
struct MalformedInput: Error {
  /// The offending byte, or the start of the offending row.
  var position: TextPosition
  /// The field whose value breaks the syntax, when the format says (a CSV column).
  var field: RecordField?
  /// What was expected, such as `expected ',' or ']' after an array element`.
  var problem: String
  /// What was found there, or `nil` when there is nothing to show (the end of the file).
  var value: String?
  /// How to fix it, when a hint helps.
  var hint: String?

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - position: The offending byte, or the start of the offending row.
  ///   - field: The field whose value breaks the syntax, if the format says.
  ///   - problem: What is wrong.
  ///   - value: What was found, if there is something to show.
  ///   - hint: How to fix it, if a hint helps.
  init(
    position: TextPosition, field: RecordField? = nil, problem: String, value: String?, hint: String? = nil
  ) {
    self.position = position
    self.field = field
    self.problem = problem
    self.value = value
    self.hint = hint
  }
}
