#if os(Linux)
  import Dispatch
  import Foundation
  import Glibc
  import Synchronization

  /// The sockets and threads behind a ``TestHTTPServer``.
  ///
  /// The threads hold this object, not the server, so that dropping the last reference to a
  /// server runs its `deinit`, which stops them. Every wait in here ends when ``stop()`` is
  /// called: sleeps and stalls poll the stop pipe, and reads and writes are woken by
  /// `shutdown(2)` of their socket.
  final class ServerCore: Sendable {
    let port: Int

    private let routes: [String: TestHTTPServer.Response]
    private let listener: Int32
    /// `stop()` writes one byte here and nobody ever reads it, so the read end stays readable
    /// for good: every `poll` on it, before or after the stop, returns at once.
    private let stopPipe: (read: Int32, write: Int32)
    private let threads = DispatchGroup()
    private let state = Mutex(State())

    private struct State {
      var stopping = false
      /// The connections being served; `stop()` shuts them down, under the lock, so that it never
      /// touches a descriptor number that its thread has already closed and the system reused.
      var connections: Set<Int32> = []
      var requests: [TestHTTPServer.Request] = []
    }

    /// Past this, a request head is not a request any more but a client gone wrong.
    private static let maximumHeadSize = 64 * 1024
    /// How long one read of a request may wait, so a client that never sends one cannot hold
    /// a thread forever.
    private static let readTimeout = 3
    /// How long one write may wait for a client that does not read.
    private static let writeTimeout = 5
    /// How long a whole request head may take to arrive, however slowly it trickles in.
    private static let headDeadline = Duration.seconds(10)
    /// How long to read what the client still sends after the response, before closing.
    private static let lingerTime = Duration.seconds(1)

    init(routes: [String: TestHTTPServer.Response], ipv6: Bool = false) throws {
      self.routes = routes
      var pipeEnds: [Int32] = [-1, -1]
      guard pipe(&pipeEnds) == 0 else { throw SocketError("pipe") }
      pipeEnds.forEach(closeOnExec)
      stopPipe = (pipeEnds[0], pipeEnds[1])
      do {
        (listener, port) = try ipv6 ? Self.listenOnIPv6Loopback() : Self.listenOnLoopback()
      } catch {
        close(pipeEnds[0])
        close(pipeEnds[1])
        throw error
      }
    }

    var requests: [TestHTTPServer.Request] { state.withLock { $0.requests } }

    var openConnectionCount: Int { state.withLock { $0.connections.count } }

    func start() {
      spawn(name: "TestHTTPServer :\(port) accept") { [self] in acceptConnections() }
    }

    func stop() {
      let firstCall = state.withLock { locked in
        guard !locked.stopping else { return false }
        locked.stopping = true
        for connection in locked.connections { shutdown(connection, Int32(SHUT_RDWR)) }
        return true
      }
      guard firstCall else { return }
      var byte: UInt8 = 1
      _ = write(stopPipe.write, &byte, 1)
      // Every thread wakes at once; the time limit is only there so that a bug here cannot hang
      // the test run. A thread still running might still poll the pipe: then leak it, not close it.
      if threads.wait(timeout: .now() + 1) == .success {
        close(stopPipe.read)
        close(stopPipe.write)
      }
    }

    // MARK: Threads

    private func spawn(name: String, _ body: @escaping @Sendable () -> Void) {
      threads.enter()
      let thread = Thread { [threads] in
        body()
        threads.leave()
      }
      thread.name = name
      thread.start()
    }

    private func acceptConnections() {
      defer { close(listener) }
      while true {
        var watched = [
          pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&watched, 2, -1)
        if ready < 0 && errno == EINTR { continue }
        guard ready > 0, watched[1].revents == 0 else { return }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else {
          // A client that gave up before being accepted is normal; any other failure (out of
          // descriptors, say) would come back at once, so pause rather than spin.
          if [EINTR, ECONNABORTED, EAGAIN].contains(errno) { continue }
          if stopped(whileWaiting: 0.1) { return }
          continue
        }
        closeOnExec(connection)
        let accepted = state.withLock { locked in
          guard !locked.stopping else { return false }
          locked.connections.insert(connection)
          return true
        }
        guard accepted else {
          close(connection)
          return
        }
        // This thread is counted in `threads` too, so the new one is counted before `stop()`
        // can see the count fall to zero.
        spawn(name: "TestHTTPServer :\(port) connection") { [self] in serve(connection) }
      }
    }

    private func serve(_ connection: Int32) {
      setTimeout(connection, SO_RCVTIMEO, seconds: Self.readTimeout)
      setTimeout(connection, SO_SNDTIMEO, seconds: Self.writeTimeout)
      guard let head = readHead(connection) else {
        finish(connection, lingering: false)
        return
      }
      guard let request = Self.parseRequest(head) else {
        send(connection, Self.head(status: 400, headers: [], length: 0))
        finish(connection, lingering: true)
        return
      }
      state.withLock { $0.requests.append(request) }
      respond(on: connection, with: routes[request.path] ?? Self.notFound(request.path))
      finish(connection, lingering: true)
    }

    private func respond(on connection: Int32, with response: TestHTTPServer.Response) {
      if response.stallBeforeHeaders {
        _ = waitForStop()
        return
      }
      if response.headerDelay > 0 && stopped(whileWaiting: response.headerDelay) { return }
      let head = Self.head(
        status: response.status, headers: response.headers,
        length: response.declaresLength ? response.body.count : nil, reason: !response.omitsReasonPhrase)
      guard send(connection, head) else { return }
      if response.stallAfterHeaders {
        _ = waitForStop()
        return
      }
      var rest = response.body[...]
      if let limit = response.closeAfterBodyBytes { rest = rest.prefix(max(0, limit)) }
      let pieceSize = max(1, response.chunkSize)
      var isFirstPiece = true
      while !rest.isEmpty {
        if !isFirstPiece && response.chunkInterval > 0 && stopped(whileWaiting: response.chunkInterval) {
          return
        }
        isFirstPiece = false
        let piece = rest.prefix(pieceSize)
        guard send(connection, piece) else { return }
        rest = rest.dropFirst(piece.count)
      }
    }

    /// Closes a connection, first reading for a while whatever the client still sends (a request
    /// body, say), because closing a socket with unread data makes the system send a reset, which
    /// can destroy the end of the response before the client has read it.
    private func finish(_ connection: Int32, lingering: Bool) {
      shutdown(connection, Int32(lingering ? SHUT_WR : SHUT_RDWR))
      if lingering {
        let deadline = ContinuousClock.now + Self.lingerTime
        var scratch = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
          var watched = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
          let ready = poll(&watched, 1, milliseconds(until: deadline))
          if ready < 0 && errno == EINTR { continue }
          guard ready > 0 else { break }
          let count = scratch.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break }
        }
      }
      state.withLock { _ = $0.connections.remove(connection) }
      close(connection)
    }

    // MARK: Waiting

    /// Waits, or returns early when the server stops.
    ///
    /// - Returns: Whether the server is stopping.
    private func stopped(whileWaiting seconds: Double) -> Bool {
      waitForStop(until: ContinuousClock.now + .seconds(seconds))
    }

    /// Waits for the server to stop, or until a deadline if there is one.
    ///
    /// - Returns: Whether the server is stopping.
    private func waitForStop(until deadline: ContinuousClock.Instant? = nil) -> Bool {
      while true {
        var timeout: Int32 = -1
        if let deadline {
          guard ContinuousClock.now < deadline else { return false }
          timeout = milliseconds(until: deadline)
        }
        var watched = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
        let ready = poll(&watched, 1, timeout)
        if ready > 0 || (ready < 0 && errno != EINTR) { return true }
      }
    }

    // MARK: Reading and writing

    /// Reads up to the blank line that ends a request head.
    ///
    /// - Returns: The head, blank line included, or `nil` if the client closed, was too slow or
    ///   sent too much.
    private func readHead(_ connection: Int32) -> [UInt8]? {
      let deadline = ContinuousClock.now + Self.headDeadline
      var head: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while head.count <= Self.maximumHeadSize && ContinuousClock.now < deadline {
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        if count < 0 && errno == EINTR { continue }
        // The end of the stream, the read timeout, or stop() shutting the socket down.
        guard count > 0 else { return nil }
        let newBytes = head.count
        head += chunk[..<count]
        if let end = Self.endOfHead(head, from: newBytes) {
          return end <= Self.maximumHeadSize ? Array(head[..<end]) : nil
        }
      }
      return nil
    }

    /// Sends all the bytes, however many calls it takes.
    ///
    /// - Returns: Whether they were all sent; `false` if the client went away or stopped reading.
    @discardableResult
    private func send(_ connection: Int32, _ bytes: some Collection<UInt8>) -> Bool {
      let bytes = Array(bytes)
      var offset = 0
      while offset < bytes.count {
        // MSG_NOSIGNAL: a client that has closed its end would otherwise raise SIGPIPE, which
        // kills the whole test process.
        let count = bytes.withUnsafeBytes { buffer in
          Glibc.send(
            connection, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }

    // MARK: HTTP

    /// Where a request head ends: just past an empty line, ended by CRLF or, leniently, by LF.
    /// Only line feeds at `start` or later are looked at: the earlier bytes were searched already.
    private static func endOfHead(_ bytes: [UInt8], from start: Int) -> Int? {
      let lineFeed = UInt8(ascii: "\n")
      let carriageReturn = UInt8(ascii: "\r")
      for index in max(start, 1)..<bytes.count where bytes[index] == lineFeed {
        if bytes[index - 1] == lineFeed { return index + 1 }
        if index >= 2 && bytes[index - 1] == carriageReturn && bytes[index - 2] == lineFeed {
          return index + 1
        }
      }
      return nil
    }

    /// The request line and headers of a head, or `nil` if they are not HTTP.
    private static func parseRequest(_ head: [UInt8]) -> TestHTTPServer.Request? {
      // Split the bytes, not a String: Swift counts "\r\n" as one Character, not as a "\n".
      let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
        String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
      }
      let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
      guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
      var headers: [String: String] = [:]
      for line in lines.dropFirst() where !line.isEmpty {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
      }
      let target = requestLine[1]
      let path = target.firstIndex(of: "?").map { target[..<$0] } ?? target
      return TestHTTPServer.Request(method: String(requestLine[0]), path: String(path), headers: headers)
    }

    private static func head(status: Int, headers: [(String, String)], length: Int?, reason: Bool = true)
      -> [UInt8]
    {
      let given = Set(headers.map { $0.0.lowercased() })
      var lines = [reason ? "HTTP/1.1 \(status) \(reasonPhrase(status))" : "HTTP/1.1 \(status)"]
      lines += headers.map { "\($0.0): \($0.1)" }
      if let length, !given.contains("content-length") { lines.append("Content-Length: \(length)") }
      if !given.contains("connection") { lines.append("Connection: close") }
      return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    private static func notFound(_ path: String) -> TestHTTPServer.Response {
      .text("No route for \(path) on this test server.\n", status: 404)
    }

    private static func reasonPhrase(_ status: Int) -> String {
      switch status {
      case 200: "OK"
      case 201: "Created"
      case 204: "No Content"
      case 206: "Partial Content"
      case 301: "Moved Permanently"
      case 302: "Found"
      case 303: "See Other"
      case 304: "Not Modified"
      case 307: "Temporary Redirect"
      case 308: "Permanent Redirect"
      case 400: "Bad Request"
      case 401: "Unauthorized"
      case 403: "Forbidden"
      case 404: "Not Found"
      case 408: "Request Timeout"
      case 410: "Gone"
      case 429: "Too Many Requests"
      case 500: "Internal Server Error"
      case 502: "Bad Gateway"
      case 503: "Service Unavailable"
      case 504: "Gateway Timeout"
      default: "Status \(status)"
      }
    }

    // MARK: Sockets

    private static func listenOnLoopback() throws -> (socket: Int32, port: Int) {
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard listener >= 0 else { throw SocketError("socket") }
      do {
        var reuse: Int32 = 1
        // So that a port left in TIME_WAIT by an earlier server can be chosen again at once.
        guard setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0
        else { throw SocketError("setsockopt(SO_REUSEADDR)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the kernel chooses a free port
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1, and only it
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(listener, address, length) == 0 && getsockname(listener, address, &length) == 0
          }
        }
        guard bound else { throw SocketError("bind") }
        guard listen(listener, 64) == 0 else { throw SocketError("listen") }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
      } catch {
        close(listener)
        throw error
      }
    }
  }

  extension ServerCore {
    /// A listener on ::1, the IPv6 loopback address, and only on it, on a port the kernel
    /// chooses.
    fileprivate static func listenOnIPv6Loopback() throws -> (socket: Int32, port: Int) {
      let listener = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard listener >= 0 else { throw SocketError("socket(AF_INET6)") }
      do {
        var reuse: Int32 = 1
        guard setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0
        else { throw SocketError("setsockopt(SO_REUSEADDR)") }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = 0
        address.sin6_addr = in6addr_loopback
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(listener, address, length) == 0 && getsockname(listener, address, &length) == 0
          }
        }
        guard bound else { throw SocketError("bind(::1)") }
        guard listen(listener, 64) == 0 else { throw SocketError("listen") }
        return (listener, Int(UInt16(bigEndian: address.sin6_port)))
      } catch {
        close(listener)
        throw error
      }
    }
  }

  /// The error of a system call that failed while a ``TestHTTPServer`` was being set up.
  struct SocketError: Error, CustomStringConvertible {
    let description: String

    /// Captures `errno` at once, before another call changes it.
    init(_ call: String) {
      let code = errno
      description = "TestHTTPServer: \(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
  }

  /// Keeps a descriptor out of the processes a test starts, such as the program under test: a copy
  /// there would hold a connection open after the server closed it. (`accept4` and `pipe2`, which
  /// would set the flag without a gap, are not in Swift's Glibc module; the server shuts every
  /// connection down before closing it, so a copy made in that gap cannot hold it open.)
  private func closeOnExec(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }

  private func setTimeout(_ socket: Int32, _ option: Int32, seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    _ = setsockopt(socket, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// The time left until a deadline, rounded up, as `poll` takes it.
  private func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let left = (deadline - ContinuousClock.now).components
    guard left.seconds >= 0 else { return 0 }
    let milliseconds = left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(min(milliseconds, Int64(Int32.max)))
  }
#endif
