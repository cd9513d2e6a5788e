import Foundation
import NetworkGateways
import Synchronization
import TestSupport
import Testing

/// The in-process downloader against a local server: every limit of the request holds as in
/// the helper, which runs the same download, and cancelling stops a slow download.
@Suite(.timeLimit(.minutes(1))) struct InProcessDownloaderTests {
  private typealias Response = TestHTTPServer.Response

  /// Downloads into a temporary file: the outcome, and the file's bytes.
  private func download(_ request: DownloadRequest) async throws -> (DownloadOutcome, [UInt8]) {
    let folder = try TemporaryDirectory("txreport-inprocess")
    let path = try folder.file("body", text: "")
    let descriptor = open(path, O_RDWR)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let outcome = await InProcessDownloader().download(request, into: descriptor) { _, _ in }
    return (outcome, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test("The body of a complete answer is written whole, with its length and Content-Type")
  func completeAnswer() async throws {
    let server = try TestHTTPServer(routes: ["/a.json": .text("[1,2,3]", contentType: "application/json")])

    let (outcome, body) = try await download(DownloadRequest(url: server.url("/a.json")))

    #expect(outcome == .completed(length: 7, contentType: "application/json"))
    #expect(body == Array("[1,2,3]".utf8))
  }

  @Test("A body larger than the limit fails, declared or not, and a body at the limit is whole")
  func sizeLimit() async throws {
    let body = Array(repeating: UInt8(ascii: "x"), count: 1000)
    let server = try TestHTTPServer(routes: [
      "/declared": Response(body: body), "/undeclared": Response(body: body, declaresLength: false),
    ])

    let (declared, _) = try await download(DownloadRequest(url: server.url("/declared"), maximumSize: 999))
    let (undeclared, _) = try await download(
      DownloadRequest(url: server.url("/undeclared"), maximumSize: 999))
    let (atLimit, written) = try await download(
      DownloadRequest(url: server.url("/declared"), maximumSize: 1000))

    #expect(declared == .failed(.tooLarge(limit: 999)))
    #expect(undeclared == .failed(.tooLarge(limit: 999)))
    #expect(atLimit == .completed(length: 1000, contentType: nil))
    #expect(written.count == 1000)
  }

  @Test("A service that stalls fails at the deadline, not before it")
  func deadline() async throws {
    // The server never sends the body: a download past its deadline would run into the suite's
    // time limit. How long after the deadline the test resumes is the test pool's business.
    let server = try TestHTTPServer(routes: ["/slow": Response(body: [1], stallAfterHeaders: true)])
    let clock = ContinuousClock()
    let start = clock.now

    let (outcome, _) = try await download(DownloadRequest(url: server.url("/slow"), timeout: 0.5))

    #expect(outcome == .failed(.timedOut(seconds: 0.5)))
    #expect(clock.now - start >= .milliseconds(450))
  }

  @Test("Redirects are followed up to the limit; one more fails; a status is a failure; 206 is not whole")
  func redirectsAndStatuses() async throws {
    let server = try TestHTTPServer(routes: [
      "/1": .redirect(to: "/2"), "/2": .redirect(to: "/end"), "/end": .text("ok"),
      "/missing": .text("no", status: 404), "/part": .text("pa", status: 206),
    ])

    let (followed, body) = try await download(DownloadRequest(url: server.url("/1"), maximumRedirects: 2))
    let (tooMany, _) = try await download(DownloadRequest(url: server.url("/1"), maximumRedirects: 1))
    let (missing, _) = try await download(DownloadRequest(url: server.url("/missing")))
    let (part, _) = try await download(DownloadRequest(url: server.url("/part")))

    #expect(followed == .completed(length: 2, contentType: "text/plain; charset=utf-8"))
    #expect(body == Array("ok".utf8))
    #expect(tooMany == .failed(.tooManyRedirects(limit: 1)))
    #expect(missing == .failed(.status(404)))
    #expect(part == .failed(.status(206)))
  }

  @Test("Header lines past the count or the bytes allowed fail the answer")
  func headerLimits() async throws {
    let headers = (1...20).map { ("X-Line-\($0)", String(repeating: "v", count: 50)) }
    let server = try TestHTTPServer(routes: ["/h": Response(headers: headers, body: [1])])

    let (count, _) = try await download(DownloadRequest(url: server.url("/h"), maximumHeaderCount: 10))
    let (bytes, _) = try await download(DownloadRequest(url: server.url("/h"), maximumHeaderBytes: 500))
    let (within, _) = try await download(DownloadRequest(url: server.url("/h")))

    #expect(count == .failed(.tooManyHeaders(limit: 10)))
    #expect(bytes == .failed(.headersTooLong(limit: 500)))
    #expect(within == .completed(length: 1, contentType: nil))
  }

  @Test("An answer cut off before its declared length is broken off, with what arrived")
  func brokenOff() async throws {
    let body = Array(repeating: UInt8(ascii: "x"), count: 100)
    let server = try TestHTTPServer(routes: ["/cut": Response(body: body, closeAfterBodyBytes: 40)])

    let (outcome, _) = try await download(DownloadRequest(url: server.url("/cut")))

    #expect(outcome == .failed(.brokenOff(received: 40, expected: 100)))
  }

  @Test("Cancelling the task stops a download that receives nothing: cancelled, not timed out at 30 s")
  func cancellation() async throws {
    let server = try TestHTTPServer(routes: ["/stall": Response(body: [1], stallBeforeHeaders: true)])
    let folder = try TemporaryDirectory("txreport-inprocess")
    let path = try folder.file("body", text: "")
    let descriptor = open(path, O_RDWR)
    try #require(descriptor >= 0)
    defer { close(descriptor) }

    let task = Task {
      await InProcessDownloader().download(
        DownloadRequest(url: server.url("/stall"), timeout: 30), into: descriptor
      ) { _, _ in }
    }
    try await Task.sleep(for: .milliseconds(300))
    task.cancel()
    let outcome = await task.value

    #expect(outcome == .failed(.other("cancelled")))
  }
}
