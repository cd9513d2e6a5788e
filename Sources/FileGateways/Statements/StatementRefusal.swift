import UseCases

/// A bank's answer that refuses the request instead of giving a statement: an OFX `STATUS` of
/// severity `ERROR`, such as code 15500 (the password was incorrect) or 2000 (a server error).
///
/// A statement that holds no transaction is an empty month; a refusal is not. So a refusal
/// makes the source unavailable, with the bank's code and message, and the report says so
/// (SPEC §8): the user must never read a refusal as a month without transactions.
public struct StatementRefusal: SourceProblem {
  /// How messages name the source, such as its path.
  public var source: String
  /// The status code, as the answer writes it (`15500`).
  public var code: String
  /// The bank's message, when it gave one that is not empty.
  public var message: String?

  /// Creates a refusal.
  ///
  /// - Parameters:
  ///   - source: How messages name the source.
  ///   - code: The status code.
  ///   - message: The bank's message; an empty one counts as none.
  public init(source: String, code: String, message: String?) {
    self.source = source
    self.code = code
    self.message = message?.isEmpty == false ? message : nil
  }

  /// Why the source is unavailable, in English: the source's name, the bank's message (or,
  /// without one, what OFX says the code means), and the code.
  public var words: SourceWords {
    let meaning: SourceWords =
      message.map { "\(shown: $0)" } ?? "\(words: Self.meanings[code] ?? "the request failed")"
    return "'\(shown: source)': the bank refused the request: \(meaning) (OFX status \(shown: code))"
  }

  /// What the OFX specification says the common error codes mean (section 2.5.1.3 and the
  /// sign-on codes of chapter 2), for an answer without a message.
  static let meanings: [String: String] = [
    "2000": "general error", "2003": "account not found", "2004": "account closed",
    "2005": "account not authorized", "2019": "duplicate request", "2020": "invalid date",
    "15000": "the password must be changed", "15500": "the user ID or password is incorrect",
    "15501": "the customer account is already in use", "15502": "the password is locked out",
    "15510": "the client is not authorized", "15512": "the client must be registered",
  ]
}
