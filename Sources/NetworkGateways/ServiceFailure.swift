import UseCases

/// Why a service's records cannot be read: the service, and what went wrong with it. The
/// network gateway's reason for a source that is unavailable, with its English words.
package struct ServiceFailure: SourceProblem {
  /// The service, as messages name it: its URL without any password.
  package var url: String
  /// What went wrong.
  package var problem: ServiceProblem

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - url: The service, without any password.
  ///   - problem: What went wrong.
  package init(url: String, problem: ServiceProblem) {
    self.url = url
    self.problem = problem
  }

  /// The service and what went wrong, in English: `https://bank.example/a.json: timed out
  /// after 5 s`.
  package var words: SourceWords {
    "\(shown: url): " + problem.words
  }
}

/// What went wrong with a service that a source fetches its records from.
public enum ServiceProblem: Hashable, Sendable {
  /// No complete answer came within the source's deadline, in seconds.
  case timedOut(seconds: Double)
  /// The service could not be reached (no such host, connection refused); `detail` is the
  /// network stack's reason.
  case cannotConnect(detail: String)
  /// The secure connection failed (a certificate that is not trusted, a TLS error).
  case secureConnectionFailed(detail: String)
  /// The service answered with this HTTP status, not a complete answer (200, 203 or 204): an
  /// error, or a success that is not the whole data (202 Accepted, 206 Partial Content).
  case status(Int)
  /// The answer broke off: `received` bytes of the body came, of `expected` when the service
  /// said how many.
  case brokenOff(received: Int, expected: Int?)
  /// The answer is larger than the source accepts, in bytes.
  case tooLarge(limit: Int)
  /// The service redirected more times than the source follows.
  case tooManyRedirects(limit: Int)
  /// The service answered with a redirect (this status: 301, 302, 303, 307 or 308) that names
  /// no place to go: no `Location`, or an empty one.
  case redirectWithoutTarget(status: Int)
  /// The answer has more header lines than the source reads.
  case tooManyHeaders(limit: Int)
  /// The answer's header lines are longer, together, than the source reads, in bytes.
  case headersTooLong(limit: Int)
  /// Any other failure, in the network stack's words.
  case other(String)

  /// What went wrong, in English: `timed out after 5 s`.
  package var words: SourceWords {
    switch self {
    case .timedOut(let seconds): "timed out after \(words: Self.seconds(seconds)) s"
    case .cannotConnect(let detail): "cannot connect: \(shown: detail)"
    case .secureConnectionFailed(let detail): "the secure connection failed: \(shown: detail)"
    case .status(let status):
      "the server answered \(status)" + (Self.statusNames[status].map { " \(words: $0)" } ?? "")
        + ((200..<300).contains(status) ? ", not the whole data" : "")
    case .brokenOff(let received, let expected):
      "the answer broke off after \(received) bytes" + (expected.map { " of \($0)" } ?? "")
    case .tooLarge(let limit): "the answer is larger than \(limit) bytes (--max-response-size)"
    case .tooManyRedirects(let limit): "more than \(limit) redirects"
    case .redirectWithoutTarget(let status):
      "the server answered \(status)" + (Self.statusNames[status].map { " \(words: $0)" } ?? "")
        + ", a redirect with no Location to go to"
    case .tooManyHeaders(let limit): "the answer has more than \(limit) header lines"
    case .headersTooLong(let limit): "the answer's header lines are longer than \(limit) bytes together"
    case .other(let detail): "\(shown: detail)"
    }
  }

  /// Seconds as a person writes them: `5`, `0.5`.
  private static func seconds(_ value: Double) -> String {
    guard value >= 0, value < 1e15, value == Double(Int(value)) else { return String(value) }
    return String(Int(value))
  }

  /// The reason phrases of the statuses a service commonly fails with.
  private static let statusNames: [Int: String] = [
    301: "Moved Permanently", 302: "Found", 303: "See Other", 307: "Temporary Redirect",
    308: "Permanent Redirect", 201: "Created", 202: "Accepted", 205: "Reset Content", 206: "Partial Content",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    408: "Request Timeout",
    429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout",
  ]
}

extension UnavailableReason {
  /// A service that did not answer with the data.
  static func serviceFailed(url: String, _ problem: ServiceProblem) -> UnavailableReason {
    UnavailableReason(ServiceFailure(url: url, problem: problem))
  }
}
