import UseCases

/// What a ``RecordDecoder`` read: one raw record, or a place where the input breaks its format.
enum DecodedRecord {
  /// A record that the decoder's fast path read and found valid by the validator's rules, and
  /// built in the ``RecordSlot`` it was given.
  case placed
  /// A record, to be checked by ``RecordValidator``.
  ///
  /// Indirect, because a raw record is large and rare on the fast path: the enum stays small to
  /// pass around.
  indirect case record(RawRecord)
  /// The input is malformed here. When `resumes` is `false` the decoder reads nothing more (a
  /// JSON array, a CSV header or quote that is not closed, an input that looks like another
  /// format); when `true` it goes on with the next line or row (NDJSON, a CSV row).
  ///
  /// Indirect too, as malformed input is rare: without it the enum was as large as a
  /// ``MalformedInput``, and each record's result was copied through the decoder's layers on
  /// the stack, in moves of a size that the processor could not forward from the stores before
  /// them. Made indirect, every format reads faster (Architecture/performance.md).
  indirect case malformed(MalformedInput, resumes: Bool)
  /// The input is an answer in which the bank refused the request (``StatementRefusal``, whose
  /// source the stream names): the source is unavailable, and the decoder reads nothing more.
  indirect case refused(StatementRefusal)
  /// Something the input says about how it was read, which changes no record (the accounts a
  /// statement holds, text read as Windows-1252): the stream yields it as
  /// `SourceRecord.note(_:)`, and the decoder goes on.
  indirect case note(AnySourceProblem)
}

/// Where and how an input breaks its format's syntax, such as a missing comma in JSON or a CSV
/// row with too few fields.
struct MalformedInput: Error {
  /// The offending byte, or the start of the offending row.
  var position: TextPosition
  /// The field whose value breaks the syntax, when the format says (a CSV column).
  var field: RecordField?
  /// What is wrong, such as a comma or `]` expected after an array element.
  var problem: ReadingProblem
  /// What was found there, or `nil` when there is nothing to show (the end of the file).
  var value: String?

  /// Creates the error of a syntax problem.
  ///
  /// - Parameters:
  ///   - position: The offending byte, or the start of the offending row.
  ///   - field: The field whose value breaks the syntax, if the format says.
  ///   - syntax: What is wrong.
  ///   - value: What was found, if there is something to show.
  init(position: TextPosition, field: RecordField? = nil, syntax: SyntaxProblem, value: String? = nil) {
    self.position = position
    self.field = field
    self.problem = .syntax(syntax)
    self.value = value
  }

  /// Creates the error of a problem of the input that is not its syntax's, such as an
  /// `--account` that names none of a statement's accounts.
  ///
  /// - Parameters:
  ///   - position: Where the problem is.
  ///   - problem: What is wrong.
  init(position: TextPosition, problem: ReadingProblem) {
    self.position = position
    self.problem = problem
  }

  /// Creates the error of a record that ran past the limit of a record: at the value of the
  /// field it was in, or else at its start.
  ///
  /// - Parameters:
  ///   - cut: Where the record ran into the limit (``ByteInput/recordCut``).
  ///   - limit: The limit, in bytes.
  init(cut: ByteInput.RecordCut, limit: Int) {
    self.init(position: cut.position, field: cut.field, syntax: .recordTooLong(limit: limit))
  }

  /// Notes that the input, which breaks its syntax here at its start, looks like another
  /// format (``FormatGuess``).
  ///
  /// - Parameter format: The format it looks like, or `nil` when it looks like none.
  mutating func note(lookingLike format: RecordFormat?) {
    guard let format, case .syntax(let syntax) = problem else { return }
    problem = .syntax(.looksLike(format, instead: syntax))
  }
}
