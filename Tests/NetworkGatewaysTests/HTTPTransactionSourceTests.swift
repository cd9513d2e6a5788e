import Entities
import FileGateways
import NetworkGateways
import Synchronization
import TestSupport
import Testing
import TransactionSourceTesting
import UseCases

#if canImport(Glibc)
  import Glibc
#endif

/// A downloader that answers from memory: it writes the body it was given, or fails as told,
/// and counts the downloads.
final class FakeDownloader: ResponseDownloader {
  let body: [UInt8]
  let contentType: String?
  let failure: ServiceProblem?
  private let requests = Mutex<[DownloadRequest]>([])

  init(body: String = "", contentType: String? = nil, failure: ServiceProblem? = nil) {
    self.body = Array(body.utf8)
    self.contentType = contentType
    self.failure = failure
  }

  var downloads: [DownloadRequest] { requests.withLock { $0 } }

  func download(
    _ request: DownloadRequest, into file: Int32, progress: @escaping @Sendable (Int, Int?) -> Void
  ) async -> DownloadOutcome {
    requests.withLock { $0.append(request) }
    if let failure { return .failed(failure) }
    let written = body.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, 0) }
    progress(written, body.count)
    return .completed(length: written, contentType: contentType)
  }
}

@Suite struct HTTPTransactionSourceTests {
  static let record = #"{"group":"A","date":"2016-04-01","description":"x","amount":"1.50","debit":"D"}"#
  static let csv = "group,date,description,amount,debit\nA,2016-04-01,x,1.50,D\n"

  @Test(
    "The format is the answer's Content-Type, else the URL's extension, else the one given",
    arguments: [
      ("application/json; charset=utf-8", "https://h/x", RecordFormat.csv, "[\(record)]"),
      ("application/x-ndjson", "https://h/x.json", .json, record + "\n" + record),
      ("application/jsonl", "https://h/x", .json, record),
      ("text/csv", "https://h/x.json", .json, csv),
      (nil, "https://h/path/x.csv?token=1", .json, csv),
      ("application/octet-stream", "https://h/x.jsonl#a", .json, record),
      (nil, "https://h/x", .csv, csv),
    ] as [(String?, String, RecordFormat, String)])
  func formatIsChosen(contentType: String?, url: String, given: RecordFormat, body: String) async throws {
    let source = HTTPTransactionSource(
      request: DownloadRequest(url: url), format: given,
      downloader: FakeDownloader(body: body, contentType: contentType))
    let records = try await readAll(source)
    #expect(!records.isEmpty)
    #expect(records.allSatisfy { $0.transaction != nil }, "\(records)")
  }

  @Test("Two openings read one download: the service is asked once, and both see the same records")
  func oneDownloadForEveryOpening() async throws {
    let downloader = FakeDownloader(body: "[\(Self.record),\(Self.record)]", contentType: "application/json")
    let source = HTTPTransactionSource(request: DownloadRequest(url: "http://h/a"), downloader: downloader)
    let first = try await readAll(source)
    let second = try await readAll(source)
    #expect(first.count == 2 && first == second)
    #expect(downloader.downloads.count == 1)
  }

  @Test("A failed download is an unavailable source, named by its URL without the password and the query")
  func failureIsUnavailable() async {
    let source = HTTPTransactionSource(
      request: DownloadRequest(url: "https://me:secret@bank.example/p?x=1"),
      downloader: FakeDownloader(failure: .timedOut(seconds: 5)))
    #expect(source.name == "https://bank.example/p")
    guard case .unavailable(let reason) = await source.open() else {
      Issue.record("a failed download is not unavailable")
      return
    }
    #expect(
      reason
        == UnavailableReason(
          ServiceFailure(url: "https://bank.example/p", problem: .timedOut(seconds: 5))))
  }

  @Test(
    "Nothing between the // and the last @, and no query or fragment, is in the name, whatever a parser makes of the URL",
    arguments: [
      ("http://a:b@h:8080/x", "http://h:8080/x"), ("https://h", "https://h"), ("https://h/x", "https://h/x"),
      ("https://alice:pa/ss-W0rd@bank.example/api", "https://bank.example/api"),
      // An @ after a ? or # may end a password that holds it raw, or sit in the query: which,
      // no one can tell, so only the scheme is shown.
      ("https://alice:pa?ss@bank.example/api", "https://…"),
      ("https://alice:pa#ss@bank.example/api", "https://…"),
      ("http://u@h?q=a@b&token=T", "http://…"),
      // The query and the fragment may hold a token: never shown.
      ("https://h/x.json?access_token=T", "https://h/x.json"), ("https://u:p@h/x#T", "https://h/x"),
      ("https://a:b@c:d@bank.example/x", "https://bank.example/x"),
      // A path that holds an @ loses part of itself in messages, never a secret.
      ("http://h/x@y", "http://y"),
    ])
  func nameWithoutCredentials(url: String, name: String) {
    #expect(
      HTTPTransactionSource(request: DownloadRequest(url: url), downloader: FakeDownloader()).name == name)
  }

  @Test("Invalid data in an answer is an issue located in it, naming the URL")
  func invalidDataIsLocated() async throws {
    let source = HTTPTransactionSource(
      request: DownloadRequest(url: "http://h/a.ndjson"),
      downloader: FakeDownloader(body: Self.record + "\n" + #"{"group":"X"}"#))
    let records = try await readAll(source)
    let issue = try #require(records.compactMap(\.issue).first)
    #expect(issue.source == "http://h/a.ndjson")
    #expect(issue.position == TextPosition(line: 2, column: 1))
  }

  @Test("The download reports its progress as reading 0, then each reading its own")
  func progressOfTheDownload() async throws {
    let seen = Mutex<[Int]>([])
    let source = HTTPTransactionSource(
      request: DownloadRequest(url: "http://h/a.json"), downloader: FakeDownloader(body: "[\(Self.record)]"),
      progress: { read in seen.withLock { $0.append(read.reading) } })
    _ = try await readAll(source)
    _ = try await readAll(source)
    let readings = seen.withLock { $0 }
    #expect(readings.first == 0)
    #expect(Set(readings) == [0, 1, 2])
  }

  @Test("An answer and a failure keep the port's contract")
  func keepsTheContract() async {
    let ok = HTTPTransactionSource(
      request: DownloadRequest(url: "http://h/a.csv"),
      downloader: FakeDownloader(body: Self.csv + "Q,x,y,1,D\n"))
    #expect(await TransactionSourceContract.violations(of: ok).isEmpty)
    #expect(await LendingContract.firstDifference(in: ok) == nil)
    let down = HTTPTransactionSource(
      request: DownloadRequest(url: "http://h/a.csv"), downloader: FakeDownloader(failure: .status(503)))
    #expect(await TransactionSourceContract.violations(of: down).isEmpty)
  }
}

/// Where a redirect may take the request's headers: the same scheme, host and port only.
@Suite struct URLOriginTests {
  @Test(
    "Scheme, host and port, in any case, with the scheme's own port when none is written",
    arguments: [
      ("http://bank.example/a", "http", "bank.example", 80),
      ("HTTPS://Bank.Example/a?b#c", "https", "bank.example", 443),
      ("https://user:pa:ss@bank.example:8443", "https", "bank.example", 8443),
      ("http://[::1]:8080/x", "http", "[::1]", 8080),
      ("http://[::1]/x", "http", "[::1]", 80),
    ])
  func parts(url: String, scheme: String, host: String, port: Int) throws {
    let origin = try #require(URLOrigin(url: url))
    #expect(origin.scheme == scheme && origin.host == host && origin.port == port)
  }

  @Test("Another port, another scheme or another host is another origin; the default port is the same")
  func comparisons() {
    let origin = URLOrigin(url: "http://127.0.0.1:8000/a")
    #expect(URLOrigin(url: "http://127.0.0.1:8000/b?c") == origin)
    #expect(URLOrigin(url: "http://127.0.0.1:8001/a") != origin)
    #expect(URLOrigin(url: "https://127.0.0.1:8000/a") != origin)
    #expect(URLOrigin(url: "http://localhost:8000/a") != origin)
    #expect(URLOrigin(url: "https://h/a") == URLOrigin(url: "https://h:443/b"))
  }

  @Test("Not an http:// or https:// URL, or a port that is no port, has no origin")
  func noOrigin() {
    for url in ["ftp://h/a", "h/a", "http:/h", "http://", "http://h:99999/", "http://h:8x/", "http://[::1/"] {
      #expect(URLOrigin(url: url) == nil, "\(url)")
    }
  }
}
