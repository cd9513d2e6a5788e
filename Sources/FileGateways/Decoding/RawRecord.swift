import UseCases

/// One record as a decoder found it: the five field values as text, not yet checked.
///
/// This is the seam between a format and the rules. A decoder (JSON, NDJSON or CSV) turns
/// bytes into raw records and knows nothing of dates or amounts; the one
/// ``RecordValidator`` turns any raw record into a transaction or issues and knows nothing of
/// syntax.
struct RawRecord {
  /// Where the record starts: its `{` in JSON and NDJSON, its row's first character in CSV.
  var start: TextPosition
  /// The value of `group`, if the record has one.
  var group: RawValue?
  /// The value of `date`, if the record has one.
  var date: RawValue?
  /// The value of `description`, if the record has one.
  var description: RawValue?
  /// The value of `amount`, if the record has one.
  var amount: RawValue?
  /// The value of `debit`, if the record has one.
  var debit: RawValue?
  /// The date as the file writes it, when the decoder wrote ``date`` otherwise to read it (a
  /// QIF date's `1/ 1'00`, read as `1/ 1/2000`): an issue shows the file's text, never one that
  /// is not in the file.
  var writtenDate: String?
  /// How many of a record's problems are kept: as many as a report lists by default. A record
  /// can repeat a key a million times; the problems after these are only counted, so that
  /// memory does not grow with them.
  static let keptProblemLimit = 20

  /// The first problems the decoder found inside the record that do not stop decoding, such as
  /// a duplicate key, in input order; each makes the record invalid.
  private(set) var problems: [RawProblem] = []
  /// How many more problems the decoder found after those kept in ``problems``.
  private(set) var unlistedProblemCount = 0
  /// The keys that are not one of the five, in input order; a decoder keeps them only when the
  /// record lacks one of the five, for the validator to look there for its name mistyped.
  var extraKeys: [FieldNameGuess.Name] = []

  /// Creates a record with no values yet.
  init(start: TextPosition) {
    self.start = start
  }

  /// Adds a problem found inside the record, after those found before it in the input: kept
  /// while fewer than ``keptProblemLimit`` are, counted otherwise.
  ///
  /// - Parameter problem: The problem.
  mutating func note(_ problem: RawProblem) {
    if problems.count < Self.keptProblemLimit {
      problems.append(problem)
    } else {
      unlistedProblemCount += 1
    }
  }

  /// The value of a field, if the record has one.
  subscript(field: RecordField) -> RawValue? {
    get {
      switch field {
      case .group: group
      case .date: date
      case .description: description
      case .amount: amount
      case .debit: debit
      }
    }
    set {
      switch field {
      case .group: group = newValue
      case .date: date = newValue
      case .description: description = newValue
      case .amount: amount = newValue
      case .debit: debit = newValue
      }
    }
  }
}

/// One value of a raw record: its text, where it starts, and what kind of value it was.
struct RawValue {
  /// What kind of value the input held; the rules accept only some kinds for each field.
  enum Kind: Equatable {
    /// A string; ``RawValue/text`` is its decoded content. CSV fields are strings.
    case string
    /// A JSON number; ``RawValue/text`` is its literal text, such as `3.50` or `1e3`.
    case number
    /// `true`, `false` or `null`; ``RawValue/text`` is the literal.
    case literal
    /// A JSON object; ``RawValue/text`` is `{...}`.
    case object
    /// A JSON array; ``RawValue/text`` is `[...]`.
    case array
  }

  /// What kind of value it was.
  var kind: Kind
  /// The value's text: decoded content for a string, the literal text otherwise.
  var text: String
  /// Where the value starts: its opening quote, for a JSON string.
  var position: TextPosition
  /// The first encoding problem inside the value (bytes that are not UTF-8, an unpaired
  /// surrogate escape), if any; ``text`` then holds U+FFFD in its place.
  var encodingProblem: EncodingProblem?
}

/// Text that could not be decoded as Unicode.
struct EncodingProblem {
  /// Where the offending bytes start.
  var position: TextPosition
  /// What is wrong, such as a byte that is not UTF-8.
  var problem: TextEncodingProblem
}

/// A problem a decoder found inside a record that does not stop decoding.
struct RawProblem {
  /// Where it is.
  var position: TextPosition
  /// The field it concerns, or `nil` for a key that is not one of the five.
  var field: RecordField?
  /// What is wrong.
  var problem: ReadingProblem
  /// The offending value, if there is one to show.
  var value: String?
}
