import NetworkGateways
import Presenters
import Testing
import UseCases

/// The words of the network gateway's reasons, as the presenter's wording shows them.
@Suite struct ServiceFailureWordsTests {
  @Test(
    "A service that fails is worded from its value: the URL, then what went wrong",
    arguments: [
      (
        UnavailableReason(ServiceFailure(url: "https://h/p", problem: .timedOut(seconds: 5))),
        "Posted Transactions are not available: https://h/p: timed out after 5 s"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .timedOut(seconds: 0.25))),
        "Posted Transactions are not available: u: timed out after 0.25 s"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .status(503))),
        "Posted Transactions are not available: u: the server answered 503 Service Unavailable"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .status(418))),
        "Posted Transactions are not available: u: the server answered 418"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .brokenOff(received: 10, expected: 20))),
        "Posted Transactions are not available: u: the answer broke off after 10 bytes of 20"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .brokenOff(received: 10, expected: nil))),
        "Posted Transactions are not available: u: the answer broke off after 10 bytes"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .tooLarge(limit: 1024))),
        "Posted Transactions are not available: u: the answer is larger than 1024 bytes (--max-response-size)"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .tooManyRedirects(limit: 5))),
        "Posted Transactions are not available: u: more than 5 redirects"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .redirectWithoutTarget(status: 302))),
        "Posted Transactions are not available: u: the server answered 302 Found, a redirect with no Location to go to"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .tooManyHeaders(limit: 1000))),
        "Posted Transactions are not available: u: the answer has more than 1000 header lines"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .headersTooLong(limit: 262_144))),
        "Posted Transactions are not available: u: the answer's header lines are longer than 262144 bytes together"
      ),
      (
        UnavailableReason(ServiceFailure(url: "u", problem: .cannotConnect(detail: "refused"))),
        "Posted Transactions are not available: u: cannot connect: refused"
      ),
      (
        UnavailableReason(
          ServiceFailure(url: "u", problem: .secureConnectionFailed(detail: "untrusted\u{1B}"))),
        #"Posted Transactions are not available: u: the secure connection failed: untrusted\u{1B}"#
      ),
    ])
  func warningText(reason: UnavailableReason, text: String) {
    #expect(EnglishReportWording().warning(.group(.posted), reason: reason) == text)
  }
}
