#if os(Linux)
  import Foundation
  import Glibc
  import Testing
  import TestSupport

  /// The test server's own tests, through raw sockets: a client that trusts nothing, so that
  /// what the gateway tests later see is what the server really sent.
  @Suite struct TestHTTPServerTests {
    @Test func servesABodyWithItsTypeAndLength() throws {
      let server = try TestHTTPServer(routes: [
        "/data.json": .text(#"{"a":1}"#, contentType: "application/json")
      ])
      defer { server.stop() }

      let response = try fetch(server, "/data.json")

      #expect(response.status == 200)
      #expect(response.headers["content-type"] == "application/json")
      #expect(response.headers["content-length"] == "7")
      #expect(response.headers["connection"] == "close")
      #expect(response.body == Array(#"{"a":1}"#.utf8))
      #expect(response.ending == .endOfStream)
    }

    @Test func answersUnknownPathsWith404() throws {
      let server = try TestHTTPServer(routes: ["/known": .text("yes")])
      defer { server.stop() }

      let response = try fetch(server, "/unknown")

      #expect(response.status == 404)
      #expect(response.headers["content-type"]?.hasPrefix("text/plain") == true)
      #expect(!response.body.isEmpty)
      #expect(response.headers["content-length"] == String(response.body.count))
    }

    @Test func routesOnThePathWithoutTheQuery() throws {
      let server = try TestHTTPServer(routes: ["/data": .text("rows")])
      defer { server.stop() }

      let response = try fetch(server, "/data?since=2024-01-01&page=2")

      #expect(response.status == 200)
      #expect(response.body == Array("rows".utf8))
      #expect(server.requests.map(\.path) == ["/data"])
    }

    @Test func redirectsWithALocation() throws {
      let server = try TestHTTPServer(routes: [
        "/a": .redirect(to: "/b"),
        "/old": .redirect(to: "http://127.0.0.1:1/new", status: 301),
      ])
      defer { server.stop() }

      let found = try fetch(server, "/a")
      let moved = try fetch(server, "/old")

      #expect(found.status == 302)
      #expect(found.headers["location"] == "/b")
      #expect(found.body.isEmpty)
      #expect(moved.status == 301)
      #expect(moved.headers["location"] == "http://127.0.0.1:1/new")
    }

    @Test func recordsRequestsInOrderWithLowercasedHeaderNames() throws {
      let server = try TestHTTPServer(routes: ["/a": .text("a")])
      defer { server.stop() }

      _ = try fetch(server, "/a?x=1", headers: [("X-Trace-ID", "42"), ("Accept", "text/csv")])
      _ = try fetch(server, "/missing")

      let host = "127.0.0.1:\(server.port)"
      #expect(
        server.requests == [
          TestHTTPServer.Request(
            method: "GET", path: "/a", headers: ["host": host, "x-trace-id": "42", "accept": "text/csv"]),
          TestHTTPServer.Request(method: "GET", path: "/missing", headers: ["host": host]),
        ])
    }

    @Test func servesAFilesBytes() throws {
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("TestHTTPServerTests-\(UUID().uuidString).bin").path
      let bytes: [UInt8] = Array(0...255) + Array("end\r\n\r\n".utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      let file = try TestHTTPServer.Response.file(path, contentType: "application/octet-stream")
      let server = try TestHTTPServer(routes: ["/f": file])
      defer { server.stop() }

      let response = try fetch(server, "/f")

      #expect(response.body == bytes)
      #expect(response.headers["content-type"] == "application/octet-stream")
      #expect(throws: (any Error).self) { try TestHTTPServer.Response.file(path + ".absent") }
    }

    @Test func dripsTheBodyInPieces() throws {
      let server = try TestHTTPServer(routes: [
        "/drip": .init(body: Array("abcdefgh".utf8), chunkSize: 2, chunkInterval: 0.1)
      ])
      defer { server.stop() }

      let response = try fetch(server, "/drip")

      // Four pieces, so three pauses between them.
      #expect(response.elapsed >= .milliseconds(280))
      #expect(response.headers["content-length"] == "8")
      #expect(response.body == Array("abcdefgh".utf8))
      #expect(response.ending == .endOfStream)
    }

    @Test func withoutALengthTheBodyEndsWhenTheConnectionCloses() throws {
      let server = try TestHTTPServer(routes: [
        "/raw": .init(body: Array("whole".utf8), declaresLength: false)
      ])
      defer { server.stop() }

      let response = try fetch(server, "/raw")

      #expect(response.status == 200)
      #expect(response.headers["content-length"] == nil)
      #expect(response.body == Array("whole".utf8))
      #expect(response.ending == .endOfStream)
    }

    @Test func breaksOffTheBodyAfterSomeBytes() throws {
      let body = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
      let server = try TestHTTPServer(routes: ["/cut": .init(body: body, closeAfterBodyBytes: 10)])
      defer { server.stop() }

      let response = try fetch(server, "/cut")

      #expect(response.headers["content-length"] == "100")
      #expect(response.body == Array(body.prefix(10)))
      #expect(response.ending == .endOfStream)
      #expect(response.elapsed < .seconds(1))
    }

    @Test func aGivenContentLengthReplacesTheServersOwn() throws {
      let server = try TestHTTPServer(routes: [
        "/short": .init(headers: [("Content-Length", "50")], body: Array("ten bytes!".utf8))
      ])
      defer { server.stop() }

      let response = try fetch(server, "/short")

      let head = String(decoding: response.received, as: UTF8.self).lowercased()
      #expect(head.components(separatedBy: "content-length:").count == 2)
      #expect(response.headers["content-length"] == "50")
      #expect(response.body == Array("ten bytes!".utf8))
      #expect(response.ending == .endOfStream)
    }

    @Test func headerDelayHoldsBackTheFirstByte() throws {
      let server = try TestHTTPServer(routes: ["/late": .init(body: Array("late".utf8), headerDelay: 0.3)])
      defer { server.stop() }

      let response = try fetch(server, "/late")

      let firstByte = try #require(response.firstByte)
      #expect(firstByte >= .milliseconds(280))
      #expect(response.status == 200)
      #expect(response.body == Array("late".utf8))
    }

    @Test func aStalledPathDoesNotDelayAnother() throws {
      let server = try TestHTTPServer(routes: [
        "/stall": .init(body: Array("never".utf8), stallBeforeHeaders: true),
        "/fast": .text("fast"),
      ])
      defer { server.stop() }
      let stalled = try connect(to: server.port)
      defer { close(stalled) }
      try sendRequest(on: stalled, port: server.port, path: "/stall")
      try #require(waitUntil { server.requests.map(\.path) == ["/stall"] })

      let fast = try fetch(server, "/fast")

      #expect(fast.status == 200)
      #expect(fast.body == Array("fast".utf8))
      #expect(fast.elapsed < .seconds(1))
      #expect(pendingBytes(on: stalled) == 0)
    }

    @Test func stopEndsStalledConnectionsPromptly() throws {
      let server = try TestHTTPServer(routes: [
        "/stall": .init(body: [UInt8](repeating: 0, count: 1000), stallAfterHeaders: true)
      ])
      let stalled = try connect(to: server.port)
      defer { close(stalled) }
      try sendRequest(on: stalled, port: server.port, path: "/stall")
      // A client that connects and never sends its request.
      let silent = try connect(to: server.port)
      defer { close(silent) }
      // Both accepted: one not yet accepted would be reset when the server stops listening, not
      // ended (seen with both cores busy).
      try #require(waitUntil { server.requests.count == 1 && server.openConnectionCount == 2 })

      let clock = ContinuousClock()
      let stopping = clock.now
      server.stop()
      let stopTime = clock.now - stopping
      let stalledResponse = readResponse(on: stalled, since: stopping)
      let silentResponse = readResponse(on: silent, since: stopping)

      #expect(stopTime < .seconds(2))
      #expect(stalledResponse.status == 200)
      #expect(stalledResponse.headers["content-length"] == "1000")
      #expect(stalledResponse.body.isEmpty)
      #expect(stalledResponse.ending == .endOfStream)
      #expect(silentResponse.received.isEmpty)
      #expect(silentResponse.ending == .endOfStream)
      // Well before the server's own read timeout (3 s) would have ended the silent connection.
      #expect(silentResponse.elapsed < .seconds(1))
      #expect(throws: FixtureError.self) { try connect(to: server.port) }
      server.stop()  // a second call is harmless
    }

    @Test func droppingTheServerStopsIt() throws {
      let (client, port) = try clientStalledOnADroppedServer()
      defer { close(client) }

      let response = readResponse(on: client, since: ContinuousClock().now)

      #expect(response.received.isEmpty)
      #expect(response.ending == .endOfStream)
      #expect(response.elapsed < .seconds(1))
      #expect(throws: FixtureError.self) { try connect(to: port) }
    }

    @Test func listensOnLoopbackOnly() throws {
      let server = try TestHTTPServer(routes: [:])
      defer { server.stop() }

      #expect((1...65_535).contains(server.port))
      #expect(server.url("/x.csv?a=1") == "http://127.0.0.1:\(server.port)/x.csv?a=1")
      #expect(try fetch(server, "/").status == 404)
      // The kernel's table of IPv4 sockets: the listening one (state 0A) is bound to 127.0.0.1.
      let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
      let port = String(server.port, radix: 16, uppercase: true)
      let portField = ":" + String(repeating: "0", count: 4 - port.count) + port
      let listening = table.split(separator: "\n").map { $0.split(separator: " ") }
        .filter { $0.count > 3 && $0[1].hasSuffix(portField) && $0[3] == "0A" }
      #expect(listening.map { String($0[1]) } == ["0100007F" + portField])
    }

    @Test func givesUpOnAnOversizedRequestHeadAndGoesOn() throws {
      let server = try TestHTTPServer(routes: ["/a": .text("a")])
      defer { server.stop() }
      let client = try connect(to: server.port)
      defer { close(client) }

      let padding = String(repeating: "y", count: 70 * 1024)
      try? sendRequest(on: client, port: server.port, path: "/a", headers: [("X-Padding", padding)])
      let refused = readResponse(on: client, since: ContinuousClock().now)
      let next = try fetch(server, "/a")

      #expect(refused.status == nil)
      #expect(refused.ending != .timedOut)
      #expect(next.status == 200)
      #expect(server.requests.map(\.path) == ["/a"])
    }
  }

  // MARK: A raw HTTP client

  /// What the client saw of one response.
  private struct ClientResponse {
    /// How the reading ended.
    enum Ending: Equatable {
      case endOfStream
      case timedOut
      case failed(errno: Int32)
    }

    /// Every byte received.
    var received: [UInt8] = []
    /// The status code, or `nil` if no complete head arrived.
    var status: Int?
    /// The headers, by lowercased name.
    var headers: [String: String] = [:]
    /// What followed the head.
    var body: [UInt8] = []
    /// From the request (or the given start) to the first byte received.
    var firstByte: Duration?
    /// From the request (or the given start) to the end of the reading.
    var elapsed: Duration = .zero
    var ending: Ending = .endOfStream
  }

  /// Connects, sends a GET, reads the whole response and closes.
  private func fetch(
    _ server: TestHTTPServer, _ path: String, headers: [(String, String)] = []
  ) throws -> ClientResponse {
    let client = try connect(to: server.port)
    defer { close(client) }
    let start = ContinuousClock().now
    try sendRequest(on: client, port: server.port, path: path, headers: headers)
    return readResponse(on: client, since: start)
  }

  /// A socket connected to 127.0.0.1, whose reads give up after three seconds.
  private func connect(to port: Int) throws -> Int32 {
    let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard client >= 0 else { throw FixtureError("socket: errno \(errno)") }
    var timeout = timeval(tv_sec: 3, tv_usec: 0)
    _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(port).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      close(client)
      throw FixtureError("connect to 127.0.0.1:\(port): errno \(code)")
    }
    return client
  }

  private func sendRequest(
    on client: Int32, port: Int, path: String, headers: [(String, String)] = []
  ) throws {
    let lines = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers.map { "\($0.0): \($0.1)" }
    let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    var offset = 0
    while offset < request.count {
      let count = request.withUnsafeBytes { buffer in
        send(client, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw FixtureError("send: errno \(errno)") }
      offset += count
    }
  }

  /// Reads until the server closes the connection, the read times out or fails.
  private func readResponse(on client: Int32, since start: ContinuousClock.Instant) -> ClientResponse {
    var response = ClientResponse()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        response.firstByte = response.firstByte ?? ContinuousClock().now - start
        response.received += chunk[..<count]
        continue
      }
      if count == 0 {
        response.ending = .endOfStream
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        response.ending = .timedOut
      } else {
        response.ending = .failed(errno: errno)
      }
      break
    }
    response.elapsed = ContinuousClock().now - start
    parse(&response)
    return response
  }

  private func parse(_ response: inout ClientResponse) {
    let separator = Array("\r\n\r\n".utf8)
    let bytes = response.received
    guard
      let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) })
    else { return }
    let lines = bytes[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
    }
    let statusLine = lines[0].split(separator: " ")
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1.") else { return }
    response.status = Int(statusLine[1])
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      response.headers[line[..<colon].lowercased()] = value
    }
    response.body = Array(bytes[(end + separator.count)...])
  }

  /// Starts a server, leaves a client waiting on a path that never answers, and returns without
  /// stopping the server: its last reference goes away here.
  ///
  /// - Returns: The client's socket and the port the server listened on.
  private func clientStalledOnADroppedServer() throws -> (client: Int32, port: Int) {
    let server = try TestHTTPServer(routes: ["/stall": .init(stallBeforeHeaders: true)])
    let client = try connect(to: server.port)
    try sendRequest(on: client, port: server.port, path: "/stall")
    guard waitUntil({ server.requests.count == 1 }) else {
      close(client)
      throw FixtureError("the server never read the request")
    }
    return (client, server.port)
  }

  /// How many bytes wait to be read, without waiting for more.
  private func pendingBytes(on client: Int32) -> Int {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    return max(0, count)
  }

  /// Polls a condition for up to two seconds.
  ///
  /// - Returns: Whether it became true.
  private func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock().now + .seconds(2)
    while ContinuousClock().now < deadline {
      if condition() { return true }
      usleep(5_000)
    }
    return condition()
  }
#endif
