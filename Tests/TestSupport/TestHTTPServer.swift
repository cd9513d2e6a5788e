#if os(Linux)
  import Foundation

  /// A small HTTP/1.1 server on the loopback interface, for tests of programs that fetch URLs:
  /// it answers each path with a canned ``Response``, and can misbehave on purpose (answer late,
  /// drip the body, stall, break off in the middle of the body).
  ///
  /// Start it with its routes, give ``url(_:)`` to the program under test, then look at
  /// ``requests`` to see what the program asked for. Every connection carries one request and is
  /// served on its own thread, so a stalled path never holds up another. ``stop()`` ends
  /// everything, stalled connections included; `deinit` calls it too.
  ///
  /// ```swift
  /// let server = try TestHTTPServer(routes: [
  ///   "/posted.csv": .text("date,amount\n", contentType: "text/csv"),
  ///   "/slow.csv": .init(body: bytes, chunkSize: 100, chunkInterval: 0.05),
  ///   "/hangs": .init(stallAfterHeaders: true),
  /// ])
  /// defer { server.stop() }
  /// ```
  public final class TestHTTPServer: Sendable {
    /// What the server answers on one path, and how it misbehaves.
    ///
    /// The misbehaviours are applied in this order: ``stallBeforeHeaders`` (nothing else
    /// happens), ``headerDelay``, the head, ``stallAfterHeaders`` (the body never comes), then
    /// the body, cut at ``closeAfterBodyBytes`` and written in pieces of ``chunkSize`` bytes,
    /// ``chunkInterval`` seconds apart. The connection is closed after every response.
    public struct Response: Sendable {
      /// The status code, such as 200 or 404.
      public var status: Int
      /// Headers sent after the status line, in order, such as `("Content-Type", "text/csv")`.
      ///
      /// A `Content-Length` or `Connection` header given here replaces the one the server would
      /// send itself, so a test can declare a length that does not match the body.
      public var headers: [(String, String)]
      /// The body's bytes.
      public var body: [UInt8]
      /// Whether the head says `Content-Length: body.count`; when `false`, the end of the body
      /// is known only from the connection closing, as with an HTTP/1.0 server.
      public var declaresLength: Bool
      /// Seconds to wait after reading the request before sending anything.
      public var headerDelay: Double
      /// The size of the pieces the body is written in; `Int.max`, the default, writes it whole.
      /// Values below 1 count as 1.
      public var chunkSize: Int
      /// Seconds to wait between two pieces of the body: with a small ``chunkSize``, a drip.
      public var chunkInterval: Double
      /// Whether to send the head (with the full `Content-Length`, if ``declaresLength``) and
      /// then nothing more, holding the connection open until the server stops.
      public var stallAfterHeaders: Bool
      /// Whether to read the request and never answer, holding the connection open until the
      /// server stops.
      public var stallBeforeHeaders: Bool
      /// If set, the server sends the head (with the full `Content-Length`, if
      /// ``declaresLength``), only this many bytes of the body, and then closes the connection:
      /// a body broken off.
      public var closeAfterBodyBytes: Int?
      /// Whether the status line stops after the code (`HTTP/1.1 200`), as HTTP allows: the
      /// reason phrase is optional.
      public var omitsReasonPhrase = false

      /// Creates a response; by default a well-behaved `200` with an empty body.
      ///
      /// - Parameters:
      ///   - status: The status code.
      ///   - headers: Headers sent after the status line, in order.
      ///   - body: The body's bytes.
      ///   - declaresLength: Whether to send `Content-Length`; if not, the end of the body is the
      ///     connection closing.
      ///   - headerDelay: Seconds to wait before sending anything.
      ///   - chunkSize: The size of the pieces the body is written in; `Int.max` writes it whole.
      ///   - chunkInterval: Seconds to wait between two pieces of the body.
      ///   - stallAfterHeaders: Whether to send the head and then nothing until the server stops.
      ///   - stallBeforeHeaders: Whether to send nothing at all until the server stops.
      ///   - closeAfterBodyBytes: If set, how many body bytes to send before closing the
      ///     connection.
      public init(
        status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [],
        declaresLength: Bool = true, headerDelay: Double = 0, chunkSize: Int = .max,
        chunkInterval: Double = 0, stallAfterHeaders: Bool = false, stallBeforeHeaders: Bool = false,
        closeAfterBodyBytes: Int? = nil
      ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.declaresLength = declaresLength
        self.headerDelay = headerDelay
        self.chunkSize = chunkSize
        self.chunkInterval = chunkInterval
        self.stallAfterHeaders = stallAfterHeaders
        self.stallBeforeHeaders = stallBeforeHeaders
        self.closeAfterBodyBytes = closeAfterBodyBytes
      }

      /// A response whose body is some text, in UTF-8.
      ///
      /// - Parameters:
      ///   - text: The body.
      ///   - contentType: The `Content-Type` header; `nil` sends `text/plain; charset=utf-8`.
      ///   - status: The status code.
      /// - Returns: The response.
      public static func text(_ text: String, contentType: String? = nil, status: Int = 200) -> Response {
        Response(
          status: status, headers: [("Content-Type", contentType ?? "text/plain; charset=utf-8")],
          body: Array(text.utf8))
      }

      /// A response whose body is a file's bytes, read now.
      ///
      /// - Parameters:
      ///   - path: The file's path.
      ///   - contentType: The `Content-Type` header; `nil` sends none, as some servers do.
      /// - Returns: The response.
      /// - Throws: Foundation's error when the file cannot be read.
      public static func file(_ path: String, contentType: String? = nil) throws -> Response {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return Response(headers: contentType.map { [("Content-Type", $0)] } ?? [], body: Array(bytes))
      }

      /// A redirect to another location, with an empty body.
      ///
      /// - Parameters:
      ///   - location: The `Location` header, such as `/b` or another server's ``url(_:)``.
      ///   - status: The status code: 301, 302, 303, 307 or 308.
      /// - Returns: The response.
      public static func redirect(to location: String, status: Int = 302) -> Response {
        Response(status: status, headers: [("Location", location)])
      }
    }

    /// One request the server received.
    public struct Request: Sendable, Equatable {
      /// The method, such as `GET`.
      public var method: String
      /// The request target without its query string, such as `/posted.csv`.
      public var path: String
      /// The headers, by lowercased name; repeated headers are joined with `, `.
      public var headers: [String: String]

      /// Creates a request, such as the one a test expects.
      ///
      /// - Parameters:
      ///   - method: The method, such as `GET`.
      ///   - path: The request target without its query string.
      ///   - headers: The headers, by lowercased name.
      public init(method: String, path: String, headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.headers = headers
      }
    }

    /// The port the server listens on, on 127.0.0.1 (or ::1).
    public let port: Int
    /// Whether the server listens on the IPv6 loopback address, ::1, rather than 127.0.0.1.
    public let isIPv6: Bool

    private let core: ServerCore

    /// Starts listening on 127.0.0.1, on a free port the kernel chooses; never on another
    /// interface, so nothing outside the machine can reach a test.
    ///
    /// - Parameters:
    ///   - routes: The response for each path (without query string), such as `/a.csv`. Other
    ///     paths answer `404`.
    ///   - ipv6: Whether to listen on ::1, the IPv6 loopback address, instead of 127.0.0.1.
    /// - Throws: An error naming the system call that failed when no socket can be set up.
    public init(routes: [String: Response], ipv6: Bool = false) throws {
      core = try ServerCore(routes: routes, ipv6: ipv6)
      port = core.port
      isIPv6 = ipv6
      core.start()
    }

    deinit {
      core.stop()
    }

    /// The address of a path on this server.
    ///
    /// - Parameter path: The path, starting with `/`, with a query string if wanted.
    /// - Returns: `http://127.0.0.1:PORT` (or `http://[::1]:PORT`) followed by `path`.
    public func url(_ path: String) -> String {
      "http://\(isIPv6 ? "[::1]" : "127.0.0.1"):\(port)\(path)"
    }

    /// Every request received so far, in the order their heads were read.
    ///
    /// A request is recorded before it is answered, so a stalled one is here too.
    public var requests: [Request] { core.requests }

    /// How many connections the server has accepted and not closed yet: a test that means a
    /// connection to be served waits for it to be counted here, not only for it to be made (a
    /// connection not yet accepted is reset, not closed, when the server stops listening).
    public var openConnectionCount: Int { core.openConnectionCount }

    /// Stops listening and closes every open connection, stalled ones included, then waits (about
    /// a second at most) for the connection threads to end.
    ///
    /// A client in the middle of a response sees the connection close. Calling it again does
    /// nothing.
    public func stop() {
      core.stop()
    }
  }
#endif
