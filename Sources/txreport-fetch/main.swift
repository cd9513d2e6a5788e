// txreport-fetch: the network helper of txreport (see HelperProcessDownloader in NetworkGateways).
//
// It reads one request on standard input, fetches it with the system's libcurl (the library the
// toolchain's own HTTP client is made on, called here directly: decision 0049), writes the body
// to descriptor 3 and says what happens on standard output, a line at a time (HelperEvent). It
// lives in a process of its own so that txreport loads the HTTP client only when a source is a
// URL, and so that txreport can end a download that hangs by ending the process.
import Dispatch
import NetworkGateways

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

signal(SIGPIPE, SIG_IGN)
Helper.endWhenTxreportEnds()
guard let request = HelperEvent.request(fromText: Helper.readStandardInput()),
  URLOrigin(url: request.url) != nil
else {
  Helper.finish(.failed(.other("not an http:// or https:// URL")))
}
// The deadline is the helper's own, to the millisecond: libcurl is told the time left, and this
// timer ends the helper even if a call of libcurl does not return.
let deadline = monotonicNow() + request.timeout
DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(Int(request.timeout * 1e6))) {
  Helper.finish(.failed(.timedOut(seconds: request.timeout)))
}
Helper.finish(
  CurlDownload(request: request, deadline: deadline, body: 3, say: Helper.say, isCancelled: { false }).run())
