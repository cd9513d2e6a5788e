/// Where a URL leads: its scheme, host and port, the three parts that say which server a
/// request goes to (an "origin", in the words of the web).
///
/// The network helper sends the request's headers (often a token) after a redirect only when
/// the redirect stays at the same origin, as `curl` does: another host, another port of the
/// same host, or `http://` instead of `https://` may be another party.
package struct URLOrigin: Hashable, Sendable {
  /// The scheme, in lower case: `http` or `https`.
  package var scheme: String
  /// The host, in lower case; an IPv6 address keeps its brackets (`[::1]`).
  package var host: String
  /// The port: the one written, else the scheme's own (80 for `http`, 443 for `https`).
  package var port: Int

  /// The origin of an absolute `http://` or `https://` URL; `nil` for any other text, or a
  /// port that is not a number from 0 to 65535.
  ///
  /// - Parameter url: The URL, such as `https://user@bank.example:8443/api`.
  package init?(url: String) {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let scheme = url[..<colon].lowercased()
    let defaultPort: Int
    switch scheme {
    case "http": defaultPort = 80
    case "https": defaultPort = 443
    default: return nil
    }
    let rest = url[url.index(after: colon)...]
    guard rest.hasPrefix("//") else { return nil }
    let afterSlashes = rest.dropFirst(2)
    var authority = afterSlashes.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    var host = authority
    var portText: Substring = ""
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { return nil }
        portText = after.dropFirst()
      }
    } else if let portColon = authority.lastIndex(of: ":") {
      host = authority[..<portColon]
      portText = authority[authority.index(after: portColon)...]
    }
    guard !host.isEmpty else { return nil }
    var port = defaultPort
    if !portText.isEmpty {
      guard portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(portText),
        number <= 65535
      else { return nil }
      port = number
    }
    self.scheme = scheme
    self.host = host.lowercased()
    self.port = port
  }
}
