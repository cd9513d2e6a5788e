// txreport-fetch: the network helper of txreport (see HelperProcessDownloader in Gateways).
//
// It reads one request on standard input, fetches it with the toolchain's HTTP client, writes
// the body to descriptor 3 and says what happens on standard output, a line at a time
// (HelperEvent). It lives in a process of its own so that txreport loads Foundation and the
// HTTP client only when a source is a URL.
import Dispatch
import Foundation
import FoundationNetworking
import NetworkGateways
import UseCases

/// Says one event to txreport.
func say(_ event: HelperEvent) {
  var bytes = Array(event.line.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { exit(1) }
    bytes = bytes.dropFirst(written)
  }
}

/// Says the last event, and ends the process.
func finish(_ event: HelperEvent) -> Never {
  say(event)
  if case .done = event { exit(0) }
  exit(1)
}

/// Ends this process as soon as txreport is gone, however it went (Ctrl-C, a kill).
///
/// txreport holds the only reading end of the pipe on standard output; when it closes, the
/// kernel reports an error on this end, and `poll` wakes. Without it the helper would go on
/// until its own deadline, holding a connection for nobody.
func endWhenTxreportEnds() {
  Thread.detachNewThread {
    var watched = pollfd(fd: 1, events: 0, revents: 0)
    while true {
      let ready = poll(&watched, 1, -1)
      if ready < 0, errno == EINTR { continue }
      if ready < 0 || watched.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { _exit(1) }
    }
  }
}

/// Follows one download: the answer's status and length, the body to descriptor 3, redirects.
final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let request: DownloadRequest
  private let lock = NSLock()
  private var received = 0
  private var expected: Int?
  private var contentType: String?
  private var redirects = 0
  private var lastProgress = 0

  init(request: DownloadRequest) {
    self.request = request
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.lock()
    defer { lock.unlock() }
    if let http = response as? HTTPURLResponse {
      guard (200..<300).contains(http.statusCode) else {
        finish(.failed(.status(http.statusCode)))
      }
      contentType = http.value(forHTTPHeaderField: "Content-Type")
    }
    if response.expectedContentLength >= 0 {
      let length = Int(response.expectedContentLength)
      guard length <= request.maximumSize else { finish(.failed(.tooLarge(limit: request.maximumSize))) }
      expected = length
      say(.length(length))
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    defer { lock.unlock() }
    guard received + data.count <= request.maximumSize else {
      finish(.failed(.tooLarge(limit: request.maximumSize)))
    }
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(3, base + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          finish(
            .failed(
              .other("cannot write the answer to the temporary file: \(String(cString: strerror(errno)))")))
        }
        offset += written
      }
    }
    received += data.count
    if received - lastProgress >= 1 << 16 {
      lastProgress = received
      say(.progress(received))
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    lock.lock()
    defer { lock.unlock() }
    redirects += 1
    guard redirects <= request.maximumRedirects else {
      finish(.failed(.tooManyRedirects(limit: request.maximumRedirects)))
    }
    // Credentials go only to the host they were given for.
    var next = newRequest
    if next.url?.host != task.originalRequest?.url?.host {
      for header in request.headers { next.setValue(nil, forHTTPHeaderField: header.name) }
    }
    completionHandler(next)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    lock.lock()
    defer { lock.unlock() }
    guard let error else {
      if let expected, received < expected {
        finish(.failed(.brokenOff(received: received, expected: expected)))
      }
      finish(.done(length: received, contentType: contentType))
    }
    let detail = (error as NSError).localizedDescription
    switch (error as? URLError)?.code {
    case .timedOut?: finish(.failed(.timedOut(seconds: request.timeout)))
    case .cannotConnectToHost?, .cannotFindHost?, .dnsLookupFailed?, .notConnectedToInternet?:
      finish(.failed(.cannotConnect(detail: detail)))
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
      .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?, .clientCertificateRejected?:
      finish(.failed(.secureConnectionFailed(detail: detail)))
    case .networkConnectionLost?: finish(.failed(.brokenOff(received: received, expected: expected)))
    default:
      if let expected, received < expected {
        finish(.failed(.brokenOff(received: received, expected: expected)))
      }
      // On Linux the HTTP client (libcurl underneath) gives TLS failures no code of their own,
      // only curl's words: "SSL certificate problem: …", "OpenSSL/3.0: error:… wrong version
      // number".
      let lowered = detail.lowercased()
      if ["ssl", "tls", "certificate"].contains(where: lowered.contains) {
        finish(.failed(.secureConnectionFailed(detail: detail)))
      }
      finish(.failed(.other(detail)))
    }
  }
}

signal(SIGPIPE, SIG_IGN)
endWhenTxreportEnds()
let input = FileHandle.standardInput.readDataToEndOfFile()
guard let request = HelperEvent.request(fromText: String(decoding: input, as: UTF8.self)),
  let url = URL(string: request.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "")
else {
  finish(.failed(.other("not an http:// or https:// URL")))
}
var urlRequest = URLRequest(url: url, timeoutInterval: request.timeout)
for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = request.timeout
configuration.timeoutIntervalForResource = request.timeout
let download = Download(request: request)
let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
session.dataTask(with: urlRequest).resume()
// The deadline holds even if the HTTP client's own timers do not fire.
DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) {
  finish(.failed(.timedOut(seconds: request.timeout)))
}
dispatchMain()
