import Foundation
import TestSupport
import Testing

private typealias TX = TXReportProcess

/// Sources on the network, run as a user runs them: the built `txreport`, which downloads in its
/// own process (decision 0055), against a loopback server that misbehaves as told (decision 0029).
@Suite struct NetworkEndToEndTests {
  /// The demo's two files and the report of them, as files give it.
  static let authorized = TX.fixture("demo_authorized.json")
  static let posted = TX.fixture("demo_posted.json")

  /// Runs `txreport`, measuring how long it took; no proxy may come between it and loopback.
  private func run(_ arguments: [String]) throws -> (result: TXReportProcess.Result, seconds: Double) {
    let start = Date()
    let result = try TX.run(arguments, environment: ["no_proxy": "*", "NO_PROXY": "*"])
    return (result, Date().timeIntervalSince(start))
  }

  private func server(_ routes: [String: TestHTTPServer.Response]) throws -> TestHTTPServer {
    try TestHTTPServer(routes: routes)
  }

  private static func json(_ path: String) throws -> TestHTTPServer.Response {
    try .file(path, contentType: "application/json")
  }

  @Test("Two URLs give the report two files give, byte for byte")
  func twoURLs() throws {
    let server = try server(["/a": try Self.json(Self.authorized), "/p": try Self.json(Self.posted)])
    let (fetched, _) = try run([
      "--authorized", server.url("/a"), "--posted", server.url("/p"), "--format", "json",
    ])
    let files = try TX.run(["--authorized", Self.authorized, "--posted", Self.posted, "--format", "json"])
    #expect(fetched.status == 0)
    #expect(fetched.standardError == "")
    #expect(fetched.standardOutput == files.standardOutput)
    #expect(server.requests.map(\.path).sorted() == ["/a", "/p"], "each source is asked once")
    let (mixed, _) = try run([
      "--authorized", Self.authorized, "--posted", server.url("/p"), "--format", "json",
    ])
    #expect(mixed.status == 0 && mixed.standardOutput == files.standardOutput)
  }

  @Test("One source times out while the other answers: its message, exit 3, after about the timeout")
  func oneTimesOut() throws {
    let server = try server([
      "/a": try Self.json(Self.authorized),
      "/p": TestHTTPServer.Response(stallBeforeHeaders: true),
    ])
    let (run, seconds) = try run([
      "--authorized", server.url("/a"), "--posted", server.url("/p"), "--timeout", "1",
    ])
    #expect(run.status == 3)
    #expect(run.standardOutput.contains("Posted Transactions are not currently available."))
    #expect(run.standardOutput.contains("Grand Total of available sources"))
    #expect(
      run.standardError
        == "txreport: warning: Posted Transactions are not available: \(server.url("/p")): timed out after 1 s\n"
    )
    #expect(seconds >= 0.9 && seconds < 4, "took \(seconds) s for a 1 s timeout")
  }

  @Test("Both sources fail: every group's message, and the grand total still printed")
  func bothFail() throws {
    let server = try server([
      "/a": .text("gone", status: 404),
      "/p": .text("down", status: 503),
    ])
    let (run, _) = try run(["--authorized", server.url("/a"), "--posted", server.url("/p")])
    #expect(run.status == 3)
    #expect(run.standardOutput.contains("Authorized Transactions are not currently available."))
    #expect(run.standardOutput.contains("Posted Transactions are not currently available."))
    #expect(run.standardOutput.contains("0.00"))
    #expect(
      run.standardError == """
        txreport: warning: Authorized Transactions are not available: \(server.url("/a")): the server answered 404 Not Found
        txreport: warning: Posted Transactions are not available: \(server.url("/p")): the server answered 503 Service Unavailable

        """)
  }

  @Test("A slow source does not delay a fast one: the report takes the slower, not the sum")
  func fetchedAtOnce() throws {
    var slowAuthorized = try Self.json(Self.authorized)
    slowAuthorized.headerDelay = 1.5
    var slowPosted = try Self.json(Self.posted)
    slowPosted.headerDelay = 1.5
    let server = try server(["/a": slowAuthorized, "/p": slowPosted])
    let (run, seconds) = try run(["--authorized", server.url("/a"), "--posted", server.url("/p")])
    #expect(run.status == 0)
    #expect(seconds >= 1.4 && seconds < 2.8, "took \(seconds) s for two sources of 1.5 s each")
    // Into an --output file, which takes a draft: the sources are read in turn, but both are
    // fetched at once all the same (TransactionSource.prepare()).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-net-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("report.txt").path
    let (drafted, draftedSeconds) = try self.run([
      "--authorized", server.url("/a"), "--posted", server.url("/p"), "--output", output,
    ])
    #expect(drafted.status == 0)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == run.standardOutput)
    #expect(
      draftedSeconds >= 1.4 && draftedSeconds < 2.8,
      "took \(draftedSeconds) s for two sources of 1.5 s each, into a file")
  }

  @Test("A dripping answer that ends in time is read whole")
  func drip() throws {
    var dripping = try Self.json(Self.authorized)
    dripping.chunkSize = max(1, dripping.body.count / 4)
    dripping.chunkInterval = 0.15
    let server = try server(["/a": dripping, "/p": try Self.json(Self.posted)])
    let (run, seconds) = try run([
      "--authorized", server.url("/a"), "--posted", server.url("/p"), "--format", "json",
    ])
    let files = try TX.run(["--authorized", Self.authorized, "--posted", Self.posted, "--format", "json"])
    #expect(run.status == 0 && run.standardOutput == files.standardOutput)
    #expect(seconds >= 0.4)
  }

  @Test("An answer that breaks off, is too large or redirects in a loop is unavailable, and says why")
  func brokenAnswers() throws {
    var broken = try Self.json(Self.authorized)
    broken.closeAfterBodyBytes = 100
    let server = try server([
      "/broken": broken,
      "/large": try Self.json(Self.posted),
      "/loop1": .redirect(to: "/loop2"),
      "/loop2": .redirect(to: "/loop1"),
    ])
    let (brokenRun, _) = try run(["--all", server.url("/broken")])
    #expect(brokenRun.status == 3)
    #expect(
      brokenRun.standardError.hasPrefix(
        "txreport: warning: Transactions are not available: \(server.url("/broken")): the answer broke off after 100 bytes"
      ))
    let (largeRun, _) = try run(["--all", server.url("/large"), "--max-response-size", "1K"])
    #expect(largeRun.status == 3)
    #expect(largeRun.standardError.contains(": the answer is larger than 1024 bytes (--max-response-size)"))
    let (loopRun, _) = try run(["--all", server.url("/loop1")])
    #expect(loopRun.status == 3)
    #expect(loopRun.standardError.contains(": more than 5 redirects"))
  }

  @Test("Headers that come with no body time out too; a body without a length ends with the connection")
  func stalledBodyAndUnknownLength() throws {
    var unmeasured = try Self.json(TX.fixture("demo_all.json"))
    unmeasured.declaresLength = false
    let server = try server([
      "/stalled.json": TestHTTPServer.Response(body: Array("[]".utf8), stallAfterHeaders: true),
      "/unmeasured.json": unmeasured,
    ])
    let (stalled, seconds) = try run(["--all", server.url("/stalled.json"), "--timeout", "0.5"])
    #expect(stalled.status == 3)
    #expect(
      stalled.standardError
        == "txreport: warning: Transactions are not available: \(server.url("/stalled.json")): timed out after 0.5 s\n"
    )
    #expect(seconds < 3)
    let (whole, _) = try run(["--all", server.url("/unmeasured.json"), "--format", "json"])
    let file = try TX.run(["--all", TX.fixture("demo_all.json"), "--format", "json"])
    #expect(whole.status == 0 && whole.standardOutput == file.standardOutput)
  }

  @Test("https:// to a server that does not speak TLS: the secure connection failed, and says so")
  func tlsFails() throws {
    let server = try server(["/a.json": try Self.json(TX.fixture("demo_all.json"))])
    let url = server.url("/a.json").replacingOccurrences(of: "http://", with: "https://")
    let (run, _) = try run(["--all", url])
    #expect(run.status == 3)
    #expect(
      run.standardError.hasPrefix(
        "txreport: warning: Transactions are not available: \(url): the secure connection failed: "),
      "\(run.standardError)")
  }

  @Test("A redirect is followed; a server that is not there cannot be connected to")
  func redirectAndRefused() throws {
    let server = try server([
      "/old": .redirect(to: "/new"), "/new": try Self.json(TX.fixture("demo_all.json")),
    ])
    let (moved, _) = try run(["--all", server.url("/old")])
    #expect(moved.status == 0)
    #expect(moved.standardOutput.contains("Grand Total"))
    let port = server.port
    server.stop()
    let (refused, _) = try run(["--all", "http://127.0.0.1:\(port)/x.json"])
    #expect(refused.status == 3)
    #expect(refused.standardError.contains("http://127.0.0.1:\(port)/x.json: cannot connect"))
  }

  @Test(
    "The format is the answer's Content-Type, else the URL's extension; invalid data is located at the URL")
  func formatsAndInvalidData() throws {
    let csv = "group,date,description,amount,debit\nA,2016-04-01,Coffee,3.11,D\nP,2016-02-30,Bad,1.00,D\n"
    let server = try server([
      "/data": .text(csv, contentType: "text/csv; charset=utf-8"),
      "/data.csv": .text(csv),
      "/mislabelled": .text(csv, contentType: "application/json"),
    ])
    for path in ["/data", "/data.csv"] {
      let (run, _) = try run(["--all", server.url(path)])
      #expect(run.status == 65)
      #expect(
        run.standardError.hasPrefix(
          "\(server.url(path)):3:3: error: date: not a real calendar date (got \"2016-02-30\")"),
        "\(run.standardError)")
    }
    let (mislabelled, _) = try run(["--all", server.url("/mislabelled")])
    #expect(mislabelled.status == 65)
    #expect(mislabelled.standardError.hasPrefix("\(server.url("/mislabelled")):1:1: error: expected '['"))
  }

  @Test("Headers are sent, from the command line and from a file; credentials are never printed")
  func headersAndCredentials() throws {
    let server = try server(["/a.json": .text("oops", status: 401)])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "txreport-net-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let tokenFile = folder.appendingPathComponent("token").path
    try "Authorization: Bearer s3cr3t-token\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
    let url = server.url("/a.json").replacingOccurrences(of: "http://", with: "http://me:pa55word@")
    let (run, _) = try run(["--all", url, "--header", "@" + tokenFile, "--header", "X-Trace: t-1"])
    #expect(run.status == 3)
    #expect(run.standardError.contains("\(server.url("/a.json")): the server answered 401 Unauthorized"))
    for secret in ["s3cr3t", "pa55word", "t-1"] {
      #expect(!run.standardError.contains(secret) && !run.standardOutput.contains(secret))
    }
    let request = try #require(server.requests.first)
    #expect(request.headers["authorization"] == "Bearer s3cr3t-token")
    #expect(request.headers["x-trace"] == "t-1")
  }

  @Test(
    "A redirect that names no place to go (no Location, or an empty one) is unavailable, never an empty account",
    arguments: [
      (301, nil), (302, nil), (303, nil), (307, nil), (308, nil), (302, ""),
    ] as [(Int, String?)])
  func redirectWithoutTarget(status: Int, location: String?) throws {
    let headers = location.map { [("Location", $0)] } ?? []
    let server = try server(["/p.json": TestHTTPServer.Response(status: status, headers: headers)])
    let (run, _) = try run(["--all", server.url("/p.json")])
    #expect(run.status == 3)
    #expect(!run.standardOutput.contains("There are no"))
    #expect(run.standardOutput.contains("Transactions are not currently available."))
    #expect(
      run.standardError.hasPrefix(
        "txreport: warning: Transactions are not available: \(server.url("/p.json")): the server answered \(status)"
      ),
      "\(run.standardError)")
    #expect(run.standardError.contains("a redirect with no Location to go to"))
  }

  @Test("A 305 or 306, which lead nowhere, is an answer that is not a success")
  func unusedRedirectStatuses() throws {
    let server = try server([
      "/305": TestHTTPServer.Response(status: 305), "/306": TestHTTPServer.Response(status: 306),
    ])
    for path in ["/305", "/306"] {
      let (run, _) = try run(["--all", server.url(path)])
      #expect(run.status == 3)
      #expect(run.standardError.contains(": the server answered \(path.dropFirst())"), "\(run.standardError)")
    }
  }

  @Test(
    "--timeout is kept to the fraction of a second: 1.9 s is not 1 s, and 0.5 s waits for a server of 0.3 s")
  func fractionalTimeout() throws {
    var late = try Self.json(TX.fixture("demo_all.json"))
    late.headerDelay = 1.3
    var prompt = try Self.json(TX.fixture("demo_all.json"))
    prompt.headerDelay = 0.3
    let server = try server([
      "/late.json": late, "/prompt.json": prompt,
      "/never.json": TestHTTPServer.Response(stallBeforeHeaders: true),
    ])
    let (lateRun, _) = try run(["--all", server.url("/late.json"), "--timeout", "1.9"])
    #expect(lateRun.status == 0, "\(lateRun.standardError)")
    for timeout in ["0.5", "0.9"] {
      let (promptRun, _) = try run(["--all", server.url("/prompt.json"), "--timeout", timeout])
      #expect(promptRun.status == 0, "--timeout \(timeout): \(promptRun.standardError)")
    }
    let (neverRun, seconds) = try run(["--all", server.url("/never.json"), "--timeout", "1.6"])
    #expect(neverRun.status == 3)
    #expect(neverRun.standardError.hasSuffix(": timed out after 1.6 s\n"))
    #expect(seconds >= 1.55, "gave up after \(seconds) s of 1.6")
  }

  @Test("A status line without a reason phrase (HTTP/1.1 200) is a success like any other")
  func statusWithoutReasonPhrase() throws {
    var answer = try Self.json(TX.fixture("demo_all.json"))
    answer.omitsReasonPhrase = true
    let server = try server(["/a.json": answer])
    let (run, _) = try run(["--all", server.url("/a.json"), "--format", "json"])
    let file = try TX.run(["--all", TX.fixture("demo_all.json"), "--format", "json"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput == file.standardOutput)
  }

  @Test("A scheme in capitals (HTTP://) and an IPv6 address ([::1]) are URLs like any other")
  func schemeCaseAndIPv6() throws {
    let file = try TX.run(["--all", TX.fixture("demo_all.json"), "--format", "json"])
    let server = try server(["/a.json": try Self.json(TX.fixture("demo_all.json"))])
    let capitals = server.url("/a.json").replacingOccurrences(of: "http://", with: "HTTP://")
    let (upper, _) = try run(["--all", capitals, "--format", "json"])
    #expect(upper.status == 0, "\(upper.standardError)")
    #expect(upper.standardOutput == file.standardOutput)
    let ipv6 = try TestHTTPServer(routes: ["/a.json": try Self.json(TX.fixture("demo_all.json"))], ipv6: true)
    let (bracketed, _) = try run(["--all", ipv6.url("/a.json"), "--format", "json"])
    #expect(bracketed.status == 0, "\(bracketed.standardError)")
    #expect(bracketed.standardOutput == file.standardOutput)
  }

  @Test("Headers go with a redirect to the same scheme, host and port, never to another port of the host")
  func headersStayAtTheirOrigin() throws {
    let other = try server(["/new.json": try Self.json(TX.fixture("demo_all.json"))])
    let server = try server([
      "/same": .redirect(to: "/same.json"), "/same.json": try Self.json(TX.fixture("demo_all.json")),
      "/other": .redirect(to: other.url("/new.json")),
    ])
    let (same, _) = try run(["--all", server.url("/same"), "--header", "Authorization: Bearer s3cr3t"])
    #expect(same.status == 0)
    let sent = server.requests.filter { $0.path == "/same.json" }
    #expect(sent.map { $0.headers["authorization"] } == ["Bearer s3cr3t"])
    let (moved, _) = try run(["--all", server.url("/other"), "--header", "Authorization: Bearer s3cr3t"])
    #expect(moved.status == 0)
    let request = try #require(other.requests.first)
    #expect(request.path == "/new.json")
    #expect(request.headers["authorization"] == nil, "the token went to another port")
  }

  @Test("The answer's headers are bounded: more than 1,000 lines, or more than 256 KiB, make it unavailable")
  func headersAreBounded() throws {
    func answer(_ headers: [(String, String)]) throws -> TestHTTPServer.Response {
      var response = try Self.json(TX.fixture("demo_all.json"))
      response.headers += headers
      return response
    }
    // Content-Type, Content-Length and Connection come with every answer: 997 more make 1,000.
    let server = try server([
      "/full.json": try answer((0..<997).map { ("X-N\($0)", "v") }),
      "/many.json": try answer((0..<998).map { ("X-N\($0)", "v") }),
      "/long.json": try answer((0..<5).map { ("X-L\($0)", String(repeating: "a", count: 60_000)) }),
    ])
    let (full, _) = try run(["--all", server.url("/full.json")])
    #expect(full.status == 0, "\(full.standardError)")
    let (many, _) = try run(["--all", server.url("/many.json")])
    #expect(many.status == 3)
    #expect(
      many.standardError.contains(": the answer has more than 1000 header lines"), "\(many.standardError)")
    let (long, _) = try run(["--all", server.url("/long.json")])
    #expect(long.status == 3)
    #expect(
      long.standardError.contains(": the answer's header lines are longer than 262144 bytes together"),
      "\(long.standardError)")
  }

  @Test(
    "A password holding a raw /, ? or # is never printed: not on standard error, not in any report format")
  func passwordWithDelimiters() throws {
    for url in [
      "https://alice:pa/ss-W0rd@bank.example/api", "https://alice:pa?ss-W0rd@bank.example/api",
      "https://alice:pa#ss-W0rd@bank.example/api",
    ] {
      for format in ["text", "html", "markdown", "json"] {
        let (run, _) = try run(["--all", url, "--format", format])
        #expect(run.status == 64, "\(url) \(format)")
        #expect(!run.standardError.contains("ss-W0rd") && !run.standardOutput.contains("ss-W0rd"), "\(url)")
        #expect(!run.standardError.contains("alice") && !run.standardOutput.contains("alice"), "\(url)")
      }
    }
  }

  @Test("A --header without its colon, or with text before its colon that is no name, is never echoed")
  func headerTextNeverEchoed() throws {
    let folder = try TemporaryDirectory("txreport-net")
    let tokenFile = folder.path("token")
    try "Accept: text/csv\n\nAuthorization Bearer eyJhbGciOi:xyz\n".write(
      toFile: tokenFile, atomically: true, encoding: .utf8)
    for header in ["Authorization Bearer eyJhbGciOi:xyz", "Authorization Bearer eyJhbGciOi", "@" + tokenFile]
    {
      let (run, _) = try run(["--all", "https://bank.example/a.json", "--header", header])
      #expect(run.status == 64)
      #expect(!run.standardError.contains("eyJhbGciOi"), "\(run.standardError)")
      #expect(!run.standardError.contains("Authorization Bearer"), "\(run.standardError)")
    }
    let (fromFile, _) = try run(["--all", "https://bank.example/a.json", "--header", "@" + tokenFile])
    #expect(fromFile.standardError.contains("line 3 of \(tokenFile)"), "\(fromFile.standardError)")
  }

  @Test(
    "Interrupted while it waits for a server that says nothing, txreport ends at once by the signal, leaving no file"
  )
  func interruptedWhileWaiting() throws {
    let server = try server(["/p": TestHTTPServer.Response(stallBeforeHeaders: true)])
    let folder = try TemporaryDirectory("txreport-net")
    let process = Process()
    process.executableURL = try TX.binary()
    process.arguments = ["--all", server.url("/p"), "--timeout", "60", "--output", folder.path("out.txt")]
    process.environment = ProcessInfo.processInfo.environment.merging(["no_proxy": "*", "NO_PROXY": "*"]) {
      $1
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // The download has begun once the server holds the connection.
    for _ in 0..<500 where server.openConnectionCount == 0 { usleep(10_000) }
    try #require(server.openConnectionCount > 0, "txreport asked the server")
    let clock = ContinuousClock()
    let start = clock.now
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()

    #expect(clock.now - start < .seconds(3), "ended at the signal, not at the 60 s deadline")
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}

/// Issue 48's questions about answers, settled: only a complete answer is a source's data, and
/// a format the user gave is not overridden by the answer's type.
@Suite struct CompleteAnswerEndToEndTests {
  private func run(_ arguments: [String]) throws -> TXReportProcess.Result {
    try TX.run(arguments, environment: ["no_proxy": "*", "NO_PROXY": "*"])
  }

  @Test(
    "A success that is not the whole data (202 Accepted, 206 Partial Content, 201, 205) makes the source unavailable: exit 3, its reason",
    arguments: [(202, "Accepted"), (206, "Partial Content"), (201, "Created"), (205, "Reset Content")])
  func incompleteAnswers(status: Int, name: String) throws {
    let body = try String(contentsOfFile: TX.fixture("demo_posted.json"), encoding: .utf8)
    let server = try TestHTTPServer(routes: [
      "/p": .text(body, contentType: "application/json", status: status)
    ])
    let result = try run(["--authorized", TX.fixture("demo_authorized.json"), "--posted", server.url("/p")])
    #expect(result.status == 3)
    #expect(result.standardOutput.contains("Posted Transactions are not currently available."))
    #expect(
      result.standardError
        == "txreport: warning: Posted Transactions are not available: \(server.url("/p")): the server answered \(status) \(name), not the whole data\n"
    )
  }

  @Test("200 and 203 are the whole data; 204 is no records")
  func completeAnswers() throws {
    let body = try String(contentsOfFile: TX.fixture("demo_posted.json"), encoding: .utf8)
    let server = try TestHTTPServer(routes: [
      "/200": .text(body, contentType: "application/json"),
      "/203": .text(body, contentType: "application/json", status: 203),
      "/204": .text("", status: 204),
    ])
    let files = try run([
      "--authorized", TX.fixture("demo_authorized.json"), "--posted", TX.fixture("demo_posted.json"),
    ])
    for path in ["/200", "/203"] {
      let result = try run(["--authorized", TX.fixture("demo_authorized.json"), "--posted", server.url(path)])
      #expect(
        result.status == 0 && result.standardOutput == files.standardOutput,
        "\(path): \(result.standardError)")
    }
    let empty = try run(["--authorized", TX.fixture("demo_authorized.json"), "--posted", server.url("/204")])
    #expect(empty.status == 0, "\(empty.standardError)")
    #expect(empty.standardOutput.contains("Posted Transactions"))
  }

  @Test("--input-format wins over the answer's Content-Type and the URL's extension")
  func givenFormatWins() throws {
    let csv = try String(contentsOfFile: TX.fixture("formats/demo_all.csv"), encoding: .utf8)
    let server = try TestHTTPServer(routes: ["/all.json": .text(csv, contentType: "application/json")])
    let given = try run(["--all", server.url("/all.json"), "--input-format", "csv", "--format", "json"])
    let file = try run(["--all", TX.fixture("formats/demo_all.csv"), "--format", "json"])
    #expect(given.status == 0, "\(given.standardError)")
    #expect(given.standardOutput == file.standardOutput)
  }
}
