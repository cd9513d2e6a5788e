import UseCases

/// Problems as a gateway of the tests' own defines them, with the English words the package's
/// gateways give the same problems: the presenter's and the use cases' tests word and pass on a
/// source's problems without linking a gateway.
public enum FakeSourceProblem: SourceProblem {
  /// A file that does not exist: `cannot read 'p.jsn': No such file or directory`, with the
  /// hint `did you mean 'p.json'?` when there is a similar name.
  case missingFile(path: String, similarPath: String?)
  /// A read that failed: `cannot read the rest of the file: REASON`.
  case unreadable(reason: String)
  /// A month outside 01 to 12: `not a real calendar date`, hint `months run from 01 to 12`.
  case monthOutOfRange
  /// `expected a string`.
  case wrongType
  /// `not a debit or credit code`, hint `write D for a debit (a charge) or C for a credit (a
  /// payment)`.
  case notADebitCreditCode

  /// The words.
  public var words: SourceWords {
    switch self {
    case .missingFile(let path, _): "cannot read '\(shown: path)': No such file or directory"
    case .unreadable(let reason): "cannot read the rest of the file: \(words: reason)"
    case .monthOutOfRange: "not a real calendar date"
    case .wrongType: "expected a string"
    case .notADebitCreditCode: "not a debit or credit code"
    }
  }

  /// The hint.
  public var hint: SourceWords? {
    switch self {
    case .missingFile(_, let similarPath?): "did you mean '\(shown: similarPath)'?"
    case .monthOutOfRange: "months run from 01 to 12"
    case .notADebitCreditCode: "write D for a debit (a charge) or C for a credit (a payment)"
    default: nil
    }
  }
}

extension RecordProblem {
  /// A problem a fake source found.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: It, as the source's own.
  public static func fake(_ problem: FakeSourceProblem) -> RecordProblem {
    .source(AnySourceProblem(problem))
  }
}

extension UnavailableReason {
  /// A reason a fake source gives.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: The reason.
  public static func fake(_ problem: FakeSourceProblem) -> UnavailableReason {
    UnavailableReason(problem)
  }
}
