import CLI
import Testing

/// `--timeout`, `--header` and `--max-response-size`: how sources given as URLs are fetched.
@Suite struct NetworkOptionsTests {
  private func network(_ arguments: [String], files: [String: String] = [:]) throws -> NetworkOptions {
    let request = try CommandLineParser.parse(["--all", "https://h/a.json"] + arguments) { path in
      files[path].map { .success($0) } ?? .failure(FileReadError(reason: "No such file or directory"))
    }
    guard case .report(let command) = request else { throw UsageError("not a report") }
    return command.network
  }

  @Test("Without options: 5 seconds, no headers, 1 GiB")
  func defaults() throws {
    #expect(try network([]) == NetworkOptions(timeout: 5, headers: [], maximumResponseSize: 1 << 30))
  }

  @Test(
    "A timeout is seconds above 0, up to an hour",
    arguments: [("5", 5.0), ("0.5", 0.5), ("3600", 3600.0)])
  func timeouts(value: String, seconds: Double) throws {
    #expect(try network(["--timeout", value]).timeout == seconds)
  }

  @Test(
    "A timeout that is not a number of seconds in range is a usage error",
    arguments: ["0", "-1", "x", "3601", "inf", "nan"])
  func badTimeouts(value: String) {
    #expect(
      throws: UsageError(
        "--timeout must be a number of seconds above 0, up to 3600, such as 5 or 0.5")
    ) { try network(["--timeout=\(value)"]) }
  }

  @Test(
    "A size is bytes, or K, M or G in either case",
    arguments: [("100", 100), ("1K", 1024), ("50m", 50 << 20), ("2G", 2 << 30)])
  func sizes(value: String, bytes: Int) throws {
    #expect(try network(["--max-response-size", value]).maximumResponseSize == bytes)
  }

  @Test(
    "A size that is not a positive number of bytes is a usage error",
    arguments: ["0", "-5", "1T", "M", "9223372036854775807G"])
  func badSizes(value: String) {
    #expect(
      throws: UsageError(
        "--max-response-size must be a number of bytes, or of K, M or G (KiB, MiB, GiB), such as 50M"
      )
    ) { try network(["--max-response-size=\(value)"]) }
  }

  @Test("Headers are repeatable, kept in order, from the command line and from files")
  func headers() throws {
    let options = try network(
      ["--header", "Accept: text/csv", "--header", "@token", "--header=X-Trace:1"],
      files: ["token": "Authorization: Bearer abc:def\n\n  \nX-Two:  2\r\n"])
    #expect(
      options.headers == [
        RequestHeader(name: "Accept", value: "text/csv"),
        RequestHeader(name: "Authorization", value: "Bearer abc:def"),
        RequestHeader(name: "X-Two", value: "2"), RequestHeader(name: "X-Trace", value: "1"),
      ])
  }

  @Test(
    "A header that is not NAME: VALUE says why, and never shows the value",
    arguments: [
      (
        "no colon",
        "--header must be NAME: VALUE, such as 'Authorization: Bearer TOKEN' (it has no colon; its text is not shown: it may be a secret)"
      ),
      (
        "Authorization Bearer eyJhbGciOi:xyz",
        "--header must be NAME: VALUE, and what comes before its first colon is not a header name (letters, digits and -, no space); its text is not shown: it may be a secret"
      ),
      ("X: se\u{7}cret", "--header: the value of X holds a control character (a line break?)"),
    ])
  func badHeaders(value: String, message: String) {
    #expect(throws: UsageError(message)) { try network(["--header", value]) }
  }

  @Test("A header file that cannot be read, or holds a bad line, is named")
  func badHeaderFiles() {
    #expect(throws: UsageError("--header @gone: cannot read the file: No such file or directory")) {
      try network(["--header", "@gone"])
    }
    #expect(
      throws: UsageError(
        "line 1 of token must be NAME: VALUE, such as 'Authorization: Bearer TOKEN' (it has no colon; its text is not shown: it may be a secret)"
      )
    ) { try network(["--header", "@token"], files: ["token": "Bearer abc\n"]) }
    // Blank lines count: the number is the line's in the file, as an editor shows it.
    #expect(
      throws: UsageError(
        "line 4 of token must be NAME: VALUE, and what comes before its first colon is not a header name (letters, digits and -, no space); its text is not shown: it may be a secret"
      )
    ) {
      try network(["--header", "@token"], files: ["token": "Accept: a\n\r\n\nAuthorization Bearer eyJ:z\n"])
    }
  }

  @Test(
    "A URL no server could be asked for is a usage error that says how to write it, and never shows it",
    arguments: [
      ("http://", "--all: the URL has no host; write it as http://HOST/PATH or https://HOST/PATH"),
      (
        "https://me:secret@/x",
        "--all: the URL has no host; write it as http://HOST/PATH or https://HOST/PATH"
      ),
      ("http://h/a b.json", "--all: the URL holds a space; write each space as %20"),
      (
        "http://h/a\u{1B}[31m",
        "--all: the URL holds a control character; write it percent-encoded, such as %0A"
      ),
      (
        "https://alice:pa/ss-W0rd@bank.example/api",
        "--all: the URL holds '@' after a '/', '?' or '#', so its host cannot be told; in a user name or password write '/' as %2F, '?' as %3F, '#' as %23 and '@' as %40 (the URL is not shown: it may hold a password)"
      ),
      (
        "https://alice:pa?ss#w@bank.example/api",
        "--all: the URL holds '@' after a '/', '?' or '#', so its host cannot be told; in a user name or password write '/' as %2F, '?' as %3F, '#' as %23 and '@' as %40 (the URL is not shown: it may hold a password)"
      ),
      // Issue 48: a URL no request can be made of is a bad command line (64), not a service
      // that is unavailable (3).
      ("http://host:99999/x", "--all: the URL's port must be a number from 1 to 65535"),
      ("http://u:p@host:0/x", "--all: the URL's port must be a number from 1 to 65535"),
      ("http://host:8o8o/x", "--all: the URL's port must be a number from 1 to 65535"),
      (
        "http://[::1:/x",
        "--all: the URL's IPv6 address has no closing ']'; write it as http://[ADDRESS]:PORT/PATH"
      ),
      (
        "http://[]/x",
        "--all: the URL's IPv6 address has no closing ']'; write it as http://[ADDRESS]:PORT/PATH"
      ),
      (
        "http://[::1]8080/x",
        "--all: the URL's IPv6 address is followed by something other than :PORT; write it as http://[ADDRESS]:PORT/PATH"
      ),
      ("http://[::1]:65536/x", "--all: the URL's port must be a number from 1 to 65535"),
    ])
  func badURLs(url: String, message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(["--all", url]) }
  }

  @Test(
    "A URL with a port in range, an IPv6 address or an empty port is taken",
    arguments: [
      "http://host:1/x", "http://host:65535/x", "http://[::1]:8080/x", "http://[::1]/x", "http://h:/x",
    ])
  func goodURLs(url: String) throws {
    #expect(try CommandLineParser.parse(["--all", url]) == .report(ReportCommand(input: .oneFile(url))))
  }

  @Test("Each input option's URL is checked")
  func badURLInTwoSourceMode() {
    #expect(throws: UsageError("--posted: the URL holds a space; write each space as %20")) {
      try CommandLineParser.parse(["--authorized", "http://h/a", "--posted", "http://h/p q"])
    }
  }

  @Test("A URL is a source that is neither a file nor standard input")
  func urlsAreNotFiles() {
    #expect(ReportInput.isURL("https://h/x") && ReportInput.isURL("HTTP://h") && !ReportInput.isURL("http:x"))
    #expect(ReportInput.oneFile("https://h/x").readsURLs && !ReportInput.oneFile("https://h/x").readsFiles)
    #expect(ReportInput.twoFiles(authorized: "a.json", posted: "http://h/p").readsFiles)
  }
}
