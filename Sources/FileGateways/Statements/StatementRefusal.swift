import UseCases

/// A bank's answer that gives no statement: an OFX `STATUS` that refuses the request (a wrong
/// password, an unknown account, a server error), or an answer that holds no statement at all
/// (a sign-on alone).
///
/// A statement that holds no transaction is an empty month; a refusal is not. So a refusal
/// makes the source unavailable, with the bank's code and message, and the report says so
/// (SPEC §8): the user must never read a refusal as a month without transactions.
package struct StatementRefusal: SourceProblem {
  /// Why the answer gives no statement.
  package enum Reason: Hashable, Sendable {
    /// A `STATUS` whose code is not one the OFX specification calls informational (`OFXStatus`),
    /// or whose severity is `ERROR`: the code as the answer writes it (`15500`), `nil` when the
    /// status gives none; and the bank's message, when it gave one that is not empty.
    case status(code: String?, message: String?)
    /// The answer (an `OFX` element) holds no statement and no transaction: a sign-on alone.
    case noStatement
  }

  /// How messages name the source, such as its path.
  package var source: String
  /// Why the answer gives no statement.
  package var reason: Reason

  /// Creates the refusal of a status.
  ///
  /// - Parameters:
  ///   - source: How messages name the source.
  ///   - code: The status code, or `nil` when the status gives none.
  ///   - message: The bank's message; an empty one counts as none.
  package init(source: String, code: String?, message: String?) {
    self.source = source
    self.reason = .status(code: code, message: message?.isEmpty == false ? message : nil)
  }

  /// Creates the problem of an answer that holds no statement.
  ///
  /// - Parameter source: How messages name the source.
  package init(noStatementIn source: String) {
    self.source = source
    self.reason = .noStatement
  }

  /// Why the source is unavailable, in English: the source's name, the bank's message (or,
  /// without one, what OFX says the code means), and the code.
  package var words: SourceWords {
    switch reason {
    case .status(let code, let message):
      let meaning: SourceWords =
        message.map { "\(shown: $0)" }
        ?? "\(words: code.flatMap { OFXStatus.meanings[$0] } ?? "the request failed")"
      let status: SourceWords = code.map { "OFX status \(shown: $0)" } ?? "an OFX status without a code"
      return "'\(shown: source)': the bank refused the request: " + meaning + " (" + status + ")"
    case .noStatement:
      return
        "'\(shown: source)': the bank's answer holds no statement and no transaction: it says nothing of any period"
    }
  }
}
