import Dispatch
import NetworkGateways
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the helper does as a process: read its request, speak to txreport, end.
enum Helper {
  /// Held while a line is written, and for good by the thread that ends the process: the
  /// download's thread and the deadline's timer may both speak, never both at once.
  private static let speaking = Mutex(())

  /// Says one event to txreport.
  static func say(_ event: HelperEvent) {
    speaking.withLock { _ in writeLine(event) }
  }

  /// Says the last event, and ends the process.
  static func finish(_ event: HelperEvent) -> Never {
    speaking.withLock { _ -> Never in
      writeLine(event)
      if case .done = event { exit(0) }
      exit(1)
    }
  }

  private static func writeLine(_ event: HelperEvent) {
    var bytes = Array(event.line.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { _exit(1) }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The request, as txreport wrote it: standard input to its end.
  static func readStandardInput() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Ends this process as soon as txreport is gone, however it went (Ctrl-C, a kill).
  ///
  /// txreport holds the only reading end of the pipe on standard output; when it closes, the
  /// kernel reports an error on this end, and `poll` wakes. Without it the helper would go on
  /// until its own deadline, holding a connection for nobody.
  static func endWhenTxreportEnds() {
    DispatchQueue.global().async {
      var watched = pollfd(fd: 1, events: 0, revents: 0)
      while true {
        let ready = poll(&watched, 1, -1)
        if ready < 0, errno == EINTR { continue }
        if ready < 0 || watched.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { _exit(1) }
      }
    }
  }
}
