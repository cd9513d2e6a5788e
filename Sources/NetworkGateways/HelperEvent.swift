import UseCases

/// The few lines `txreport` and its network helper, `txreport-fetch`, say to each other: one
/// wire format, written once, for both sides (``HelperProcessDownloader``).
///
/// The request goes to the helper's standard input, a field a line (`url …`, `timeout 5`,
/// `max-size …`, `max-redirects 5`, `max-header-count 1000`, `max-header-bytes 262144`, then
/// `header NAME: VALUE` for each header); the helper
/// answers on its standard output, an event a line: `length N` when the service says how long
/// the body is, `progress N` as it arrives, then `done N TYPE` or `failed KIND DETAIL`.
package enum HelperEvent: Equatable {
  /// The service says the body has this many bytes.
  case length(Int)
  /// This many bytes of the body have been written.
  case progress(Int)
  /// The body is whole: this many bytes, and the `Content-Type`, if any.
  case done(length: Int, contentType: String?)
  /// There is no whole body, for this reason.
  case failed(ServiceProblem)

  /// The request as the helper reads it.
  ///
  /// - Parameter request: The request; header names and values hold no line break (the command
  ///   line refuses them).
  /// - Returns: The lines.
  package static func requestText(_ request: DownloadRequest) -> String {
    var lines = [
      "url \(request.url)", "timeout \(request.timeout)", "max-size \(request.maximumSize)",
      "max-redirects \(request.maximumRedirects)", "max-header-count \(request.maximumHeaderCount)",
      "max-header-bytes \(request.maximumHeaderBytes)",
    ]
    for header in request.headers { lines.append("header \(header.name): \(header.value)") }
    return lines.map { $0.filter { $0 != "\n" && $0 != "\r" } + "\n" }.joined()
  }

  /// Reads a request, as ``requestText(_:)`` wrote it.
  ///
  /// - Parameter text: The lines.
  /// - Returns: The request, or `nil` without a URL.
  package static func request(fromText text: String) -> DownloadRequest? {
    var request = DownloadRequest(url: "")
    for line in text.split(separator: "\n") {
      let (key, value) = split(line)
      switch key {
      case "url": request.url = String(value)
      case "timeout": request.timeout = Double(value) ?? request.timeout
      case "max-size": request.maximumSize = Int(value) ?? request.maximumSize
      case "max-redirects": request.maximumRedirects = Int(value) ?? request.maximumRedirects
      case "max-header-count": request.maximumHeaderCount = Int(value) ?? request.maximumHeaderCount
      case "max-header-bytes": request.maximumHeaderBytes = Int(value) ?? request.maximumHeaderBytes
      case "header":
        guard let colon = value.firstIndex(of: ":") else { continue }
        request.headers.append(
          HTTPHeader(
            name: String(value[..<colon]),
            value: String(value[value.index(after: colon)...].drop { $0 == " " })))
      default: continue
      }
    }
    return request.url.isEmpty ? nil : request
  }

  /// Reads an event line; `nil` for a line it does not know.
  ///
  /// - Parameter line: The line, without its line break.
  package init?(line: String) {
    let (key, value) = Self.split(Substring(line))
    switch key {
    case "length":
      guard let length = Int(value) else { return nil }
      self = .length(length)
    case "progress":
      guard let bytes = Int(value) else { return nil }
      self = .progress(bytes)
    case "done":
      let (length, type) = Self.split(value)
      guard let count = Int(length) else { return nil }
      self = .done(length: count, contentType: type.isEmpty ? nil : String(type))
    case "failed":
      guard let problem = Self.problem(value) else { return nil }
      self = .failed(problem)
    default:
      return nil
    }
  }

  /// The event as one line, with its line break.
  package var line: String {
    let text =
      switch self {
      case .length(let length): "length \(length)"
      case .progress(let bytes): "progress \(bytes)"
      case .done(let length, let type): "done \(length)" + (type.map { " \($0)" } ?? "")
      case .failed(let problem): "failed " + Self.text(problem)
      }
    return text.filter { $0 != "\n" && $0 != "\r" } + "\n"
  }

  private static func text(_ problem: ServiceProblem) -> String {
    switch problem {
    case .timedOut(let seconds): "timeout \(seconds)"
    case .cannotConnect(let detail): "connect \(detail)"
    case .secureConnectionFailed(let detail): "tls \(detail)"
    case .status(let status): "status \(status)"
    case .brokenOff(let received, let expected): "broken \(received) \(expected.map(String.init) ?? "-")"
    case .tooLarge(let limit): "too-large \(limit)"
    case .tooManyRedirects(let limit): "redirects \(limit)"
    case .redirectWithoutTarget(let status): "redirect-without-target \(status)"
    case .tooManyHeaders(let limit): "header-count \(limit)"
    case .headersTooLong(let limit): "header-bytes \(limit)"
    case .other(let detail): "other \(detail)"
    }
  }

  private static func problem(_ text: Substring) -> ServiceProblem? {
    let (kind, detail) = split(text)
    switch kind {
    case "timeout": return Double(detail).map { .timedOut(seconds: $0) }
    case "connect": return .cannotConnect(detail: String(detail))
    case "tls": return .secureConnectionFailed(detail: String(detail))
    case "status": return Int(detail).map { .status($0) }
    case "broken":
      let (received, expected) = split(detail)
      return Int(received).map { .brokenOff(received: $0, expected: Int(expected)) }
    case "too-large": return Int(detail).map { .tooLarge(limit: $0) }
    case "redirects": return Int(detail).map { .tooManyRedirects(limit: $0) }
    case "redirect-without-target": return Int(detail).map { .redirectWithoutTarget(status: $0) }
    case "header-count": return Int(detail).map { .tooManyHeaders(limit: $0) }
    case "header-bytes": return Int(detail).map { .headersTooLong(limit: $0) }
    case "other": return .other(String(detail))
    default: return nil
    }
  }

  /// The first word of a line, and the rest after one space.
  private static func split(_ line: Substring) -> (Substring, Substring) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (line[..<space], line[line.index(after: space)...])
  }
}
