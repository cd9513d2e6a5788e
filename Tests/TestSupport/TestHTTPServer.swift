import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server for tests of sources on the network: it listens on 127.0.0.1 only,
/// on a port the kernel picks, and answers each path as told, misbehaving on purpose (a late
/// answer, a body that drips, stalls or breaks off, an error status, a redirect).
///
/// Each connection is served on a thread of its own, so a stalled answer never delays another
/// request, and closed after one answer (`Connection: close`). Every wait is bounded: reads
/// time out after a few seconds, and ``stop()`` ends every connection, stalled ones included.
public final class TestHTTPServer: Sendable {
  /// What the server answers on one path, and how it misbehaves.
  public struct Response: Sendable {
    /// The status, 200 by default.
    public var status: Int
    /// Headers sent besides `Content-Length` and `Connection`, such as `Content-Type`.
    public var headers: [Header]
    /// The body.
    public var body: [UInt8]
    /// Whether `Content-Length` is sent (the body's whole length, even when less is sent);
    /// without it the end of the body is the end of the connection.
    public var declaresLength: Bool
    /// Seconds to wait before sending anything.
    public var headerDelay: Double
    /// The body is sent in pieces of this many bytes; 0 for all at once.
    public var chunkSize: Int
    /// Seconds between two pieces of the body: a body that drips.
    public var chunkInterval: Double
    /// The request is read, and nothing is ever answered, until the server stops.
    public var stallBeforeHeaders: Bool
    /// The headers are sent, and the body never, until the server stops.
    public var stallAfterHeaders: Bool
    /// Only this many bytes of the body are sent, then the connection is closed: an answer that
    /// breaks off.
    public var closeAfterBodyBytes: Int?

    /// Creates a response; every misbehaviour is off by default.
    ///
    /// - Parameters:
    ///   - status: The status.
    ///   - headers: Extra headers.
    ///   - body: The body.
    ///   - declaresLength: Whether `Content-Length` is sent.
    ///   - headerDelay: Seconds before anything is sent.
    ///   - chunkSize: The size of the body's pieces; 0 for one piece.
    ///   - chunkInterval: Seconds between pieces.
    ///   - stallBeforeHeaders: Whether nothing is ever answered.
    ///   - stallAfterHeaders: Whether the body is never sent.
    ///   - closeAfterBodyBytes: How many body bytes are sent before the connection is closed.
    public init(
      status: Int = 200, headers: [Header] = [], body: [UInt8] = [], declaresLength: Bool = true,
      headerDelay: Double = 0, chunkSize: Int = 0, chunkInterval: Double = 0,
      stallBeforeHeaders: Bool = false,
      stallAfterHeaders: Bool = false, closeAfterBodyBytes: Int? = nil
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.declaresLength = declaresLength
      self.headerDelay = headerDelay
      self.chunkSize = chunkSize
      self.chunkInterval = chunkInterval
      self.stallBeforeHeaders = stallBeforeHeaders
      self.stallAfterHeaders = stallAfterHeaders
      self.closeAfterBodyBytes = closeAfterBodyBytes
    }

    /// A text body.
    ///
    /// - Parameters:
    ///   - text: The body.
    ///   - contentType: The `Content-Type`, if any.
    ///   - status: The status.
    /// - Returns: The response.
    public static func text(_ text: String, contentType: String? = nil, status: Int = 200) -> Response {
      Response(
        status: status, headers: contentType.map { [Header("Content-Type", $0)] } ?? [],
        body: Array(text.utf8))
    }

    /// A file's bytes.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - contentType: The `Content-Type`, if any.
    /// - Returns: The response.
    /// - Throws: When the file cannot be read.
    public static func file(_ path: String, contentType: String? = nil) throws -> Response {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return Response(headers: contentType.map { [Header("Content-Type", $0)] } ?? [], body: [UInt8](data))
    }

    /// A redirect.
    ///
    /// - Parameters:
    ///   - location: Where to, such as `/b`.
    ///   - status: The status, 302 by default.
    /// - Returns: The response.
    public static func redirect(to location: String, status: Int = 302) -> Response {
      Response(status: status, headers: [Header("Location", location)])
    }
  }

  /// One header of a response.
  public struct Header: Sendable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// One request the server received.
  public struct Request: Sendable, Equatable {
    /// The method, such as `GET`.
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The headers, by lowercased name.
    public var headers: [String: String]
  }

  private struct State {
    var requests: [Request] = []
    var connections: Set<Int32> = []
    var running = 0
    var isStopped = false
  }

  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let listener: Int32
  private let routes: [String: Response]
  private let state = Mutex(State())

  /// Starts listening on 127.0.0.1, on a free port the kernel picks.
  ///
  /// - Parameter routes: The answer of each path.
  /// - Throws: When no socket can be made, bound or listened on.
  public init(routes: [String: Response]) throws {
    self.routes = routes
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw FixtureError("socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    guard bound == 0, named == 0, listen(socket, 64) == 0 else {
      let reason = String(cString: strerror(errno))
      close(socket)
      throw FixtureError("cannot listen on 127.0.0.1: \(reason)")
    }
    listener = socket
    port = Int(UInt16(bigEndian: address.sin_port))
    state.withLock { $0.running += 1 }
    Thread { [self] in acceptLoop() }.start()
  }

  deinit {
    stop()
  }

  /// `http://127.0.0.1:PORT` and the path.
  ///
  /// - Parameter path: The path, such as `/a.json`.
  /// - Returns: The URL.
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Every request received so far, in order.
  public var requests: [Request] { state.withLock { $0.requests } }

  /// Stops listening and ends every connection, stalled ones too, then waits (at most two
  /// seconds) for their threads to end. Calling it again does nothing.
  public func stop() {
    let connections = state.withLock { state -> Set<Int32>? in
      guard !state.isStopped else { return nil }
      state.isStopped = true
      return state.connections
    }
    guard let connections else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    let deadline = Date().addingTimeInterval(2)
    while state.withLock({ $0.running }) > 0, Date() < deadline { usleep(5_000) }
    close(listener)
  }

  private var isStopped: Bool { state.withLock { $0.isStopped } }

  private func acceptLoop() {
    defer { state.withLock { $0.running -= 1 } }
    while !isStopped {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR { continue }
        return
      }
      // txreport's helpers are started by another process, so this test process's own
      // spawns are the only ones that could inherit the connection; mark it at once.
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      let accepted = state.withLock { state -> Bool in
        guard !state.isStopped else { return false }
        state.connections.insert(connection)
        state.running += 1
        return true
      }
      guard accepted else {
        close(connection)
        return
      }
      Thread { [self] in
        serve(connection)
        state.withLock {
          $0.connections.remove(connection)
          $0.running -= 1
        }
        close(connection)
      }.start()
    }
  }

  private func serve(_ connection: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let request = readRequest(connection) else {
      // Bytes that are no HTTP request (a TLS handshake, for one) get a plain-text refusal, as
      // an HTTP server gives them: a TLS client then fails at once, as against a real server.
      _ = send(
        Array("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8),
        to: connection)
      return
    }
    state.withLock { $0.requests.append(request) }
    let response =
      routes[request.path] ?? .text("no such path: \(request.path)\n", contentType: "text/plain", status: 404)
    if response.stallBeforeHeaders {
      waitUntilStopped()
      return
    }
    guard pause(response.headerDelay) else { return }
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nConnection: close\r\n"
    if response.declaresLength { head += "Content-Length: \(response.body.count)\r\n" }
    for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
    guard send(Array((head + "\r\n").utf8), to: connection) else { return }
    if response.stallAfterHeaders {
      waitUntilStopped()
      return
    }
    let sent = min(response.body.count, response.closeAfterBodyBytes ?? response.body.count)
    let pieceSize = response.chunkSize > 0 ? response.chunkSize : max(1, sent)
    var offset = 0
    while offset < sent {
      if offset > 0, !pause(response.chunkInterval) { return }
      let piece = Array(response.body[offset..<min(sent, offset + pieceSize)])
      guard send(piece, to: connection) else { return }
      offset += piece.count
    }
  }

  /// Reads the request line and headers, up to the blank line; `nil` for a request that is
  /// too long, malformed, or does not come within the read timeout.
  private func readRequest(_ connection: Int32) -> Request? {
    var bytes: [UInt8] = []
    let end = Array("\r\n\r\n".utf8)
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 64 << 10 {
      if bytes.count >= 4, bytes.suffix(4).elementsEqual(end) { break }
      if let range = bytes.firstRange(of: end) {
        bytes.removeSubrange(range.upperBound...)
        break
      }
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      bytes += chunk[..<count]
      // A request starts with its method, in capitals.
      guard let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else {
        return nil
      }
    }
    let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    let target = parts[1]
    let path = String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)])
    return Request(method: String(parts[0]), path: path, headers: headers)
  }

  private func send(_ bytes: [UInt8], to connection: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Waits this many seconds, in short steps; `false` when the server stopped meanwhile.
  private func pause(_ seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if isStopped { return false }
      usleep(UInt32(min(10_000, max(1, deadline.timeIntervalSinceNow * 1_000_000))))
    }
    return !isStopped
  }

  private func waitUntilStopped() {
    while !isStopped { usleep(10_000) }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
