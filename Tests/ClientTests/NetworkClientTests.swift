import Foundation
import NetworkGateways
import Presenters
import TestSupport
import Testing
import UseCases

/// An app that reads a URL in its own process (`InProcessDownloader`), through the public API
/// only, against a local server (the server is the tests' fixture, not the package's API): the
/// records, the size limit and the deadline.
@Suite(.timeLimit(.minutes(1))) struct NetworkClientTests {
  static let records =
    #"[{"group":"A","date":"2016-04-01","description":"Starbucks","amount":"3.11","debit":"D"},"#
    + #"{"group":"P","date":"2016-03-29","description":"Payment","amount":"100.00","debit":"C"}]"#

  /// Why a source is unavailable, in the words an app shows.
  struct Unavailable: Error, Equatable {
    var words: String
  }

  /// The descriptions a source yields, or the words of why it is unavailable.
  private func read(_ request: DownloadRequest) async -> Result<[String], Unavailable> {
    let source = HTTPTransactionSource(request: request, downloader: InProcessDownloader())
    switch await source.open() {
    case .available(var stream):
      var descriptions: [String] = []
      while let record = stream.next() {
        if case .transaction(let transaction, _) = record { descriptions.append(transaction.description) }
      }
      return .success(descriptions)
    case .unavailable(let reason):
      return .failure(Unavailable(words: ReportStyle.english.wording.reason(reason)))
    case .missing(let reason):
      return .failure(Unavailable(words: ReportStyle.english.wording.reason(reason)))
    }
  }

  @Test("A URL read in-process gives its records; past the size limit or the deadline it is unavailable")
  func readsAURL() async throws {
    let server = try TestHTTPServer(routes: [
      "/t.json": .text(Self.records, contentType: "application/json"),
      "/slow.json": TestHTTPServer.Response(body: [0x5B], stallAfterHeaders: true),
    ])

    let records = await read(DownloadRequest(url: server.url("/t.json")))
    let tooLarge = await read(DownloadRequest(url: server.url("/t.json"), maximumSize: 100))
    let slow = await read(DownloadRequest(url: server.url("/slow.json"), timeout: 0.5))

    #expect(records == .success(["Starbucks", "Payment"]))
    guard case .failure(let large) = tooLarge, case .failure(let late) = slow else {
      Issue.record("read past its limits: \(tooLarge), \(slow)")
      return
    }
    #expect(large.words.contains("the answer is larger than 100 bytes"), "\(large)")
    #expect(late.words.contains("timed out after 0.5 s"), "\(late)")
  }
}
